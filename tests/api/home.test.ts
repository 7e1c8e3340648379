/**
 * Home settings through HTTP: defaults, a round trip in order, articles that must be the site's published articles,
 * categories the site's own, at least one chosen, no duplicates, items gone since saving left out, tenant isolation
 * and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../contract/category';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import { EMPTY_HOME, type HomeSettings } from '../../contract/home';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
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
let categories: Category[];

/** An article of the caller's site, published unless told otherwise. */
async function article(c: Client, title: string, publish = true): Promise<number> {
  const made = ok(
    await c.call<SaveReply>('press/save?t=1', { id: 0, title, content: { blocks: [] }, version: 0 }),
  );
  if (publish) ok(await c.call('press/publish?t=1', { id: made.id, mode: 1 }));
  return made.id;
}

const get = async (c: Client) => ok(await c.call<HomeSettings>('home/get'));
const save = (c: Client, body: Record<string, unknown> | string) => c.call<HomeSettings>('home/save', body);

let a1: number;
let a2: number;
let a3: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  categories = ok(await owner.call<ListResult<Category>>('category/all', { query: { size: 100 } })).rows;
  a1 = await article(owner, '第一篇');
  a2 = await article(owner, '第二篇');
  a3 = await article(owner, '第三篇');
});
afterAll(async () => {
  await t?.close();
});

describe('home settings', () => {
  it('starts with the defaults', async () => {
    expect(await get(owner)).toEqual(EMPTY_HOME);
    expect(EMPTY_HOME.type).toBe('featured');
  });

  it('goes round trip in the order given', async () => {
    const [c1, c2] = categories;
    const reply = ok(
      await save(owner, {
        type: 'grid',
        cover: '/uploads/1/2026/11/cover.png',
        title: ' 本週焦點 ',
        content: '編輯精選',
        link: 'https://news.example.com/focus',
        articles: [{ id: a2 }, { id: a1 }],
        categories: [{ id: c2.id }, { id: c1.id }],
      }),
    );
    expect(reply).toEqual({
      type: 'grid',
      cover: '/uploads/1/2026/11/cover.png',
      title: '本週焦點',
      content: '編輯精選',
      link: 'https://news.example.com/focus',
      articles: [
        { id: a2, title: '第二篇', sort: 1 },
        { id: a1, title: '第一篇', sort: 2 },
      ],
      categories: [
        { id: c2.id, title: c2.name, sort: 1 },
        { id: c1.id, title: c1.name, sort: 2 },
      ],
    });
    expect(await get(owner)).toEqual(reply);
    // The answer can be sent back as it came: titles and sorts are ignored, the order is the list's.
    const reordered = ok(await save(owner, { ...reply, articles: [reply.articles[1], reply.articles[0]] }));
    expect(reordered.articles.map((a) => [a.id, a.sort])).toEqual([
      [a1, 1],
      [a2, 2],
    ]);
  });

  it('takes articles alone or categories alone, and fills defaults', async () => {
    expect(ok(await save(owner, { articles: [{ id: a3 }] }))).toEqual({
      ...EMPTY_HOME,
      articles: [{ id: a3, title: '第三篇', sort: 1 }],
    });
    const only = ok(await save(owner, { categories: [{ id: categories[0].id }] }));
    expect(only).toMatchObject({ type: 'featured', articles: [], categories: [{ id: categories[0].id }] });
  });

  it('leaves out what has gone since it was saved: an article taken offline, a category deleted', async () => {
    const cat = ok(
      await owner.call<{ id: number }>('label/save', {
        id: 0,
        type: 'category',
        lang: [{ lang_id: 1, title: '暫時的', cover: '' }],
      }),
    );
    const temp = await article(owner, '暫時的文章');
    ok(await save(owner, { articles: [{ id: a1 }, { id: temp }], categories: [{ id: cat.id }] }));
    ok(await owner.call('press/publish?t=1', { id: temp, mode: 0 }));
    ok(await owner.call('label/delete', { type: 'category', id: cat.id }));
    const home = await get(owner);
    expect(home.articles).toEqual([{ id: a1, title: '第一篇', sort: 1 }]);
    expect(home.categories).toEqual([]);
  });

  it('refuses none chosen, duplicates, drafts, pages and unknown ids, and bad fields', async () => {
    const before = await get(owner);
    const draft = await article(owner, '草稿', false);
    const page = ok(
      await owner.call<SaveReply>('press/save?t=3', {
        id: 0,
        title: '頁面',
        content: { blocks: [] },
        version: 0,
      }),
    );
    ok(await owner.call('press/publish?t=3', { id: page.id, mode: 1 }));
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { articles: '請至少選擇一篇文章或一個專欄' }],
      [{ articles: [], categories: [] }, { articles: '請至少選擇一篇文章或一個專欄' }],
      [{ articles: [{ id: a1 }, { id: a2 }, { id: a1 }] }, { 'articles.2.id': '此欄位重複' }],
      [
        { categories: [{ id: categories[0].id }, { id: categories[0].id }] },
        { 'categories.1.id': '此欄位重複' },
      ],
      [
        { articles: [{ id: a1 }, { id: draft }, { id: page.id }, { id: 2_000_000_000 }] },
        {
          'articles.1.id': '這篇文章不存在或尚未發佈',
          'articles.2.id': '這篇文章不存在或尚未發佈',
          'articles.3.id': '這篇文章不存在或尚未發佈',
        },
      ],
      [{ categories: [{ id: 2_000_000_000 }] }, { 'categories.0.id': '這個分類不存在' }],
      [{ articles: [{ id: a1 }], type: 'carousel' }, { type: '格式錯誤' }],
      [{ articles: [{ id: a1 }], link: 'javascript:alert(1)' }, { link: '連結錯誤' }],
      [{ articles: [{ id: a1 }], cover: '//evil.example/x.png' }, { cover: '連結錯誤' }],
      [{ articles: [{ id: a1 }], title: '字'.repeat(101) }, { title: '超過最大字數（100）限制' }],
      [{ articles: [{ id: a1 }], content: '字'.repeat(501) }, { content: '超過最大字數（500）限制' }],
      [{ articles: [{ id: 0 }] }, { 'articles.0.id': '格式錯誤' }],
      [{ articles: [{ id: a1, extra: 1 }] }, { 'articles.0.extra': '不接受的欄位' }],
      [{ articles: [{ id: a1 }], home: 1 }, { home: '不接受的欄位' }],
      [{ articles: Array.from({ length: 21 }, (_, i) => ({ id: i + 1 })) }, { articles: '格式錯誤' }],
    ];
    for (const [body, errors] of cases) {
      expect(fieldErrors(await save(owner, body)), JSON.stringify(body).slice(0, 200)).toEqual(errors);
    }
    expect(await save(owner, '[')).toMatchObject({ status: 400, code: Code.BAD_REQUEST });
    expect(await get(owner)).toEqual(before);
  });
});

describe('tenant isolation and permissions', () => {
  it("refuses another site's articles and categories, and never shows this site's home to it", async () => {
    const b = await register(t, 'home-b@example.com');
    const bArticle = await article(b, 'B 的文章');
    const bCategory = ok(
      await b.call<{ id: number }>('label/save', {
        id: 0,
        type: 'category',
        lang: [{ lang_id: 1, title: 'B 的分類', cover: '' }],
      }),
    );
    const before = await get(owner);
    expect(
      fieldErrors(await save(owner, { articles: [{ id: bArticle }], categories: [{ id: bCategory.id }] })),
    ).toEqual({ 'articles.0.id': '這篇文章不存在或尚未發佈', 'categories.0.id': '這個分類不存在' });
    expect(fieldErrors(await save(b, { articles: [{ id: a1 }] }))).toEqual({
      'articles.0.id': '這篇文章不存在或尚未發佈',
    });
    expect(await get(b)).toEqual(EMPTY_HOME);
    ok(await save(b, { articles: [{ id: bArticle }] }));
    expect(await get(owner)).toEqual(before);
    expect((await get(b)).articles).toEqual([{ id: bArticle, title: 'B 的文章', sort: 1 }]);
  });

  it('refuses 編輯 with 403 and the signed-out with 401; 管理員 may save', async () => {
    const editor = await staffOf(t, demoSiteId, 'home-editor@example.com', ROLE.EDITOR);
    for (const [path, body] of [
      ['home/get', {}],
      ['home/save', { articles: [{ id: a1 }] }],
    ] as const) {
      expect(await editor.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
      expect(await t.client().call(path, body), path).toMatchObject({ status: 401, code: Code.UNAUTHORIZED });
    }
    const admin = await staffOf(t, demoSiteId, 'home-admin@example.com', ROLE.ADMIN);
    expect(ok(await save(admin, { articles: [{ id: a2 }] })).articles).toEqual([
      { id: a2, title: '第二篇', sort: 1 },
    ]);
  });
});
