/**
 * Form fields of the sign-in screens: the form state of form.ts + the SPEC §5 validators, messages translated. An
 * outlined text field (auth.css) with MUI TextField's label, input, helper line, ids and ARIA, in plain elements.
 */
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from 'react';
import { compose, type Validator } from '../validation';
import { useTranslate } from './authI18n';
import { EMAIL_FIELD, newPasswordFields } from './fieldRules';
import type { FormState, Values } from './form';
import { eyeIcon } from './ui';

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
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/** The field's error, with its rule still beside it once the rule is failed; the rule alone before. */
function helperText(error: string | undefined, hint: string | undefined): ReactNode {
  if (!error) return hint ?? '\u00a0';
  if (!hint) return error;
  return (
    <>
      {error}
      <span className="a-block">{hint}</span>
    </>
  );
}

/** A labelled box around an input, as MUI's outlined and filled text fields draw one. */
export function FieldFrame({
  id,
  label,
  error,
  helper,
  filled,
  children,
}: {
  id: string;
  label: string;
  error?: boolean;
  helper?: ReactNode;
  filled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`a-field${error ? ' a-invalid' : ''}${filled ? ' a-filled' : ''}`}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className="a-input">{children}</div>
      {helper !== undefined && (
        <p className="a-helper" id={`${id}-helper-text`}>
          {helper}
        </p>
      )}
    </div>
  );
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
  return (
    <FieldFrame
      id={id}
      label={translate(label)}
      error={Boolean(error)}
      helper={helperText(error, hint && translate(hint.key, hint.args))}
    >
      <input
        {...htmlInput}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        // biome-ignore lint/a11y/noAutofocus: the screen's first field, as before
        autoFocus={autoFocus}
        value={String(form.values[name] ?? '')}
        onChange={(event) => form.change(name, event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-helper-text`}
      />
      {endAdornment}
    </FieldFrame>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField<T extends Values>(props: FieldProps<T>) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const label = translate(shown ? 'auth.hidePassword' : 'auth.showPassword');
  const toggle = (
    <button
      type="button"
      className="a-toggle"
      aria-label={label}
      title={label}
      onClick={() => setShown((s) => !s)}
    >
      {eyeIcon(shown)}
    </button>
  );
  return <FormField {...props} type={shown ? 'text' : 'password'} endAdornment={toggle} />;
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
