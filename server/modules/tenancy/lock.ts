import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sites } from './schema';

/**
 * Holds the site's row until the caller's transaction ends (`tx` a transaction's handle), so that additions counted
 * against a plan limit (members, uploads) are counted and made one at a time: two at the last free place cannot
 * both pass.
 */
export async function lockSite(tx: Db, siteId: number): Promise<void> {
  await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('update');
}
