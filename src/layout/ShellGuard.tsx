/**
 * Who stays in the back-office (SPEC §6): a signed-in user whose role on the current site grants nothing usable is
 * sent to the site's own public address (or to /site when they work on other sites too), and a user without any
 * site (a new account) to the new-site wizard, where they may also skip for a site without a plan. Everyone else gets
 * the screens.
 */
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ShellPrompts } from './ShellDialogs';
import { useSessionQuery } from './session';
import { SUPPORT_PATH, shellDecision } from './shellLogic';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 480 }} data-testid="shell-notice">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

export function ShellGuard({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { data: session, isError } = useSessionQuery();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const decision = session ? shellDecision(session, pathname) : null;
  const leaveFor = decision?.kind === 'public' ? decision.url : null;
  const choose = decision?.kind === 'choose-site';
  const toWizard = decision?.kind === 'no-site';
  const toSupport = decision?.kind === 'support';

  useEffect(() => {
    if (leaveFor) window.location.replace(leaveFor);
  }, [leaveFor]);
  useEffect(() => {
    if (choose) navigate('/site', { replace: true });
  }, [choose, navigate]);
  useEffect(() => {
    if (toWizard) navigate('/init', { replace: true });
  }, [toWizard, navigate]);
  useEffect(() => {
    if (toSupport) navigate(SUPPORT_PATH, { replace: true });
  }, [toSupport, navigate]);

  // Without an answer (a failed call) react-admin's own error handling takes over.
  if (isError) return <>{children}</>;
  if (!decision || choose || toWizard || toSupport) return null;
  if (decision.kind === 'public') {
    return (
      <Notice title={translate('shell.leaving.title')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('shell.leaving.body')}
        </Typography>
        <Link href={decision.url}>{translate('shell.leaving.go', { url: decision.url })}</Link>
      </Notice>
    );
  }
  return <ShellPrompts>{children}</ShellPrompts>;
}
