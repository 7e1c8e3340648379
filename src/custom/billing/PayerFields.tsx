/**
 * What paying asks for, on any screen that pays (the wizard's last step, choosing a plan): the card (its own form,
 * outside the page's form and its saved values), the cardholder the gateway wants, and the invoice data. The page's
 * react-hook-form holds `name`, `email`, `phone`, `address` and `invoice` (PayerValues); `payerBody` turns them and the card's
 * prime into the body's payer part.
 */
import { Box, Divider, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode, Ref } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PAYER_ADDRESS_MAX, PAYMENT_METHOD } from '../../../contract/billing';
import { EMAIL_MAX, NAME_MAX } from '../../../contract/constants';
import { FormField } from '../../auth/fields';
import { email, maxLength, required, tel } from '../../validation';
import { CardForm } from './CardForm';
import type { CardFormHandle } from './cardForm';
import { InvoiceFields } from './InvoiceFields';
import { type InvoiceValues, toInvoiceInput } from './invoiceValues';

export interface PayerValues {
  name: string;
  email: string;
  phone: string;
  /** SPEC §3's `address`: optional (older saved drafts lack it). */
  address?: string;
  invoice: InvoiceValues;
}

/** The payer part of site/init, site/retry and plan/choose. */
export const payerBody = (values: PayerValues, prime: string) => ({
  name: values.name.trim(),
  email: values.email.trim(),
  ...(values.phone.trim() && { phone: values.phone.trim() }),
  ...(values.address?.trim() && { address: values.address.trim() }),
  // SPEC §3's `payment`: a card, the one method offered.
  payment: PAYMENT_METHOD.card,
  prime,
  invoice: toInvoiceInput(values.invoice),
});

function Section({ title, children }: { title: string; children: ReactNode }) {
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

export function PayerFields<T extends FieldValues & PayerValues>({
  form,
  card,
  busy,
}: {
  form: UseFormReturn<T>;
  card: Ref<CardFormHandle>;
  busy: boolean;
}) {
  const at = (name: keyof PayerValues) => name as Path<T>;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Box>
        <Section title="billing.card.title">
          <CardForm ref={card} disabled={busy} />
        </Section>
        <Divider sx={{ my: 2 }} />
        <Section title="billing.payer.title">
          <FormField
            control={form.control}
            name={at('name')}
            label="billing.payer.name"
            autoComplete="cc-name"
            validate={[required(), maxLength(NAME_MAX)]}
            disabled={busy}
          />
          <FormField
            control={form.control}
            name={at('email')}
            label="billing.payer.email"
            type="email"
            autoComplete="email"
            validate={[required(), email(), maxLength(EMAIL_MAX)]}
            disabled={busy}
          />
          <FormField
            control={form.control}
            name={at('phone')}
            label="billing.payer.phone"
            type="tel"
            autoComplete="tel"
            validate={[tel()]}
            disabled={busy}
          />
          <FormField
            control={form.control}
            name={at('address')}
            label="billing.payer.address"
            autoComplete="street-address"
            validate={[maxLength(PAYER_ADDRESS_MAX)]}
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
  );
}
