/**
 * /plan/{id}: the chosen plan, and what choosing it does. A site with a live plan sees the change's preview
 * (plan/change without force: now or at the period's end, the amount charged now, what the site uses above the
 * new plan's limits — told before confirming), then a confirmation sends it with force. An upgrade charged now takes
 * a discount code, checked by a preview with it (the charge shown is then the discounted one). A site without one pays for
 * it (plan/choose, PlanCheckout). A refusal (19001: one change a month) is shown in place.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router';
import { planApi } from '../../../contract/api/plans';
import type { PlanCard, SubscriptionReply } from '../../../contract/billing';
import { useDateTime } from '../../components/DateTimeField';
import { ApiError, call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import {
  codeToSend,
  DiscountField,
  type DiscountState,
  mayPay,
  PriceBreakdown,
  typedCode,
  useSettled,
  wellFormed,
} from '../billing/discount';
import { usePlanCards, usePlanText } from '../billing/plansOnOffer';
import { SettingsPage } from '../settings/parts';
import {
  hasLivePlan,
  isForbidden,
  mayManagePlan,
  useChangePreview,
  useCurrentPlan,
  usePlanChanged,
} from './api';
import { PlanCheckout } from './PlanCheckout';
import { OwnerOnly } from './parts';

const money = (n: number) => n.toLocaleString('en-US');

/** The chosen plan in short: title, price, helper text and its limits. */
function PlanSummary({ plan }: { plan: PlanCard }) {
  const translate = useTranslate();
  const text = usePlanText();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {text(plan.title)}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {translate('billing.plan.price', { price: money(plan.price) })}
        </Typography>
        {text(plan.helper) ? (
          <Typography variant="body2" color="text.secondary">
            {text(plan.helper)}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {[
            translate('billing.plan.members', { n: money(plan.members) }),
            translate('billing.plan.staff', { n: plan.staff }),
            translate('billing.plan.history', { count: plan.history.count, days: plan.history.days }),
          ].join('・')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** What the change does, from the preview: when, what is charged now, and the limits the site is over. */
function PreviewText({ preview }: { preview: SubscriptionReply }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const end = preview.period_end ? format(preview.period_end, 'date') : '';
  const charge = preview.charge ?? 0;
  const over = preview.over_limits ?? [];
  return (
    <Stack spacing={1.5} data-testid="change-preview">
      <Typography data-testid="change-effective">
        {preview.effective === 'period_end'
          ? translate('plan.change.periodEnd', { date: end })
          : translate('plan.change.now')}
      </Typography>
      <Typography data-testid="change-charge">
        {charge > 0 && preview.discount
          ? translate('discount.changeCharge', { amount: money(charge), discount: money(preview.discount) })
          : charge > 0
            ? translate('plan.change.charge', { amount: money(charge) })
            : translate('plan.change.noCharge')}
      </Typography>
      {over.length > 0 ? (
        <Alert severity="warning" data-testid="over-limits">
          <AlertTitle>{translate('plan.change.overTitle')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {over.map((o) => (
              <li key={o.what}>
                {translate('plan.change.over', {
                  what: translate(`plan.change.what.${o.what}`),
                  used: money(o.used),
                  limit: money(o.limit),
                })}
              </li>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('plan.change.overNote')}
          </Typography>
        </Alert>
      ) : null}
    </Stack>
  );
}

function ChangePlan({ plan, sub }: { plan: PlanCard; sub: SubscriptionReply }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const text = usePlanText();
  const { format } = useDateTime();
  const changed = usePlanChanged();
  const [asking, setAsking] = useState(false);
  const same = plan.id === sub.plan && sub.next_plan == null;
  // A plan past due changes once its renewal is paid (the server refuses it before: 19002).
  const pastDue = sub.status === 'past_due';
  const preview = useChangePreview(plan.id, !same && !pastDue);
  // A discount code: the preview asked again with it, once typing has stopped.
  const [code, setCode] = useState('');
  const settled = useSettled(typedCode(code));
  const withCode = useChangePreview(plan.id, !same && !pastDue && wellFormed(settled), settled);
  const discount: DiscountState = !typedCode(code)
    ? { kind: 'none' }
    : typedCode(code) !== settled || (wellFormed(settled) && withCode.isPending)
      ? { kind: 'checking' }
      : !wellFormed(settled)
        ? { kind: 'refused', message: 'validation.discountCode' }
        : withCode.error
          ? withCode.error instanceof ApiError && withCode.error.status === 200 && withCode.error.message
            ? { kind: 'refused', message: withCode.error.message }
            : { kind: 'unknown' }
          : {
              kind: 'ok',
              quote: {
                price: (withCode.data?.charge ?? 0) + (withCode.data?.discount ?? 0),
                discount: withCode.data?.discount ?? 0,
                amount: withCode.data?.charge ?? 0,
              },
            };
  const change = useMutation({
    mutationFn: () => call(planApi.change, { id: plan.id, force: true, ...codeToSend(code, discount) }),
    onSuccess: async () => {
      notify('plan.change.done', { type: 'success' });
      await changed();
      navigate('/plan/current');
    },
    onError: (err: ApiError) => {
      setAsking(false);
      if (err.message) notify(err.message, { type: 'error' });
    },
  });
  if (same) return <Alert severity="info">{translate('plan.change.same')}</Alert>;
  if (pastDue)
    return (
      <Alert severity="warning" data-testid="change-refused">
        {translate('plan.change.pastDue')}
      </Alert>
    );
  if (preview.isPending)
    return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;
  if (preview.error)
    return (
      <Alert severity="warning" data-testid="change-refused">
        {translate((preview.error as ApiError).message || 'errors.generic')}
      </Alert>
    );
  // With a code that applies, the preview with it is the one shown (its charge less the discount).
  const p = discount.kind === 'ok' && withCode.data ? withCode.data : preview.data;
  /** An upgrade charged now: the one change that takes a discount code. */
  const charged = preview.data.effective === 'now' && (preview.data.charge ?? 0) > 0;
  /** The own plan chosen again while a downgrade waits: that downgrade is called off. */
  const takeBack = plan.id === sub.plan;
  const args = {
    plan: text(plan.title),
    amount: money(p.charge ?? 0),
    date: p.period_end ? format(p.period_end, 'date') : '',
  };
  return (
    <Stack spacing={2}>
      {takeBack ? (
        <Alert severity="info">{translate('plan.change.takeBack')}</Alert>
      ) : (
        <PreviewText preview={p} />
      )}
      {charged && !takeBack ? (
        <Stack spacing={1} sx={{ maxWidth: 480 }}>
          <DiscountField value={code} onChange={setCode} state={discount} disabled={change.isPending} />
          <PriceBreakdown state={discount} />
        </Stack>
      ) : null}
      <div>
        <Button
          variant="contained"
          onClick={() => setAsking(true)}
          disabled={charged && !mayPay(discount)}
          data-testid="change-confirm"
        >
          {translate(takeBack ? 'plan.change.takeBackConfirm' : 'plan.change.confirm')}
        </Button>
      </div>
      <Confirm
        isOpen={asking}
        loading={change.isPending}
        title="plan.change.confirmTitle"
        titleTranslateOptions={args}
        content={
          takeBack
            ? 'plan.change.confirmTakeBack'
            : p.effective === 'period_end'
              ? 'plan.change.confirmLater'
              : 'plan.change.confirmNow'
        }
        contentTranslateOptions={args}
        confirm={takeBack ? 'plan.change.takeBackConfirm' : 'plan.change.confirm'}
        onConfirm={() => change.mutate()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}

export default function PlanChangePage() {
  const translate = useTranslate();
  const text = usePlanText();
  const id = Number(useParams().id);
  const { data: session } = useSessionQuery();
  const owner = mayManagePlan(session?.user);
  const current = useCurrentPlan(owner);
  const cards = usePlanCards();
  const plan = cards.data?.rows.find((p) => p.id === id);
  const refused = !owner || isForbidden(current.error);
  // Decided once the subscription is known: paying makes the plan live, and the checkout (its success modal open)
  // stays until the buyer moves on.
  const [live, setLive] = useState<boolean | null>(null);
  const known = current.isSuccess ? hasLivePlan(current.data?.status) : null;
  if (live === null && known !== null) setLive(known);
  const loading = !refused && !current.error && (live === null || cards.isPending);
  const words = live ? 'plan.change' : 'plan.choose';
  return (
    <SettingsPage
      title={plan ? translate(`${words}.title`, { plan: text(plan.title) }) : 'plan.list.title'}
      subtitle={`${words}.subtitle`}
      testId="plan-change"
      loading={loading}
      error={refused ? undefined : (current.error ?? cards.error)}
    >
      <Stack spacing={2}>
        <div>
          <Button component={Link} to="/plan" size="small" startIcon={<ArrowBackIcon />}>
            {translate('plan.change.back')}
          </Button>
        </div>
        {refused ? (
          <OwnerOnly />
        ) : !plan ? (
          <Alert severity="warning">{translate('plan.change.notFound')}</Alert>
        ) : (
          <>
            <PlanSummary plan={plan} />
            {live && current.data ? (
              <ChangePlan plan={plan} sub={current.data} />
            ) : (
              <PlanCheckout plan={plan} />
            )}
          </>
        )}
      </Stack>
    </SettingsPage>
  );
}
