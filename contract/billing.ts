/**
 * The wire shapes of the site's own plan (SPEC §3 Site plan, §4 Payment, §7 site/init, site/payment, site/retry,
 * plan/*, service/collection). The browser sends a one-time card `prime` from the gateway's card form; the server
 * pays with it and answers the payment window's address (3-D Secure). Whether a payment succeeded is always the
 * server's finding from the gateway, never the browser's word.
 */
import { z } from 'zod';
import { bounded, f, ruled } from './fields';
import { InvoiceInput } from './invoice';
import { subdomainField } from './settings';
import { rules } from './validation';

/** A gateway prime (TapPay's are about 70 characters). */
const PRIME_MAX = 200;
const ORDER_NUMBER_MAX = 50;

/** One plan card (service/collection). */
export const PlanCard = z.object({
  id: z.number(),
  icon: z.string(),
  title: z.object({ tw: z.string(), en: z.string() }),
  price: z.number(),
  helper: z.object({ tw: z.string(), en: z.string() }),
  features: z.array(z.string()),
  members: z.number(),
  staff: z.number(),
  upload_mb: z.number(),
  newsletters: z.number(),
  history: z.object({ count: z.number(), days: z.number() }),
});
export type PlanCard = z.infer<typeof PlanCard>;

/** Who pays: the cardholder the gateway wants (phone optional; E.164 when given). */
const payer = {
  name: f.requiredText(60),
  email: f.email(),
  phone: ruled(bounded(20), (v) => (v === '' ? undefined : rules.tel(v))).optional(),
  prime: ruled(bounded(PRIME_MAX, { trim: false }), rules.required),
  invoice: InvoiceInput,
};

/** `site/init`: the wizard's three steps at once (slug, plan, payment). */
export const SiteInitInput = z.strictObject({
  slug: subdomainField(),
  site_name: f.requiredText(),
  plan: f.id(),
  ...payer,
});
export type SiteInitInput = z.input<typeof SiteInitInput>;

/** `plan/choose`: the current site, without an active plan, chooses one and pays. */
export const ChooseInput = z.strictObject({ plan: f.id(), ...payer });
export type ChooseInput = z.input<typeof ChooseInput>;

/** `site/retry`: a site whose first payment failed pays again with a new prime. */
export const RetryInput = z.strictObject({ site: f.id(), plan: f.id().optional(), ...payer });
export type RetryInput = z.input<typeof RetryInput>;

/**
 * The answer to a payment attempt: `pending` with the payment window's address (3-D Secure), or already `paid`
 * or `failed`. `order_number` names it in `site/payment`.
 */
export const PaymentReply = z.object({
  site: z.number(),
  order_number: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  redirect_url: z.string().optional(),
});
export type PaymentReply = z.infer<typeof PaymentReply>;

/** `site/payment`: the payment window's message; the server asks the gateway. */
export const PaymentCheckInput = z.strictObject({
  order_number: ruled(bounded(ORDER_NUMBER_MAX), rules.required),
});

/** `plan/change`: without `force` nothing changes and the answer says what would. */
export const PlanChangeInput = z.strictObject({ id: f.id(), force: z.boolean().default(false) });
export const ForceInput = z.strictObject({ force: z.boolean().default(false) });

export const SubscriptionReply = z.object({
  plan: z.number(),
  status: z.enum(['pending', 'active', 'past_due', 'lapsed', 'cancelled']),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** False when `force` was not given: the answer shows what would happen, nothing was changed. */
  applied: z.boolean(),
});
export type SubscriptionReply = z.infer<typeof SubscriptionReply>;
