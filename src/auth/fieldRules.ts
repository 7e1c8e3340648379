/** The e-mail and new-password fields' rules, shared by the admin's form fields (fields.tsx) and the sign-in screens'. */
import { PASSWORD_MIN } from '../../contract/constants';
import { email, password, passwordEquals, required, type Validator } from '../validation';

/** The e-mail field of the sign-in screens (and the profile's): its label, type, autofill and rules. */
export const EMAIL_FIELD = {
  label: 'auth.fields.email',
  type: 'email',
  autoComplete: 'username',
  validate: [required(), email()],
};

/**
 * A new password, its rule shown before it is typed, and its confirmation, named `password` and `confirm`: each
 * field's props but the form's. `more` adds rules to the new password (the profile's: unlike the old one).
 */
export function newPasswordFields(label: string, autoFocus: boolean | undefined, more: Validator[] = []) {
  return {
    password: {
      name: 'password' as const,
      label,
      autoComplete: 'new-password',
      validate: [required(), password(), ...more],
      hint: { key: 'auth.passwordRule', args: { min: PASSWORD_MIN } },
      autoFocus,
    },
    confirm: {
      name: 'confirm' as const,
      label: 'auth.fields.passwordConfirm',
      autoComplete: 'new-password',
      validate: [required(), passwordEquals('password')],
    },
  };
}
