/**
 * The site plan's member limit (SPEC §9: 500, 1,000, 2,999, 9,999; the plans table's `members`), checked wherever
 * members are added: a reader's sign-up, staff adding one, a CSV import (which counts all its new rows at once). A
 * site without a plan has none to spare. The count is taken holding the site's row (tenancy/lock.ts) in the
 * transaction that then inserts, so two additions at the very last seat never both pass.
 */
import { count, eq } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { sitePlan } from '../tenancy/catalogue';
import { lockSite } from '../tenancy/lock';
import { readers } from './schema';

export async function memberCount(db: Db, siteId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(readers).where(eq(readers.siteId, siteId));
  return Number(row.n);
}

/** The site's member limit and use. */
export async function memberRoom(db: Db, siteId: number): Promise<{ used: number; limit: number }> {
  const [plan, used] = await Promise.all([sitePlan(db, siteId), memberCount(db, siteId)]);
  return { used, limit: plan?.members ?? 0 };
}

/**
 * Refuses (MEMBER_LIMIT, with the limit in the message's values) adding `adding` members beyond the plan's. `tx` is
 * the transaction that then inserts them: the site's row stays held until it ends.
 */
export async function assertMemberRoom(tx: Db, siteId: number, adding = 1): Promise<void> {
  await lockSite(tx, siteId);
  const { used, limit } = await memberRoom(tx, siteId);
  if (used + adding > limit)
    throw new AppError(Code.MEMBER_LIMIT, undefined, { limit, used, adding }, { limit });
}
