/**
 * Navigation menus: each site's main (1) and secondary (2) menu as trees. A save replaces one menu's tree in one
 * transaction: items keep their ids, new ones get ids, missing ones are deleted — only among this site's items of
 * that menu (any other id is unknown: 404). System items (the home link) stay, with their type and link.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  buildMenuTree,
  flattenMenuTree,
  MENU_IDS,
  MENU_NEW_DAYS,
  type MenuId,
  type MenuItem,
  type MenuItemSaved,
  type Menus,
  type MenuType,
} from '../../../contract/menus';
import { BADGE } from '../../../contract/sites';
import type { Db } from '../../db/client';
import { FieldError, notFound } from '../../http/errors';
import { bumpRender } from '../tenancy/invalidate';
import { lockSite } from '../tenancy/lock';
import { awardBadge } from '../tenancy/sites';
import { menuItems } from './schema';

type Row = typeof menuItems.$inferSelect;

const DAY_MS = 24 * 3600 * 1000;

function toTree(rows: Row[], now: number): MenuItem[] {
  const since = now - MENU_NEW_DAYS * DAY_MS;
  const item = (r: Row): Omit<MenuItem, 'children'> => ({
    id: r.id,
    type: r.type as MenuType,
    lang: r.langs,
    link: r.link,
    parent_id: r.parentId,
    sort: r.sort,
    // The home link comes with the site: it is never news.
    is_new: !r.isSystem && r.createdAt.getTime() > since,
    is_system: r.isSystem,
  });
  return buildMenuTree(rows.map(item)).map((i) => ({
    ...i,
    children: i.children.map((c) => ({ ...c, children: [] })),
  }));
}

const rowsOf = (db: Db, siteId: number, menuId?: MenuId) =>
  db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.siteId, siteId), menuId ? eq(menuItems.menuId, menuId) : undefined))
    .orderBy(asc(menuItems.sort), asc(menuItems.id));

export async function getMenus(db: Db, siteId: number, now: number): Promise<Menus> {
  const rows = await rowsOf(db, siteId);
  const menus = {} as Menus;
  for (const id of MENU_IDS)
    menus[id] = toTree(
      rows.filter((r) => r.menuId === id),
      now,
    );
  return menus;
}

export async function saveMenu(
  db: Db,
  siteId: number,
  menuId: MenuId,
  items: MenuItemSaved[],
  now: number,
): Promise<MenuItem[]> {
  await db.transaction(async (tx) => {
    // One save of a site's menus at a time, so that two editors' saves cannot interleave.
    await lockSite(tx, siteId);
    const existing = new Map((await rowsOf(tx, siteId, menuId)).map((r) => [r.id, r]));
    const flat = flattenMenuTree(items);
    const at = (path: (string | number)[], field: string) => ['menu', 'items', ...path, field].join('.');

    const fixed: FieldError['fields'] = {};
    for (const { item, path } of flat) {
      if (!item.id) continue;
      const old = existing.get(item.id);
      if (!old) throw notFound();
      if (old.isSystem && item.type !== old.type)
        fixed[at(path, 'type')] = { message: 'menus.errors.systemFixed' };
      if (old.isSystem && item.link !== old.link)
        fixed[at(path, 'link')] = { message: 'menus.errors.systemFixed' };
    }
    if (Object.keys(fixed).length) throw new FieldError(fixed);
    const kept = new Set(flat.map(({ item }) => item.id));
    const removed = [...existing.values()].filter((r) => !kept.has(r.id));
    if (removed.some((r) => r.isSystem))
      throw new FieldError({ 'menu.items': { message: 'menus.errors.systemRemoved' } });

    const stamp = new Date(now);
    const storedId = new Map<object, number>();
    // Parents come before their children, so a new child's parent already has its id.
    for (const { item, parent, sort } of flat) {
      const values = {
        parentId: parent ? (storedId.get(parent) as number) : null,
        sort,
        type: item.type,
        langs: item.lang,
        link: item.link,
        updatedAt: stamp,
      };
      if (item.id) {
        await tx
          .update(menuItems)
          .set(values)
          .where(and(eq(menuItems.siteId, siteId), eq(menuItems.id, item.id)));
        storedId.set(item, item.id);
      } else {
        const [row] = await tx
          .insert(menuItems)
          .values({ siteId, menuId, ...values, createdAt: stamp })
          .returning({ id: menuItems.id });
        storedId.set(item, row.id);
      }
    }
    // Last, so that children moved out of a removed parent are not taken with it.
    if (removed.length)
      await tx.delete(menuItems).where(
        and(
          eq(menuItems.siteId, siteId),
          eq(menuItems.menuId, menuId),
          inArray(
            menuItems.id,
            removed.map((r) => r.id),
          ),
        ),
      );
    await awardBadge(tx, siteId, BADGE.MENU);
    await bumpRender(tx, siteId);
  });
  return toTree(await rowsOf(db, siteId, menuId), now);
}
