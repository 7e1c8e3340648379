/**
 * /setting/account: the sign-in e-mail (and whether it is verified, and a new one waiting for its code), the way to
 * change it, and the password.
 */
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Loading, Title } from 'react-admin';
import { Link } from 'react-router';
import { PendingEmail } from './PendingEmail';
import { useSession } from './useSession';
import { VerifiedChip } from './VerifiedChip';

function Section({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ py: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2">
          {title}
        </Typography>
        <Box sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{children}</Box>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{action}</Box>
    </Stack>
  );
}

export default function AccountPage() {
  const translate = useTranslate();
  const { session } = useSession();
  const user = session?.user;
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }} data-testid="account-page">
      <Title title={translate('profile.account.title')} />
      {user ? (
        <Card>
          <CardContent>
            <Section
              title={translate('profile.account.email')}
              action={
                <Button component={Link} to="/profile/edit" variant="outlined">
                  {translate('profile.account.changeEmail')}
                </Button>
              }
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{user.email}</span>
                <VerifiedChip verified={user.is_verified} />
              </Stack>
              {user.pending_email ? <PendingEmail email={user.pending_email} /> : null}
            </Section>
            <Divider />
            <Section
              title={translate('profile.account.password')}
              action={
                <Button component={Link} to="/setting/password" variant="outlined">
                  {translate('profile.account.changePassword')}
                </Button>
              }
            >
              {translate('profile.account.passwordHint')}
            </Section>
          </CardContent>
        </Card>
      ) : (
        <Loading />
      )}
    </Box>
  );
}
