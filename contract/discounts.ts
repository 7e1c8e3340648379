/**
 * Discount codes for the site's plan (SPEC §3 "Plan data: … discount"; issue 30). An operator makes them with the
 * plans CLI (`npm run plans -- code add …`, server/modules/plans/operator.ts); a buyer enters one in the wizard, the
 * plan checkout or a plan change, and the server alone decides what it takes off (plan/quote tells beforehand).
 *
 * A code takes a percentage (1–100) or a whole TWD amount off a charge, never leaving less than DISCOUNT_MIN_CHARGE
 * (the gateway refuses a charge of 0, and the card kept by the first payment is what renewals charge). `first`
 * applies to a site's first payment only; `every` to that payment (or an upgrade's charge) and to each renewal
 * while the code is still valid. A use is one payment that starts with the code (a first payment or an upgrade): it
 * is reserved when the payment is made, given back when that payment fails or expires, and kept once it is paid;
 * renewals continue a use and count none.
 */
import { z } from 'zod';
import { bounded, f } from './fields';
import { PATTERNS } from './patterns';

/** A code: letters, digits, `-` and `_`, DISCOUNT_CODE_MIN to DISCOUNT_CODE_MAX long; compared in capitals. */
export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 20;
/** The least a discounted charge leaves to pay, in TWD: a 100 % code charges this much (TapPay refuses 0). */
export const DISCOUNT_MIN_CHARGE = 1;
/** How many codes one user (or site) may look up a minute, sustained and at once (19026 beyond). */
export const DISCOUNT_CHECKS_PER_MINUTE = 20;
export const DISCOUNT_APPLIES = ['first', 'every'] as const;
export type DiscountApplies = (typeof DISCOUNT_APPLIES)[number];

const validCode = (s: string) => s.length >= DISCOUNT_CODE_MIN && PATTERNS.discountCode.re.test(s);

/** A code as typed: trimmed, in capitals, bounded, of the allowed characters (validation.discountCode otherwise). */
export const discountCodeField = () =>
  bounded(DISCOUNT_CODE_MAX)
    .transform((s) => s.toUpperCase())
    .refine(validCode, 'validation.discountCode');

/** The optional code of site/init, site/retry, plan/choose and plan/change (an empty one is none). */
export const discountInput = {
  discount_code: bounded(DISCOUNT_CODE_MAX)
    .transform((s) => s.toUpperCase() || undefined)
    .refine((s) => s === undefined || validCode(s), 'validation.discountCode')
    .optional(),
};

/** What a code takes off: a percentage or an amount, never both. */
export interface DiscountRule {
  percent: number | null;
  amountOff: number | null;
}

/**
 * What `rule` takes off a charge of `price`: the percentage rounded down to a whole TWD, or the amount; never so
 * much that less than DISCOUNT_MIN_CHARGE is left (a charge at or under it gets nothing off).
 */
export function discountOf(rule: DiscountRule, price: number): number {
  const off = rule.percent !== null ? Math.floor((price * rule.percent) / 100) : (rule.amountOff ?? 0);
  return Math.max(0, Math.min(off, price - DISCOUNT_MIN_CHARGE));
}

/** `plan/quote`: what plan `plan` costs with `code` at a first payment (`site`: a site of the caller paid again). */
export const PlanQuoteInput = z.strictObject({
  plan: f.id(),
  code: discountCodeField(),
  site: f.id().optional(),
});
export type PlanQuoteInput = z.input<typeof PlanQuoteInput>;

export const DiscountInfo = z.object({
  code: z.string(),
  percent: z.number().nullable(),
  amount_off: z.number().nullable(),
  applies: z.enum(DISCOUNT_APPLIES),
  /** The last day the code is valid (YYYY-MM-DD, the platform's DEFAULT_TIMEZONE), or null when it has no end. */
  until: z.string().nullable(),
});
export type DiscountInfo = z.infer<typeof DiscountInfo>;

/** The plan's price, what the code takes off, and what is charged (whole TWD). */
export const PlanQuote = z.object({
  plan: z.number(),
  price: z.number(),
  discount: z.number(),
  amount: z.number(),
  code: DiscountInfo,
});
export type PlanQuote = z.infer<typeof PlanQuote>;
