/**
 * /setting/social: the site's Facebook page and Instagram account, each separately (SPEC §2 settings, issue 16).
 * Connect opens the platform's authorisation (the sandbox's consent page offline) in a window and watches
 * facebook/status until the authorisation comes back; then a page is chosen among those offered. Disconnect
 * forgets the token (the page name stays shown); unconnect cancels a pending authorisation. Read-only without
 * setting.edit.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { facebookApi } from '../../../contract/api/share';
import type { Connection, SharePlatformId } from '../../../contract/share';
import { type ApiError, call } from '../../dataProvider/client';
import { SettingsPage } from '../settings/parts';

export const SOCIAL_KEY = ['social', 'status'];

function PlatformCard({
  connection,
  canEdit,
  waiting,
  onWait,
}: {
  connection: Connection;
  canEdit: boolean;
  waiting: boolean;
  onWait: (on: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const platform = connection.platform;
  const [page, setPage] = useState('');
  const onError = (err: ApiError) => {
    if (err.message) notify(err.message, { type: 'error' });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: SOCIAL_KEY });
  const authorize = useMutation({
    mutationFn: async () => {
      // Opened before the call answers would be blocked by no browser; opened after, it needs the click's grace.
      const win = window.open('about:blank', `social-${platform}`, 'width=620,height=720');
      try {
        const { url } = await call(facebookApi.authorize, { type: platform });
        if (win) win.location.href = url;
        else window.location.assign(url);
      } catch (err) {
        win?.close();
        throw err;
      }
    },
    onSuccess: () => onWait(true),
    onError,
  });
  const connect = useMutation({
    mutationFn: () => call(facebookApi.connect, { type: platform, page }),
    onSuccess: async (c) => {
      notify('share.social.connected', { type: 'success', messageArgs: { name: c.page_name } });
      await refresh();
    },
    onError,
  });
  const disconnect = useMutation({
    mutationFn: () => call(facebookApi.disconnect, { type: platform }),
    onSuccess: async () => {
      notify('share.social.disconnected', { type: 'info' });
      await refresh();
    },
    onError,
  });
  const unconnect = useMutation({
    mutationFn: () => call(facebookApi.unconnect, { type: platform }),
    onSuccess: async () => {
      notify('share.social.cancelled', { type: 'info' });
      onWait(false);
      await refresh();
    },
    onError,
  });
  const name = translate(`share.platforms.${platform}`);
  const status = connection.status;
  // The authorisation came back: stop watching.
  useEffect(() => {
    if (waiting && status === 'pending') onWait(false);
  }, [waiting, status, onWait]);
  return (
    <Card data-testid={`social-${platform}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Typography data-testid={`social-${platform}-state`} data-status={status}>
            {translate(`share.social.state.${status}`, { name: connection.page_name })}
          </Typography>
          {waiting && status !== 'pending' && (
            <Alert severity="info">{translate('share.social.waiting')}</Alert>
          )}
          {canEdit && status === 'pending' && (
            <Stack spacing={1}>
              <Typography variant="subtitle2">
                {translate(platform === 'instagram' ? 'share.social.chooseAccount' : 'share.social.choose')}
              </Typography>
              {connection.pages.length ? (
                <RadioGroup value={page} onChange={(e) => setPage(e.target.value)}>
                  {connection.pages.map((p) => (
                    <FormControlLabel key={p.id} value={p.id} control={<Radio />} label={p.name} />
                  ))}
                </RadioGroup>
              ) : (
                <Alert severity="warning">{translate('share.social.noPages')}</Alert>
              )}
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  disabled={!page || connect.isPending}
                  onClick={() => connect.mutate()}
                >
                  {translate('share.social.confirm')}
                </Button>
                <Button disabled={unconnect.isPending} onClick={() => unconnect.mutate()}>
                  {translate('share.social.unconnect')}
                </Button>
              </Stack>
            </Stack>
          )}
          {canEdit && status !== 'pending' && (
            <Stack direction="row" spacing={1}>
              {status === 'connected' ? (
                <Button color="error" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
                  {translate('share.social.disconnect')}
                </Button>
              ) : (
                <Button variant="contained" disabled={authorize.isPending} onClick={() => authorize.mutate()}>
                  {translate(status === 'none' ? 'share.social.connect' : 'share.social.reconnect')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function SocialScreen() {
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'setting', action: 'edit' });
  const [waiting, setWaiting] = useState<Partial<Record<SharePlatformId, boolean>>>({});
  const anyWaiting = Object.values(waiting).some(Boolean);
  const { data, isPending, error } = useQuery({
    queryKey: SOCIAL_KEY,
    queryFn: () => call(facebookApi.status),
    // While an authorisation window is open, its outcome arrives through the status.
    refetchInterval: anyWaiting ? 1500 : false,
  });
  return (
    <SettingsPage
      title="share.social.title"
      subtitle="share.social.subtitle"
      testId="social-settings"
      loading={isPending}
      error={error}
    >
      <Stack spacing={2}>
        {data?.connections.map((c) => (
          <PlatformCard
            key={c.platform}
            connection={c}
            canEdit={canEdit}
            waiting={Boolean(waiting[c.platform])}
            onWait={(on) => setWaiting((w) => ({ ...w, [c.platform]: on }))}
          />
        ))}
      </Stack>
    </SettingsPage>
  );
}
