/**
 * /plan: the plans on offer as cards, the site's own marked. Choosing another opens /plan/{id} (its preview and
 * confirmation, or, for a site without a live plan, its payment); choosing the site's own plan shows /plan/current.
 */
import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, useNavigate } from 'react-router';
import { useSessionQuery } from '../../layout/session';
import PlanCards from '../billing/PlanCards';
import { SettingsPage } from '../settings/parts';
import { hasLivePlan, isForbidden, mayManagePlan, useCurrentPlan } from './api';
import { OwnerOnly } from './parts';

export default function PlanListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: session } = useSessionQuery();
  const owner = mayManagePlan(session?.user);
  const { data: sub, isPending, error } = useCurrentPlan(owner);
  const refused = !owner || isForbidden(error);
  const live = hasLivePlan(sub?.status);
  // A waiting downgrade: the own plan may be chosen again, to take it back.
  const choose = (id: number) =>
    navigate(live && id === sub?.plan && sub.next_plan == null ? '/plan/current' : `/plan/${id}`);
  return (
    <SettingsPage
      title="plan.list.title"
      subtitle="plan.list.subtitle"
      testId="plan-list"
      maxWidth={1000}
      loading={!refused && isPending}
      error={refused ? undefined : error}
    >
      <Stack spacing={2}>
        {refused ? <OwnerOnly /> : null}
        {!refused && !live ? (
          <Alert severity="info" data-testid="no-live-plan">
            {translate('plan.list.noPlan')}
          </Alert>
        ) : null}
        {live ? (
          <div>
            <Button component={Link} to="/plan/current" variant="outlined" size="small">
              {translate('plan.list.current')}
            </Button>
          </div>
        ) : null}
        <PlanCards current={live ? sub?.plan : undefined} onChange={choose} disabled={() => refused} />
      </Stack>
    </SettingsPage>
  );
}
