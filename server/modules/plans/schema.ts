/**
 * The site's own plan: its subscription, the cards kept, its payments and the gateway's notifications.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentFailure, PaymentKind, PaymentStatus } from '../../../contract/billing';
import type { DiscountApplies } from '../../../contract/discounts';
import type { InvoiceData } from '../../../contract/invoice';
import type { CardOnFile } from '../../adapters/payment/gateway';
import { createdAt, idColumn, timestamps, ts } from '../../db/columns';
import { plans, type SubscriptionStatus, siteIdColumn } from '../tenancy/schema';

/**
 * Discount codes an operator made (`npm run plans -- code …`; contract/discounts.ts). Its uses are not a counter: they
 * are its payments that started with it and still count (pending or paid, renewals aside), counted under this row's
 * lock when a payment is made (discounts.ts reserveUse), so a failed or expired payment gives its use back by its
 * status alone.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: idColumn(),
    /** In capitals: codes are compared without case. */
    code: text('code').notNull(),
    /** 1–100, or null when the code takes `amount_off`. */
    percent: smallint('percent'),
    /** Whole TWD, or null when the code takes `percent`. */
    amountOff: integer('amount_off'),
    /** The plans it applies to; empty for every plan. */
    planIds: integer('plan_ids').array().notNull().default(sql`'{}'::integer[]`),
    validFrom: ts('valid_from'),
    /** The first moment it is no longer valid (the day after the operator's `until`), or null. */
    validUntil: ts('valid_until'),
    /** Null for unbounded. */
    maxUses: integer('max_uses'),
    applies: text('applies').$type<DiscountApplies>().notNull(),
    /** Ended by the operator (`code end`): refused from then on, renewals included. */
    endedAt: ts('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('discount_codes_code_uq').on(t.code)],
);

/** A site's subscription to a plan: one per site. */
export const siteSubscriptions = pgTable(
  'site_subscriptions',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the plan was last changed: one change per month (19001). */
    changedAt: ts('changed_at'),
    /** A downgrade waiting for the period's end: the plan the next renewal charges and applies. */
    nextPlanId: integer('next_plan_id').references(() => plans.id),
    /** Failed renewal charges of the current period so far (0 while nothing failed). */
    renewAttempts: smallint('renew_attempts').notNull().default(0),
    /** When the renewal job next tries to charge: the period's end, then each retry's time. */
    nextAttemptAt: ts('next_attempt_at'),
    /** The code the subscription's first payment (or last upgrade) took: an `every` one discounts its renewals. */
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('site_subscriptions_site_uq').on(t.siteId),
    index('site_subscriptions_due_idx').on(t.nextAttemptAt),
  ],
);

/** A site's remembered card: the gateway's key and token only, never the card number. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    cardKey: text('card_key').notNull(),
    cardToken: text('card_token').notNull(),
    lastFour: text('last_four').notNull(),
    /** MMYY or as the gateway gives it. */
    expiry: text('expiry').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('payment_cards_site_idx').on(t.siteId)],
);

export { PAYMENT_KINDS, PAYMENT_STATUSES } from '../../../contract/billing';

/** One charge of a site's plan; `order_number` is ours and unique, `rec_trade_id` the gateway's. */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    orderNumber: text('order_number').notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    /** Whole TWD: the plan's price less `discount`. */
    amount: integer('amount').notNull(),
    /** The discount code this payment took (a use of it while pending or paid, unless a renewal), and its TWD off. */
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discount: integer('discount').notNull().default(0),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    recTradeId: text('rec_trade_id'),
    invoice: jsonb('invoice').$type<InvoiceData>(),
    /** The payer's postal address and payment method (SPEC §3 `address`, `payment`: 1, card). */
    address: text('address').notNull().default(''),
    method: smallint('method').notNull().default(1),
    /** Why it failed, when it did (contract/billing.ts PAYMENT_FAILURES), and the gateway's reason if it gave one. */
    failure: text('failure').$type<PaymentFailure>(),
    failureMessage: text('failure_message'),
    /** The card the gateway kept with a pending answer: stored as the site's card only once this is paid. */
    card: jsonb('card').$type<CardOnFile>(),
    /**
     * What the charge is for, unique per site: a renewal's `renewal:<period end ISO>:<attempt>`, so that two
     * instances cannot both charge one attempt of one period. A card change recovering a past_due site holds its
     * renewal's purpose while open, and gives it back (`card:<order number>`) when it fails (modules/plans/card.ts).
     * Null for payments made in the window.
     */
    purpose: text('purpose'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    /** A card change's verification charge (plan/card) given back: set once, before the gateway's refund call. */
    refundedAt: ts('refunded_at'),
  },
  (t) => [
    uniqueIndex('payments_purpose_uq').on(t.siteId, t.purpose),
    // At most one open payment per site made in the window or for a change (renewals have a purpose): two
    // attempts at once cannot both charge (modules/plans/payments.ts openPaymentSlot).
    uniqueIndex('payments_open_uq').on(t.siteId).where(sql`${t.status} = 'pending' AND ${t.purpose} IS NULL`),
    uniqueIndex('payments_order_number_uq').on(t.orderNumber),
    index('payments_site_idx').on(t.siteId, t.createdAt),
    index('payments_rec_trade_idx').on(t.recTradeId),
  ],
);

/** Gateway notifications already handled, so a repeated one does nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: idColumn(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_event_uq').on(t.eventId)],
);

/**
 * Where a paid payment's e-invoice stands (modules/plans/invoicing.ts): `pending` until the issuer answers (retried by
 * the invoice job, jobs/invoices.ts, until INVOICE_MAX_ATTEMPTS), then `issued`, `logged` (the log issuer issued
 * nothing) or `failed` (given up: issued by hand). A refund makes it `void` or adds an `allowance`. One row per
 * payment: the unique payment id is what makes the invoice once per charge.
 */
export type InvoiceStatus = 'pending' | 'issued' | 'logged' | 'failed' | 'void' | 'allowance';
export type InvoiceRefundState = 'pending' | 'done' | 'failed';

export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    id: idColumn(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The provider's order number for it (ezPay: 20 of [A-Za-z0-9_]), made once: every retry sends the same. */
    providerOrder: text('provider_order').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('pending'),
    number: text('number'),
    randomNumber: text('random_number'),
    /** The provider's own id of the invoice (ezPay's InvoiceTransNo). */
    providerId: text('provider_id'),
    issuedAt: ts('issued_at'),
    /** Issue attempts so far (refund attempts after a refund). */
    attempts: smallint('attempts').notNull().default(0),
    /** When the job next works on it (an attempt's lease, then each retry's time); null when nothing is left. */
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error'),
    /** The period and card the charge paid for, as the receipt tells them. */
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    cardLastFour: text('card_last_four'),
    /** When its receipt was queued (once). */
    receiptAt: ts('receipt_at'),
    /** A refund of the payment: how much, and whether its void or allowance is done. */
    refundAmount: integer('refund_amount'),
    refundState: text('refund_state').$type<InvoiceRefundState>(),
    refundAttempts: smallint('refund_attempts').notNull().default(0),
    allowanceNumber: text('allowance_number'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_invoices_payment_uq').on(t.paymentId),
    uniqueIndex('payment_invoices_provider_order_uq').on(t.providerOrder),
    index('payment_invoices_due_idx').on(t.nextAttemptAt),
  ],
);
