/**
 * /support (issue 17), for platform operators: a site's id or sub-domain and the reason ask a single-use token
 * (the owner's log records it), and 進入網站 joins with it and reloads the admin on that site, under the banner.
 */
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Title } from 'react-admin';
import { supportApi } from '../../../contract/api/support';
import { SUPPORT_REASON_MAX } from '../../../contract/support';
import { useDateTime } from '../../components/DateTimeField';
import { NotFound } from '../../components/NotFound';
import { type ApiError, call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';

/** A field's message of a 1001 reply (already in the caller's language). */
const fieldError = (err: ApiError | null, field: string): string | undefined => err?.body.errors?.[field];

export default function SupportScreen() {
  const translate = useTranslate();
  const { format } = useDateTime();
  const { data: session } = useSessionQuery();
  const [site, setSite] = useState('');
  const [reason, setReason] = useState('');
  const ask = useMutation<Awaited<ReturnType<typeof call<typeof supportApi.adminToken>>>, ApiError>({
    mutationFn: () => call(supportApi.adminToken, { site, reason }),
  });
  const join = useMutation<unknown, ApiError, string>({
    mutationFn: (token) => call(supportApi.join, { token }),
    onSuccess: () => window.location.assign('/'),
  });
  // Only operators have this screen: to anyone else it is an unknown address.
  if (session && !session.user?.platform_admin) return <NotFound />;
  const siteError = fieldError(ask.error, 'site');
  const reasonError = fieldError(ask.error, 'reason');
  const failure = ask.error && !siteError && !reasonError ? ask.error : join.error;
  return (
    <Box sx={{ mt: 2, maxWidth: 640 }} data-testid="support-screen">
      <Title title={translate('support.screen.title')} />
      <Typography variant="h5" component="h2">
        {translate('support.screen.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('support.screen.subtitle')}
      </Typography>
      <Card>
        <CardContent>
          <Stack
            component="form"
            spacing={2}
            onSubmit={(e) => {
              e.preventDefault();
              ask.mutate();
            }}
          >
            <TextField
              label={translate('support.screen.site')}
              value={site}
              onChange={(e) => setSite(e.target.value)}
              error={Boolean(siteError)}
              helperText={siteError}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              required
            />
            <TextField
              label={translate('support.screen.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(reasonError)}
              helperText={reasonError}
              slotProps={{ htmlInput: { maxLength: SUPPORT_REASON_MAX } }}
              multiline
              required
            />
            <Box>
              <Button type="submit" variant="contained" disabled={ask.isPending}>
                {translate('support.screen.ask')}
              </Button>
            </Box>
            {failure?.message ? <Alert severity="error">{translate(failure.message)}</Alert> : null}
            {ask.data ? (
              <Alert
                severity="success"
                data-testid="support-token"
                action={
                  <Button
                    color="inherit"
                    onClick={() => ask.data && join.mutate(ask.data.token)}
                    disabled={join.isPending}
                  >
                    {translate('support.screen.join')}
                  </Button>
                }
              >
                {translate('support.screen.token', {
                  site: ask.data.site_name,
                  time: format(ask.data.expires_at).slice(-5),
                })}
              </Alert>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
