/** Pieces the settings screens share: the page frame (title, loading, load failure) and the domain state chip. */
import { Alert, Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Loading, Title } from 'react-admin';
import type { CustomDomainState } from '../../../contract/settings';
import type { ApiError } from '../../dataProvider/client';

export function SettingsPage({
  title,
  subtitle,
  testId,
  loading,
  error,
  children,
}: {
  title: string;
  subtitle?: string;
  testId: string;
  loading?: boolean;
  error?: unknown;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, maxWidth: 880 }} data-testid={testId}>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h1">
        {translate(title)}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(subtitle)}
        </Typography>
      ) : null}
      {loading ? (
        <Loading />
      ) : error ? (
        <Alert severity="error">{translate((error as ApiError).message || 'errors.generic')}</Alert>
      ) : (
        children
      )}
    </Box>
  );
}

const stateColor = { none: 'default', pending: 'warning', verified: 'success' } as const;

export function DomainStateChip({ state }: { state: CustomDomainState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={stateColor[state]}
      variant={state === 'none' ? 'outlined' : 'filled'}
      label={translate(`settings.domainState.${state}`)}
      data-testid="domain-state"
    />
  );
}
