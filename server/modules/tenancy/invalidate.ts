/**
 * The public pages' cache follows `sites.render_version`: every change readers would see bumps it, and every
 * instance then renders afresh (the version is part of the cache key, read with the site on each request).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sites } from './schema';

/** Marks the site's rendered pages stale, on every instance. Call it in the transaction of the change. */
export async function bumpRender(db: Pick<Db, 'update'>, siteId: number): Promise<void> {
  await db.update(sites).set(NEXT_RENDER).where(eq(sites.id, siteId));
}

/**
 * Spread into a `sites` update that readers would see, e.g. a plan switch (the shop's pages and the header's cart
 * link come and go with the plan's features).
 */
export const NEXT_RENDER = { renderVersion: sql`${sites.renderVersion} + 1` };
