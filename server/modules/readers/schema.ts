/**
 * The public sites' readers and what the readers module itself reads or writes of theirs: sessions, sign-in codes,
 * follows, contact messages, reader plans, subscriptions and payments.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../../../contract/billing';
import type { CardOnFile } from '../../adapters/payment/gateway';
import { createdAt, idColumn, timestamps, ts } from '../../db/columns';
import { type SubscriptionStatus, siteIdColumn, users } from '../tenancy/schema';

/* ---------------------------------------------------------------------------------------------------------------
 * Readers (issue 14): the public site's own accounts, per site and separate from staff `users`.
 * ------------------------------------------------------------------------------------------------------------- */

/** How a reader came to be: signed up on the site, imported from CSV by staff, or added by staff. */
export const READER_SOURCES = ['signup', 'import', 'staff', 'follow'] as const;
export type ReaderSource = (typeof READER_SOURCES)[number];

/**
 * A site's reader (a "member" in the back-office, SPEC §3 Member profile): e-mail unique per site (lower-cased),
 * name, intro, staff's tags and note. `epaper_opt_in` is whether e-papers are sent to them; a hard bounce turns it
 * off and sets `bounced_at`.
 */
export const readers = pgTable(
  'readers',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** Staff's tags (free words, for filters and e-paper audiences). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Staff's note (`meta.note`). */
    note: text('note').notNull().default(''),
    source: text('source').$type<ReaderSource>().notNull().default('signup'),
    epaperOptIn: boolean('epaper_opt_in').notNull().default(true),
    bouncedAt: ts('bounced_at'),
    /** The interface language the reader signed up in (content language id), for mail. */
    langId: smallint('lang_id').notNull().default(1),
    lastSeenAt: ts('last_seen_at'),
    /**
     * The member's plan and status as the list's filter keys, `plan:<id>` and `status:<paid|lapsed|free>` (issue
     * 31): kept from reader_subscriptions by triggers (migration 0028, status.ts's rules), so that the filters, the
     * tags' among them, meet in the indexes of this one table.
     */
    standing: text('standing').array().notNull().default(sql`'{status:free}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('readers_site_email_uq').on(t.siteId, t.email),
    index('readers_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
    index('readers_tags_idx').using('gin', t.tags),
    index('readers_standing_idx').using('gin', t.standing),
    // The members' keyword (server/http/keyword.ts) from two characters up, CJK names included. No pg_trgm index
    // beside them (issue 31): the planner ANDed it in, reading the trigrams every address shares ("mem", "emb"…).
    index('readers_name_grams').using('gin', sql`search_grams(${t.name})`),
    index('readers_email_grams').using('gin', sql`search_grams(${t.email})`),
  ],
);

/** A reader's signed-in session on the site's host: the SHA-256 of the cookie's token, never the token. */
export const readerSessions = pgTable(
  'reader_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    siteId: siteIdColumn(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reader_sessions_reader_idx').on(t.readerId),
    index('reader_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A sign-in (or sign-up) by mail: a 6-digit code and a magic link for one address of one site, both stored hashed;
 * used once, within their life, with a bounded number of wrong codes.
 */
export const readerSignins = pgTable(
  'reader_signins',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    email: text('email').notNull(),
    /** The name given when signing up (kept for the reader made when the code is confirmed). */
    name: text('name').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    linkHash: text('link_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reader_signins_site_email_idx').on(t.siteId, t.email, t.createdAt.desc()),
    uniqueIndex('reader_signins_link_uq').on(t.linkHash),
  ],
);

/** Followers of a site (`subscribers list`): an address that follows it, with where it came from. */
export const followers = pgTable(
  'followers',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    email: text('email').notNull(),
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    /** Where the follow came from: the page's path, or 'account', 'import'. */
    source: text('source').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('followers_site_email_uq').on(t.siteId, t.email),
    index('followers_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const CUSTOMER_STATUS = { NEW: 1, READ: 2 } as const;

/** A message sent with the site's contact form (SPEC §3 Customer request): status 1 new, 2 read. */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: smallint('status').notNull().default(1),
    readAt: ts('read_at'),
    readBy: integer('read_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('customer_messages_site_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
    index('customer_messages_new_idx').on(t.siteId).where(sql`${t.status} = 1`),
  ],
);

/**
 * A reader subscription plan (SPEC §3): per content language; price in whole TWD a period of `freq` months;
 * `func` the feature lines of its card; status 0 off, 1 on (offered).
 */
export const readerPlans = pgTable(
  'reader_plans',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    langId: smallint('lang_id').notNull().default(1),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    /** Rich text (sanitised HTML). */
    content: text('content').notNull().default(''),
    cover: text('cover').notNull().default(''),
    func: jsonb('func').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Months a period lasts. */
    freq: smallint('freq').notNull().default(1),
    status: smallint('status').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('reader_plans_site_idx').on(t.siteId, t.langId)],
);

/**
 * A reader's subscription to one of the site's plans: one per reader. Paid through the site-plan gateway; renewed by
 * the reader renewal job at `next_attempt_at`; a failed renewal is `past_due` (grace) and then `lapsed`.
 */
export const readerSubscriptions = pgTable(
  'reader_subscriptions',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => readerPlans.id),
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    renewAttempts: smallint('renew_attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** The reader's card kept by the gateway (key and token only), for renewals. */
    card: jsonb('card').$type<CardOnFile>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reader_subscriptions_reader_uq').on(t.readerId),
    index('reader_subscriptions_site_idx').on(t.siteId, t.status),
    // The members list's plan filter.
    index('reader_subscriptions_plan_idx').on(t.planId, t.status),
    index('reader_subscriptions_due_idx').on(t.nextAttemptAt),
  ],
);

/** One charge of a reader's plan; `order_number` ours (prefix R) and unique, `rec_trade_id` the gateway's. */
export const readerPayments = pgTable(
  'reader_payments',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => readerPlans.id),
    orderNumber: text('order_number').notNull(),
    /** `card`: a new card on file (reader/subscription/card), verifying it or paying a past_due renewal. */
    kind: text('kind').$type<'first' | 'renewal' | 'card'>().notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    recTradeId: text('rec_trade_id'),
    card: jsonb('card').$type<CardOnFile>(),
    /**
     * A renewal's `renewal:<period end ISO>:<attempt>`, unique per reader; null for the first payment. A card change
     * recovering a past_due subscription holds it while open and gives it back (`card:<order number>`) when it fails.
     */
    purpose: text('purpose'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    /** A card change's verification charge given back: set once, before the gateway's refund call. */
    refundedAt: ts('refunded_at'),
  },
  (t) => [
    uniqueIndex('reader_payments_order_uq').on(t.orderNumber),
    uniqueIndex('reader_payments_purpose_uq').on(t.readerId, t.purpose),
    uniqueIndex('reader_payments_open_uq')
      .on(t.readerId)
      .where(sql`${t.status} = 'pending' AND ${t.purpose} IS NULL`),
    index('reader_payments_reader_idx').on(t.readerId, t.createdAt),
    index('reader_payments_site_idx').on(t.siteId, t.createdAt),
  ],
);
