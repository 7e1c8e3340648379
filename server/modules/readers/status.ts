/**
 * A member's standing with the site's reader plans, the one place it is decided (members list, paywall, e-paper
 * audience): `paid` while their subscription is active or in its grace period (past_due), `lapsed` once it lapsed or
 * was cancelled and its period ended, else `free` (none, or a first payment still pending).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MemberStatus } from '../../../contract/memberConstants';
import type { Db } from '../../db/client';
import { readerSubscriptions } from './schema';

/** Subscription statuses that open the paid section. */
export const PAYING = ['active', 'past_due'] as const;
/** Subscription statuses of a former paying member. */
export const LAPSED = ['lapsed', 'cancelled'] as const;

/**
 * The SQL of a member's status, over a LEFT JOIN of reader_subscriptions on the reader (a missing row is free).
 * The same rules keep readers.standing (migration 0028's reader_standing, for the list's filters): change both.
 */
export const memberStatusSql = sql<MemberStatus>`case
  when ${readerSubscriptions.status} in ('active', 'past_due') then 'paid'
  when ${readerSubscriptions.status} in ('lapsed', 'cancelled') then 'lapsed'
  else 'free' end`;

/** Whether a reader may read the paid section now. */
export async function readerIsPaying(db: Db, readerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: readerSubscriptions.id })
    .from(readerSubscriptions)
    .where(and(eq(readerSubscriptions.readerId, readerId), inArray(readerSubscriptions.status, [...PAYING])));
  return Boolean(row);
}
