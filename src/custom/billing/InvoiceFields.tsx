/**
 * The Taiwan e-invoice fields sent with a payment (SPEC §3): donated (code, 0958 by default), kept on the buyer's
 * carrier (a mobile barcode or a natural-person certificate), or issued to a company (tax id with its checksum, and
 * name). The contract's rules (contract/invoice.ts) check them here 500 ms after typing, as the server does on
 * submit; only the chosen mode's fields are checked and sent.
 */
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type Control, type FieldValues, type Path, useController, useWatch } from 'react-hook-form';
import {
  type CarrierMode,
  COMPANY_NAME_MAX,
  INVOICE_MODES,
  type InvoiceMode,
  invoiceRules,
} from '../../../contract/invoice';
import type { RuleResult } from '../../../contract/validation';
import { FormField } from '../../auth/fields';
import { maxLength, required, type Validator } from '../../validation';
import type { InvoiceValues } from './invoiceValues';

// Where they lived first (src/custom/plan imports them from here).
export { INVOICE_DEFAULTS, type InvoiceValues, toInvoiceInput } from './invoiceValues';

type WithInvoice = FieldValues & { invoice: InvoiceValues };

/** A field's rules, applied only while its mode (and carrier) is the chosen one. */
const whenChosen =
  (mode: InvoiceMode, carrier: CarrierMode | null, ...validators: Validator[]): Validator =>
  (value, all) => {
    const invoice = (all as WithInvoice | undefined)?.invoice;
    if (invoice?.mode !== mode || (carrier && invoice.member.mode !== carrier)) return undefined;
    for (const validate of validators) {
      const failure = validate(value, all);
      if (failure) return failure;
    }
    return undefined;
  };

/** A contract rule over the trimmed, upper-cased text; empty passes (required says so). */
const rule =
  (check: (v: string) => RuleResult, upper = false): Validator =>
  (value) => {
    const text = String(value ?? '').trim();
    return text === '' ? undefined : check(upper ? text.toUpperCase() : text);
  };

const RULES = {
  donation: [whenChosen('donation', null, rule(invoiceRules.donationCode))],
  barcode: [whenChosen('member', 'barcode', required(), rule(invoiceRules.mobileBarcode, true))],
  natural: [whenChosen('member', 'natural', required(), rule(invoiceRules.naturalCertificate, true))],
  tax: [whenChosen('company', null, required(), rule(invoiceRules.taxId))],
  name: [whenChosen('company', null, required(), maxLength(COMPANY_NAME_MAX))],
};

function Choice<T extends WithInvoice>({
  control,
  name,
  options,
  label,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  options: readonly string[];
  label: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { field } = useController({ control, name });
  return (
    <FormControl disabled={disabled} sx={{ mt: 1 }}>
      <FormLabel>{translate(label)}</FormLabel>
      <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} name={field.name}>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            label={translate(`${label}Options.${option}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export function InvoiceFields<T extends WithInvoice>({
  control,
  disabled,
}: {
  control: Control<T>;
  disabled?: boolean;
}) {
  const mode = useWatch({ control, name: 'invoice.mode' as Path<T> }) as InvoiceMode;
  const carrier = useWatch({ control, name: 'invoice.member.mode' as Path<T> }) as CarrierMode;
  const at = (name: string) => `invoice.${name}` as Path<T>;
  return (
    <Stack data-testid="invoice-fields">
      <Choice
        control={control}
        name={at('mode')}
        options={INVOICE_MODES}
        label="billing.invoice.mode"
        disabled={disabled}
      />
      {mode === 'donation' ? (
        <FormField
          control={control}
          name={at('donation.code')}
          label="billing.invoice.donationCode"
          validate={RULES.donation}
          hint={{ key: 'billing.invoice.donationHint' }}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        />
      ) : null}
      {mode === 'member' ? (
        <>
          <Choice
            control={control}
            name={at('member.mode')}
            options={['barcode', 'natural']}
            label="billing.invoice.carrier"
            disabled={disabled}
          />
          {carrier === 'natural' ? (
            <FormField
              control={control}
              name={at('member.natural')}
              label="billing.invoice.natural"
              validate={RULES.natural}
              hint={{ key: 'billing.invoice.naturalHint' }}
              disabled={disabled}
              slotProps={{ htmlInput: { maxLength: 16, autoCapitalize: 'characters' } }}
            />
          ) : (
            <FormField
              control={control}
              name={at('member.barcode')}
              label="billing.invoice.barcode"
              validate={RULES.barcode}
              hint={{ key: 'billing.invoice.barcodeHint' }}
              disabled={disabled}
              slotProps={{ htmlInput: { maxLength: 8, autoCapitalize: 'characters' } }}
            />
          )}
        </>
      ) : null}
      {mode === 'company' ? (
        <>
          <FormField
            control={control}
            name={at('company.tax')}
            label="billing.invoice.tax"
            validate={RULES.tax}
            disabled={disabled}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
          />
          <FormField
            control={control}
            name={at('company.name')}
            label="billing.invoice.companyName"
            validate={RULES.name}
            disabled={disabled}
          />
        </>
      ) : null}
    </Stack>
  );
}
