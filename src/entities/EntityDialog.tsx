/**
 * The generated create/edit dialog of an entity resource (`<base>/0` adds, `<base>/<id>` edits): one input per
 * editable field, picked by kind, checked by the field's zod rule; the server's field errors land under their inputs.
 */
import { Alert, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
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
import { useEffect, useId, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { Entity } from '../../contract/entity';
import { DialogFormActions } from '../components/DialogFormActions';
import type { ApiError } from '../dataProvider/client';
import { ValidateAfterTyping } from '../validation/useValidateAfterTyping';
import { editable, toFormErrors, toFormValues, toSaveBody } from './form';
import { FieldInput } from './inputs';
import type { EntityDialogProps, EntityOverrides } from './overrides';
import { entityResource } from './registry';

export function EntityDialog({ resource, id, onClose, onDelete, overrides = {} }: EntityDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const entity = entityResource(resource)?.entity as Entity;
  const { data: record, error } = useGetOne(resource, { id }, { enabled: id > 0, retry: false });

  useEffect(() => {
    if (!error) return;
    notify(`resources.${resource}.notFound`, { type: 'error' });
    onClose();
  }, [error, notify, onClose, resource]);

  const values = useMemo(
    () => (id === 0 ? toFormValues(entity.fields) : record ? toFormValues(entity.fields, record) : null),
    [id, record, entity],
  );
  const locked = record ? overrides.locked?.(record) : undefined;
  const Locked = overrides.Locked;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      data-testid={`${resource}-dialog`}
    >
      {record && locked && Locked ? (
        <Locked record={record} onClose={onClose} titleId={titleId} />
      ) : (
        <>
          <DialogTitle id={titleId}>
            {translate(id === 0 ? `resources.${resource}.create` : `resources.${resource}.edit`)}
          </DialogTitle>
          {values ? (
            <EntityForm
              key={`${id}-${record?.updated_at ?? ''}`}
              resource={resource}
              entity={entity}
              values={values}
              record={record}
              onClose={onClose}
              onDelete={onDelete}
              warnCode={overrides.warnCode}
            />
          ) : (
            <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={translate('ra.page.loading')} />
            </DialogContent>
          )}
        </>
      )}
    </Dialog>
  );
}

interface EntityFormProps {
  resource: string;
  entity: Entity;
  values: Record<string, unknown>;
  record?: RaRecord;
  onClose: () => void;
  onDelete: (record: RaRecord) => void;
  warnCode?: EntityOverrides['warnCode'];
}

function EntityForm({ resource, entity, values, record, onClose, onDelete, warnCode }: EntityFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [update] = useUpdate();
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const { canAccess: canSave } = useCanAccess({ resource, action: values.id ? 'edit' : 'create' });
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (form: FieldValues) => {
    const { body, formIndex } = toSaveBody(entity.fields, form);
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
      return errors ? toFormErrors(errors, formIndex) : undefined;
    }
  };

  return (
    <Form defaultValues={values} onSubmit={submit} mode="onSubmit" reValidateMode="onSubmit" noValidate>
      <ValidateAfterTyping />
      <DialogContent dividers>
        {refusal ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid={`${resource}-refused`}>
            {translate(refusal, { _: refusal })}
          </Alert>
        ) : null}
        {editable(entity.fields).map(([name, field]) => (
          <FieldInput
            key={name}
            resource={resource}
            name={name}
            field={field}
            source={name}
            fields={entity.fields}
          />
        ))}
      </DialogContent>
      <DialogFormActions
        onClose={onClose}
        onDelete={record && canDelete ? () => onDelete(record) : undefined}
        canSave={Boolean(canSave)}
      />
    </Form>
  );
}

export default EntityDialog;
