/**
 * The profile's e-mail code resend button (MUI; registration has its own in plain elements, ResendButton.tsx): it
 * counts down to the moment the server allows the next mail (10 s after the first, then 120 s between codes).
 */
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useSecondsUntil } from './resend';

export { resendCode, useSecondsUntil } from './resend';

/** Resend, disabled with the seconds left until `at`. */
export function ResendButton({
  at,
  disabled,
  onClick,
  label = 'auth.register.resend',
}: {
  at: number;
  disabled?: boolean;
  onClick: () => void;
  /** The i18n key shown once a mail may go out. */
  label?: string;
}) {
  const translate = useTranslate();
  const wait = useSecondsUntil(at);
  return (
    <Button onClick={onClick} disabled={disabled || wait > 0} data-testid="resend">
      {wait > 0 ? translate('auth.register.resendIn', { s: wait }) : translate(label)}
    </Button>
  );
}
