/**
 * Staff replies to customer messages (the messages are in readers/schema.ts).
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns';
import { customerMessages } from '../readers/schema';
import { siteIdColumn, users } from '../tenancy/schema';

/** The thread of a customer message: staff's replies, mailed to the sender. */
export const customerReplies = pgTable(
  'customer_replies',
  {
    id: idColumn(),
    messageId: integer('message_id')
      .notNull()
      .references(() => customerMessages.id, { onDelete: 'cascade' }),
    siteId: siteIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_replies_message_idx').on(t.messageId, t.createdAt)],
);
