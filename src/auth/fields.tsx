/** Form fields of the admin's own forms (the sign-in screens have formFields.tsx): react-hook-form + the SPEC §5 validators, messages translated. */
import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { compose, passwordNotEquals, type Validator } from '../validation';
import { EMAIL_FIELD, helperText, newPasswordFields, usePasswordToggle } from './fieldParts';

interface FieldProps<T extends FieldValues> extends Omit<TextFieldProps, 'name'> {
  name: Path<T>;
  control: Control<T>;
  validate?: Validator[];
  /** Helper text shown until the field has an error, e.g. the rule it must follow: a key and its arguments. */
  hint?: { key: string; args?: Record<string, unknown> };
}

export function FormField<T extends FieldValues>({
  name,
  control,
  validate = [],
  label,
  hint,
  ...rest
}: FieldProps<T>) {
  const translate = useTranslate();
  const check = compose(...validate);
  const { field, fieldState } = useController({
    name,
    control,
    rules: {
      validate: (value, all) => {
        const failure = check(value, all as Record<string, unknown>);
        return failure ? translate(failure.message, failure.args) : true;
      },
    },
  });
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      label={typeof label === 'string' ? translate(label) : label}
      error={Boolean(fieldState.error)}
      helperText={helperText(fieldState.error?.message, hint && translate(hint.key, hint.args))}
      fullWidth
      margin="dense"
      {...rest}
    />
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField<T extends FieldValues>(props: FieldProps<T>) {
  const { type, endAdornment } = usePasswordToggle();
  return <FormField {...props} type={type} slotProps={{ input: { endAdornment } }} />;
}

/** The e-mail field of the sign-in screens. */
export function EmailField<T extends FieldValues>(
  props: Omit<FieldProps<T>, 'label' | 'validate'> & { validate?: Validator[] },
) {
  return <FormField {...EMAIL_FIELD} {...props} />;
}

/** A new password, its rule shown before it is typed, and its confirmation, named `password` and `confirm`. */
export function NewPasswordFields<T extends FieldValues & { password: string; confirm: string }>({
  control,
  label = 'auth.fields.password',
  autoFocus,
  differentFrom,
}: {
  control: Control<T>;
  label?: string;
  autoFocus?: boolean;
  /** The field holding the old password, which the new one must differ from (passwordNotEquals). */
  differentFrom?: Path<T>;
}) {
  const fields = newPasswordFields(label, autoFocus, differentFrom ? [passwordNotEquals(differentFrom)] : []);
  return (
    <>
      <PasswordField control={control} {...fields.password} name={'password' as Path<T>} />
      <PasswordField control={control} {...fields.confirm} name={'confirm' as Path<T>} />
    </>
  );
}
