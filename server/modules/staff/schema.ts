/**
 * Staff invitations.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns';
import { roles, siteIdColumn, users } from '../tenancy/schema';

/** Staff invitations: the mailed link carries a random token, the table its SHA-256. One use, then `usedAt`. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    siteId: siteIdColumn(),
    email: text('email').notNull(),
    nickname: text('nickname').notNull().default(''),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_site_idx').on(t.siteId, t.email)],
);
