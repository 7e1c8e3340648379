import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CheckboxGroupInput, TextInput } from 'react-admin';
import { type FieldValues, useWatch } from 'react-hook-form';
import { NAME_MAX } from '../../../contract/constants';
import { LANG_IDS, SLUG_MAX } from '../../../contract/contentConstants';
import type { label } from '../../../contract/entities/label';
import type { EntityRecord } from '../../../contract/entity';
import type { LabelType } from '../../../contract/labels';

type Label = EntityRecord<typeof label>;

import { ImageUploadInput } from '../../components/ImageUploadInput';
import { LanguageTabs } from '../../entities/LanguageTabs';
import type { EntityDialogProps } from '../../entities/overrides';
import { DialogFrame, type PreparedSave, RecordForm } from '../../entities/RecordDialog';
import { SlugInput } from '../../entities/SlugInput';
import { compose, hasChecked, maxLength, required, slug as slugRule } from '../../validation';
import { type LabelFormValues, previewPath, toFormErrors, toFormValues, toLabelSave } from './labelLogic';

const validateSourceTitle = compose(required(), maxLength(NAME_MAX));
const validateTitle = compose(maxLength(NAME_MAX));
const validateSlug = compose(slugRule(), maxLength(SLUG_MAX));
const validateActive = compose(hasChecked());
const languageChoices = LANG_IDS.map((id) => ({ id, name: `labels.languages.${id}` }));

function prepare(form: FieldValues): PreparedSave {
  const { body, formIndex } = toLabelSave(form as LabelFormValues);
  return { body, formErrors: (errors) => toFormErrors(errors, formIndex) };
}

/**
 * The generated dialog's place for tags and categories (resources/label/overrides.tsx): the generic frame and form
 * around the label's own inputs — the zh-TW title required (any title would do for the declaration), a cover hint
 * and upload per language, the slug with the label's address, and the languages it is shown in.
 */
export function LabelDialog({ resource, id, onClose, onDelete }: EntityDialogProps) {
  const type = resource as LabelType;
  const translate = useTranslate();
  return (
    <DialogFrame<Label>
      resource={type}
      id={id}
      onClose={onClose}
      notFound="labels.notFound"
      testId="label-dialog"
      subtitle={(record) => record.name}
    >
      {(record) => (
        <RecordForm
          resource={type}
          values={toFormValues(type, record)}
          record={record}
          onClose={onClose}
          onDelete={onDelete}
          prepare={prepare}
          contentSx={{ pt: 0 }}
        >
          <LanguageTabs source="lang" required filled={(row) => Boolean(row?.title)}>
            {(i, langId) => (
              <>
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
              </>
            )}
          </LanguageTabs>
          <LabelSlug type={type} id={record?.id ?? 0} />
          <CheckboxGroupInput
            source="active"
            label={`resources.${type}.fields.active`}
            choices={languageChoices}
            validate={validateActive}
            helperText="labels.activeHint"
            row
          />
        </RecordForm>
      )}
    </DialogFrame>
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
