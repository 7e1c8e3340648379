/**
 * The invoice data sent with a site plan's payment (SPEC §3): a Taiwan e-invoice is donated, kept on the buyer's
 * carrier, or issued to a company. The wire shape is SPEC's, `{mode, donation {code}, member {mode, barcode,
 * natural}, company {tax, name}}`; only the chosen mode's fields are checked, and only they are kept (InvoiceData),
 * so half-typed fields of a mode the buyer left do not stop the payment. Each rule answers an i18n key under
 * `validation.` the way contract/validation.ts does, so the SPA and the server show the same words.
 */
import { z } from 'zod';
import { bounded } from './fields';
import { PATTERNS } from './patterns';
import { type RuleResult, rules } from './validation';

export const INVOICE_MODES = ['donation', 'member', 'company'] as const;
export type InvoiceMode = (typeof INVOICE_MODES)[number];
/** A member carrier: a mobile barcode (手機條碼) or a natural-person certificate (自然人憑證). */
export const CARRIER_MODES = ['barcode', 'natural'] as const;
export type CarrierMode = (typeof CARRIER_MODES)[number];

/** SPEC §9: the donation code offered by default. */
export const DONATION_CODE_DEFAULT = '0958';
/** The buyer's name on a company invoice (the MOF e-invoice format gives it 60 characters). */
export const COMPANY_NAME_MAX = 60;

const fail = (name: string): RuleResult => ({ message: `validation.${name}` });

/**
 * Whether an 8-digit business administration number (統一編號) has a valid check digit. Each digit is multiplied
 * by 1,2,1,2,1,2,4,1 and the digits of each product summed (28 counts 2+8 = 10). Since 2023-04-01 the number is
 * valid when that sum is divisible by 5 (it was 10 before; every old number still passes), or, when the 7th digit
 * is 7 (its product 28 may count as 1 or 0), when the sum plus one is. Source: Ministry of Finance, 營利事業統一編號
 * 檢查碼邏輯修正說明 (mof.gov.tw, 資訊園地), as relayed by the Northern Region National Taxation Bureau's notice
 * "統一編號檢查碼邏輯已修正" (2024-03-16) and the MOF letter asking systems to change by 2023-03-31.
 */
export function taxIdChecksumOk(id: string): boolean {
  if (!PATTERNS.taxId.re.test(id)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const product = Number(id[i]) * weights[i];
    sum += Math.floor(product / 10) + (product % 10);
  }
  return sum % 5 === 0 || (id[6] === '7' && (sum + 1) % 5 === 0);
}

/** The invoice rules, for the SPA's form validators as much as for the schema below. */
export const invoiceRules = {
  donationCode: (v: string): RuleResult =>
    PATTERNS.donationCode.re.test(v) ? undefined : fail('donationCode'),
  mobileBarcode: (v: string): RuleResult =>
    PATTERNS.mobileBarcode.re.test(v) ? undefined : fail('mobileBarcode'),
  naturalCertificate: (v: string): RuleResult =>
    PATTERNS.naturalCertificate.re.test(v) ? undefined : fail('naturalCertificate'),
  taxId: (v: string): RuleResult => (taxIdChecksumOk(v) ? undefined : fail('taxId')),
} as const;

/** What is kept with a payment: the chosen mode and its fields only. */
export type InvoiceData =
  | { mode: 'donation'; donation: { code: string } }
  | { mode: 'member'; member: { mode: 'barcode'; barcode: string } | { mode: 'natural'; natural: string } }
  | { mode: 'company'; company: { tax: string; name: string } };

/** Carrier codes are upper-case; a buyer typing `/abc1234` means `/ABC1234`. */
const carrierText = (max: number) => bounded(max).transform((v) => v.toUpperCase());

export const InvoiceInput = z
  .strictObject({
    mode: z.enum(INVOICE_MODES),
    donation: z.strictObject({ code: bounded(7).default(DONATION_CODE_DEFAULT) }).optional(),
    member: z
      .strictObject({
        mode: z.enum(CARRIER_MODES).default('barcode'),
        barcode: carrierText(PATTERNS.mobileBarcode.max).default(''),
        natural: carrierText(PATTERNS.naturalCertificate.max).default(''),
      })
      .optional(),
    company: z
      .strictObject({
        tax: bounded(PATTERNS.taxId.max).default(''),
        name: bounded(COMPANY_NAME_MAX).default(''),
      })
      .optional(),
  })
  .transform((input, ctx): InvoiceData => {
    /** The first failing rule of a field, as an issue at its dotted path; answers whether all passed. */
    const check = (path: string[], value: string, ...checks: ((v: string) => RuleResult)[]) => {
      for (const run of checks) {
        const failure = run(value);
        if (failure) {
          ctx.issues.push({ code: 'custom', message: failure.message, path, input: value });
          return false;
        }
      }
      return true;
    };
    switch (input.mode) {
      case 'donation': {
        // An emptied code is the default one, as the form shows it.
        const code = input.donation?.code || DONATION_CODE_DEFAULT;
        check(['donation', 'code'], code, invoiceRules.donationCode);
        return { mode: 'donation', donation: { code } };
      }
      case 'member': {
        const member = input.member ?? { mode: 'barcode' as const, barcode: '', natural: '' };
        if (member.mode === 'natural') {
          check(['member', 'natural'], member.natural, rules.required, invoiceRules.naturalCertificate);
          return { mode: 'member', member: { mode: 'natural', natural: member.natural } };
        }
        check(['member', 'barcode'], member.barcode, rules.required, invoiceRules.mobileBarcode);
        return { mode: 'member', member: { mode: 'barcode', barcode: member.barcode } };
      }
      case 'company': {
        const company = input.company ?? { tax: '', name: '' };
        check(['company', 'tax'], company.tax, rules.required, invoiceRules.taxId);
        check(['company', 'name'], company.name, rules.required);
        return { mode: 'company', company: { tax: company.tax, name: company.name } };
      }
    }
  });
export type InvoiceInput = z.input<typeof InvoiceInput>;
