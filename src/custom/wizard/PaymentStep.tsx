/**
 * Step 3: the card (its own form: it never joins the saved entries), the cardholder the gateway asks for, and the
 * invoice data; above them what is being bought.
 */
import { Alert, Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PlanCard } from '../../../contract/billing';
import { EMAIL_MAX, NAME_MAX } from '../../../contract/constants';
import { FormField } from '../../auth/fields';
import { email, maxLength, required, tel } from '../../validation';
import type { CardFormHandle } from '../billing/cardForm';
import { InvoiceFields } from '../billing/InvoiceFields';
import { usePlanText } from '../billing/PlanCards';
import SandboxCardForm from '../billing/SandboxCardForm';
import type { WizardValues } from './draft';

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

export function PaymentStep({
  form,
  plan,
  card,
  busy,
  retrying,
}: {
  form: UseFormReturn<WizardValues>;
  plan: PlanCard | undefined;
  card: Ref<CardFormHandle>;
  busy: boolean;
  /** The site's name when it exists already and is being paid for again. */
  retrying: string | null;
}) {
  const translate = useTranslate();
  const text = usePlanText();
  return (
    <Stack spacing={2} data-testid="wizard-payment">
      {retrying ? (
        <Alert severity="info">{translate('wizard.payment.retrying', { name: retrying })}</Alert>
      ) : null}
      {plan ? (
        <Card variant="outlined" data-testid="wizard-summary">
          <CardContent sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography>
              {translate('wizard.payment.summary', {
                plan: text(plan.title),
                site: form.getValues('site_name'),
              })}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {translate('billing.plan.price', { price: plan.price.toLocaleString('en-US') })}
            </Typography>
          </CardContent>
        </Card>
      ) : null}
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
        <Box>
          <Section title="billing.invoice.title">
            <InvoiceFields control={form.control} disabled={busy} />
          </Section>
        </Box>
      </Box>
    </Stack>
  );
}
