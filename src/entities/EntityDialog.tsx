/**
 * The generated create/edit dialog of an entity resource (`<base>/0` adds, `<base>/<id>` edits): one input per
 * editable field, picked by kind, checked by the field's zod rule; the server's field errors land under their inputs.
 */

import { use } from 'react';
import type { FieldValues } from 'react-hook-form';
import { toFormErrors, toFormValues, toSaveBody } from './form';
import { FieldInputs } from './inputs';
import type { EntityDialogProps } from './overrides';
import { DialogFrame, type PreparedSave, RecordForm } from './RecordDialog';
import { loadEntity } from './registry';

export function EntityDialog({ resource, id, onClose, onDelete, overrides = {} }: EntityDialogProps) {
  const entity = use(loadEntity(resource));
  const { locked, Locked } = overrides;
  const prepare = (form: FieldValues): PreparedSave => {
    const { body, formIndex } = toSaveBody(entity.fields, form);
    return { body, formErrors: (errors) => toFormErrors(errors, formIndex) };
  };

  return (
    <DialogFrame
      resource={resource}
      id={id}
      onClose={onClose}
      replace={(record, titleId) =>
        Locked && locked?.(record) ? <Locked record={record} onClose={onClose} titleId={titleId} /> : null
      }
    >
      {(record) => (
        <RecordForm
          resource={resource}
          values={toFormValues(entity.fields, record)}
          record={record}
          onClose={onClose}
          onDelete={onDelete}
          prepare={prepare}
          warnCode={overrides.warnCode}
        >
          <FieldInputs resource={resource} fields={entity.fields} inputs={overrides.inputs} />
        </RecordForm>
      )}
    </DialogFrame>
  );
}

export default EntityDialog;
