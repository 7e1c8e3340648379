import ErrorIcon from '@mui/icons-material/ErrorOutline';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import {
  Form,
  useCanAccess,
  useCreate,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'ra-core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CheckboxGroupInput, TextInput } from 'react-admin';
import { type FieldValues, useFormState, useWatch } from 'react-hook-form';
import { NAME_MAX } from '../../../contract/constants';
import { LANG_IDS, SLUG_MAX } from '../../../contract/content';
import type { label } from '../../../contract/entities/label';
import type { EntityRecord } from '../../../contract/entity';
import type { LabelType } from '../../../contract/labels';
import { DialogFormActions } from '../../components/DialogFormActions';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import type { ApiError } from '../../dataProvider/client';
import type { EntityDialogProps } from '../../entities/overrides';
import { SlugInput } from '../../entities/SlugInput';
import { compose, hasChecked, maxLength, required, slug as slugRule } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import {
  type LabelFormValues,
  type LabelLangValues,
  previewPath,
  toFormErrors,
  toFormValues,
  toLabelSave,
} from './labelLogic';

const validateSourceTitle = compose(required(), maxLength(NAME_MAX));
const validateTitle = compose(maxLength(NAME_MAX));
const validateSlug = compose(slugRule(), maxLength(SLUG_MAX));
const validateActive = compose(hasChecked());
const languageChoices = LANG_IDS.map((id) => ({ id, name: `labels.languages.${id}` }));

/** The generated dialog's place for tags and categories: the per-language form (resources/label/overrides.tsx). */
export function LabelDialog({ resource, id, onClose, onDelete }: EntityDialogProps) {
  const type = resource as LabelType;
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { data: record, error } = useGetOne<EntityRecord<typeof label>>(
    type,
    { id },
    { enabled: id > 0, retry: false },
  );

  useEffect(() => {
    if (!error) return;
    notify('labels.notFound', { type: 'error' });
    onClose();
  }, [error, notify, onClose]);

  const values = useMemo(
    () => (id === 0 ? toFormValues(type) : record ? toFormValues(type, record) : null),
    [id, type, record],
  );

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      data-testid="label-dialog"
    >
      <DialogTitle id={titleId}>
        {translate(id === 0 ? `resources.${type}.create` : `resources.${type}.edit`)}
        {record ? (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {record.name}
          </Typography>
        ) : null}
      </DialogTitle>
      {values ? (
        <LabelForm
          key={`${id}-${record?.updated_at ?? ''}`}
          type={type}
          values={values}
          record={record}
          onClose={onClose}
          onDelete={onDelete}
        />
      ) : (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface LabelFormProps {
  type: LabelType;
  values: LabelFormValues;
  record?: EntityRecord<typeof label>;
  onClose: () => void;
  onDelete: EntityDialogProps['onDelete'];
}

function LabelForm({ type, values, record, onClose, onDelete }: LabelFormProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [update] = useUpdate();
  const { canAccess: canDelete } = useCanAccess({ resource: type, action: 'delete' });
  const { canAccess: canSave } = useCanAccess({ resource: type, action: values.id ? 'edit' : 'create' });

  const submit = async (form: FieldValues) => {
    const { body, formIndex } = toLabelSave(form as LabelFormValues);
    try {
      if (body.id === 0) {
        await create(type, { data: body }, { returnPromise: true });
      } else {
        await update(type, { id: body.id, data: body, previousData: record }, { returnPromise: true });
      }
      notify(`resources.${type}.saved`, { type: 'success' });
      refresh();
      onClose();
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.message) notify(failure.message, { type: 'error' });
      const errors = failure?.body?.errors;
      return errors ? toFormErrors(errors, formIndex) : undefined;
    }
  };

  return (
    <Form defaultValues={values} onSubmit={submit} mode="onSubmit" reValidateMode="onSubmit" noValidate>
      <ValidateAfterTyping />
      <DialogContent dividers sx={{ pt: 0 }}>
        <LanguageTabs type={type} />
        <LabelSlug type={type} id={values.id} />
        <CheckboxGroupInput
          source="active"
          label={`resources.${type}.fields.active`}
          choices={languageChoices}
          validate={validateActive}
          helperText="labels.activeHint"
          row
        />
      </DialogContent>
      <DialogFormActions
        onClose={onClose}
        onDelete={record && canDelete ? () => onDelete(record) : undefined}
        canSave={Boolean(canSave)}
      />
    </Form>
  );
}

/** One tab per content language; a tab whose fields have errors turns red, and a failed save shows the first. */
function LanguageTabs({ type }: { type: LabelType }) {
  const translate = useTranslate();
  const baseId = useId();
  const [tab, setTab] = useState(0);
  const { errors, submitCount } = useFormState();
  const lang = useWatch({ name: 'lang' }) as LabelLangValues[] | undefined;
  const langErrors = (errors.lang ?? []) as unknown as unknown[];
  const handled = useRef(0);

  useEffect(() => {
    if (submitCount === handled.current) return;
    const first = LANG_IDS.findIndex((_, i) => Boolean(langErrors[i]));
    if (first < 0) return;
    handled.current = submitCount;
    if (!langErrors[tab]) setTab(first);
  }, [submitCount, langErrors, tab]);

  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, next: number) => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('labels.langTabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {LANG_IDS.map((langId, i) => {
          const hasError = Boolean(langErrors[i]);
          const filled = Boolean(lang?.[i]?.title);
          return (
            <Tab
              key={langId}
              value={i}
              id={`${baseId}-tab-${i}`}
              aria-controls={`${baseId}-panel-${i}`}
              data-testid={`lang-tab-${langId}`}
              icon={
                hasError ? (
                  <ErrorIcon fontSize="small" aria-label={translate('labels.hasError')} />
                ) : undefined
              }
              iconPosition="end"
              sx={{ minHeight: 48, ...(hasError ? { '&, &.Mui-selected': { color: 'error.main' } } : {}) }}
              label={
                <span>
                  {translate(`labels.languages.${langId}`)}
                  {i === 0 ? <span aria-hidden="true"> *</span> : null}
                  {i > 0 && filled ? (
                    <Box
                      component="span"
                      title={translate('labels.filled')}
                      sx={{
                        display: 'inline-block',
                        width: 6,
                        height: 6,
                        borderRadius: '50%',
                        bgcolor: 'success.main',
                        ml: 0.75,
                        verticalAlign: 'middle',
                      }}
                    />
                  ) : null}
                </span>
              }
            />
          );
        })}
      </Tabs>
      {LANG_IDS.map((langId, i) => (
        <Box
          key={langId}
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={tab !== i}
        >
          <TextInput
            source={`lang.${i}.title`}
            label={`resources.${type}.fields.name`}
            validate={i === 0 ? validateSourceTitle : validateTitle}
            fullWidth
          />
          <ImageUploadInput
            source={`lang.${i}.cover`}
            label={`resources.${type}.fields.cover`}
            helperText={translate('labels.coverHint')}
            testId={`cover-file-${langId}`}
          />
        </Box>
      ))}
    </>
  );
}

/** The slug (made from the zh-TW title) with the label's address on the site under it. */
function LabelSlug({ type, id }: { type: LabelType; id: number }) {
  const translate = useTranslate();
  const slug = useWatch({ name: 'slug' }) as string | null;
  const path =
    type === 'tag'
      ? slug
        ? previewPath(type, { id, slug })
        : ''
      : id
        ? previewPath(type, { id, slug: '' })
        : '';
  return (
    <Box sx={{ mt: 2 }}>
      <SlugInput
        source="slug"
        from="lang.0.title"
        label={`resources.${type}.fields.slug`}
        validate={validateSlug}
        hint={(own) => (own ? 'labels.slugHint' : 'labels.slugAuto')}
        fullWidth
      />
      {path ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mx: 1.75, mb: 1 }}
          data-testid="preview-path"
        >
          {translate('labels.previewPath', { path })}
        </Typography>
      ) : null}
    </Box>
  );
}
