/**
 * Reader subscription plans (SPEC §3 Reader subscription info/plan, §7 subscription calls) and readers' payments
 * for them on the public site. A plan belongs to one content language; its price is whole TWD for a period of
 * `freq` months; status 1 puts it on sale, 0 takes it off (a plan is never deleted: readers may hold it).
 */
import { z } from 'zod';
import { PAYMENT_STATUSES } from './billing';
import { LangId } from './content';
import { bounded, f, ruled } from './fields';
import { rules } from './validation';

export const READER_PLAN_NAME_MAX = 100;
/** Rich text (HTML) of a plan or of the paywall text. */
export const READER_PLAN_CONTENT_MAX = 20_000;
export const READER_PLAN_FUNC_MAX = 20;
export const READER_PLAN_FUNC_LENGTH = 100;
export const READER_PLAN_FREQ_MAX = 12;
/** A reader plan's price: whole TWD the gateway takes (1 to server/adapters/payment/gateway.ts AMOUNT_MAX). */
export const READER_PLAN_PRICE_MAX = 20_000_000;

const Status01 = z.union([z.literal(0), z.literal(1)]);

export const ReaderPlan = z.object({
  id: z.number(),
  lang_id: z.number(),
  name: z.string(),
  price: z.number(),
  content: z.string(),
  cover: z.string(),
  func: z.array(z.string()),
  freq: z.number(),
  status: z.number(),
  /** Readers holding it now (active, past due or awaiting a first payment). */
  subscribers: z.number(),
});
export type ReaderPlan = z.infer<typeof ReaderPlan>;

export const SubscriptionInfoInput = z.strictObject({ lang_id: LangId.default(1) });

export const SubscriptionInfo = z.object({
  list: z.array(ReaderPlan),
  /** The paywall text of the language (reader_plan_texts), made empty on first read. */
  post: z.object({
    id: z.number(),
    uuid: z.string(),
    lang_id: z.number(),
    content: z.string(),
    /** The site's front-end languages, in order (content language ids). */
    frontend_display_language: z.array(z.number()),
  }),
  /** Whether the site sells: the plan's membership feature and at least one plan on sale (any language). */
  status: z.boolean(),
  /** Whether the caller may edit (subscription.plan with the membership feature). */
  able: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;

export const SavePlanInput = z.strictObject({
  id: f.uint(),
  lang_id: LangId.default(1),
  price: z.number().int().min(1).max(READER_PLAN_PRICE_MAX),
  status: Status01.default(0),
  name: f.requiredText(READER_PLAN_NAME_MAX),
  content: bounded(READER_PLAN_CONTENT_MAX, { trim: false }).default(''),
  cover: f.linkOrEmpty().default(''),
  func: z.array(f.requiredText(READER_PLAN_FUNC_LENGTH)).max(READER_PLAN_FUNC_MAX).default([]),
  freq: z.number().int().min(1).max(READER_PLAN_FREQ_MAX).default(1),
});
export type SavePlanInput = z.input<typeof SavePlanInput>;

export const SaveContentInput = z.strictObject({
  content: bounded(READER_PLAN_CONTENT_MAX, { trim: false }),
  id: f.uint().default(0),
  lang_id: LangId.default(1),
  uuid: bounded(36).optional(),
});

export const PlanIdInput = z.strictObject({ id: f.id() });
export const PlanStatusInput = z.strictObject({ id: f.id(), status: Status01 });

/** A plan as readers see it on the site. */
export const OfferedPlan = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  content: z.string(),
  cover: z.string(),
  func: z.array(z.string()),
  freq: z.number(),
});
export type OfferedPlan = z.infer<typeof OfferedPlan>;

export const ReaderPlansInput = z.strictObject({ lang_id: LangId.default(1) });

/** A gateway prime (TapPay's are about 70 characters). */
const PRIME_MAX = 200;

export const ReaderPayInput = z.strictObject({
  plan_id: f.id(),
  prime: ruled(bounded(PRIME_MAX, { trim: false }), rules.required),
  cardholder: z.strictObject({
    name: f.requiredText(60),
    phone: ruled(bounded(20), (v) => (v === '' ? undefined : rules.tel(v))).optional(),
  }),
});
export type ReaderPayInput = z.input<typeof ReaderPayInput>;

/** `reader/subscription/card`: the reader's new card on file, as the first payment takes it. */
export const ReaderCardInput = ReaderPayInput.omit({ plan_id: true });
export type ReaderCardInput = z.input<typeof ReaderCardInput>;

export const ReaderPaymentReply = z.object({
  order_number: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  redirect_url: z.string().optional(),
});
export type ReaderPaymentReply = z.infer<typeof ReaderPaymentReply>;

/** `reader/subscription/status`: with an order number (the 3-D Secure return), that payment is settled first. */
export const ReaderStatusInput = z.strictObject({ order_number: bounded(50).optional() });

export const READER_SUBSCRIPTION_STATUSES = [
  'none',
  'pending',
  'active',
  'past_due',
  'lapsed',
  'cancelled',
] as const;

export const ReaderStatusReply = z.object({
  status: z.enum(READER_SUBSCRIPTION_STATUSES),
  paying: z.boolean(),
  plan: OfferedPlan.nullable(),
  period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** The payment asked about, as it now stands. */
  payment: ReaderPaymentReply.nullable(),
});
export type ReaderStatusReply = z.infer<typeof ReaderStatusReply>;
