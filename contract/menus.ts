/**
 * Navigation menus (SPEC §3 Menu, §9): two per site, 1 main and 2 secondary. An item is a link (type 1) or a parent
 * (type 2) whose children are links: one level of nesting. A name per content language, stored as typed (empty is
 * shown as '(unnamed)' in the interface language); the link defaults to '/#', is lowercased and must pass the SPEC §5
 * link rule. `menu/save` takes one menu's whole tree: the position of an item is its order.
 */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { LangId } from './content';
import { bounded, f, ruled } from './fields';
import { rules } from './validation';

export const MENU = { MAIN: 1, SECONDARY: 2 } as const;
export const MENU_IDS = [MENU.MAIN, MENU.SECONDARY] as const;
export type MenuId = (typeof MENU_IDS)[number];

export const MENU_TYPE = { LINK: 1, PARENT: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];

export const MENU_DEFAULT_LINK = '/#';
export const MENU_LINK_MAX = 2000;
/** Items of one menu, children included. */
export const MENU_ITEMS_MAX = 100;
/** An item is 'new' (chip in the editor) for this many days after it was created. */
export const MENU_NEW_DAYS = 7;

export const MenuItemLang = z.object({ lang_id: z.number(), name: z.string() });
export type MenuItemLang = z.infer<typeof MenuItemLang>;

export const MenuItem = z.object({
  id: z.number(),
  type: z.union([z.literal(MENU_TYPE.LINK), z.literal(MENU_TYPE.PARENT)]),
  lang: z.array(MenuItemLang),
  link: z.string(),
  parent_id: z.number().nullable(),
  /** Position among its siblings, from 0. */
  sort: z.number(),
  is_new: z.boolean(),
  /** Seeded items (the home link) that cannot be deleted; their type and link stay as seeded. */
  is_system: z.boolean(),
  get children(): z.ZodArray<typeof MenuItem> {
    return z.array(MenuItem);
  },
});
export type MenuItem = z.infer<typeof MenuItem>;

/** `menu/get`: each menu's tree, keyed by menu id. */
export const Menus = z.object({ [MENU.MAIN]: z.array(MenuItem), [MENU.SECONDARY]: z.array(MenuItem) });
export type Menus = z.infer<typeof Menus>;

export const MenuIdInput = z.union([z.literal(MENU.MAIN), z.literal(MENU.SECONDARY)]);

const MenuLang = z.strictObject({ lang_id: LangId, name: f.text(NAME_MAX) });

/** Lowercased, '/#' when empty, then the link rule. */
export const MenuLink = ruled(bounded(MENU_LINK_MAX, { lower: true }), (v) =>
  rules.link(v || MENU_DEFAULT_LINK),
).transform((v) => v || MENU_DEFAULT_LINK);

const itemFields = {
  /** 0 (or absent) adds an item; otherwise an item of this menu. */
  id: f.uint().default(0),
  lang: z
    .array(MenuLang)
    .max(5)
    .default([])
    .superRefine((langs, ctx) => {
      const seen = new Set<number>();
      langs.forEach((l, i) => {
        if (seen.has(l.lang_id))
          ctx.addIssue({ code: 'custom', path: [i, 'lang_id'], message: 'validation.duplicate' });
        seen.add(l.lang_id);
      });
    }),
  link: MenuLink.default(MENU_DEFAULT_LINK),
};

/** A child: always a link. */
const MenuChildInput = z.strictObject({
  ...itemFields,
  type: z.literal(MENU_TYPE.LINK).default(MENU_TYPE.LINK),
});

const MenuItemInput = z
  .strictObject({
    ...itemFields,
    type: z.union([z.literal(MENU_TYPE.LINK), z.literal(MENU_TYPE.PARENT)]).default(MENU_TYPE.LINK),
    children: z.array(MenuChildInput).max(MENU_ITEMS_MAX).default([]),
  })
  .superRefine((item, ctx) => {
    if (item.type === MENU_TYPE.LINK && item.children.length)
      ctx.addIssue({ code: 'custom', path: ['children'], message: 'menus.errors.linkChildren' });
  });

export type MenuItemInput = z.input<typeof MenuItemInput>;
export type MenuItemSaved = z.output<typeof MenuItemInput>;

/** `menu/save`: one menu, its whole tree in order. */
export const MenuSave = z.strictObject({
  menu: z.strictObject({
    id: MenuIdInput,
    items: z
      .array(MenuItemInput)
      .max(MENU_ITEMS_MAX)
      .superRefine((items, ctx) => {
        const total = items.reduce((n, i) => n + 1 + i.children.length, 0);
        if (total > MENU_ITEMS_MAX)
          ctx.addIssue({
            code: 'custom',
            path: [],
            message: 'menus.errors.tooMany',
            params: { n: MENU_ITEMS_MAX },
          });
        const seen = new Set<number>();
        items.forEach((item, i) => {
          const paths: [number, (string | number)[]][] = [
            [item.id, [i, 'id']],
            ...item.children.map((c, j): [number, (string | number)[]] => [c.id, [i, 'children', j, 'id']]),
          ];
          for (const [id, path] of paths) {
            if (id === 0) continue;
            if (seen.has(id)) ctx.addIssue({ code: 'custom', path, message: 'validation.duplicate' });
            seen.add(id);
          }
        });
      }),
  }),
});
export type MenuSave = z.input<typeof MenuSave>;

/** A stored row, as the tree functions see it. */
export interface MenuRow {
  id: number;
  parent_id: number | null;
  sort: number;
}

/**
 * Rows into a tree: children under their parent, each level by `sort` then id. A row whose parent is missing stays at
 * the top rather than being lost.
 */
export function buildMenuTree<T extends MenuRow>(rows: readonly T[]): (T & { children: T[] })[] {
  const bySort = (a: MenuRow, b: MenuRow) => a.sort - b.sort || a.id - b.id;
  const ids = new Set(rows.map((r) => r.id));
  const kids = new Map<number, T[]>();
  for (const r of rows) {
    if (r.parent_id !== null && ids.has(r.parent_id) && r.parent_id !== r.id)
      kids.set(r.parent_id, [...(kids.get(r.parent_id) ?? []), r]);
  }
  return rows
    .filter((r) => r.parent_id === null || !ids.has(r.parent_id) || r.parent_id === r.id)
    .sort(bySort)
    .map((r) => ({ ...r, children: (kids.get(r.id) ?? []).sort(bySort) }));
}

/**
 * A tree into rows in order (parents before their children), each with its position among its siblings, its parent,
 * and its path in the tree (`[i]` or `[i, 'children', j]`, as field errors name it).
 */
export function flattenMenuTree<P extends { children: readonly unknown[] }>(
  tree: readonly P[],
): (
  | { item: P; parent: null; sort: number; path: (string | number)[] }
  | { item: P['children'][number]; parent: P; sort: number; path: (string | number)[] }
)[] {
  return tree.flatMap((item, sort) => [
    { item, parent: null, sort, path: [sort] },
    ...item.children.map((child, i) => ({ item: child, parent: item, sort: i, path: [sort, 'children', i] })),
  ]);
}

/** The tree with `sort` and `parent_id` made to match each item's place. */
export function normaliseMenuSort<T extends MenuRow & { children: T[] }>(tree: readonly T[]): T[] {
  return tree.map((item, sort) => ({
    ...item,
    sort,
    parent_id: null,
    children: item.children.map((child, i) => ({ ...child, sort: i, parent_id: item.id, children: [] })),
  }));
}

/** What `menu/save` takes for a tree held by the editor: only the fields it accepts; ids ≤ 0 are new items. */
export function toMenuSaveItems(
  tree: readonly Pick<MenuItem, 'id' | 'type' | 'lang' | 'link' | 'children'>[],
): MenuItemInput[] {
  const fields = (i: Pick<MenuItem, 'id' | 'lang' | 'link'>) => ({
    id: i.id > 0 ? i.id : 0,
    lang: i.lang.map((l) => ({ lang_id: l.lang_id as LangId, name: l.name })),
    link: i.link,
  });
  return tree.map((i) => ({
    ...fields(i),
    type: i.type,
    children: i.children.map((c) => ({ ...fields(c), type: MENU_TYPE.LINK })),
  }));
}

/** The item's name in a content language, else its first non-empty name, else '' (shown as '(unnamed)'). */
export function menuItemName(item: Pick<MenuItem, 'lang'>, langId = 1): string {
  const own = item.lang.find((l) => l.lang_id === langId)?.name.trim();
  return own || item.lang.find((l) => l.name.trim() !== '')?.name.trim() || '';
}
