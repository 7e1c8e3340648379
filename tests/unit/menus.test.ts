/**
 * The menu tree: the contract's functions (rows ↔ tree, sort normalisation, what is sent, names, the save schema's
 * rules) and the editor's (drop projection, moves, nesting and un-nesting, edits); and the home screen's logic.
 */
import { describe, expect, it } from 'vitest';
import {
  buildMenuTree,
  flattenMenuTree,
  MENU_ITEMS_MAX,
  MENU_TYPE,
  type MenuItem,
  MenuSave,
  menuItemName,
  normaliseMenuSort,
  toMenuSaveItems,
} from '../../contract/menus';
import { addEntry, articleSearch, noneChosen, toHomeSave } from '../../src/custom/home/homeLogic';
import {
  applyDrop,
  buildTree,
  canIndent,
  flattenTree,
  indent,
  newItem,
  outdent,
  projectDrop,
  putItem,
  removeItem,
  sortableRows,
  withDialogValues,
} from '../../src/custom/menus/menuTree';

const link = (id: number, name = `L${id}`): MenuItem => ({
  ...newItem(id, MENU_TYPE.LINK),
  lang: [{ lang_id: 1, name }],
  link: `/l${id}`,
  is_new: false,
});
const parent = (id: number, children: MenuItem[], name = `P${id}`): MenuItem => ({
  ...newItem(id, MENU_TYPE.PARENT),
  lang: [{ lang_id: 1, name }],
  is_new: false,
  children,
});
/** A tree as text: top-level names, children indented. */
const shape = (tree: MenuItem[]) =>
  tree.flatMap((i) => [menuItemName(i), ...i.children.map((c) => `  ${menuItemName(c)}`)]);

// 1 home, 2 parent with 3 and 4, 5 link, 6 empty parent
const sample = () => [link(1), parent(2, [link(3), link(4)]), link(5), parent(6, [])];
const INDENT = 40;

describe('contract: rows and trees', () => {
  const rows = [
    { id: 4, parent_id: 2, sort: 1 },
    { id: 2, parent_id: null, sort: 1 },
    { id: 3, parent_id: 2, sort: 0 },
    { id: 1, parent_id: null, sort: 0 },
    { id: 9, parent_id: 77, sort: 5 },
    { id: 5, parent_id: null, sort: 1 },
  ];

  it('builds a tree by sort then id, keeping rows whose parent is missing at the top', () => {
    const tree = buildMenuTree(rows);
    expect(tree.map((r) => r.id)).toEqual([1, 2, 5, 9]);
    expect(tree[1].children.map((r) => r.id)).toEqual([3, 4]);
    expect(tree[0].children).toEqual([]);
  });

  it('flattens parents before children with positions and paths', () => {
    const flat = flattenMenuTree([
      { id: 1, children: [] },
      { id: 2, children: [{ id: 3 }, { id: 4 }] },
    ]);
    expect(flat.map((f) => [f.item.id, f.parent?.id ?? null, f.sort, f.path.join('.')])).toEqual([
      [1, null, 0, '0'],
      [2, null, 1, '1'],
      [3, 2, 0, '1.children.0'],
      [4, 2, 1, '1.children.1'],
    ]);
  });

  it('normalises sort and parent ids to the places', () => {
    const tree = normaliseMenuSort([
      { ...link(5), sort: 9, parent_id: 3 },
      { ...parent(2, [{ ...link(7), sort: 4, parent_id: null }]), sort: 0 },
    ]);
    expect(tree.map((i) => [i.id, i.sort, i.parent_id])).toEqual([
      [5, 0, null],
      [2, 1, null],
    ]);
    expect(tree[1].children.map((c) => [c.id, c.sort, c.parent_id])).toEqual([[7, 0, 2]]);
  });

  it('sends only the accepted fields, new items (id ≤ 0) as id 0', () => {
    const items = toMenuSaveItems([{ ...link(-3), is_new: true }, parent(2, [link(-4)])]);
    expect(items).toEqual([
      { id: 0, type: 1, lang: [{ lang_id: 1, name: 'L-3' }], link: '/l-3', children: [] },
      {
        id: 2,
        type: 2,
        lang: [{ lang_id: 1, name: 'P2' }],
        link: '/#',
        children: [{ id: 0, type: 1, lang: [{ lang_id: 1, name: 'L-4' }], link: '/l-4' }],
      },
    ]);
    expect(MenuSave.safeParse({ menu: { id: 1, items } }).success).toBe(true);
  });

  it('names an item in a language, else its first name, else empty', () => {
    const item = {
      lang: [
        { lang_id: 3, name: 'Home' },
        { lang_id: 1, name: ' ' },
      ],
    };
    expect(menuItemName(item, 3)).toBe('Home');
    expect(menuItemName(item, 1)).toBe('Home');
    expect(menuItemName({ lang: [] })).toBe('');
  });
});

describe('contract: the save schema', () => {
  const parse = (items: unknown[]) => MenuSave.safeParse({ menu: { id: 1, items } });
  const issues = (items: unknown[]) => {
    const r = parse(items);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('fills defaults and lowercases links', () => {
    const r = parse([{}, { link: ' HTTPS://Example.COM/A ' }, { type: 2, children: [{}] }]);
    expect(r.success && r.data.menu.items).toEqual([
      { id: 0, type: 1, lang: [], link: '/#', children: [] },
      { id: 0, type: 1, lang: [], link: 'https://example.com/a', children: [] },
      { id: 0, type: 2, lang: [], link: '/#', children: [{ id: 0, type: 1, lang: [], link: '/#' }] },
    ]);
  });

  it('refuses bad links, children of links, deeper nesting, repeated ids and too many items', () => {
    expect(issues([{ link: 'ftp://x.example' }])).toEqual([['menu.items.0.link', 'validation.link']]);
    expect(issues([{ children: [{}] }])).toEqual([['menu.items.0.children', 'menus.errors.linkChildren']]);
    expect(issues([{ type: 2, children: [{ type: 2 }] }])[0][0]).toBe('menu.items.0.children.0.type');
    expect(issues([{ id: 4 }, { type: 2, children: [{ id: 4 }] }])).toEqual([
      ['menu.items.1.children.0.id', 'validation.duplicate'],
    ]);
    const many = Array.from({ length: MENU_ITEMS_MAX / 2 + 1 }, () => ({ type: 2, children: [{}] }));
    expect(issues(many)).toEqual([['menu.items', 'menus.errors.tooMany']]);
  });
});

describe('editor: flat rows and trees', () => {
  it('flattens with depths and builds back the same tree', () => {
    const rows = flattenTree(sample());
    expect(rows.map((r) => [r.id, r.depth, r.parentId])).toEqual([
      [1, 0, null],
      [2, 0, null],
      [3, 1, 2],
      [4, 1, 2],
      [5, 0, null],
      [6, 0, null],
    ]);
    expect(shape(buildTree(rows))).toEqual(shape(sample()));
  });

  it('keeps a nested row with no parent above it at the top', () => {
    const rows = flattenTree(sample()).map((r) => (r.id === 1 ? { ...r, depth: 1 as const } : r));
    expect(shape(buildTree(rows))[0]).toBe('L1');
  });

  it("leaves a dragged parent's links out of the drop targets", () => {
    expect(sortableRows(flattenTree(sample()), 2).map((r) => r.id)).toEqual([1, 2, 5, 6]);
    expect(sortableRows(flattenTree(sample()), 3).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('editor: where a drop lands', () => {
  const rows = () => flattenTree(sample());

  it('nests a link dragged right under the parent above, and only one level', () => {
    // L5 right after P2's links, dragged right: under P2.
    expect(projectDrop(rows(), 5, 5, INDENT, INDENT)).toEqual({ depth: 1, parentId: 2 });
    expect(projectDrop(rows(), 5, 5, 3 * INDENT, INDENT)).toEqual({ depth: 1, parentId: 2 });
    // L1 has no parent above: stays at the top.
    expect(projectDrop(rows(), 1, 1, INDENT, INDENT)).toEqual({ depth: 0, parentId: null });
    // A parent never nests.
    expect(projectDrop(rows(), 6, 6, INDENT, INDENT)).toEqual({ depth: 0, parentId: null });
  });

  it('un-nests a link dragged left, unless links of the parent follow it', () => {
    expect(projectDrop(rows(), 4, 4, -INDENT, INDENT)).toEqual({ depth: 0, parentId: null });
    expect(projectDrop(rows(), 3, 3, -INDENT, INDENT)).toEqual({ depth: 1, parentId: 2 });
  });

  it('keeps the depth of a keyboard move (no sideways drag) within what the place allows', () => {
    // L5 moved up between L3 and L4: it must go under P2.
    expect(projectDrop(rows(), 5, 4, 0, INDENT)).toEqual({ depth: 1, parentId: 2 });
    // L3 moved up above P2 (over L1's place… row P2): no parent above → top level.
    expect(projectDrop(rows(), 3, 2, 0, INDENT)).toEqual({ depth: 0, parentId: null });
    // L4 moved down past L5: the row above is a top-level link → top level.
    expect(projectDrop(rows(), 4, 5, 0, INDENT)).toEqual({ depth: 0, parentId: null });
  });

  it('answers nothing for unknown rows', () => {
    expect(projectDrop(rows(), 99, 1, 0, INDENT)).toBeNull();
  });
});

describe('editor: applying moves', () => {
  it('moves a link into a parent, and out again', () => {
    const inside = applyDrop(sample(), 5, 5, 1);
    expect(shape(inside)).toEqual(['L1', 'P2', '  L3', '  L4', '  L5', 'P6']);
    expect(shape(applyDrop(inside, 3, 1, 0))).toEqual(['L3', 'L1', 'P2', '  L4', '  L5', 'P6']);
  });

  it('carries a parent with its links', () => {
    expect(shape(applyDrop(sample(), 2, 6, 0))).toEqual(['L1', 'L5', 'P6', 'P2', '  L3', '  L4']);
    expect(shape(applyDrop(sample(), 2, 1, 0))).toEqual(['P2', '  L3', '  L4', 'L1', 'L5', 'P6']);
  });

  it('builds a parent with two links from top-level links', () => {
    let tree = [link(1), parent(2, []), link(3), link(4)];
    tree = applyDrop(tree, 3, 3, 1);
    tree = applyDrop(tree, 4, 4, 1);
    expect(shape(tree)).toEqual(['L1', 'P2', '  L3', '  L4']);
    expect(shape(applyDrop(tree, 4, 3, 1))).toEqual(['L1', 'P2', '  L4', '  L3']);
  });

  it('indents only a top-level link below a parent or its links, and outdents after the parent', () => {
    const tree = sample();
    expect([1, 2, 3, 5, 6].map((id) => canIndent(tree, id))).toEqual([false, false, false, true, false]);
    expect(shape(indent(tree, 5))).toEqual(['L1', 'P2', '  L3', '  L4', '  L5', 'P6']);
    expect(shape(indent(tree, 1))).toEqual(shape(tree));
    expect(shape(outdent(tree, 3))).toEqual(['L1', 'P2', '  L4', 'L3', 'L5', 'P6']);
    expect(shape(outdent(tree, 5))).toEqual(shape(tree));
  });

  it('removes an item (a parent with its links) and puts new or edited items', () => {
    expect(shape(removeItem(sample(), 2))).toEqual(['L1', 'L5', 'P6']);
    expect(shape(removeItem(sample(), 4))).toEqual(['L1', 'P2', '  L3', 'L5', 'P6']);
    expect(shape(putItem(sample(), link(-1, 'new')))).toEqual([...shape(sample()), 'new']);
    expect(shape(putItem(sample(), link(4, 'renamed')))).toEqual([
      'L1',
      'P2',
      '  L3',
      '  renamed',
      'L5',
      'P6',
    ]);
    const renamedParent = putItem(sample(), { ...parent(2, []), lang: [{ lang_id: 1, name: 'X' }] });
    expect(shape(renamedParent)).toEqual(['L1', 'X', '  L3', '  L4', 'L5', 'P6']);
  });

  it("takes the dialog's names and link: empty names dropped, link lowercased or /#, a system link kept", () => {
    const values = {
      lang: [
        { lang_id: 1, name: ' 關於 ' },
        { lang_id: 3, name: '' },
        { lang_id: 4, name: null },
      ],
      link: ' /About ',
    };
    expect(withDialogValues(link(1), values)).toMatchObject({
      lang: [{ lang_id: 1, name: '關於' }],
      link: '/about',
    });
    expect(withDialogValues(link(1), { ...values, link: '' }).link).toBe('/#');
    expect(withDialogValues({ ...link(1), link: '/', is_system: true }, values).link).toBe('/');
  });
});

describe('home settings logic', () => {
  it('adds an entry at the end, and not twice', () => {
    const list = [{ id: 1, title: 'a' }];
    expect(addEntry(list, { id: 2, title: 'b' })).toEqual({
      list: [...list, { id: 2, title: 'b' }],
      duplicate: false,
    });
    expect(addEntry(list, { id: 1, title: 'a' })).toEqual({ list, duplicate: true });
  });

  it('knows when nothing is chosen and sends ids in order', () => {
    expect(noneChosen({ articles: [], categories: [] })).toBe(true);
    expect(noneChosen({ articles: [], categories: [{ id: 1, title: 'c', sort: 1 }] })).toBe(false);
    expect(
      toHomeSave({
        type: 'list',
        cover: ' /c.png ',
        title: ' t ',
        content: 'c',
        link: '',
        articles: [
          { id: 3, title: 'x', sort: 2 },
          { id: 1, title: 'y', sort: 1 },
        ],
        categories: [],
      }),
    ).toEqual({
      type: 'list',
      cover: '/c.png',
      title: 't',
      content: 'c',
      link: '',
      articles: [{ id: 3 }, { id: 1 }],
      categories: [],
    });
  });

  it('searches published articles by keyword', () => {
    expect(articleSearch(' 台北 ')).toEqual({
      query: { t: '1' },
      body: {
        query: {
          page: 1,
          size: 10,
          filters: [
            { col: 'keyword', value: '台北', type: 'search' },
            { col: 'status', value: [1], type: 'in' },
          ],
          sort: { col: 'publish_ts', order: 'desc' },
        },
      },
    });
  });
});
