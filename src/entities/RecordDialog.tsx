/**
 * The pieces of a record's create/edit dialog: the frame (loading, title, not found) and the form (save, field
 * errors, the actions). The generated dialog (EntityDialog.tsx) and an entity's own (resources/label) use them.
 */
import { Alert, CircularProgress, DialogContent, DialogTitle, type SxProps, Typography } from '@mui/material';
import {
  Form,
  type RaRecord,
  useCanAccess,
  useCreate,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'ra-core';
import { Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DialogFormActions } from '../components/DialogFormActions';
import { FormDialog } from '../components/FormDialog';
import type { ApiError } from '../dataProvider/client';
import { ValidateAfterTyping } from '../validation/useValidateAfterTyping';
import type { EntityOverrides } from './overrides';

export interface DialogFrameProps<R extends RaRecord> {
  resource: string;
  /** 0: a new record. */
  id: number;
  onClose: () => void;
  /** The notice when the record is gone (default `resources.<resource>.notFound`). */
  notFound?: string;
  /** Default `<resource>-dialog`. */
  testId?: string;
  /** What the title shows after its words once the record is loaded (e.g. its name). */
  subtitle?: (record: R) => ReactNode;
  /** What takes the place of the title and the form for this record, if anything. */
  replace?: (record: R, titleId: string) => ReactNode;
  /** The form for the record (undefined: a new one); made anew when the record changes. */
  children: (record: R | undefined) => ReactNode;
}

/** The dialog around a record's form: loads the record (closing with a notice if it is gone), titles it, waits. */
export function DialogFrame<R extends RaRecord = RaRecord>({
  resource,
  id,
  onClose,
  notFound = `resources.${resource}.notFound`,
  testId = `${resource}-dialog`,
  subtitle,
  replace,
  children,
}: DialogFrameProps<R>) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { data: record, error } = useGetOne<R>(resource, { id }, { enabled: id > 0, retry: false });

  useEffect(() => {
    if (!error) return;
    notify(notFound, { type: 'error' });
    onClose();
  }, [error, notify, onClose, notFound]);

  const instead = record ? replace?.(record, titleId) : null;

  return (
    <FormDialog titleId={titleId} onClose={onClose} testId={testId}>
      {instead || (
        <>
          <DialogTitle id={titleId}>
            {translate(id === 0 ? `resources.${resource}.create` : `resources.${resource}.edit`)}
            {record && subtitle ? (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {subtitle(record)}
              </Typography>
            ) : null}
          </DialogTitle>
          {id === 0 || record ? (
            <Fragment key={`${id}-${record?.updated_at ?? ''}`}>{children(record)}</Fragment>
          ) : (
            <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={translate('ra.page.loading')} />
            </DialogContent>
          )}
        </>
      )}
    </FormDialog>
  );
}

/** What a form's values become for `save`, and how the server's field errors find their inputs again. */
export interface PreparedSave {
  body: { id: number };
  formErrors: (errors: Record<string, string>) => FieldValues;
}

export interface RecordFormProps {
  resource: string;
  /** The form's starting values (read once: the frame makes the form anew when the record changes). */
  values: FieldValues;
  record?: RaRecord;
  onClose: () => void;
  onDelete: (record: RaRecord) => void;
  prepare: (form: FieldValues) => PreparedSave;
  /** A business code the server may answer: shown as a warning over the inputs. */
  warnCode?: EntityOverrides['warnCode'];
  contentSx?: SxProps;
  /** The inputs. */
  children: ReactNode;
}

/**
 * Room above each input: an outlined field's label rises half its height above the box once it holds a value, onto
 * the helper text of the input above (a slug's hint, in every language) unless they are kept apart.
 */
const fieldGap = { '& .ra-input': { mt: 1.5 } } as const;

/** A dialog's form: checked on submit, created or updated, then the list refreshed and the dialog closed. */
export function RecordForm({
  resource,
  values,
  record,
  onClose,
  onDelete,
  prepare,
  warnCode,
  contentSx,
  children,
}: RecordFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [defaultValues] = useState(values);
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const { canAccess: canSave } = useCanAccess({ resource, action: values.id ? 'edit' : 'create' });
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (form: FieldValues) => {
    const { body, formErrors } = prepare(form);
    try {
      if (body.id === 0) await create(resource, { data: body }, { returnPromise: true });
      else await update(resource, { id: body.id, data: body, previousData: record }, { returnPromise: true });
      notify(`resources.${resource}.saved`, { type: 'success' });
      refresh();
      onClose();
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      if (warnCode !== undefined && failure?.body?.code === warnCode) {
        setRefusal(failure.message);
        return undefined;
      }
      if (failure?.message) notify(failure.message, { type: 'error' });
      const errors = failure?.body?.errors;
      return errors ? formErrors(errors) : undefined;
    }
  };

  return (
    <Form
      defaultValues={defaultValues}
      onSubmit={submit}
      mode="onSubmit"
      reValidateMode="onSubmit"
      noValidate
    >
      <ValidateAfterTyping />
      <DialogContent dividers sx={[fieldGap, ...(Array.isArray(contentSx) ? contentSx : [contentSx])]}>
        {refusal ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid={`${resource}-refused`}>
            {translate(refusal, { _: refusal })}
          </Alert>
        ) : null}
        {children}
      </DialogContent>
      <DialogFormActions
        onClose={onClose}
        onDelete={record && canDelete ? () => onDelete(record) : undefined}
        canSave={Boolean(canSave)}
      />
    </Form>
  );
}
