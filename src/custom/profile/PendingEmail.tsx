/** A new e-mail waiting for its mailed code: the account keeps signing in with its current address until then. */
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export function PendingEmail({ email }: { email: string }) {
  const translate = useTranslate();
  return (
    <Typography component="span" color="warning.main" data-testid="pending-email">
      {translate('profile.pending', { email })}
    </Typography>
  );
}
