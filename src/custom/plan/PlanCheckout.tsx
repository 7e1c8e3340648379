/**
 * Paying for a plan when the site has none live (never subscribed, lapsed or ended): the card (its own form, never
 * kept), the cardholder and the invoice data, then plan/choose through usePayment — the processing modal, the
 * payment window, the server's word, the success or 付款失敗 modal. Once paid, usePayment reads the session again
 * (the plan's features); the subscription is read again on the way to /plan/current.
 */
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { planApi } from '../../../contract/api/plans';
import type { PlanCard } from '../../../contract/billing';
import { EMAIL_MAX, NAME_MAX } from '../../../contract/constants';
import { FormField } from '../../auth/fields';
import { call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { email, maxLength, required, tel } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import type { CardFormHandle } from '../billing/cardForm';
import {
  INVOICE_DEFAULTS,
  InvoiceFields,
  type InvoiceValues,
  toInvoiceInput,
} from '../billing/InvoiceFields';
import SandboxCardForm from '../billing/SandboxCardForm';
import { usePayment } from '../billing/usePayment';
import { usePlanChanged } from './api';

interface CheckoutValues {
  name: string;
  email: string;
  phone: string;
  invoice: InvoiceValues;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

export function PlanCheckout({ plan }: { plan: PlanCard }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const changed = usePlanChanged();
  const { data: session } = useSessionQuery();
  const user = session?.user;
  const form = useForm<CheckoutValues>({
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
  const payment = usePayment({
    successBody: 'plan.choose.successBody',
    successAction: 'plan.choose.successGo',
    // Read again only on leaving: the page shows the checkout while the plan is not live, success modal included.
    onSuccessAction: () => {
      void changed();
      navigate('/plan/current');
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const prime = await card.current?.getPrime();
    if (!prime) return;
    await payment.pay(() =>
      call(planApi.choose, {
        plan: plan.id,
        name: values.name.trim(),
        email: values.email.trim(),
        ...(values.phone.trim() && { phone: values.phone.trim() }),
        prime,
        invoice: toInvoiceInput(values.invoice),
      }),
    );
  });
  const busy = payment.busy || form.formState.isSubmitting;

  return (
    <Card component="form" onSubmit={submit} noValidate data-testid="plan-checkout">
      <CardContent>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box>
            <Section title="billing.card.title">
              <SandboxCardForm ref={card} disabled={busy} />
            </Section>
            <Divider sx={{ my: 2 }} />
            <Section title="billing.payer.title">
              <FormField
                control={form.control}
                name="name"
                label="billing.payer.name"
                autoComplete="cc-name"
                validate={[required(), maxLength(NAME_MAX)]}
                disabled={busy}
              />
              <FormField
                control={form.control}
                name="email"
                label="billing.payer.email"
                type="email"
                autoComplete="email"
                validate={[required(), email(), maxLength(EMAIL_MAX)]}
                disabled={busy}
              />
              <FormField
                control={form.control}
                name="phone"
                label="billing.payer.phone"
                type="tel"
                autoComplete="tel"
                validate={[tel()]}
                disabled={busy}
              />
            </Section>
          </Box>
          <Section title="billing.invoice.title">
            <InvoiceFields control={form.control} disabled={busy} />
          </Section>
        </Box>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="plan-pay">
            {translate('plan.choose.pay')}
          </Button>
        </Stack>
      </CardContent>
      {payment.dialogs}
    </Card>
  );
}
