/**
 * A page's place in the page tree (page_nodes, modules/pages/) when its content rows go: kept here, below the pages
 * module, because deleting an item (publish.ts) moves a deleted page's children up.
 */
import { and, asc, eq, isNull, max, ne } from 'drizzle-orm';
import { CONTENT_TYPE, STATUS } from '../../../contract/contentConstants';
import type { Db } from '../../db/client';
import { lockSite } from '../tenancy/lock';
import { contents, pageNodes } from './schema';

/** A live (not deleted) row of a page. */
export const isPage = and(eq(contents.type, CONTENT_TYPE.page), ne(contents.status, STATUS.DELETED));

/**
 * After a page row is deleted: when no live row of its page is left, its children move up to its parent (or the
 * top level), after that level's pages in their own order, and its node goes. One transaction holding the site's
 * row, like every change of the tree.
 */
export function pageRowDeleted(db: Db, siteId: number, uuid: string): Promise<void> {
  return db.transaction(async (handle) => {
    const tx = handle as unknown as Db;
    await lockSite(tx, siteId);
    const [live] = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.siteId, siteId), eq(contents.uuid, uuid), isPage))
      .limit(1);
    if (live) return;
    const [node] = await tx
      .select()
      .from(pageNodes)
      .where(and(eq(pageNodes.siteId, siteId), eq(pageNodes.uuid, uuid)));
    if (!node) return;
    const level = (parent: string | null) =>
      and(
        eq(pageNodes.siteId, siteId),
        parent ? eq(pageNodes.parentUuid, parent) : isNull(pageNodes.parentUuid),
      );
    const [last] = await tx
      .select({ sort: max(pageNodes.sort) })
      .from(pageNodes)
      .where(and(level(node.parentUuid), ne(pageNodes.uuid, uuid)));
    const moved = await tx
      .select({ uuid: pageNodes.uuid })
      .from(pageNodes)
      .where(level(uuid))
      .orderBy(asc(pageNodes.sort), asc(pageNodes.uuid));
    const after = (last?.sort ?? -1) + 1;
    for (const [i, child] of moved.entries())
      await tx
        .update(pageNodes)
        .set({ parentUuid: node.parentUuid, sort: after + i, updatedAt: new Date() })
        .where(and(eq(pageNodes.siteId, siteId), eq(pageNodes.uuid, child.uuid)));
    await tx
      .update(pageNodes)
      .set({ firstTab: null })
      .where(and(eq(pageNodes.siteId, siteId), eq(pageNodes.firstTab, uuid)));
    await tx.delete(pageNodes).where(and(eq(pageNodes.siteId, siteId), eq(pageNodes.uuid, uuid)));
  });
}
