/**
 * The wire shapes of the site's own plan (SPEC §3 Site plan, §4 Payment, §7 site/init, site/payment, site/retry,
 * plan/*, service/collection). The browser sends a one-time card `prime` from the gateway's card form; the server
 * pays with it and answers the payment window's address (3-D Secure). Whether a payment succeeded is always the
 * server's finding from the gateway, never the browser's word.
 */
import { z } from 'zod';
import { discountInput } from './discounts';
import { bounded, f, ruled } from './fields';
import { InvoiceInput } from './invoice';
import { subdomainField } from './settings';
import { rules } from './validation';

/**
 * How long a payment's 3-D Secure window lives: younger, an open payment refuses a new attempt (19004); older and
 * still unknown to the gateway, it is expired (and refunded should the gateway report it paid later).
 */
export const PAYMENT_WINDOW_MINUTES = 15;

/**
 * How long a charge whose call to the gateway threw (its outcome unknown) holds a new attempt back (19004): longer
 * than a gateway call may take (TAPPAY_TIMEOUT_MS is at most 60 s). After it, a charge the gateway has no record of
 * never arrived, and is failed. A payment waiting on 3-D Secure holds nothing back: a new attempt supersedes it.
 */
export const PAYMENT_UNCONFIRMED_SECONDS = 120;

/**
 * When a failed renewal is tried again, in days after the period's end; the site is past_due meanwhile, and when the
 * last retry fails its plan lapses.
 */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

/** How many sites of one user may wait for their first payment at once (site/init answers 19007 beyond). */
export const SITES_AWAITING_PAYMENT_MAX = 3;

/** A gateway prime (TapPay's are about 70 characters). */
export const PRIME_MAX = 200;
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

/** How a payer pays (SPEC §3 `payment`): by card only, so far. */
export const PAYMENT_METHOD = { card: 1 } as const;
/** The payer's postal address (SPEC §3 `address`): optional, for the invoice. */
export const PAYER_ADDRESS_MAX = 200;

/** Who pays: the cardholder the gateway wants (phone optional; E.164 when given), SPEC §3's payment data. */
const payer = {
  name: f.requiredText(60),
  email: f.email(),
  phone: ruled(bounded(20), (v) => (v === '' ? undefined : rules.tel(v))).optional(),
  address: bounded(PAYER_ADDRESS_MAX).optional(),
  payment: z.literal(PAYMENT_METHOD.card).default(PAYMENT_METHOD.card),
  prime: ruled(bounded(PRIME_MAX, { trim: false }), rules.required),
  invoice: InvoiceInput,
};

/** `site/init`: the wizard's three steps at once (slug, plan, payment). */
export const SiteInitInput = z.strictObject({
  slug: subdomainField(),
  site_name: f.requiredText(),
  plan: f.id(),
  ...payer,
  ...discountInput,
});
export type SiteInitInput = z.input<typeof SiteInitInput>;

/** `plan/choose`: the current site, without an active plan, chooses one and pays. */
export const ChooseInput = z.strictObject({ plan: f.id(), ...payer, ...discountInput });
export type ChooseInput = z.input<typeof ChooseInput>;

/** `site/retry`: a site whose first payment failed pays again with a new prime. */
export const RetryInput = z.strictObject({
  site: f.id(),
  plan: f.id().optional(),
  ...payer,
  ...discountInput,
});
export type RetryInput = z.input<typeof RetryInput>;

/** `plan/card`: the current site's new card on file, paid with as the payer gives it (server/modules/plans/card.ts). */
export const CardInput = z.strictObject({ ...payer });
export type CardInput = z.input<typeof CardInput>;

/**
 * What an active site's new card pays to be verified with 3-D Secure, refunded once paid: the gateways have no
 * zero-amount authorisation (TapPay charges from NT$1).
 */
export const CARD_VERIFICATION_AMOUNT = 1;

/**
 * The answer to a payment attempt: `pending` with the payment window's address (3-D Secure), or already `paid`
 * or `failed`. `order_number` names it in `site/payment`.
 */
/**
 * A payment's state: `pending` until the gateway tells; `expired` when a newer attempt superseded it while it still
 * waited (or its window outlived PAYMENT_WINDOW_MINUTES) with nothing known; `refunded` when the gateway reported paid one we no longer counted
 * (failed or expired), which was then given back.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** `card`: a new card on file (plan/card), paying a verification or, for a past_due site, the overdue renewal. */
export const PAYMENT_KINDS = ['init', 'renewal', 'change', 'card'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * Why a payment failed, as far as the server knows: the bank declined the card (`gateway_message` is the gateway's
 * reason, when it gave one), 3-D Secure did not succeed, the charge never reached the gateway (a network failure),
 * or it was superseded by a newer attempt or outlived its window (expired). The window closed, a lost connection
 * and a payment still processing are the browser's own findings.
 */
export const PAYMENT_FAILURES = ['declined', 'three_ds', 'unreached', 'expired'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];
/** The longest gateway reason kept and shown. */
export const GATEWAY_MESSAGE_MAX = 200;

export const PaymentReply = z.object({
  site: z.number(),
  order_number: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  redirect_url: z.string().optional(),
  failure: z.enum(PAYMENT_FAILURES).optional(),
  gateway_message: z.string().optional(),
});
export type PaymentReply = z.infer<typeof PaymentReply>;

/** `site/payment`: the payment window's message; the server asks the gateway. */
export const PaymentCheckInput = z.strictObject({
  order_number: ruled(bounded(ORDER_NUMBER_MAX), rules.required),
});

/**
 * `plan/change`: without `force` nothing changes and the answer says what would. A discount code takes its discount
 * off an upgrade's charge now (contract/discounts.ts).
 */
export const PlanChangeInput = z.strictObject({
  id: f.id(),
  force: z.boolean().default(false),
  ...discountInput,
});
export const ForceInput = z.strictObject({ force: z.boolean().default(false) });

/** One of the site's last payments (plan/current), newest first. */
export const PaymentSummary = z.object({
  order_number: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  plan: z.number(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Its e-invoice's number, once issued (null before, with the log issuer, or when none was issued). */
  invoice_number: z.string().nullable(),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

/** How many payments plan/current lists. */
export const PAYMENTS_LISTED = 10;

export const OVER_LIMIT_KINDS = ['members', 'staff', 'revisions', 'upload', 'newsletters'] as const;
export type OverLimitKind = (typeof OVER_LIMIT_KINDS)[number];
/**
 * What the site uses today above a plan's limit (plan/change preview). `upload` is in MB, `revisions` the most
 * revisions any one item keeps, `newsletters` those sent this month, `staff` staff plus open invitations.
 */
export const OverLimit = z.object({ what: z.enum(OVER_LIMIT_KINDS), used: z.number(), limit: z.number() });
export type OverLimit = z.infer<typeof OverLimit>;

export const SubscriptionReply = z.object({
  plan: z.number(),
  status: z.enum(['pending', 'active', 'past_due', 'lapsed', 'cancelled']),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** A downgrade waiting for the period's end (the renewal charges and applies it), or null. */
  next_plan: z.number().nullable(),
  /** Failed renewal charges of this period so far. */
  renew_attempts: z.number(),
  /** When the renewal job next tries to charge. */
  next_attempt_at: z.string().nullable(),
  /** The card on file (renewals and upgrades charge it); never its number. */
  card: z.object({ last_four: z.string(), expiry: z.string() }).nullable(),
  /** The last PAYMENTS_LISTED payments, newest first. */
  payments: z.array(PaymentSummary),
  /** plan/change only: when the new plan takes effect (an upgrade now, a downgrade at the period's end). */
  effective: z.enum(['now', 'period_end']).optional(),
  /** plan/change only: what is (or, in a preview, would be) charged now, whole TWD; 0 for a downgrade. */
  charge: z.number().optional(),
  /** plan/change only: what the discount code took off `charge` (already less it), whole TWD. */
  discount: z.number().optional(),
  /**
   * plan/change only: what the site uses above the new plan's limits (nothing is deleted; see
   * docs/payments-and-plans.md, "Plans").
   */
  over_limits: z.array(OverLimit).optional(),
  /** False when `force` was not given: the answer shows what would happen, nothing was changed. */
  applied: z.boolean(),
});
export type SubscriptionReply = z.infer<typeof SubscriptionReply>;
