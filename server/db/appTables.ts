/**
 * The installation's own tables, which no module owns: its key/values (the signing secret), the bot check's spent
 * solutions (adapters/captcha.ts), the mail outbox (jobs/mail.ts) and the clients' budgets (shared/sharedBudget.ts).
 */
import { bigint, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ts } from './columns';

/** Key/value facts of the installation itself, e.g. the shared signing secret. */
export const appKv = pgTable('app_kv', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Mail waiting to go out (server/jobs/mail.ts): a call queues its mail here and answers; the mail job sends it and
 * deletes the row, or tries again at `next_at` (also the lease of a row being sent).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_next_idx').on(t.nextAt)],
);

/** Bot-challenge solutions already spent, so one solved challenge serves one call. */
export const captchaSpent = pgTable('captcha_spent', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * Token buckets shared by every instance (shared/sharedBudget.ts, issue 32): a client's analytics events, a user's
 * discount-code look-ups. UNLOGGED (the migration): a crash forgets them, which only hands out full buckets again.
 */
export const clientBudgets = pgTable(
  'client_budgets',
  {
    /** `<budget>:<client key>` */
    key: text('key').primaryKey(),
    tokens: doublePrecision('tokens').notNull(),
    /** ms since the epoch of the last take. */
    at: bigint('at', { mode: 'number' }).notNull(),
    /** What the last take granted (for its RETURNING). */
    granted: integer('granted').notNull(),
  },
  (t) => [index('client_budgets_at_idx').on(t.at)],
);
