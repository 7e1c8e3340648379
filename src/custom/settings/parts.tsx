/**
 * Pieces the settings screens share: the page frame (title, loading, load failure), the domain state chip, a
 * labelled row and the site's addresses (the settings overview and /service show them).
 */
import { Alert, Box, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Loading, Title } from 'react-admin';
import type { CustomDomainState, SiteStatus } from '../../../contract/settings';
import type { ApiError } from '../../dataProvider/client';

export function SettingsPage({
  title,
  subtitle,
  testId,
  loading,
  error,
  maxWidth = 880,
  children,
}: {
  title: string;
  subtitle?: string;
  testId: string;
  loading?: boolean;
  error?: unknown;
  /** Wider for a row of cards (the plans). */
  maxWidth?: number;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, maxWidth }} data-testid={testId}>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h2">
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

/** One labelled line of a status card. */
export function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 140 }, flexShrink: 0 }}>
        {translate(label)}
      </Typography>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

/** The site's public address, its sub-domain and its custom domain with the domain's state. */
export function SiteAddresses({ status }: { status: SiteStatus }) {
  return (
    <>
      <StatusRow label="settings.overview.address">
        <MuiLink href={status.url} target="_blank" rel="noopener noreferrer" data-testid="site-url">
          {status.url}
        </MuiLink>
      </StatusRow>
      <StatusRow label="settings.overview.subdomain">
        <Typography data-testid="site-subdomain">{status.subdomain}</Typography>
      </StatusRow>
      <StatusRow label="settings.overview.customDomain">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {status.custom_domain.domain ? <Typography>{status.custom_domain.domain}</Typography> : null}
          <DomainStateChip state={status.custom_domain.state} />
        </Stack>
      </StatusRow>
    </>
  );
}
