import { AutocompleteArrayInput, ReferenceArrayInput, SelectArrayInput } from 'react-admin';
import { type FieldProps, fieldLabel } from './view';

/** An `in` filter (named by the field's `filterAs`, if any): the records of a reference, or the field's values. */
export default function ChoiceFilter({ resource, name, field }: FieldProps) {
  const label = fieldLabel(resource, name);
  if (field.reference) {
    return (
      <ReferenceArrayInput source={field.filterAs ?? name} reference={field.reference}>
        <AutocompleteArrayInput label={label} helperText={false} fullWidth />
      </ReferenceArrayInput>
    );
  }
  const values = field.kind === 'switch' ? [true, false] : (field.choices ?? []);
  return (
    <SelectArrayInput
      source={field.filterAs ?? name}
      label={label}
      helperText={false}
      fullWidth
      choices={values.map((id) => ({ id, name: `${label}_${id}` }))}
    />
  );
}
