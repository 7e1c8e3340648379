/**
 * The wizard's entries kept on this device (localStorage, per user), so that someone who leaves midway comes back
 * to the step and entries they left — and to the site whose payment failed, which is then paid again, never made
 * twice. The card is never among them: it lives only in the card form.
 */
import { INVOICE_DEFAULTS, type InvoiceValues } from '../billing/invoiceValues';
import type { PayerValues } from '../billing/PayerFields';

export interface WizardValues extends PayerValues {
  slug: string;
  site_name: string;
  plan: number | null;
}

export type Step = 0 | 1 | 2;

export interface Draft {
  step: Step;
  values: WizardValues;
  /** The site made by a payment that failed: the next submit pays for it with site/retry. */
  site: number | null;
}

const keyOf = (userId: number) => `wizard.${userId}`;

export function emptyDraft(name: string, email: string): Draft {
  return {
    step: 0,
    site: null,
    values: {
      slug: '',
      site_name: '',
      plan: null,
      name,
      email,
      phone: '',
      address: '',
      invoice: INVOICE_DEFAULTS,
    },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The saved draft laid over the fresh one: a field missing or of another type keeps its fresh value. */
export function readDraft(userId: number, fresh: Draft): Draft {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null');
  } catch {
    return fresh;
  }
  if (!isObject(saved) || !isObject(saved.values)) return fresh;
  const values = saved.values;
  const pick = (
    name: 'slug' | 'site_name' | 'name' | 'email' | 'phone' | 'address',
    fallback: string,
  ): string => (typeof values[name] === 'string' ? values[name] : fallback);
  const plan = typeof values.plan === 'number' ? values.plan : fresh.values.plan;
  const invoice = isObject(values.invoice) ? values.invoice : {};
  const merge = <T extends object>(fallback: T, given: unknown): T =>
    isObject(given) ? { ...fallback, ...given } : fallback;
  const step = saved.step === 1 || saved.step === 2 ? saved.step : 0;
  return {
    step,
    site: typeof saved.site === 'number' ? saved.site : null,
    values: {
      slug: pick('slug', fresh.values.slug),
      site_name: pick('site_name', fresh.values.site_name),
      plan,
      name: pick('name', fresh.values.name),
      email: pick('email', fresh.values.email),
      phone: pick('phone', fresh.values.phone),
      address: pick('address', fresh.values.address ?? ''),
      invoice: {
        mode: ['donation', 'member', 'company'].includes(invoice.mode as string)
          ? (invoice.mode as InvoiceValues['mode'])
          : INVOICE_DEFAULTS.mode,
        donation: merge(INVOICE_DEFAULTS.donation, invoice.donation),
        member: merge(INVOICE_DEFAULTS.member, invoice.member),
        company: merge(INVOICE_DEFAULTS.company, invoice.company),
      },
    },
  };
}

export function saveDraft(userId: number, draft: Draft): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // A full or refused storage: the wizard still works, it only forgets on leaving.
  }
}

export function clearDraft(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // As above.
  }
}
