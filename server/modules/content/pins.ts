/** Pinning to the top of a list, and the order of the pinned items (pin_order ascending). */
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { STATUS } from '../../../contract/contentConstants';
import { notFound } from '../../http/errors';
import { bumpRender } from '../tenancy/invalidate';
import { contents } from './schema';
import { type Scope, visibleTo } from './scope';

/** The place after the last pinned item of the site and type. */
export const nextPinOrder = (s: Scope): SQL<number> =>
  sql`(SELECT coalesce(max(p.pin_order), 0) + 1 FROM ${contents} p
       WHERE p.site_id = ${s.siteId} AND p.type = ${s.type} AND p.to_top)`;

/** The columns to set for pinning (last place, or the place it has) or unpinning; nothing when `pin` is undefined. */
export function pinColumns(s: Scope, pin: boolean | undefined) {
  if (pin === undefined) return {};
  if (!pin) return { toTop: false, pinOrder: 0 };
  return {
    toTop: true,
    pinOrder: sql<number>`CASE WHEN ${contents.toTop} THEN ${contents.pinOrder} ELSE ${nextPinOrder(s)} END`,
  };
}

/** Pinning arranges the list; it is not an edit, so updated_at stays. */
export async function setPinned(s: Scope, id: number, pin: boolean) {
  const [row] = await s.deps.db
    .update(contents)
    .set(pinColumns(s, pin))
    .where(
      and(
        eq(contents.siteId, s.siteId),
        eq(contents.id, id),
        ne(contents.status, STATUS.DELETED),
        visibleTo(s),
      ),
    )
    .returning({ id: contents.id, to_top: contents.toTop, pin_order: contents.pinOrder });
  if (!row) throw notFound();
  await bumpRender(s.deps.db, s.siteId);
  return row;
}

/**
 * Numbers the given items 1, 2, 3 … in the order given; any id that is not a live item of the site and type is 404.
 * It arranges the whole list, so its caller sees every item (`reorder` needs post.view_all); the ids are still looked
 * up within the caller's sight, as everywhere.
 */
export async function sortPinned(s: Scope, ids: number[]) {
  const order = [...new Set(ids)];
  const scope = and(
    eq(contents.siteId, s.siteId),
    eq(contents.type, s.type),
    ne(contents.status, STATUS.DELETED),
    inArray(contents.id, order),
    visibleTo(s),
  );
  return s.deps.db.transaction(async (tx) => {
    const found = await tx.select({ id: contents.id }).from(contents).where(scope).for('update');
    if (found.length !== order.length) throw notFound();
    const position = sql.join(
      order.map((id, i) => sql`WHEN ${id} THEN ${i + 1}::int`),
      sql` `,
    );
    const rows = await tx
      .update(contents)
      .set({ pinOrder: sql`CASE ${contents.id} ${position} END` })
      .where(scope)
      .returning({ id: contents.id, pin_order: contents.pinOrder });
    await bumpRender(tx, s.siteId);
    return rows.sort((a, b) => a.pin_order - b.pin_order);
  });
}
