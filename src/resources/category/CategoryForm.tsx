/** The category form, shared by create and edit. Validation runs 500 ms after typing and on submit. */
import { SimpleForm, TextInput } from 'react-admin';
import { NAME_MAX } from '../../../contract/constants';
import { compose, maxLength, required } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';

const validateName = compose(required(), maxLength(NAME_MAX));

export function CategoryForm() {
  return (
    <SimpleForm mode="onSubmit" reValidateMode="onSubmit">
      <ValidateAfterTyping />
      <TextInput source="name" validate={validateName} fullWidth autoFocus />
    </SimpleForm>
  );
}
