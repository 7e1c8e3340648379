/**
 * The menu a site starts with: a system 首頁 link to '/' at the top of the main menu, named in the interface
 * languages. Kept apart from service.ts so that creating a site does not import the menu actions.
 */
import type { Locale } from '../../../contract/constants';
import { MENU, MENU_TYPE } from '../../../contract/menus';
import type { Db } from '../../db/client';
import { t } from '../../i18n';
import { menuItems } from './schema';

/** Content language id of each interface language that has one. */
const LANG_OF: Record<Locale, number> = { 'zh-TW': 1, en: 3, ja: 4 };

const namesOf = (key: string, args?: Record<string, unknown>) =>
  (Object.keys(LANG_OF) as Locale[]).map((locale) => ({
    lang_id: LANG_OF[locale],
    name: t(locale, key, args),
  }));

/** Gives a new site its home link (inside the caller's transaction). */
export async function createDefaultMenu(db: Db, siteId: number): Promise<void> {
  await db.insert(menuItems).values({
    siteId,
    menuId: MENU.MAIN,
    type: MENU_TYPE.LINK,
    langs: namesOf('menus.seed.home'),
    link: '/',
    sort: 0,
    isSystem: true,
  });
}

/** The demo site's main menu after its home link: a 分類 parent holding the first categories. */
export async function seedDemoMenu(
  db: Db,
  siteId: number,
  categories: readonly { id: number; name: string }[],
): Promise<void> {
  const [parent] = await db
    .insert(menuItems)
    .values({
      siteId,
      menuId: MENU.MAIN,
      type: MENU_TYPE.PARENT,
      langs: namesOf('menus.seed.categories'),
      link: '/#',
      sort: 1,
    })
    .returning({ id: menuItems.id });
  if (!categories.length) return;
  await db.insert(menuItems).values(
    categories.map((c, sort) => ({
      siteId,
      menuId: MENU.MAIN,
      parentId: parent.id,
      type: MENU_TYPE.LINK,
      langs: [{ lang_id: 1, name: c.name }],
      link: `/category/${c.id}`,
      sort,
    })),
  );
}
