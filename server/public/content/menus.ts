/**
 * The site's main and secondary menus as templates get them: nested (parents with their children), named in the
 * page's language (else the first name given), links as saved ('/#' stays), `external` for another host's address,
 * `active` where the link's path is the page's.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { buildMenuTree, MENU, menuItemName } from '../../../contract/menus';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../http/prepared';
import { menuItems } from '../../modules/menus/schema';
import { safeUrl } from '../../shared/html';
import type { MenuItemObject } from '../../workers/objects';

type Row = typeof menuItems.$inferSelect;

/** A path without its trailing slashes ('/' stays '/'); a loop, not a pattern, whatever the path's length. */
function trimSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return path.slice(0, end) || '/';
}

/** Where a site path's query or fragment starts. */
const cut = (link: string) => {
  const at = [link.indexOf('?'), link.indexOf('#')].filter((i) => i >= 0);
  return at.length ? Math.min(...at) : link.length;
};

/** The link's path on this site ('' for a placeholder '/#' or another host's address). */
function ownPath(link: string, base: string): string {
  if (link.startsWith('/#')) return '';
  if (link.startsWith('/')) return link.slice(0, cut(link));
  try {
    const url = new URL(link);
    return url.origin === new URL(base).origin ? url.pathname : '';
  } catch {
    return '';
  }
}

function isExternal(link: string, base: string): boolean {
  if (link.startsWith('/')) return false;
  try {
    return new URL(link).host !== new URL(base).host;
  } catch {
    return false;
  }
}

/** The site's menu items, built once (every public page reads them; see labels.ts). */
const menuRows = preparedPerDb((db) =>
  db
    .select()
    .from(menuItems)
    .where(eq(menuItems.siteId, sql.placeholder('site')))
    .orderBy(asc(menuItems.sort), asc(menuItems.id))
    .prepare(''),
);

export async function menuObjects(
  db: Db,
  siteId: number,
  langId: number,
  base: string,
  path: string,
): Promise<{ main: MenuItemObject[]; secondary: MenuItemObject[] }> {
  const rows = await menuRows(db).execute({ site: siteId });
  const here = trimSlashes(path);
  const item = (r: Row & { children?: Row[] }): MenuItemObject => {
    const url = safeUrl(r.link) || '/#';
    const own = ownPath(url, base);
    return {
      title: menuItemName({ lang: r.langs }, langId),
      url,
      external: isExternal(url, base),
      active: own !== '' && trimSlashes(own) === here,
      children: (r.children ?? []).map((c) => item(c)),
    };
  };
  const tree = (menuId: number) =>
    buildMenuTree(
      rows.filter((r) => r.menuId === menuId).map((r) => Object.assign(r, { parent_id: r.parentId })),
    ).map((r) => item(r));
  return { main: tree(MENU.MAIN), secondary: tree(MENU.SECONDARY) };
}
