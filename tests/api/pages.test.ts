/**
 * Page structure through HTTP (issue 17): the page tree and its order, moves refused for a cycle (3700) or a depth
 * over three levels (3701), tabs that must be exactly the children (3702), the navigation switch and the tabs on
 * the public site (published pages only), a deleted page's children moving up, page categories and their
 * `page/cate` alias, another site's pages and categories out of reach, a role without page.edit refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import type { PageNode, PageStructure, PageTabs } from '../../contract/pages';
import { sitePage } from '../fixtures/readers';
import {
  type Client,
  createTestApp,
  customRole,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let stranger: Client;
let demoSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
  stranger = await register(t, 'pages-stranger@example.com');
});
afterAll(() => t?.close());

/** A new page of the client's site, published unless told. */
async function page(c: Client, title: string, slug: string, publish = true): Promise<number> {
  const made = ok(
    await c.call<SaveReply>('press/save?t=3', {
      id: 0,
      title,
      slug,
      content: { blocks: [{ type: 'paragraph', data: { text: `${title} 的內容` } }] },
      version: 0,
    }),
  );
  if (publish) ok(await c.call('press/publish?t=3', { id: made.id, mode: 1 }));
  return made.id;
}

const move = (c: Client, id: number, parent_id: number, category_id = 0, sort?: number) =>
  c.call<PageStructure>('page/save', { id, parent_id, category_id, ...(sort !== undefined && { sort }) });
const tree = async (body: Record<string, unknown> = {}) =>
  ok(await owner.call<PageNode[]>('page/list', body));
const find = (nodes: PageNode[], id: number): PageNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children, id);
    if (inner) return inner;
  }
};
const html = async (path: string) => {
  const res = await sitePage(t, path);
  expect(res.statusCode, path).toBe(200);
  return res.body;
};
const footerOf = (body: string) => body.slice(body.indexOf('<footer'));

describe('the page tree', () => {
  let about: number;
  let team: number;
  let history: number;
  let people: number;

  beforeAll(async () => {
    about = await page(owner, '關於我們', 'about');
    team = await page(owner, '團隊', 'team');
    history = await page(owner, '沿革', 'history');
    people = await page(owner, '成員', 'people');
  });

  it('nests pages, appending a moved page after its new siblings, siblings in order', async () => {
    expect(ok(await move(owner, team, about))).toMatchObject({ id: team, parent_id: about, sort: 0 });
    expect(ok(await move(owner, history, about))).toMatchObject({ parent_id: about, sort: 1 });
    const nodes = await tree();
    const node = find(nodes, about);
    expect(node?.children.map((c) => c.id)).toEqual([team, history]);
    expect(node).toMatchObject({ title: '關於我們', slug: 'about', status: 1, parent_id: 0, active: true });
    expect(nodes.some((n) => n.id === team)).toBe(false);
    expect(ok(await owner.call<PageNode[]>('page/children', { id: about })).map((c) => c.id)).toEqual([
      team,
      history,
    ]);
    expect(ok(await owner.call<PageStructure>('page/get', { id: about }))).toMatchObject({
      id: about,
      parent_id: 0,
      tabs: [team, history],
      first_tab: 0,
    });
    // An explicit sort places it.
    ok(await move(owner, history, about, 0, 0));
    ok(await move(owner, team, about, 0, 1));
    expect(find(await tree(), about)?.children.map((c) => c.id)).toEqual([history, team]);
  });

  it('refuses a page under itself or its descendant (3700) and a fourth level (3701), changing nothing', async () => {
    expect((await move(owner, about, about)).code).toBe(Code.PAGE_CYCLE);
    expect((await move(owner, about, team)).code).toBe(Code.PAGE_CYCLE);
    ok(await move(owner, people, team));
    const deep = await page(owner, '第四層', 'fourth');
    expect((await move(owner, deep, people)).code).toBe(Code.PAGE_TOO_DEEP);
    // A subtree of two levels cannot go under a second-level page either.
    const top = await page(owner, '頂層', 'top');
    const under = await page(owner, '頂層之下', 'under-top');
    ok(await move(owner, under, top));
    expect((await move(owner, top, team)).code).toBe(Code.PAGE_TOO_DEEP);
    expect(ok(await owner.call<PageStructure>('page/get', { id: top })).parent_id).toBe(0);
    ok(await move(owner, people, 0));
  });

  it('orders tabs and picks the first one; anything but exactly the children is 3702', async () => {
    const tabs = ok(
      await owner.call<PageTabs>('page/set_tab', { id: about, tabs: [team, history], first: history }),
    );
    expect(tabs.tabs.map((x) => x.id)).toEqual([team, history]);
    expect(tabs.first).toBe(history);
    expect(ok(await owner.call<PageTabs>('page/get_tab', { id: about }))).toEqual(tabs);
    for (const bad of [
      { tabs: [team], first: 0 },
      { tabs: [team, history, people], first: 0 },
      { tabs: [team, team], first: 0 },
      { tabs: [team, history], first: people },
    ])
      expect((await owner.call('page/set_tab', { id: about, ...bad })).code).toBe(Code.PAGE_TABS_MISMATCH);
    expect(ok(await owner.call<PageTabs>('page/get_tab', { id: about }))).toEqual(tabs);
  });

  it('shows the tabs on the parent (the first tab open under it) and on a child, never an unpublished child', async () => {
    const draft = await page(owner, '草稿子頁', 'draft-child', false);
    ok(await move(owner, draft, about));
    const parent = await html('/about');
    const nav = parent.slice(
      parent.indexOf('class="page-tabs'),
      parent.indexOf('</nav>', parent.indexOf('page-tabs')),
    );
    expect(nav).toContain('aria-label="關於我們');
    expect(nav.indexOf('團隊')).toBeLessThan(nav.indexOf('沿革'));
    expect(nav).toMatch(/href="[^"]*\/history" aria-current="page">沿革/);
    expect(parent).toContain('沿革 的內容');
    expect(parent).not.toContain('草稿子頁');
    const child = await html('/team');
    expect(child).toMatch(/href="[^"]*\/team" aria-current="page">團隊/);
    expect(child).toMatch(/href="[^"]*\/history">沿革/);
    expect(child).not.toContain('草稿子頁');
  });

  it('lists active published top-level pages in site.pages (the footer) and takes one out when inactive', async () => {
    expect(footerOf(await html('/'))).toMatch(/class="pages-nav"[\s\S]*關於我們[\s\S]*團隊/);
    expect(ok(await owner.call('page/active', { id: about, active: false }))).toEqual({ ids: [about] });
    expect(find(await tree(), about)?.active).toBe(false);
    expect(footerOf(await html('/'))).not.toContain('關於我們');
    ok(await owner.call('page/active', { ids: [about], active: true }));
    expect(footerOf(await html('/'))).toContain('關於我們');
  });

  it("moves a deleted page's children up to its parent", async () => {
    const mid = await page(owner, '中層', 'mid');
    const leaf = await page(owner, '葉', 'leaf');
    ok(await move(owner, mid, about));
    ok(await move(owner, leaf, mid));
    ok(await owner.call('press/publish?t=3', { id: mid, mode: -1 }));
    expect(ok(await owner.call<PageStructure>('page/get', { id: leaf })).parent_id).toBe(about);
  });

  it("puts a deleted page's children after its siblings, in their order, and bounds a sort", async () => {
    const top = await page(owner, '上層', 'upper');
    const [gone, stays] = [await page(owner, '將刪', 'gone'), await page(owner, '留下', 'stays')];
    const [a, b] = [await page(owner, '甲', 'kid-a'), await page(owner, '乙', 'kid-b')];
    ok(await move(owner, gone, top, 0, 5));
    ok(await move(owner, stays, top, 0, 90_000));
    ok(await move(owner, b, gone, 0, 1));
    ok(await move(owner, a, gone, 0, 2));
    expect(Object.keys(fieldErrors(await move(owner, a, gone, 0, 100_001)))).toEqual(['sort']);
    ok(await owner.call('press/publish?t=3', { id: gone, mode: -1 }));
    const under = ok(await owner.call<PageNode[]>('page/children', { id: top }));
    expect(under.map((n) => n.id)).toEqual([stays, b, a]);
    expect(under.map((n) => n.sort)).toEqual([90_000, 90_001, 90_002]);
  });
});

describe('page categories', () => {
  it('saves categories, answers page/cate, and filters the tree by category', async () => {
    const cat = ok(
      await owner.call<{ id: number; name: string }>('page_category/save', {
        id: 0,
        lang: [{ lang_id: 1, title: '公司資訊' }],
        sort: 1,
      }),
    );
    expect(cat.name).toBe('公司資訊');
    const dup = await owner.call('page_category/save', {
      id: 0,
      lang: [{ lang_id: 1, title: '公司資訊' }],
      sort: 2,
    });
    expect(fieldErrors(dup)).toHaveProperty(['lang.0.title']);
    const listed = ok(await owner.call<{ rows: { id: number }[] }>('page/cate', {}));
    expect(listed.rows.map((c) => c.id)).toContain(cat.id);
    const p = await page(owner, '聯絡資訊', 'contact-info');
    expect(ok(await move(owner, p, 0, cat.id)).category_id).toBe(cat.id);
    expect((await tree({ category_id: cat.id })).map((n) => n.id)).toEqual([p]);
  });
});

describe('tenancy and roles', () => {
  it("keeps another site's page and category out of reach, unchanged", async () => {
    const mine = await page(owner, '本站頁面', 'mine');
    const theirs = await page(stranger, '別站頁面', 'theirs');
    const theirCat = ok(
      await stranger.call<{ id: number }>('page_category/save', {
        id: 0,
        lang: [{ lang_id: 1, title: '別站分類' }],
      }),
    );
    expect((await move(owner, theirs, 0)).code).toBe(Code.NOT_FOUND);
    expect((await move(owner, mine, theirs)).code).toBe(Code.NOT_FOUND);
    expect(fieldErrors(await move(owner, mine, 0, theirCat.id))).toHaveProperty('category_id');
    expect((await owner.call('page/get', { id: theirs })).code).toBe(Code.NOT_FOUND);
    expect((await owner.call('page/active', { ids: [mine, theirs], active: false })).code).toBe(
      Code.NOT_FOUND,
    );
    expect(ok(await owner.call<PageStructure>('page/get', { id: mine })).active).toBe(true);
    expect(ok(await stranger.call<PageStructure>('page/get', { id: theirs }))).toMatchObject({
      parent_id: 0,
      active: true,
    });
  });

  it('refuses a role without page.edit (403)', async () => {
    const role = await customRole(t, demoSiteId, '只看文章', ['post.view']);
    const reader = await staffOf(t, demoSiteId, 'pages-viewer@example.com', role);
    const id = await page(owner, '受保護', 'guarded');
    for (const [path, body] of [
      ['page/list', {}],
      ['page/save', { id, parent_id: 0, category_id: 0 }],
      ['page/active', { id, active: false }],
      ['page/cate', {}],
    ] as const) {
      const r = await reader.call(path, body);
      expect(r.status, path).toBe(403);
    }
  });
});
