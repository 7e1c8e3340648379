/**
 * Reader plans' texts and the gateway notifications of readers' payments (plans, subscriptions and payments are in
 * readers/schema.ts).
 */
import { integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, ts, updatedAt } from '../../db/columns';
import { readerPayments } from '../readers/schema';
import { siteIdColumn } from '../tenancy/schema';

/** The text shown to non-paying readers at the paid section (`save_content`), one per site and language. */
export const readerPlanTexts = pgTable(
  'reader_plan_texts',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    langId: smallint('lang_id').notNull().default(1),
    /** Rich text (sanitised HTML). */
    content: text('content').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reader_plan_texts_site_lang_uq').on(t.siteId, t.langId)],
);

/** Reader-payment notifications already handled (event ids are the gateway's), so a repeated one does nothing. */
export const readerPaymentEvents = pgTable(
  'reader_payment_events',
  {
    id: idColumn(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => readerPayments.id, { onDelete: 'cascade' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reader_payment_events_event_uq').on(t.eventId)],
);
