/**
 * The admin's form fields' parts (fields.tsx, react-hook-form): the helper line under a field and the password
 * field's show/hide toggle, in MUI; the rules they share with the sign-in screens are in fieldRules.ts.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Box, IconButton, InputAdornment } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';

export { EMAIL_FIELD, newPasswordFields } from './fieldRules';

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
