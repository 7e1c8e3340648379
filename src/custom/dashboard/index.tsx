/**
 * / (SPEC §2): who and where you are, onboarding until it is done (for those who set the site up), the site's
 * activity over time, and shortcuts (among them the site itself, published or not).
 */

import ListIcon from '@mui/icons-material/Article';
import WriteIcon from '@mui/icons-material/EditNote';
import ViewSiteIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { Link } from 'react-router';
import { siteApi } from '../../../contract/api/sites';
import { mayAccess } from '../../../contract/permissions';
import { onboardingDone } from '../../../contract/sites';
import { openInNewTab } from '../../components/openInNewTab';
import { type ApiError, call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { OnboardingCard } from './OnboardingCard';
import { StatisticsCard } from './StatisticsCard';
import { TopCard } from './TopCard';

/**
 * The site as visitors see it once published; before that, site/visit answers a short-lived link that lets the
 * site's staff see it anyway.
 */
function ViewSiteButton({ published, url }: { published: boolean; url: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate('dashboard.shortcuts.viewSite');
  if (published)
    return (
      <Button href={url} target="_blank" rel="noopener" startIcon={<ViewSiteIcon />}>
        {label}
      </Button>
    );
  const visit = () =>
    openInNewTab(call(siteApi.visit).then((reply) => reply.url)).catch((err: ApiError) => {
      if (err.message) notify(err.message, { type: 'error' });
    });
  return (
    <Button onClick={() => void visit()} startIcon={<ViewSiteIcon />} data-testid="visit-site">
      {label}
    </Button>
  );
}

function Shortcuts({
  canWrite,
  canList,
  site,
}: {
  canWrite: boolean;
  canList: boolean;
  site?: { published: boolean; url: string };
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
          {site ? <ViewSiteButton published={site.published} url={site.url} /> : null}
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
        <Typography variant="h5" component="h2">
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
          {site ? <TopCard /> : null}
        </Stack>
        <Shortcuts
          canWrite={mayAccess(permissions, 'press', 'create')}
          canList={mayAccess(permissions, 'press', 'list')}
          site={site ?? undefined}
        />
      </Box>
    </Box>
  );
}
