/**
 * /setting/domain/custom: bind a domain of the site's own, then verify it — the server looks up its CNAME record,
 * which must point at the target shown here (up to 20 s; a spinner meanwhile). No such record answers 13000
 * (無法偵測到有效的 CNAME 紀錄，請稍後再試。), shown on the screen. A bound domain may be unbound.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { settingsApi } from '../../../contract/api/settings';
import { Code, codeMessageKey } from '../../../contract/codes';
import type { SiteStatus } from '../../../contract/settings';
import { FormField } from '../../auth/fields';
import { useDateTime } from '../../components/DateTimeField';
import { ApiError, call } from '../../dataProvider/client';
import { domain, required } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { useSiteStatus, useStatusChanged } from './api';
import { DomainStateChip, SettingsPage } from './parts';

interface Values {
  domain: string;
}

function BindForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const changed = useStatusChanged();
  const form = useForm<Values>({ defaultValues: { domain: '' } });
  useValidateAfterTyping(form);
  const [busy, setBusy] = useState(false);

  const bind = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await changed(await call(settingsApi.bind, { domain: values.domain }));
      notify('settings.custom.bound', { type: 'success' });
    } catch (err) {
      const error = err instanceof ApiError ? err : null;
      const fields = Object.entries(error?.body.errors ?? {});
      if (error?.code === Code.DOMAIN_TAKEN) {
        const message = translate(codeMessageKey(Code.DOMAIN_TAKEN) as string);
        form.setError('domain', { type: 'server', message });
      } else if (fields.length) {
        for (const [name, message] of fields)
          form.setError(name as Path<Values>, { type: 'server', message });
      } else if (error?.message !== '') {
        notify(error?.message ?? 'errors.generic', { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={bind} data-testid="bind-form">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <FormField
          control={form.control}
          name="domain"
          label="settings.custom.field"
          placeholder="www.example.com"
          validate={[required(), domain()]}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', inputMode: 'url' } }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { sm: '18px' }, flexShrink: 0 }}>
          {translate('settings.custom.bind')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('settings.custom.fieldHint')}
      </Typography>
    </Box>
  );
}

function Verification({ status }: { status: SiteStatus }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const notify = useNotify();
  const changed = useStatusChanged();
  const custom = status.custom_domain;
  const [failure, setFailure] = useState<string | null>(null);
  const [unbinding, setUnbinding] = useState(false);
  const verify = useMutation({
    mutationFn: () => call(settingsApi.valid),
    onMutate: () => setFailure(null),
    onSuccess: async (next) => {
      await changed(next);
      notify('settings.custom.verified', { type: 'success', messageArgs: { domain: next.domain } });
    },
    onError: (err: ApiError) => setFailure(err.message || 'errors.generic'),
  });
  const unbind = useMutation({
    mutationFn: () => call(settingsApi.unbind),
    onSuccess: async (next) => {
      setUnbinding(false);
      setFailure(null);
      await changed(next);
      notify('settings.custom.unbound', { type: 'success' });
    },
    onError: (err: ApiError) => {
      setUnbinding(false);
      if (err.message) notify(err.message, { type: 'error' });
    },
  });
  const verified = custom.state === 'verified';

  return (
    <Box data-testid="domain-verification">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="bound-domain">
          {custom.domain}
        </Typography>
        <DomainStateChip state={custom.state} />
      </Stack>
      {verified && custom.verified_at ? (
        <Typography variant="body2" color="text.secondary">
          {translate('settings.custom.verifiedAt', { at: format(custom.verified_at) })}
        </Typography>
      ) : null}
      <Typography sx={{ mt: 2 }}>{translate('settings.custom.instructions')}</Typography>
      <Table size="small" sx={{ mt: 1, '& td': { fontFamily: 'monospace', overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('settings.custom.recordType')}</TableCell>
            <TableCell>{translate('settings.custom.recordName')}</TableCell>
            <TableCell>{translate('settings.custom.recordTarget')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>CNAME</TableCell>
            <TableCell>{custom.domain}</TableCell>
            <TableCell data-testid="cname-target">{custom.cname_target}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('settings.custom.propagation')}
      </Typography>
      {verify.isPending ? (
        <Alert severity="info" icon={<CircularProgress size={20} />} sx={{ mt: 2 }} role="status">
          {translate('settings.custom.verifying')}
        </Alert>
      ) : failure ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="verify-failure">
          {translate(failure, { _: failure })}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        {verified ? null : (
          <Button
            variant="contained"
            onClick={() => verify.mutate()}
            disabled={verify.isPending || unbind.isPending}
            startIcon={verify.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('settings.custom.verify')}
          </Button>
        )}
        <Button
          color="error"
          onClick={() => setUnbinding(true)}
          disabled={verify.isPending || unbind.isPending}
        >
          {translate('settings.custom.unbind')}
        </Button>
      </Stack>
      <Confirm
        isOpen={unbinding}
        title="settings.custom.unbind"
        content={custom.domain}
        onConfirm={() => unbind.mutate()}
        onClose={() => setUnbinding(false)}
        loading={unbind.isPending}
      />
    </Box>
  );
}

export default function CustomDomainScreen() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: status, isPending, error } = useSiteStatus();
  return (
    <SettingsPage
      title="settings.custom.title"
      subtitle="settings.custom.subtitle"
      testId="settings-custom-domain"
      loading={isPending}
      error={error}
    >
      {status ? (
        <Card>
          <CardContent>
            {status.custom_domain.domain ? <Verification status={status} /> : <BindForm />}
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button onClick={() => navigate('/setting/domain')}>{translate('app.back')}</Button>
          </CardActions>
        </Card>
      ) : null}
    </SettingsPage>
  );
}
