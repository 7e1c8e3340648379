/** Step 3: what is being bought, then the card, the cardholder and the invoice (billing/PayerFields). */
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { Ref } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PlanCard } from '../../../contract/billing';
import type { CardFormHandle } from '../billing/cardForm';
import { DiscountField, type DiscountState, PriceBreakdown } from '../billing/discount';
import { PayerFields } from '../billing/PayerFields';
import { usePlanText } from '../billing/plansOnOffer';
import type { WizardValues } from './draft';

export function PaymentStep({
  form,
  plan,
  card,
  busy,
  retrying,
  discount,
}: {
  form: UseFormReturn<WizardValues>;
  plan: PlanCard | undefined;
  card: Ref<CardFormHandle>;
  busy: boolean;
  /** The site's name when it exists already and is being paid for again. */
  retrying: string | null;
  /** The discount code typed and what is known of it (billing/discount.tsx). */
  discount: { code: string; setCode(code: string): void; state: DiscountState };
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
          <CardContent sx={{ pt: 0, display: 'grid', gap: 1 }}>
            <DiscountField
              value={discount.code}
              onChange={discount.setCode}
              state={discount.state}
              disabled={busy}
            />
            <PriceBreakdown state={discount.state} />
          </CardContent>
        </Card>
      ) : null}
      <PayerFields form={form} card={card} busy={busy} />
    </Stack>
  );
}
