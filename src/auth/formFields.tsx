/**
 * Form fields of the sign-in screens: the form state of form.ts + the SPEC §5 validators, messages translated. An
 * outlined text field as MUI's TextField draws it (label, input, helper line, the same ids and ARIA), put together
 * from its parts: TextField itself brings every variant and the select (about 10 kB gzip of the sign-in page).
 */
import {
  FormControl,
  FormHelperText,
  type InputBaseComponentProps,
  InputLabel,
  OutlinedInput,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, useEffect, useId } from 'react';
import { compose, type Validator } from '../validation';
import { EMAIL_FIELD, helperText, newPasswordFields, usePasswordToggle } from './fieldParts';
import type { FormState, Values } from './form';

interface FieldProps<T extends Values> {
  name: keyof T & string;
  control: FormState<T>;
  validate?: Validator[];
  /** An i18n key. */
  label: string;
  /** Helper text shown until the field has an error, e.g. the rule it must follow: a key and its arguments. */
  hint?: { key: string; args?: Record<string, unknown> };
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
  htmlInput?: InputBaseComponentProps;
  sx?: SxProps<Theme>;
}

export function FormField<T extends Values>({
  name,
  control: form,
  validate = [],
  label,
  hint,
  type,
  autoComplete,
  autoFocus,
  endAdornment,
  htmlInput,
  sx,
}: FieldProps<T>) {
  const translate = useTranslate();
  const check = compose(...validate);
  const verdict = (value: unknown, all: Values) => {
    const failure = check(value, all);
    return failure ? translate(failure.message, failure.args) : true;
  };
  form.watch(name, verdict);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each render registers the latest check (above)
  useEffect(() => {
    form.watch(name, verdict);
    return () => form.unwatch(name);
  }, [form, name]);
  const id = useId();
  const error = form.errors[name];
  const text = translate(label);
  return (
    <FormControl fullWidth margin="dense" error={Boolean(error)} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {text}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={text}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={form.values[name] ?? ''}
        onChange={(event) => form.change(name, event.target.value)}
        endAdornment={endAdornment}
        inputProps={htmlInput}
        aria-describedby={`${id}-helper-text`}
      />
      <FormHelperText id={`${id}-helper-text`}>
        {helperText(error, hint && translate(hint.key, hint.args))}
      </FormHelperText>
    </FormControl>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField<T extends Values>(props: FieldProps<T>) {
  const { type, endAdornment } = usePasswordToggle();
  return <FormField {...props} type={type} endAdornment={endAdornment} />;
}

/** The e-mail field of the sign-in screens. */
export function EmailField<T extends Values>(
  props: Omit<FieldProps<T>, 'label' | 'validate'> & { validate?: Validator[] },
) {
  return <FormField {...EMAIL_FIELD} {...props} />;
}

/** A new password, its rule shown before it is typed, and its confirmation, named `password` and `confirm`. */
export function NewPasswordFields<T extends Values & { password: string; confirm: string }>({
  control,
  label = 'auth.fields.password',
  autoFocus,
}: {
  control: FormState<T>;
  label?: string;
  autoFocus?: boolean;
}) {
  const fields = newPasswordFields(label, autoFocus);
  return (
    <>
      <PasswordField control={control} {...fields.password} />
      <PasswordField control={control} {...fields.confirm} />
    </>
  );
}
