/**
 * The card on file in /plan/current: its last four digits and expiry, and 更換信用卡 — a dialog with the card form and
 * the payer fields (PayerFields), paid with plan/card through usePayment (the processing modal, the 3-D Secure
 * window, the server's word). An active site's new card is verified with NT$1, given back at once; a past_due site's
 * pays the overdue renewal, and the plan is active again (PastDueCard says so, with the amount). Whether the dialog
 * is open is the address's `?card=1` (CARD_CHANGE_PATH), so that the renewal-failure mail and the shell's payment
 * alert open it straight away.
 */
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { planApi } from '../../../contract/api/plans';
import type { SubscriptionReply } from '../../../contract/billing';
import { CARD_CHANGE_PATH } from '../../../contract/plans';
import { useDateTime } from '../../components/DateTimeField';
import { call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import type { CardFormHandle } from '../billing/cardForm';
import { INVOICE_DEFAULTS } from '../billing/invoiceValues';
import { PayerFields, type PayerValues, payerBody } from '../billing/PayerFields';
import { usePayment } from '../billing/usePayment';
import { StatusRow } from '../settings/parts';

type Sub = SubscriptionReply;

const PARAM = 'card';
/** The query string of CARD_CHANGE_PATH, which opens the dialog. */
const OPEN = new URLSearchParams(CARD_CHANGE_PATH.split('?')[1]);

/** The gateways keep a card's expiry as YYYYMM; people read MM/YYYY. */
const cardExpiry = (e: string) => (/^\d{6}$/.test(e) ? `${e.slice(4)}/${e.slice(0, 4)}` : e);

/** What the overdue renewal charges, as its failed charge asked (the server decides the amount again). */
const overdueAmount = (sub: Sub) =>
  sub.payments.find((p) => p.kind === 'renewal' && p.status === 'failed')?.amount;

function ChangeButton({ variant = 'outlined' }: { variant?: 'outlined' | 'contained' }) {
  const translate = useTranslate();
  return (
    <Button component={Link} to={CARD_CHANGE_PATH} variant={variant} size="small" data-testid="card-change">
      {translate('plan.card.change')}
    </Button>
  );
}

/** A past_due site: the failed renewal, what paying it now costs, and the card change that pays it. */
export function PastDueCard({ sub }: { sub: Sub }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const amount = overdueAmount(sub);
  return (
    <Alert severity="warning" data-testid="past-due" action={<ChangeButton variant="contained" />}>
      <AlertTitle>{translate('plan.card.pastDueTitle')}</AlertTitle>
      {translate(amount === undefined ? 'plan.card.pastDueNoAmount' : 'plan.card.pastDue', {
        amount: amount?.toLocaleString('en-US'),
      })}{' '}
      {sub.next_attempt_at
        ? translate('plan.card.retryOn', { date: format(sub.next_attempt_at, 'date') })
        : null}
    </Alert>
  );
}

/** The card's row of /plan/current, with the change button and its dialog. */
export function CardOnFile({ sub }: { sub: Sub }) {
  const translate = useTranslate();
  const live = sub.status === 'active' || sub.status === 'past_due';
  return (
    <StatusRow label="plan.current.card">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography data-testid="card-on-file">
          {sub.card
            ? translate('plan.current.cardOnFile', {
                last4: sub.card.last_four,
                expiry: cardExpiry(sub.card.expiry),
              })
            : translate('plan.current.noCard')}
        </Typography>
        {live ? <ChangeButton /> : null}
      </Stack>
      {live ? <CardDialog sub={sub} /> : null}
    </StatusRow>
  );
}

function CardDialog({ sub }: { sub: Sub }) {
  const translate = useTranslate();
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const open = [...OPEN].every(([k, v]) => params.get(k) === v);
  const close = () =>
    setParams(
      (p) => {
        p.delete(PARAM);
        return p;
      },
      { replace: true },
    );
  const { data: session } = useSessionQuery();
  const user = session?.user;
  const form = useForm<PayerValues>({
    defaultValues: {
      name: user?.nickname ?? '',
      email: user?.email ?? '',
      phone: '',
      invoice: INVOICE_DEFAULTS,
    },
    mode: 'onSubmit',
  });
  useValidateAfterTyping(form);
  const card = useRef<CardFormHandle>(null);
  const pastDue = sub.status === 'past_due';
  const amount = overdueAmount(sub);
  // What the payment was for, as at its submit: once paid, the page reads the site active again.
  const [recovering, setRecovering] = useState(false);
  const payment = usePayment({
    successBody: recovering ? 'plan.card.recovered' : 'plan.card.replaced',
    successAction: 'plan.card.done',
    // The dialog is done once paid; the page reads the card and the status again (usePayment).
    onPaid: close,
    onSuccessAction: () => undefined,
  });
  const submit = form.handleSubmit(async (values) => {
    const prime = await card.current?.getPrime();
    if (!prime) return;
    setRecovering(pastDue);
    await payment.pay(() => call(planApi.card, payerBody(values, prime)));
  });
  const busy = payment.busy || form.formState.isSubmitting;
  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : close}
        aria-labelledby={titleId}
        maxWidth="md"
        fullWidth
        data-testid="card-dialog"
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{translate('plan.card.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {pastDue
                ? translate(amount === undefined ? 'plan.card.chargeNoAmount' : 'plan.card.charge', {
                    amount: amount?.toLocaleString('en-US'),
                  })
                : translate('plan.card.verify')}
            </DialogContentText>
            <PayerFields form={form} card={card} busy={busy} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {translate('plan.card.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy} data-testid="card-pay">
              {translate(pastDue ? 'plan.card.payNow' : 'plan.card.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {payment.dialogs}
    </>
  );
}
