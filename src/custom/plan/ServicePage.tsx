/**
 * /service: the site's service status in one place — its plan and the subscription's state and period (the owner's
 * to see), whether the site is published, and its addresses (as the settings overview shows them).
 */
import { Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import { useDateTime } from '../../components/DateTimeField';
import { useSessionQuery } from '../../layout/session';
import { useSiteStatus } from '../settings/api';
import { SettingsPage, SiteAddresses, StatusRow } from '../settings/parts';
import { isForbidden, mayManagePlan, useCurrentPlan } from './api';
import { StatusChip, usePlanName } from './parts';

/** The subscription's lines, for the owner: plan, state and period, and the way to manage it. */
function Subscription() {
  const translate = useTranslate();
  const { format } = useDateTime();
  const planName = usePlanName();
  const { data: session } = useSessionQuery();
  const owner = mayManagePlan(session?.user);
  const { data: sub, error } = useCurrentPlan(owner);
  const service = session?.site.current?.service;
  const own = owner && !isForbidden(error);
  return (
    <>
      <StatusRow label="service.plan">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography data-testid="service-plan">
            {sub ? planName(sub.plan) : (service?.name ?? translate('settings.overview.noPlan'))}
          </Typography>
          {own ? (
            <Button component={Link} to={sub ? '/plan/current' : '/plan'} size="small" variant="outlined">
              {translate(sub ? 'service.manage' : 'settings.overview.subscribe')}
            </Button>
          ) : null}
        </Stack>
      </StatusRow>
      {sub ? (
        <StatusRow label="service.status">
          <StatusChip status={sub.status} />
        </StatusRow>
      ) : null}
      {sub?.period_start && sub.period_end ? (
        <StatusRow label="service.period">
          {translate('plan.current.periodRange', {
            start: format(sub.period_start, 'date'),
            end: format(sub.period_end, 'date'),
          })}
        </StatusRow>
      ) : null}
    </>
  );
}

/** Behind the settings' view permission (routes.tsx), as the status it reads. */
export default function ServicePage() {
  const translate = useTranslate();
  const { data: status, isPending, error } = useSiteStatus();
  return (
    <SettingsPage
      title="service.title"
      subtitle="service.subtitle"
      testId="service"
      loading={isPending}
      error={error}
    >
      <Card>
        <CardContent>
          <Subscription />
          {status ? (
            <>
              <StatusRow label="service.published">
                <Typography data-testid="service-published">
                  {translate(status.published ? 'service.publishedYes' : 'service.publishedNo')}
                </Typography>
              </StatusRow>
              <Divider sx={{ my: 1 }} />
              <SiteAddresses status={status} />
            </>
          ) : null}
          <Button component={Link} to="/setting" size="small" sx={{ mt: 1 }}>
            {translate('service.settings')}
          </Button>
        </CardContent>
      </Card>
    </SettingsPage>
  );
}
