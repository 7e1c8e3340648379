/**
 * What the admin's form fields (fields.tsx, react-hook-form) and the sign-in screens' (formFields.tsx) share: the
 * helper line under a field and the password field's show/hide toggle.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Box, IconButton, InputAdornment } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
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

/** The field's error, with its rule still beside it once the rule is failed; the rule alone before. */
export function helperText(error: string | undefined, hint: string | undefined): ReactNode {
  if (!error) return hint ?? ' ';
  if (!hint) return error;
  return (
    <>
      {error}
      <Box component="span" sx={{ display: 'block' }}>
        {hint}
      </Box>
    </>
  );
}

/** A password input's type and its end adornment, the button that shows or hides what was typed. */
export function usePasswordToggle(): { type: 'text' | 'password'; endAdornment: ReactNode } {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const label = translate(shown ? 'auth.hidePassword' : 'auth.showPassword');
  return {
    type: shown ? 'text' : 'password',
    endAdornment: (
      <InputAdornment position="end">
        <IconButton aria-label={label} title={label} onClick={() => setShown((s) => !s)} edge="end">
          {shown ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </InputAdornment>
    ),
  };
}
