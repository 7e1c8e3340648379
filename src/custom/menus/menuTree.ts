/**
 * The menu editor's pure logic. While sorting, the tree is a flat list in display order where each row has a depth
 * (0 top level, 1 under a parent); a row at depth 1 belongs to the nearest parent above it. Dragging right or left
 * changes the depth within what the rows around the drop allow (dnd-kit's sortable-tree projection, one level deep:
 * only links nest, and only under a parent). A parent carries its links with it. No React here: unit-tested.
 */
import { MENU_DEFAULT_LINK, MENU_TYPE, type MenuItem, type MenuType } from '../../../contract/menus';

export interface FlatRow {
  id: number;
  depth: 0 | 1;
  /** The parent's id for depth 1. */
  parentId: number | null;
  item: MenuItem;
}

export function flattenTree(tree: readonly MenuItem[]): FlatRow[] {
  return tree.flatMap((item) => [
    { id: item.id, depth: 0 as const, parentId: null, item },
    ...item.children.map((child) => ({ id: child.id, depth: 1 as const, parentId: item.id, item: child })),
  ]);
}

/** Rows back into a tree; a depth-1 row with no parent above it stays at the top rather than being lost. */
export function buildTree(rows: readonly FlatRow[]): MenuItem[] {
  const tree: MenuItem[] = [];
  for (const { item, depth } of rows) {
    const parent = tree.at(-1);
    if (depth === 1 && item.type === MENU_TYPE.LINK && parent?.type === MENU_TYPE.PARENT) {
      parent.children.push({ ...item, children: [] });
    } else {
      tree.push({ ...item, children: [] });
    }
  }
  return tree;
}

/** The rows that take part in a drag: a dragged parent's links travel with it and are not drop targets. */
export function sortableRows(rows: readonly FlatRow[], activeId: number | null): FlatRow[] {
  return activeId === null ? [...rows] : rows.filter((r) => r.parentId !== activeId);
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export interface Projection {
  depth: 0 | 1;
  parentId: number | null;
}

/**
 * Where the dragged row would land: its place is the row it is over, its depth is its own plus the horizontal drag
 * in steps of `indent` pixels, limited by the rows around it — a link may go under a parent (or among its links),
 * and must when the next row is a link under a parent; a parent always stays at the top.
 */
export function projectDrop(
  rows: readonly FlatRow[],
  activeId: number,
  overId: number,
  offsetX: number,
  indent: number,
): Projection | null {
  const from = rows.findIndex((r) => r.id === activeId);
  const to = rows.findIndex((r) => r.id === overId);
  if (from < 0 || to < 0) return null;
  const active = rows[from];
  const moved = arrayMove(rows, from, to);
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const isLink = active.item.type === MENU_TYPE.LINK;
  const max = isLink && previous && (previous.depth === 1 || previous.item.type === MENU_TYPE.PARENT) ? 1 : 0;
  const min = isLink && next?.depth === 1 ? 1 : 0;
  const wanted = active.depth + Math.round(offsetX / indent);
  const depth = Math.min(max, Math.max(min, wanted)) as 0 | 1;
  if (depth === 0) return { depth, parentId: null };
  return { depth, parentId: previous.depth === 1 ? previous.parentId : previous.id };
}

/** The tree after dropping `activeId` over `overId` at `depth`. */
export function applyDrop(
  tree: readonly MenuItem[],
  activeId: number,
  overId: number,
  depth: 0 | 1,
): MenuItem[] {
  const rows = flattenTree(tree);
  const active = rows.find((r) => r.id === activeId);
  if (!active) return [...tree];
  const carried = rows.filter((r) => r.parentId === activeId);
  const sortable = sortableRows(rows, activeId);
  const from = sortable.findIndex((r) => r.id === activeId);
  const to = sortable.findIndex((r) => r.id === overId);
  if (to < 0) return [...tree];
  const moved = arrayMove(sortable, from, to).map((r) => (r.id === activeId ? { ...r, depth } : r));
  const at = moved.findIndex((r) => r.id === activeId);
  moved.splice(at + 1, 0, ...carried);
  return buildTree(moved);
}

/** Whether a top-level link can go under the parent above it (directly, or after that parent's links). */
export function canIndent(tree: readonly MenuItem[], id: number): boolean {
  const rows = flattenTree(tree);
  const at = rows.findIndex((r) => r.id === id);
  const row = rows[at];
  const previous = rows[at - 1];
  return Boolean(
    row &&
      row.depth === 0 &&
      row.item.type === MENU_TYPE.LINK &&
      previous &&
      (previous.depth === 1 || previous.item.type === MENU_TYPE.PARENT),
  );
}

/** Puts a top-level link last under the parent above it. */
export function indent(tree: readonly MenuItem[], id: number): MenuItem[] {
  if (!canIndent(tree, id)) return [...tree];
  return buildTree(flattenTree(tree).map((r) => (r.id === id ? { ...r, depth: 1 } : r)));
}

/** Takes a link out of its parent: it goes right after that parent (and its other links). */
export function outdent(tree: readonly MenuItem[], id: number): MenuItem[] {
  const parentIndex = tree.findIndex((p) => p.children.some((c) => c.id === id));
  if (parentIndex < 0) return [...tree];
  const parent = tree[parentIndex];
  const child = parent.children.find((c) => c.id === id) as MenuItem;
  return [
    ...tree.slice(0, parentIndex),
    { ...parent, children: parent.children.filter((c) => c.id !== id) },
    { ...child, children: [] },
    ...tree.slice(parentIndex + 1),
  ];
}

/** The tree without the item (a parent goes with its links). */
export function removeItem(tree: readonly MenuItem[], id: number): MenuItem[] {
  return tree
    .filter((i) => i.id !== id)
    .map((i) =>
      i.children.some((c) => c.id === id) ? { ...i, children: i.children.filter((c) => c.id !== id) } : i,
    );
}

/** The tree with the item replaced where it is, or added at the end of the top level when it is new. */
export function putItem(tree: readonly MenuItem[], item: MenuItem): MenuItem[] {
  const found = flattenTree(tree).some((r) => r.id === item.id);
  if (!found) return [...tree, item];
  return tree.map((i) =>
    i.id === item.id
      ? { ...item, children: i.children }
      : { ...i, children: i.children.map((c) => (c.id === item.id ? { ...item, children: [] } : c)) },
  );
}

/** A new item, not yet saved: its id is negative until the server gives it one. */
export function newItem(id: number, type: MenuType): MenuItem {
  return {
    id,
    type,
    lang: [],
    link: MENU_DEFAULT_LINK,
    parent_id: null,
    sort: 0,
    is_new: true,
    is_system: false,
    children: [],
  };
}

/** The item dialog's form: a name per content language, and the link ('' for the default). */
export interface DialogValues {
  lang: { lang_id: number; name: string | null }[];
  link: string | null;
}

/** The item with the dialog's values: the languages that have a name, the link as the server will keep it. */
export function withDialogValues(item: MenuItem, values: DialogValues): MenuItem {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    ...item,
    lang: values.lang.map((l) => ({ lang_id: l.lang_id, name: text(l.name) })).filter((l) => l.name !== ''),
    link: item.is_system ? item.link : text(values.link).toLowerCase() || MENU_DEFAULT_LINK,
  };
}
