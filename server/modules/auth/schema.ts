/**
 * Accounts' passwords, codes and sessions, and the support entries a session may work under (sessions.support_entry_id).
 */
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ts } from '../../db/columns';
import { siteIdColumn, sites, users } from '../tenancy/schema';

/** Earlier password hashes, so a change cannot go back to one of them (2007). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId)],
);

/** Server-side sessions; the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** An operator's support entry this session works under (issue 17): the site it opens, until the entry expires. */
    supportEntryId: integer('support_entry_id').references((): AnyPgColumn => supportEntries.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** E-mail verifications by 6-digit code: registration and e-mail changes. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    /** The account that asked for an e-mail change; null for a registration. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    verifiedAt: ts('verified_at'),
    usedAt: ts('used_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('verifications_email_idx').on(t.email, t.purpose)],
);

/** Sign-in attempts per account, for the lock after repeated failures (2006). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: idColumn(),
    account: text('account').notNull(),
    ip: text('ip').notNull().default(''),
    success: boolean('success').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_account_idx').on(t.account, t.at)],
);

/** One-time tokens sent out or handed back: password reset links, sign-in tickets (hashed). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Platform operators' entries into a site for support (issue 17), the audit log its owner sees: who, when, why.
 * The token is kept as its hash; it is used once (`joined_at`) before `expires_at`, and the support session it opens
 * ends then too.
 */
export const supportEntries = pgTable(
  'support_entries',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written when the entry was made, so the log still names a deleted operator. */
    operatorEmail: text('operator_email').notNull(),
    reason: text('reason').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    joinedAt: ts('joined_at'),
  },
  (t) => [
    uniqueIndex('support_entries_token_uq').on(t.tokenHash),
    index('support_entries_site_idx').on(t.siteId, t.createdAt),
  ],
);
