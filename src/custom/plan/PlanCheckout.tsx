/**
 * Paying for a plan when the site has none live (never subscribed, lapsed or ended): the card, the cardholder and
 * the invoice data (PayerFields), then plan/choose through usePayment — the processing modal, the payment window,
 * the server's word, the success or 付款失敗 modal. Once paid, usePayment reads the session and every answer again;
 * the page keeps this form (and its success modal) until the buyer moves on (PlanChangePage).
 */
import { Button, Card, CardContent, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { planApi } from '../../../contract/api/plans';
import type { PlanCard } from '../../../contract/billing';
import { call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import type { CardFormHandle } from '../billing/cardForm';
import { codeToSend, DiscountField, mayPay, PriceBreakdown, useDiscountQuote } from '../billing/discount';
import { INVOICE_DEFAULTS } from '../billing/invoiceValues';
import { PayerFields, type PayerValues, payerBody } from '../billing/PayerFields';
import { usePayment } from '../billing/usePayment';

export function PlanCheckout({ plan }: { plan: PlanCard }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: session } = useSessionQuery();
  const user = session?.user;
  const form = useForm<PayerValues>({
    defaultValues: {
      name: user?.nickname ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      invoice: INVOICE_DEFAULTS,
    },
    mode: 'onSubmit',
  });
  useValidateAfterTyping(form);
  const card = useRef<CardFormHandle>(null);
  // A discount code, checked as typed for this site's payment (its first, or not: the server says).
  const [code, setCode] = useState('');
  const discount = useDiscountQuote(code, plan.id, session?.site.current?.id);
  const payment = usePayment({
    successBody: 'plan.choose.successBody',
    successAction: 'plan.choose.successGo',
    onSuccessAction: () => navigate('/plan/current'),
  });

  const submit = form.handleSubmit(async (values) => {
    const prime = await card.current?.getPrime();
    if (!prime) return;
    await payment.pay(() =>
      call(planApi.choose, { plan: plan.id, ...payerBody(values, prime), ...codeToSend(code, discount) }),
    );
  });
  const busy = payment.busy || form.formState.isSubmitting;

  return (
    <Card component="form" onSubmit={submit} noValidate data-testid="plan-checkout">
      <CardContent>
        <PayerFields form={form} card={card} busy={busy} />
        <Stack spacing={1} sx={{ mt: 2, maxWidth: 480 }}>
          <DiscountField value={code} onChange={setCode} state={discount} disabled={busy} />
          <PriceBreakdown state={discount} />
        </Stack>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !mayPay(discount)}
            data-testid="plan-pay"
          >
            {translate('plan.choose.pay')}
          </Button>
        </Stack>
      </CardContent>
      {payment.dialogs}
    </Card>
  );
}
