/**
 * Each reader's delivery of an e-paper send (the sends are in content/schema.ts).
 */
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, ts } from '../../db/columns';
import { epaperSends } from '../content/schema';
import { readers } from '../readers/schema';
import { siteIdColumn } from '../tenancy/schema';

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One recipient of one e-paper sending: claimed with a lease, sent, retried, or failed for good. */
export const epaperDeliveries = pgTable(
  'epaper_deliveries',
  {
    id: idColumn(),
    sendId: integer('send_id')
      .notNull()
      .references(() => epaperSends.id, { onDelete: 'cascade' }),
    siteId: siteIdColumn(),
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** While `sending`: until when the claiming instance holds it; `pending`: not before this. */
    leaseUntil: ts('lease_until'),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('epaper_deliveries_send_email_uq').on(t.sendId, t.email),
    index('epaper_deliveries_work_idx').on(t.sendId, t.status, t.leaseUntil),
    index('epaper_deliveries_reader_idx').on(t.readerId),
  ],
);
