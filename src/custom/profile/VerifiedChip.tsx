/** Whether the e-mail is verified, as a small chip. */
import { Chip } from '@mui/material';
import { useTranslate } from 'ra-core';

export function VerifiedChip({ verified }: { verified: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={verified ? 'success' : 'warning'}
      variant={verified ? 'outlined' : 'filled'}
      label={translate(verified ? 'profile.verified' : 'profile.unverified')}
      data-testid="email-verified"
    />
  );
}
