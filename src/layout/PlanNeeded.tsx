/**
 * What the role allows but the site's plan lacks, explained the same way wherever it is met — a menu item or button
 * (the shell's plan prompt), a route or resource opened directly (this page): on a site with no plan at all, the
 * no-plan words (SPEC §8 尚未訂閱方案); on a plan without the feature, the feature and the cheapest plan on offer
 * that has it (`service/collection`, the plans table's rows). Both lead to /plan.
 */
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ComponentType, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { AccessDenied, CanAccess, Loading, type ResourceProps, Title } from 'react-admin';
import { Link } from 'react-router';
import type { PlanCard } from '../../contract/billing';
import type { ResourceAction } from '../../contract/permissions';
import type { Feature } from '../../contract/plans';
import { usePlanCards, usePlanText } from '../custom/billing/plansOnOffer';
import { useUnpaidPlan } from '../custom/plan/api';
import { featureOf } from '../entities/registry';
import { useSessionQuery } from './session';
import { type ItemAccess, itemAccess, lowestPlanWith } from './shellLogic';

export interface PlanWords {
  title: string;
  body: string;
  /** What a plan gives: the cheapest on offer, or the one an unpaid site chose. */
  gives?: string;
  later: string;
  go: string;
  /** Where `go` leads: the plans, or paying for the plan an unpaid site chose. */
  to: string;
}

/** "The X plan (NT$ n a month) gives: …", from its card. */
function useGivesText() {
  const translate = useTranslate();
  const planText = usePlanText();
  return (card: PlanCard | undefined) =>
    card &&
    translate('shell.plan.gives', {
      plan: planText(card.title),
      price: card.price.toLocaleString('en-US'),
      features: card.features
        .map((f) => translate(`billing.features.${f}`))
        .join(translate('shell.plan.and')),
      staff: card.staff,
      members: card.members.toLocaleString('en-US'),
    });
}

/** The words of "this needs a plan" for `feature` (undefined: the plan in general). */
export function usePlanWords(feature: Feature | undefined): PlanWords {
  const translate = useTranslate();
  const planText = usePlanText();
  const gives = useGivesText();
  const { data: session } = useSessionQuery();
  const site = session?.site.current;
  const current = site?.service;
  // Read only where they are named: a site without a plan, or a feature its plan lacks.
  const cards = usePlanCards(Boolean(site) && (!current || Boolean(feature)));
  const rows = cards.data?.rows ?? [];
  const unpaid = useUnpaidPlan();
  if (!current && unpaid !== null) {
    const words = (part: string) => translate(`shell.unpaid.${part}`);
    return {
      title: words('text'),
      body: words('body'),
      gives: gives(rows.find((card) => card.id === unpaid)),
      later: translate('shell.plan.later'),
      go: words('go'),
      to: `/plan/${unpaid}`,
    };
  }
  if (!current || !feature) {
    const words = (part: string) => translate(`shell.plan.${part}`);
    return {
      title: words('title'),
      body: words('body'),
      gives: current ? undefined : gives(lowestPlanWith(rows)),
      later: words('later'),
      go: words('go'),
      to: '/plan',
    };
  }
  const lowest = lowestPlanWith(rows, feature);
  const args = {
    feature: translate(`billing.features.${feature}`),
    current: current.name,
    plan: lowest ? planText(lowest.title) : '',
  };
  const words = (part: string) => translate(`shell.upgrade.${part}`, args);
  return {
    title: words(lowest ? 'title' : 'titleAny'),
    body: words(lowest ? 'body' : 'bodyAny'),
    later: words('later'),
    go: words('go'),
    to: '/plan',
  };
}

/** What the session may do with a resource action: open, ask for a plan (and which feature), or hidden. */
export function useItemAccess(resource: string, action: ResourceAction = 'list'): ItemAccess {
  const { data: session } = useSessionQuery();
  const feature = featureOf(resource);
  return itemAccess(session?.user, session?.site.current?.features ?? [], resource, action, feature);
}

/** In place of a screen the plan lacks: what it needs, and the way to the plans. */
export function PlanNeededPage({ feature }: { feature: Feature | undefined }) {
  const { title, body, gives, go, to } = usePlanWords(feature);
  return (
    <Box sx={{ p: 2, display: 'grid', placeItems: 'center' }}>
      <Title title={title} />
      <Card sx={{ maxWidth: 560 }} variant="outlined" data-testid="plan-needed">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">{body}</Typography>
          {gives ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {gives}
            </Typography>
          ) : null}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
          <Button variant="contained" component={Link} to={to}>
            {go}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}

/** A resource screen: the plan page when the plan is what refuses, else the screen (react-admin checks the role). */
export function PlanGate({
  resource,
  action,
  children,
}: {
  resource: string;
  action: ResourceAction;
  children: ReactNode;
}) {
  const access = useItemAccess(resource, action);
  return access.state === 'plan' ? <PlanNeededPage feature={access.feature} /> : children;
}

/** A custom route's guard: the plan page when the plan refuses, react-admin's access denied when the role does. */
export function Guarded({
  resource,
  action = 'list',
  children,
}: {
  resource: string;
  action?: ResourceAction;
  children: ReactNode;
}) {
  return (
    <PlanGate resource={resource} action={action}>
      <CanAccess resource={resource} action={action} loading={<Loading />} accessDenied={<AccessDenied />}>
        {children}
      </CanAccess>
    </PlanGate>
  );
}

/** A resource's screens, each behind its PlanGate: opened directly, a screen the plan lacks explains itself. */
export function planGated(props: ResourceProps): ResourceProps {
  const gate = (screen: ComponentType | ReactElement | undefined, action: ResourceAction) =>
    screen ? (
      <PlanGate resource={props.name} action={action}>
        {isValidElement(screen) ? screen : createElement(screen)}
      </PlanGate>
    ) : undefined;
  return {
    ...props,
    list: gate(props.list, 'list'),
    create: gate(props.create, 'create'),
    edit: gate(props.edit, 'edit'),
    show: gate(props.show, 'list'),
  };
}
