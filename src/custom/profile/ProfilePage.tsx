/**
 * /profile: the signed-in user as others see them (avatar, nickname), the e-mail and whether it is verified (with a
 * way to verify it), a new address waiting for its code (confirm it, or call the change off), the interface language
 * and the role on the current site.
 */
import EditIcon from '@mui/icons-material/Edit';
import { Avatar, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, useEffect, useState } from 'react';
import { Loading, Title, useNotify } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { profileApi } from '../../../contract/api/profile';
import type { VerifyReply } from '../../../contract/auth';
import { LOCALE_NAMES } from '../../../contract/constants';
import { ApiError, call } from '../../dataProvider/client';
import { CodeDialog } from './CodeDialog';
import { PendingEmail } from './PendingEmail';
import { useSession } from './useSession';
import { VerifiedChip } from './VerifiedChip';

/** One line of the profile: its (translated) label and value. */
/** How long after a save in /profile/edit arriving here still says 儲存成功 (not again after a reload). */
const SAVED_FRESH_MS = 5000;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ py: 1.5 }}>
      <Typography color="text.secondary" sx={{ width: { sm: 200 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

export default function ProfilePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { session, reload } = useSession();
  const [verifying, setVerifying] = useState(false);
  const [verification, setVerification] = useState<VerifyReply | null>(null);
  const savedAt = (useLocation().state as { saved?: number } | null)?.saved;
  useEffect(() => {
    if (savedAt && Date.now() - savedAt < SAVED_FRESH_MS) notify('app.saved', { type: 'success' });
  }, [savedAt, notify]);
  const user = session?.user;
  if (!user) return <Loading />;
  const site = session.site.current;
  /** Saving the current address again calls the change off. */
  const cancelChange = async () => {
    try {
      await call(profileApi.save, { email: user.email });
      setVerification(null);
      await reload();
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'errors.generic', { type: 'error' });
    }
  };
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }} data-testid="profile-view">
      <Title title={translate('profile.view.title')} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Avatar
              src={user.avatar || undefined}
              alt={user.nickname}
              sx={{ width: 88, height: 88 }}
              data-testid="profile-avatar"
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {user.nickname || translate('profile.view.noNickname')}
              </Typography>
              <Typography color="text.secondary">{user.email}</Typography>
            </Box>
            <Button component={Link} to="/profile/edit" variant="contained" startIcon={<EditIcon />}>
              {translate('profile.view.edit')}
            </Button>
          </Stack>
          <Divider />
          <Row label={translate('profile.fields.email')}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <span>{user.email}</span>
              <VerifiedChip verified={user.is_verified} />
              {user.is_verified || user.pending_email ? null : (
                <Button size="small" onClick={() => setVerifying(true)}>
                  {translate('profile.verifyNow')}
                </Button>
              )}
            </Stack>
            {user.pending_email ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <PendingEmail email={user.pending_email} />
                <Button size="small" onClick={() => setVerifying(true)}>
                  {translate('profile.verifyNow')}
                </Button>
                <Button size="small" color="inherit" onClick={() => void cancelChange()}>
                  {translate('profile.cancelChange')}
                </Button>
              </Stack>
            ) : null}
          </Row>
          <Divider />
          <Row label={translate('profile.fields.language')}>{LOCALE_NAMES[user.meta.language]}</Row>
          <Divider />
          {site && session.role ? (
            <Row label={translate('profile.view.role', { site: site.name })}>{session.role.name}</Row>
          ) : (
            <Typography color="text.secondary" sx={{ py: 1.5 }}>
              {translate('profile.view.noSite')}
            </Typography>
          )}
        </CardContent>
      </Card>
      <CodeDialog
        open={verifying}
        email={user.pending_email ?? user.email}
        verification={verification}
        onVerification={setVerification}
        onClose={() => setVerifying(false)}
        onVerified={() => {
          setVerifying(false);
          setVerification(null);
          notify('profile.code.done', { type: 'success' });
          void reload();
        }}
      />
    </Box>
  );
}
