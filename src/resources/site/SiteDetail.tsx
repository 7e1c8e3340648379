/**
 * /site/:id (SPEC §2): one of the user's sites — address, their role, plan, members, time zone, language, getting
 * started — and 'switch to this site', which makes it the session's current site and opens its dashboard. A site
 * the user does not work on answers 404 and is shown as not found.
 */

import ViewSiteIcon from '@mui/icons-material/OpenInNew';
import SwitchIcon from '@mui/icons-material/SwapHoriz';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useGetOne, useNotify, useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { Loading, Link as RaLink, Title } from 'react-admin';
import { useParams } from 'react-router';
import { isLocale, LOCALE_NAMES } from '../../../contract/constants';
import { ONBOARDING_DONE_AT, type UserSiteDetail } from '../../../contract/sites';
import { DateTimeField } from '../../components/DateTimeField';
import { useSwitchSite } from '../../layout/session';
import { CurrentChip, PlanText, PublishedChip, SiteAddress } from './SiteChips';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

function NotFoundSite() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }} data-testid="site-not-found">
      <Typography sx={{ mb: 2 }}>{translate('sites.notFound')}</Typography>
      <RaLink to="/site">{translate('sites.back')}</RaLink>
    </Box>
  );
}

export default function SiteDetail() {
  const translate = useTranslate();
  const notify = useNotify();
  const switchSite = useSwitchSite();
  const { id } = useParams();
  const [switching, setSwitching] = useState(false);
  // Its own cache entry: react-admin seeds getOne with the list's rows, which lack the detail's fields.
  const {
    data: site,
    isPending,
    error,
  } = useGetOne<UserSiteDetail>('site', {
    id: Number(id),
    meta: { detail: true },
  });
  if (isPending) return <Loading />;
  if (error || !site) return <NotFoundSite />;

  const switchHere = async () => {
    setSwitching(true);
    try {
      await switchSite(site.id);
      notify('sites.switched', { type: 'success', messageArgs: { name: site.name } });
    } catch (err) {
      const message = (err as Error).message;
      if (message) notify(message, { type: 'error' });
      setSwitching(false);
    }
  };
  const earned = Math.min(site.badge.filter((b) => b <= ONBOARDING_DONE_AT).length, ONBOARDING_DONE_AT);

  return (
    <RecordContextProvider value={site}>
      <Title title={site.name} />
      <Card sx={{ mt: 2, maxWidth: 720 }} data-testid="site-detail">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h2">
              {site.name}
            </Typography>
            <CurrentChip site={site} />
            <PublishedChip site={site} />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
          >
            <Row label="resources.site.fields.url">
              <SiteAddress site={site} />
            </Row>
            <Row label="resources.site.fields.role">{site.role.name}</Row>
            <Row label="resources.site.fields.service">
              <PlanText site={site} />
            </Row>
            <Row label="resources.site.fields.staff_count">{site.staff_count}</Row>
            <Row label="resources.site.fields.timezone">{site.timezone}</Row>
            <Row label="resources.site.fields.language">
              {isLocale(site.language) ? LOCALE_NAMES[site.language] : site.language}
            </Row>
            <Row label="sites.badges">
              {site.onboarding_done
                ? translate('sites.onboardingDone')
                : translate('dashboard.onboarding.progress', { done: earned, total: ONBOARDING_DONE_AT })}
            </Row>
            <Row label="resources.site.fields.created_at">
              <DateTimeField source="created_at" format="date" />
            </Row>
          </Box>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
          {site.current ? null : (
            <Button variant="contained" startIcon={<SwitchIcon />} onClick={switchHere} disabled={switching}>
              {translate('sites.switch')}
            </Button>
          )}
          <Button href={site.url} target="_blank" rel="noopener" startIcon={<ViewSiteIcon />}>
            {translate('sites.visit')}
          </Button>
          <RaLink to="/site" sx={{ ml: 'auto !important' }}>
            {translate('sites.back')}
          </RaLink>
        </CardActions>
      </Card>
    </RecordContextProvider>
  );
}
