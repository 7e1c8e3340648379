/**
 * The invoice form's values (every mode's fields, kept while the buyer switches modes) and what of them the API
 * takes: the chosen mode and its fields only, trimmed, carriers upper-cased as the contract reads them.
 */
import {
  type CarrierMode,
  DONATION_CODE_DEFAULT,
  type InvoiceInput,
  type InvoiceMode,
} from '../../../contract/invoice';

export interface InvoiceValues {
  mode: InvoiceMode;
  donation: { code: string };
  member: { mode: CarrierMode; barcode: string; natural: string };
  company: { tax: string; name: string };
}

export const INVOICE_DEFAULTS: InvoiceValues = {
  mode: 'donation',
  donation: { code: DONATION_CODE_DEFAULT },
  member: { mode: 'barcode', barcode: '', natural: '' },
  company: { tax: '', name: '' },
};

/** What the API takes: the chosen mode and its fields only. */
export function toInvoiceInput(v: InvoiceValues): InvoiceInput {
  switch (v.mode) {
    case 'donation':
      return { mode: 'donation', donation: { code: v.donation.code.trim() || DONATION_CODE_DEFAULT } };
    case 'member':
      return v.member.mode === 'natural'
        ? { mode: 'member', member: { mode: 'natural', natural: v.member.natural.trim().toUpperCase() } }
        : { mode: 'member', member: { mode: 'barcode', barcode: v.member.barcode.trim().toUpperCase() } };
    case 'company':
      return { mode: 'company', company: { tax: v.company.tax.trim(), name: v.company.name.trim() } };
  }
}
