/**
 * / (SPEC §2): who and where you are, onboarding until it is done (for those who set the site up), the site's
 * activity over time, and shortcuts.
 */

import ListIcon from '@mui/icons-material/Article';
import WriteIcon from '@mui/icons-material/EditNote';
import ViewSiteIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { Link } from 'react-router';
import { mayAccess } from '../../../contract/permissions';
import { onboardingDone } from '../../../contract/sites';
import { useSessionQuery } from '../../layout/session';
import { OnboardingCard } from './OnboardingCard';
import { StatisticsCard } from './StatisticsCard';

function Shortcuts({
  canWrite,
  canList,
  siteUrl,
}: {
  canWrite: boolean;
  canList: boolean;
  siteUrl?: string;
}) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="shortcuts-title">
      <CardContent>
        <Typography id="shortcuts-title" variant="h6" component="h2" gutterBottom>
          {translate('dashboard.shortcuts.title')}
        </Typography>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {canWrite ? (
            <Button variant="contained" component={Link} to="/edit/post/0" startIcon={<WriteIcon />}>
              {translate('dashboard.shortcuts.write')}
            </Button>
          ) : null}
          {canList ? (
            <Button component={Link} to="/press" startIcon={<ListIcon />}>
              {translate('dashboard.shortcuts.articles')}
            </Button>
          ) : null}
          {siteUrl ? (
            <Button href={siteUrl} target="_blank" rel="noopener" startIcon={<ViewSiteIcon />}>
              {translate('dashboard.shortcuts.viewSite')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function Dashboard() {
  const translate = useTranslate();
  const { data: session } = useSessionQuery();
  if (!session?.user) return null;
  const site = session.site.current;
  const permissions = session.user.permissions;
  const showOnboarding =
    site !== null && !onboardingDone(site.badge) && mayAccess(permissions, 'setting', 'edit');
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.dashboard.title')} />
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('app.dashboard.welcome', { name: session.user.nickname || session.user.email })}
        </Typography>
        <Typography color="text.secondary">
          {site ? translate('app.dashboard.site', { name: site.name }) : translate('app.dashboard.noSite')}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {showOnboarding ? <OnboardingCard session={session} /> : null}
          {site ? <StatisticsCard /> : null}
        </Stack>
        <Shortcuts
          canWrite={mayAccess(permissions, 'press', 'create')}
          canList={mayAccess(permissions, 'press', 'list')}
          siteUrl={site?.published ? site.url : undefined}
        />
      </Box>
    </Box>
  );
}
