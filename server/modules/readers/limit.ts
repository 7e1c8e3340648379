/**
 * The site plan's member limit (SPEC §9: 500, 1,000, 2,999, 9,999; the plans table's `members`), checked wherever
 * members are added: a reader's sign-up, staff adding one, a CSV import (which counts all its new rows at once). A
 * site without a plan has none to spare. The count and the insert are not one statement: two sign-ups at the very
 * last seat may both pass, which overshoots by at most the requests in flight (a limit of the plan, not a payment).
 */
import { count, eq } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { readers } from '../../db/schema';
import { AppError } from '../../http/errors';
import { sitePlan } from '../plans/catalogue';

export async function memberCount(db: Db, siteId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(readers).where(eq(readers.siteId, siteId));
  return Number(row.n);
}

/** The site's member limit and use. */
export async function memberRoom(db: Db, siteId: number): Promise<{ used: number; limit: number }> {
  const [plan, used] = await Promise.all([sitePlan(db, siteId), memberCount(db, siteId)]);
  return { used, limit: plan?.members ?? 0 };
}

/** Refuses (MEMBER_LIMIT, with the limit in the message's values) adding `adding` members beyond the plan's. */
export async function assertMemberRoom(db: Db, siteId: number, adding = 1): Promise<void> {
  const { used, limit } = await memberRoom(db, siteId);
  if (used + adding > limit)
    throw new AppError(Code.MEMBER_LIMIT, undefined, { limit, used, adding }, { limit });
}
