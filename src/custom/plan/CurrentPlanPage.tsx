/**
 * /plan/current: the site's plan, its status (active, past due with the next try, lapsed), the period and what happens
 * at its end (renewal, the end after cancelling, a downgrade waiting), the card on file (its change and a past_due
 * site's recovery: CardOnFile.tsx) and the last payments.
 * Changing goes to /plan; cancelling and taking a cancellation back each ask first, then act with force.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { Link } from 'react-router';
import { planApi } from '../../../contract/api/plans';
import type { SubscriptionReply } from '../../../contract/billing';
import { useDateTime } from '../../components/DateTimeField';
import { type ApiError, call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { SettingsPage, StatusRow } from '../settings/parts';
import { hasLivePlan, isForbidden, mayManagePlan, useCurrentPlan, usePlanChanged } from './api';
import { CardOnFile, PastDueCard } from './CardOnFile';
import { OwnerOnly, StatusChip, usePlanName } from './parts';

type Sub = SubscriptionReply;

/** What the period's end brings, in words. */
function renewalText(sub: Sub, date: string, planName: (id: number) => string) {
  if (sub.cancel_at_period_end) return { key: 'plan.current.endsOn', args: { date } };
  if (sub.next_plan != null && sub.next_plan !== sub.plan)
    return { key: 'plan.current.changesTo', args: { date, plan: planName(sub.next_plan) } };
  return { key: 'plan.current.renewsOn', args: { date } };
}

function StateAlert({ sub }: { sub: Sub }) {
  const translate = useTranslate();
  if (sub.status === 'past_due') return <PastDueCard sub={sub} />;
  if (sub.status === 'lapsed' || sub.status === 'cancelled' || sub.status === 'pending')
    return (
      <Alert
        severity={sub.status === 'lapsed' ? 'error' : 'info'}
        action={
          sub.status === 'pending' ? undefined : (
            <Button component={Link} to="/plan" color="inherit" size="small">
              {translate('plan.current.choose')}
            </Button>
          )
        }
      >
        {translate(`plan.current.${sub.status}`)}
      </Alert>
    );
  return null;
}

function Payments({ sub }: { sub: Sub }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const planName = usePlanName();
  if (sub.payments.length === 0)
    return <Typography color="text.secondary">{translate('plan.current.noPayments')}</Typography>;
  return (
    <Table size="small" data-testid="payments">
      <TableHead>
        <TableRow>
          {['date', 'kind', 'plan', 'amount', 'status', 'invoice'].map((c) => (
            <TableCell key={c} align={c === 'amount' ? 'right' : undefined}>
              {translate(`plan.payment.${c}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {sub.payments.map((p) => (
          <TableRow key={p.order_number}>
            <TableCell>{format(p.paid_at ?? p.created_at)}</TableCell>
            <TableCell>{translate(`plan.payment.kinds.${p.kind}`)}</TableCell>
            <TableCell>{planName(p.plan)}</TableCell>
            <TableCell align="right">
              {translate('plan.payment.amountValue', { amount: p.amount.toLocaleString('en-US') })}
            </TableCell>
            <TableCell>{translate(`plan.payment.statuses.${p.status}`, { _: p.status })}</TableCell>
            <TableCell>{p.invoice_number ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type Question = 'unsubscribe' | 'subscribe';

/**
 * Cancel at the period's end, or take that back: asked first, then sent with force. The question asked is kept
 * with its dialog, so that a dialog closing while the page reads the subscription again keeps its own words.
 */
function CancelButtons({ sub }: { sub: Sub }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { format } = useDateTime();
  const changed = usePlanChanged();
  const [asking, setAsking] = useState<Question | null>(null);
  const date = sub.period_end ? format(sub.period_end, 'date') : '';
  const act = useMutation({
    mutationFn: (q: Question) =>
      call(q === 'unsubscribe' ? planApi.unsubscribe : planApi.subscribe, { force: true }),
    onSuccess: (_reply, q) => {
      setAsking(null);
      notify(`plan.${q}.done`, { type: 'success', messageArgs: { date } });
      // Not awaited: the next question may be asked while the page reads the subscription again.
      void changed();
    },
    onError: (err: ApiError) => {
      setAsking(null);
      if (err.message) notify(err.message, { type: 'error' });
    },
  });
  if (sub.status !== 'active') return null;
  const next: Question = sub.cancel_at_period_end ? 'subscribe' : 'unsubscribe';
  return (
    <>
      <Button
        variant="outlined"
        color={next === 'unsubscribe' ? 'warning' : 'primary'}
        onClick={() => setAsking(next)}
        disabled={act.isPending}
      >
        {translate(next === 'unsubscribe' ? 'plan.current.unsubscribe' : 'plan.current.subscribeAgain')}
      </Button>
      {(['unsubscribe', 'subscribe'] as const).map((q) => (
        <Confirm
          key={q}
          isOpen={asking === q}
          loading={act.isPending}
          title={`plan.${q}.title`}
          content={`plan.${q}.body`}
          contentTranslateOptions={{ date }}
          confirm={`plan.${q}.confirm`}
          confirmColor={q === 'unsubscribe' ? 'warning' : 'primary'}
          onConfirm={() => act.mutate(q)}
          onClose={() => setAsking(null)}
        />
      ))}
    </>
  );
}

function CurrentPlan({ sub }: { sub: Sub }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const planName = usePlanName();
  const since = sub.payments.filter((p) => p.kind === 'init' && p.paid_at).at(-1)?.paid_at;
  const end = sub.period_end ? format(sub.period_end, 'date') : '';
  const renewal = renewalText(sub, end, planName);
  return (
    <Stack spacing={2}>
      <StateAlert sub={sub} />
      <Card>
        <CardContent>
          <StatusRow label="plan.current.plan">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="p" data-testid="current-plan">
                {planName(sub.plan)}
              </Typography>
              <StatusChip status={sub.status} />
            </Stack>
          </StatusRow>
          {sub.period_start && sub.period_end ? (
            <StatusRow label="plan.current.period">
              {translate('plan.current.periodRange', { start: format(sub.period_start, 'date'), end })}
            </StatusRow>
          ) : null}
          {since ? <StatusRow label="plan.current.since">{format(since, 'date')}</StatusRow> : null}
          {sub.status === 'active' && end ? (
            <StatusRow label="plan.current.renewal">
              <Typography data-testid="renewal">{translate(renewal.key, renewal.args)}</Typography>
            </StatusRow>
          ) : null}
          <CardOnFile sub={sub} />
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <Button variant="contained" component={Link} to="/plan">
              {translate(hasLivePlan(sub.status) ? 'plan.current.change' : 'plan.current.choose')}
            </Button>
            <CancelButtons sub={sub} />
            <Button component={Link} to="/service">
              {translate('service.title')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('plan.current.payments')}
          </Typography>
          <Payments sub={sub} />
        </CardContent>
      </Card>
    </Stack>
  );
}

export default function CurrentPlanPage() {
  const translate = useTranslate();
  const { data: session } = useSessionQuery();
  const owner = mayManagePlan(session?.user);
  const { data: sub, isPending, error } = useCurrentPlan(owner);
  const refused = !owner || isForbidden(error);
  return (
    <SettingsPage
      title="plan.current.title"
      subtitle="plan.current.subtitle"
      testId="plan-current"
      loading={!refused && isPending}
      error={refused ? undefined : error}
    >
      {refused ? (
        <OwnerOnly />
      ) : sub ? (
        <CurrentPlan sub={sub} />
      ) : (
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/plan" color="inherit" size="small">
              {translate('plan.current.choose')}
            </Button>
          }
        >
          {translate('plan.current.none')}
        </Alert>
      )}
    </SettingsPage>
  );
}
