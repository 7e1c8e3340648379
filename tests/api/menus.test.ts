/**
 * Menus through HTTP: the seeded main menu, whole-tree saves (ids kept, new ids, removals, order, nesting), link and
 * name defaults, the link rule, the system home link, is_new, the MENU badge, tenant isolation and permissions.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { MENU_ITEMS_MAX, type MenuItem, type Menus, toMenuSaveItems } from '../../contract/menus';
import { ROLE } from '../../contract/permissions';
import { BADGE } from '../../contract/sites';
import { menuItems, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

const menus = async (c: Client) => ok(await c.call<Menus>('menu/get'));
const save = (c: Client, id: number, items: unknown[]) =>
  c.call<MenuItem[]>('menu/save', { menu: { id, items } });
const saved = async (c: Client, id: number, items: unknown[]) => ok(await save(c, id, items));
const zh = (name: string) => [{ lang_id: 1, name }];
const names = (tree: MenuItem[]) =>
  tree.flatMap((i) => [i.lang[0]?.name ?? '', ...i.children.map((c) => `  ${c.lang[0]?.name ?? ''}`)]);
/** The tree as the editor would send it back. */
const back = (tree: MenuItem[]) => toMenuSaveItems(tree);

describe('the seeded main menu', () => {
  it('has the system home link and 分類 with two category links; the secondary menu is empty', async () => {
    const m = await menus(owner);
    expect(Object.keys(m)).toEqual(['1', '2']);
    expect(m[2]).toEqual([]);
    const [home, cats] = m[1];
    expect(home).toMatchObject({
      type: 1,
      link: '/',
      is_system: true,
      is_new: false,
      parent_id: null,
      sort: 0,
      children: [],
    });
    expect(home.lang).toEqual([
      { lang_id: 1, name: '首頁' },
      { lang_id: 3, name: 'Home' },
      { lang_id: 4, name: 'ホーム' },
    ]);
    expect(cats).toMatchObject({ type: 2, link: '/#', is_system: false, sort: 1 });
    expect(cats.lang[0]).toEqual({ lang_id: 1, name: '分類' });
    expect(cats.children.map((c) => c.lang[0].name)).toEqual(['新聞', '科技']);
    for (const c of cats.children) expect(c.link).toMatch(/^\/category\/\d+$/);
    expect(cats.children.map((c) => [c.parent_id, c.sort])).toEqual([
      [cats.id, 0],
      [cats.id, 1],
    ]);
    // navigation/get is the same answer under the SPEC's other name.
    expect(await menus(owner)).toEqual(ok(await owner.call<Menus>('navigation/get', {})));
  });

  it('is given to a new site: only the home link', async () => {
    const b = await register(t, 'menus-new@example.com');
    const m = await menus(b);
    expect(m[1]).toHaveLength(1);
    expect(m[1][0]).toMatchObject({
      link: '/',
      is_system: true,
      lang: expect.arrayContaining([{ lang_id: 1, name: '首頁' }]),
    });
    expect(m[2]).toEqual([]);
  });
});

describe('saving a menu', () => {
  it('keeps ids, gives new ones, deletes the missing, keeps order and nesting, and awards the badge', async () => {
    const before = (await menus(owner))[1];
    const [home, cats] = before;
    const [news, tech] = cats.children;
    const reply = await saved(owner, 1, [
      {
        id: cats.id,
        type: 2,
        lang: zh('專欄'),
        link: '/#',
        children: [{ id: tech.id, lang: zh('科技'), link: tech.link }],
      },
      { id: 0, type: 1, lang: zh('關於我們'), link: '/about' },
      { id: home.id, type: 1, lang: zh('首頁'), link: '/' },
      {
        type: 2,
        lang: zh('更多'),
        children: [
          { lang: zh('聯絡'), link: '/contact' },
          { lang: zh('徵才'), link: 'https://jobs.example.com/' },
        ],
      },
    ]);
    expect(names(reply)).toEqual(['專欄', '  科技', '關於我們', '首頁', '更多', '  聯絡', '  徵才']);
    expect(reply.map((i) => i.sort)).toEqual([0, 1, 2, 3]);
    expect(reply[0].id).toBe(cats.id);
    expect(reply[0].children[0].id).toBe(tech.id);
    expect(reply[2].id).toBe(home.id);
    const fresh = [reply[1], reply[3], ...reply[3].children];
    for (const item of fresh) {
      expect(item.id).toBeGreaterThan(news.id);
      expect(item.is_new).toBe(true);
    }
    expect(reply[3].children.map((c) => [c.parent_id, c.sort])).toEqual([
      [reply[3].id, 0],
      [reply[3].id, 1],
    ]);
    // The news link is gone from the database; the reply is what get answers.
    const rows = await t.database.db.select().from(menuItems).where(eq(menuItems.id, news.id));
    expect(rows).toEqual([]);
    expect((await menus(owner))[1]).toEqual(reply);
    const [site] = await t.database.db
      .select({ badges: sites.badges })
      .from(sites)
      .where(eq(sites.id, demoSiteId));
    expect(site.badges).toContain(BADGE.MENU);
  });

  it('moves a child out of a parent that is removed, and nests a link into another parent', async () => {
    const [col, about, home, more] = (await menus(owner))[1];
    const [contact, jobs] = more.children;
    const reply = await saved(owner, 1, [
      { id: home.id, type: 1, lang: home.lang, link: '/' },
      { id: contact.id, lang: contact.lang, link: contact.link },
      {
        id: col.id,
        type: 2,
        lang: col.lang,
        children: [
          { id: about.id, lang: about.lang, link: about.link },
          ...back([col]).flatMap((c) => c.children ?? []),
        ],
      },
    ]);
    expect(names(reply)).toEqual(['首頁', '聯絡', '專欄', '  關於我們', '  科技']);
    expect(reply[1].id).toBe(contact.id);
    expect(reply[1].parent_id).toBeNull();
    expect(reply[2].children[0]).toMatchObject({ id: about.id, parent_id: col.id, sort: 0 });
    const gone = await t.database.db.select().from(menuItems).where(eq(menuItems.id, jobs.id));
    expect(gone).toEqual([]);
    // Saving the answer back unchanged changes nothing.
    expect(await saved(owner, 1, back(reply))).toEqual(reply);
  });

  it('lowercases links, defaults an empty link to /# and keeps an empty name empty', async () => {
    const reply = await saved(owner, 2, [
      { lang: [], link: '  /About-US?Q=1 ' },
      {
        lang: [
          { lang_id: 1, name: '' },
          { lang_id: 3, name: ' Blog ' },
        ],
        link: '',
      },
      { type: 2, lang: zh('群組') },
      {},
    ]);
    expect(reply.map((i) => [i.type, i.link, i.lang])).toEqual([
      [1, '/about-us?q=1', []],
      [
        1,
        '/#',
        [
          { lang_id: 1, name: '' },
          { lang_id: 3, name: 'Blog' },
        ],
      ],
      [2, '/#', [{ lang_id: 1, name: '群組' }]],
      [1, '/#', []],
    ]);
    expect(reply.map((i) => i.is_new)).toEqual([true, true, true, true]);
    expect(await saved(owner, 2, [])).toEqual([]);
    expect((await menus(owner))[2]).toEqual([]);
  });

  it('marks items new for 7 days after they are made', async () => {
    const [made] = await saved(owner, 2, [{ lang: zh('活動'), link: '/events' }]);
    expect(made.is_new).toBe(true);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    // A week without a call ends the session: sign in again.
    ({ owner } = await signInOwner(t));
    expect((await menus(owner))[2][0]).toMatchObject({ id: made.id, is_new: false });
    expect(await saved(owner, 2, [])).toEqual([]);
  });

  it('keeps the system home link: it cannot be deleted, retyped or relinked, but may be renamed and moved', async () => {
    const tree = (await menus(owner))[1];
    const home = tree.find((i) => i.is_system) as MenuItem;
    const others = back(tree.filter((i) => i !== home));
    const removed = await save(owner, 1, others);
    expect(fieldErrors(removed)).toEqual({ 'menu.items': '系統項目不能刪除' });
    const relinked = await save(owner, 1, [{ ...back([home])[0], link: '/home' }, ...others]);
    expect(fieldErrors(relinked)).toEqual({ 'menu.items.0.link': '系統項目的類型與連結不能變更' });
    const retyped = await save(owner, 1, [{ ...back([home])[0], type: 2 }, ...others]);
    expect(fieldErrors(retyped)).toEqual({ 'menu.items.0.type': '系統項目的類型與連結不能變更' });
    expect((await menus(owner))[1]).toEqual(tree);

    const renamed = await saved(owner, 1, [...others, { ...back([home])[0], lang: zh('回首頁') }]);
    expect(renamed.at(-1)).toMatchObject({ id: home.id, link: '/', is_system: true, lang: zh('回首頁') });
    await saved(owner, 1, [{ ...back([home])[0], lang: home.lang }, ...others]);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = await menus(owner);
    const [home] = before[1];
    const cases: [unknown, Record<string, string>][] = [
      [{ menu: { id: 3, items: [] } }, { 'menu.id': '格式錯誤' }],
      [{ menu: { id: 1 } }, { 'menu.items': '此欄位為必填' }],
      [{}, { menu: '此欄位為必填' }],
      [{ menu: { id: 1, items: [{ link: 'javascript:alert(1)' }] } }, { 'menu.items.0.link': '連結錯誤' }],
      [{ menu: { id: 1, items: [{ link: '//evil.example' }] } }, { 'menu.items.0.link': '連結錯誤' }],
      [{ menu: { id: 1, items: [{ link: '/\\evil.example' }] } }, { 'menu.items.0.link': '連結錯誤' }],
      [{ menu: { id: 1, items: [{ link: 'about' }] } }, { 'menu.items.0.link': '連結錯誤' }],
      [
        { menu: { id: 1, items: [{ link: `/${'a'.repeat(2000)}` }] } },
        { 'menu.items.0.link': '超過最大字數（2000）限制' },
      ],
      [
        { menu: { id: 1, items: [{ lang: zh('字'.repeat(51)) }] } },
        { 'menu.items.0.lang.0.name': '超過最大字數（50）限制' },
      ],
      [
        { menu: { id: 1, items: [{ lang: [{ lang_id: 9, name: 'x' }] }] } },
        { 'menu.items.0.lang.0.lang_id': '格式錯誤' },
      ],
      [
        {
          menu: {
            id: 1,
            items: [
              {
                lang: [
                  { lang_id: 1, name: 'a' },
                  { lang_id: 1, name: 'b' },
                ],
              },
            ],
          },
        },
        { 'menu.items.0.lang.1.lang_id': '此欄位重複' },
      ],
      [{ menu: { id: 1, items: [{ type: 3 }] } }, { 'menu.items.0.type': '格式錯誤' }],
      [
        { menu: { id: 1, items: [{ type: 1, children: [{}] }] } },
        { 'menu.items.0.children': '只有父選單可以有子項目' },
      ],
      // One level only: a child is a link.
      [
        { menu: { id: 1, items: [{ type: 2, children: [{ type: 2 }] }] } },
        { 'menu.items.0.children.0.type': '格式錯誤' },
      ],
      [
        { menu: { id: 1, items: [{ type: 2, children: [{ children: [] }] }] } },
        { 'menu.items.0.children.0.children': '不接受的欄位' },
      ],
      [{ menu: { id: 1, items: [{ is_system: true }] } }, { 'menu.items.0.is_system': '不接受的欄位' }],
      [
        { menu: { id: 1, items: [{ id: home.id }, { type: 2, children: [{ id: home.id }] }] } },
        { 'menu.items.1.children.0.id': '此欄位重複' },
      ],
      [{ menu: { id: 1, items: [{ id: -1 }] } }, { 'menu.items.0.id': '格式錯誤' }],
      [{ menu: { id: 1, items: [{ id: '1' }] } }, { 'menu.items.0.id': '格式錯誤' }],
      [
        { menu: { id: 1, items: Array.from({ length: 34 }, () => ({ type: 2, children: [{}, {}] })) } },
        { 'menu.items': `一個選單最多 ${MENU_ITEMS_MAX} 個項目` },
      ],
      [
        { menu: { id: 1, items: Array.from({ length: MENU_ITEMS_MAX + 1 }, () => ({})) } },
        { 'menu.items': '格式錯誤' },
      ],
    ];
    for (const [body, errors] of cases) {
      const r = await owner.call('menu/save', body);
      expect(fieldErrors(r), JSON.stringify(body).slice(0, 200)).toEqual(errors);
    }
    const broken = await owner.call('menu/save', '{"menu": ');
    expect(broken).toMatchObject({ status: 400, code: Code.BAD_REQUEST });
    const en = t.client({ lang: 'en' });
    en.cookies = owner.cookies;
    expect(fieldErrors(await en.call('menu/save', { menu: { id: 1, items: [{ link: 'x' }] } }))).toEqual({
      'menu.items.0.link': expect.not.stringMatching('連結錯誤'),
    });
    expect(await menus(owner)).toEqual(before);
  });

  it('takes saves made at once one after the other: the menu is one of them, never a mix', async () => {
    const trees = ['甲乙', '丙', '丁戊己', '庚'].map((s) => [...s].map((n) => ({ lang: zh(n), link: '/x' })));
    for (let round = 0; round < 5; round++) {
      const replies = await Promise.all(trees.map((tree) => save(owner, 2, tree)));
      for (const r of replies) ok(r);
      expect(trees.map((tree) => tree.map((i) => i.lang[0].name))).toContainEqual(
        names((await menus(owner))[2]),
      );
    }
    await saved(owner, 2, []);
  });

  it('answers 404 for an id that is not an item of this menu, and changes nothing', async () => {
    const before = await menus(owner);
    const [made] = await saved(owner, 2, [{ lang: zh('次') }]);
    const main = back(before[1]);
    // An item of the other menu, and an id nobody has.
    for (const id of [made.id, 2_000_000_000]) {
      const r = await save(owner, 1, [...main, { id, lang: zh('偷') }]);
      expect(r).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    }
    expect((await menus(owner))[1]).toEqual(before[1]);
    expect((await menus(owner))[2].map((i) => i.id)).toEqual([made.id]);
    await saved(owner, 2, []);
  });
});

describe('tenant isolation and permissions', () => {
  let b: Client;
  let bTree: MenuItem[];

  beforeAll(async () => {
    b = await register(t, 'menus-b@example.com');
    bTree = await saved(b, 1, [...back((await menus(b))[1]), { lang: zh('B 的連結'), link: '/b' }]);
  });

  it("never shows or touches another site's items", async () => {
    const demo = await menus(owner);
    const demoIds = [...demo[1], ...demo[2]].flatMap((i) => [i.id, ...i.children.map((c) => c.id)]);
    const bIds = bTree.map((i) => i.id);
    for (const id of bIds) expect(demoIds).not.toContain(id);
    expect((await menus(b))[1]).toEqual(bTree);

    // Claiming B's ids from the demo site: 404, and B's rows are as they were.
    for (const id of bIds) {
      const r = await save(owner, 1, [...back(demo[1]), { id, lang: zh('搶來的'), link: '/x' }]);
      expect(r).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    }
    // Emptying the demo's secondary menu never deletes B's rows.
    await saved(owner, 2, []);
    const status = await b.call<{ site: { current: { id: number } } }>('member/status');
    const bRows = await t.database.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(eq(menuItems.siteId, status.data.site.current.id));
    expect(bRows.map((r) => r.id).sort()).toEqual([...bIds].sort());
    expect((await menus(b))[1]).toEqual(bTree);
    expect(await menus(owner)).toEqual(demo);
  });

  it('refuses 編輯 (no setting permissions) with 403 on get and save, and the signed-out with 401', async () => {
    const editor = await staffOf(t, demoSiteId, 'menus-editor@example.com', ROLE.EDITOR);
    for (const [path, body] of [
      ['menu/get', {}],
      ['navigation/get', {}],
      ['menu/save', { menu: { id: 1, items: [] } }],
      ['navigation/save', { menu: { id: 1, items: [] } }],
    ] as const) {
      const r = await editor.call(path, body);
      expect(r, path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
      const anon = await t.client().call(path, body);
      expect(anon, path).toMatchObject({ status: 401, code: Code.UNAUTHORIZED });
    }
    expect((await menus(owner))[1].length).toBeGreaterThan(0);
  });

  it('lets 管理員 read and save', async () => {
    const admin = await staffOf(t, demoSiteId, 'menus-admin@example.com', ROLE.ADMIN);
    const tree = (await menus(admin))[1];
    expect(await saved(admin, 1, back(tree))).toEqual(tree);
  });
});
