/**
 * The site's own plan: its subscription, the cards kept, its payments and the gateway's notifications.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentKind, PaymentStatus } from '../../../contract/billing';
import type { InvoiceData } from '../../../contract/invoice';
import type { CardOnFile } from '../../adapters/payment/gateway';
import { createdAt, idColumn, timestamps, ts } from '../../db/columns';
import { plans, type SubscriptionStatus, siteIdColumn } from '../tenancy/schema';

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
    /** Whole TWD. */
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    recTradeId: text('rec_trade_id'),
    invoice: jsonb('invoice').$type<InvoiceData>(),
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
