/**
 * Labels through HTTP: tags and categories with languages, slugs (made, suffixed, explicit, taken), usage counts,
 * search, the writer's tag/all and press/save_tag, the category endpoints as views, tenant isolation and permissions.
 * The generated entity tests (conformance.test.ts) and the permission matrix (401 from every action) cover the rest.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../contract/category';
import { Code } from '../../contract/codes';
import type { label } from '../../contract/entities/label';
import type { EntityRecord } from '../../contract/entity';
import type { LabelType } from '../../contract/labels';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { contents, contentTags } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  customRole,
  fieldErrors,
  OWNER,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

type Label = EntityRecord<typeof label>;

interface Brief {
  id: number;
  name: string;
  slug: string;
}

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

const index = (c: Client, type: LabelType, query: Record<string, unknown> = {}) =>
  c.call<ListResult<Label>>('label/index', { type, query: { size: 100, ...query } });
const show = (c: Client, type: LabelType, id: number) => c.call<Label>('label/show', { type, id });
const zh = (title: string) => [{ lang_id: 1, title, cover: '' }];

async function save(c: Client, body: Record<string, unknown>): Promise<Label> {
  const r = await c.call<Label>('label/save', { id: 0, slug: '', ...body });
  expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 1 });
  return r.data;
}

/** Registers a user (with a personal site) and adds them to the demo site with a role. */
const demoStaff = (email: string, roleId: number, nickname?: string): Promise<Client> =>
  staffOf(t, demoSiteId, email, roleId, nickname);

/** An item of the demo site, written directly: the content API belongs to another module. */
async function item(status: number, categoryId: number | null, tagIds: number[]): Promise<number> {
  const [row] = await t.database.db
    .insert(contents)
    .values({
      siteId: demoSiteId,
      uuid: randomUUID(),
      type: 1,
      status,
      categoryId,
      body: { blocks: [] } as never,
      seo: { title: '', content: '' },
    })
    .returning({ id: contents.id });
  if (tagIds.length)
    await t.database.db.insert(contentTags).values(tagIds.map((tagId) => ({ contentId: row.id, tagId })));
  return row.id;
}

describe('the seeded demo labels', () => {
  it('have pinyin slugs, a zh-TW title each and no items yet', async () => {
    const cats = await index(owner, 'category', { sort: { col: 'id', order: 'asc' } });
    expect(cats.code).toBe(1);
    expect(cats.data.total).toBe(5);
    expect(cats.data.rows.map((r) => [r.name, r.slug])).toEqual([
      ['新聞', 'xin-wen'],
      ['科技', 'ke-ji'],
      ['生活', 'sheng-huo'],
      ['旅遊', 'lv-you'],
      ['美食', 'mei-shi'],
    ]);
    expect(cats.data.rows[0]).toMatchObject({
      type: 'category',
      lang: [{ lang_id: 1, title: '新聞', cover: '' }],
      active: [1],
      count: 0,
    });
    const tags = await index(owner, 'tag', { sort: { col: 'id', order: 'asc' } });
    expect(tags.data.rows.map((r) => r.slug)).toEqual([
      'tai-bei',
      'ren-gong-zhi-hui',
      'ka-fei',
      'deng-shan',
      'dian-dong-che',
    ]);
    expect(tags.data.rows.every((r) => r.type === 'tag')).toBe(true);
  });
});

describe('create, show, edit, delete', () => {
  for (const type of ['tag', 'category'] as const) {
    it(`goes round trip for a ${type} with languages`, async () => {
      const made = await save(owner, {
        type,
        lang: [
          { lang_id: 1, title: ' 新北市的天氣 ', cover: '/uploads/1/2026/01/a.png' },
          { lang_id: 3, title: 'New Taipei weather', cover: '' },
        ],
        active: [1, 3],
      });
      expect(made).toMatchObject({
        type,
        name: '新北市的天氣',
        slug: 'xin-bei-shi-de-tian-qi',
        lang: [
          { lang_id: 1, title: '新北市的天氣', cover: '/uploads/1/2026/01/a.png' },
          { lang_id: 3, title: 'New Taipei weather', cover: '' },
        ],
        active: [1, 3],
        count: 0,
      });
      expect((await show(owner, type, made.id)).data).toEqual(made);

      const edited = await save(owner, {
        id: made.id,
        type,
        slug: 'weather',
        lang: zh('天氣'),
      });
      expect(edited).toMatchObject({ id: made.id, name: '天氣', slug: 'weather', active: [1] });
      expect(edited.created_at).toBe(made.created_at);
      const listed = await index(owner, type);
      expect(listed.data.rows.find((r) => r.id === made.id)).toEqual(edited);

      // Clearing the slug makes a new one from the name.
      const cleared = await save(owner, { id: made.id, type, slug: '', lang: zh('天氣') });
      expect(cleared.slug).toBe('tian-qi');

      const deleted = await owner.call('label/delete', { type, id: made.id });
      expect(deleted).toMatchObject({ code: 1, data: { id: made.id } });
      for (const [path, body] of [
        ['label/show', { type, id: made.id }],
        ['label/delete', { type, id: made.id }],
        ['label/save', { id: made.id, type, lang: zh('復活') }],
      ] as const) {
        const r = await owner.call(path, body);
        expect(r.status, path).toBe(404);
        expect(r.code, path).toBe(Code.NOT_FOUND);
      }
    });
  }

  it('lets a tag and a category share a name and a slug', async () => {
    const tag = await save(owner, { type: 'tag', lang: zh('兩邊都有') });
    const cat = await save(owner, { type: 'category', lang: zh('兩邊都有') });
    expect(cat.slug).toBe(tag.slug);
    expect((await owner.call('label/delete', { type: 'tag', id: tag.id })).code).toBe(1);
    expect((await show(owner, 'category', cat.id)).data.name).toBe('兩邊都有');
    expect((await owner.call('label/delete', { type: 'category', id: cat.id })).code).toBe(1);
  });

  it('names a label by its zh-TW title, else by the first title there is', async () => {
    const english = await save(owner, {
      type: 'tag',
      lang: [{ lang_id: 3, title: 'Only English', cover: '' }],
    });
    expect(english).toMatchObject({ name: 'Only English', slug: 'only-english' });
    const mixed = await save(owner, {
      type: 'tag',
      lang: [
        { lang_id: 3, title: 'Second', cover: '' },
        { lang_id: 1, title: '第一', cover: '' },
      ],
    });
    expect(mixed).toMatchObject({ name: '第一', slug: 'di-yi' });
    const emptyZh = await save(owner, {
      type: 'tag',
      lang: [
        { lang_id: 1, title: '', cover: '' },
        { lang_id: 4, title: 'のみ', cover: '' },
      ],
    });
    expect(emptyZh.name).toBe('のみ');
    // Nothing of the title survives in a slug: the type stands in.
    expect(emptyZh.slug).toMatch(/^tag(-\d+)?$/);
    for (const { id } of [english, mixed, emptyZh]) await owner.call('label/delete', { type: 'tag', id });
  });
});

describe('slugs', () => {
  it('suffixes a made slug that is taken: -2, -3', async () => {
    const a = await save(owner, { type: 'tag', lang: zh('天器') });
    const b = await save(owner, { type: 'tag', lang: zh('添棋') });
    const c = await save(owner, { type: 'tag', lang: zh('田七') });
    expect([a.slug, b.slug, c.slug]).toEqual(['tian-qi', 'tian-qi-2', 'tian-qi-3']);
    // Saving b again keeps its own slug free for itself.
    expect((await save(owner, { id: b.id, type: 'tag', slug: b.slug, lang: zh('添棋') })).slug).toBe(
      'tian-qi-2',
    );
    expect((await save(owner, { id: b.id, type: 'tag', lang: zh('添棋') })).slug).toBe('tian-qi-2');
    for (const { id } of [a, b, c]) await owner.call('label/delete', { type: 'tag', id });
  });

  it('refuses an explicit slug another label of the type holds', async () => {
    const r = await owner.call('label/save', { id: 0, type: 'tag', slug: 'tai-bei', lang: zh('台北市') });
    expect(fieldErrors(r)).toEqual({ slug: '此欄位重複' });
    const coffee = (await index(owner, 'tag')).data.rows.find((x) => x.slug === 'ka-fei') as Label;
    const e = await owner.call('label/save', {
      id: coffee.id,
      type: 'tag',
      slug: 'tai-bei',
      lang: coffee.lang,
    });
    expect(fieldErrors(e)).toEqual({ slug: '此欄位重複' });
    // A category may use a tag's slug.
    const cat = await save(owner, { type: 'category', slug: 'tai-bei', lang: zh('台北市') });
    expect(cat.slug).toBe('tai-bei');
    await owner.call('label/delete', { type: 'category', id: cat.id });
  });

  it('refuses slugs that break the slug rule', async () => {
    for (const slug of ['Abc', '1abc', 'a b', '-a', 'a_b', '中文']) {
      const r = await owner.call('label/save', { id: 0, type: 'tag', slug, lang: zh('規則') });
      expect(fieldErrors(r).slug, slug).toBe('格式錯誤');
    }
    const long = await owner.call('label/save', {
      id: 0,
      type: 'tag',
      slug: 'a'.repeat(101),
      lang: zh('長'),
    });
    expect(fieldErrors(long).slug).toBe('超過最大字數（100）限制');
  });

  it('cuts a long made slug to 100 characters and still suffixes it', async () => {
    const title = '新北市的天氣很好'.repeat(6);
    const a = await save(owner, { type: 'tag', lang: zh(title) });
    const b = await save(owner, { type: 'tag', lang: zh(title.replace('很', '狠')) });
    expect(a.slug.length).toBeLessThanOrEqual(100);
    expect(b.slug.length).toBeLessThanOrEqual(100);
    expect(b.slug).toMatch(/^xin-bei-shi.*-2$/);
    for (const { id } of [a, b]) await owner.call('label/delete', { type: 'tag', id });
  });
});

describe('names', () => {
  it('refuses a name the type already has, without regard to case, on the title that names it', async () => {
    expect(fieldErrors(await owner.call('label/save', { id: 0, type: 'tag', lang: zh(' 台北 ') }))).toEqual({
      'lang.0.title': '此欄位重複',
    });
    const en = await save(owner, { type: 'category', lang: zh('Sports') });
    const r = await owner.call('label/save', {
      id: 0,
      type: 'category',
      lang: [
        { lang_id: 3, title: 'x', cover: '' },
        { lang_id: 1, title: 'SPORTS', cover: '' },
      ],
    });
    expect(fieldErrors(r)).toEqual({ 'lang.1.title': '此欄位重複' });
    const news = (await index(owner, 'category')).data.rows.find((x) => x.name === '新聞') as Label;
    const rename = await owner.call('label/save', { id: en.id, type: 'category', lang: zh('新聞') });
    expect(fieldErrors(rename)).toEqual({ 'lang.0.title': '此欄位重複' });
    // Recasing its own name is fine.
    expect((await save(owner, { id: en.id, type: 'category', lang: zh('SPORTS') })).name).toBe('SPORTS');
    expect((await show(owner, 'category', news.id)).data.name).toBe('新聞');
    await owner.call('label/delete', { type: 'category', id: en.id });
  });

  it('lets only one of concurrent saves of one name succeed', async () => {
    const rs = await Promise.all(
      ['Race', 'race', 'RACE'].map((title) =>
        owner.call('label/save', { id: 0, type: 'tag', lang: zh(title) }),
      ),
    );
    expect(rs.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of rs.filter((x) => x.code !== 1)) expect(fieldErrors(r)['lang.0.title']).toBe('此欄位重複');
    const won = rs.find((r) => r.code === 1)?.data as Label;
    expect(won.slug).toBe('race');
    await owner.call('label/delete', { type: 'tag', id: won.id });
  });

  it('validates the languages', async () => {
    const cases: [unknown, string, string][] = [
      [[], 'lang', '格式錯誤'],
      [zh(''), 'lang.0.title', '此欄位為必填'],
      [zh('   '), 'lang.0.title', '此欄位為必填'],
      [[...zh('a'), ...zh('b')], 'lang', '此欄位重複'],
      [[{ lang_id: 6, title: 'x', cover: '' }], 'lang.0.lang_id', '格式錯誤'],
      [[{ lang_id: 1, title: 'x', cover: 'javascript:alert(1)' }], 'lang.0.cover', '連結錯誤'],
      [[{ lang_id: 1, title: '字'.repeat(51), cover: '' }], 'lang.0.title', '超過最大字數（50）限制'],
      [[{ lang_id: 1, title: 'x', cover: '', extra: 1 }], 'lang.0.extra', '不接受的欄位'],
      ['新聞', 'lang', '格式錯誤'],
    ];
    for (const [lang, field, message] of cases) {
      const r = await owner.call('label/save', { id: 0, type: 'tag', lang });
      expect(fieldErrors(r)[field], JSON.stringify(lang)).toBe(message);
    }
    for (const body of [
      { id: 0, type: 'label', lang: zh('x') },
      { id: -1, type: 'tag', lang: zh('x') },
      { id: 0, type: 'tag', lang: zh('x'), active: [9] },
      { id: 0, type: 'tag', lang: zh('x'), site_id: 2 },
      { type: 'tag', lang: zh('x') },
    ]) {
      expect(fieldErrors(await owner.call('label/save', body)), JSON.stringify(body)).not.toEqual({});
    }
    expect((await index(owner, 'tag')).data.total).toBe(5);
  });
});

describe('counts', () => {
  it('counts the items using a label, not deleted ones', async () => {
    const tags = (await index(owner, 'tag', { sort: { col: 'id', order: 'asc' } })).data.rows;
    const cats = (await index(owner, 'category', { sort: { col: 'id', order: 'asc' } })).data.rows;
    const [taipei, ai] = tags;
    const [news, tech] = cats;
    await item(1, news.id, [taipei.id, ai.id]);
    await item(0, news.id, [taipei.id]);
    await item(2, tech.id, [taipei.id]);
    await item(-1, news.id, [taipei.id, ai.id]);

    const tagCounts = (await index(owner, 'tag')).data.rows;
    expect(tagCounts.find((r) => r.id === taipei.id)?.count).toBe(3);
    expect(tagCounts.find((r) => r.id === ai.id)?.count).toBe(1);
    expect(tagCounts.find((r) => r.id === tags[2].id)?.count).toBe(0);
    const catCounts = (await index(owner, 'category')).data.rows;
    expect(catCounts.find((r) => r.id === news.id)?.count).toBe(2);
    expect(catCounts.find((r) => r.id === tech.id)?.count).toBe(1);
    expect((await show(owner, 'tag', taipei.id)).data.count).toBe(3);
    expect((await show(owner, 'category', news.id)).data.count).toBe(2);
  });

  it('lets a used label go: items lose the category or the tag', async () => {
    const cat = await save(owner, { type: 'category', lang: zh('暫時分類') });
    const tag = await save(owner, { type: 'tag', lang: zh('暫時標籤') });
    const id = await item(1, cat.id, [tag.id]);
    expect((await show(owner, 'category', cat.id)).data.count).toBe(1);
    expect((await owner.call('label/delete', { type: 'category', id: cat.id })).code).toBe(1);
    expect((await owner.call('label/delete', { type: 'tag', id: tag.id })).code).toBe(1);
    const [row] = await t.database.db.select().from(contents).where(eq(contents.id, id));
    expect(row.categoryId).toBeNull();
    expect(await t.database.db.select().from(contentTags).where(eq(contentTags.contentId, id))).toEqual([]);
  });
});

describe('label/index filters and sorting', () => {
  it('filters by name, slug and id, and sorts by slug', async () => {
    const byName = await index(owner, 'category', {
      filters: [{ col: 'name', value: '科', type: 'search' }],
    });
    expect(byName.data.rows.map((r) => r.name)).toEqual(['科技']);
    const bySlug = await index(owner, 'tag', { filters: [{ col: 'slug', value: 'TAI', type: 'search' }] });
    expect(bySlug.data.rows.map((r) => r.slug)).toEqual(['tai-bei']);
    const all = (await index(owner, 'tag')).data.rows;
    const byId = await index(owner, 'tag', { filters: [{ col: 'id', value: [all[0].id], type: 'in' }] });
    expect(byId.data.rows.map((r) => r.id)).toEqual([all[0].id]);
    const sorted = await index(owner, 'tag', { sort: { col: 'slug', order: 'asc' } });
    const slugs = sorted.data.rows.map((r) => r.slug);
    expect(slugs).toEqual([...slugs].sort());
    const paged = await index(owner, 'tag', { page: 2, size: 2 });
    expect(paged.data.rows).toHaveLength(2);
    expect(paged.data.total).toBe(5);
  });

  it('refuses columns the contract does not list', async () => {
    for (const col of ['count', 'site_id', 'langs']) {
      const r = await index(owner, 'tag', { filters: [{ col, value: '1', type: 'search' }] });
      expect(fieldErrors(r)['query.filters.0.col'], col).toBe('格式錯誤');
    }
    expect(
      fieldErrors(await index(owner, 'tag', { sort: { col: 'count', order: 'asc' } }))['query.sort.col'],
    ).toBe('格式錯誤');
    expect(fieldErrors(await owner.call('label/index', { query: {} })).type).toBe('此欄位為必填');
  });
});

describe('label/search', () => {
  it('answers id and name of matches, shortest first, at most 20', async () => {
    const r = await owner.call<{ id: number; name: string }[]>('label/search', {
      type: 'tag',
      keyword: '台',
    });
    expect(r.code).toBe(1);
    expect(r.data).toEqual([{ id: expect.any(Number), name: '台北' }]);
    const made: Label[] = [];
    for (let i = 0; i < 25; i++)
      made.push(await save(owner, { type: 'category', lang: zh(`批次${'x'.repeat(i)}`) }));
    const many = await owner.call<{ id: number; name: string }[]>('label/search', {
      type: 'category',
      keyword: '批次',
    });
    expect(many.data).toHaveLength(20);
    expect(many.data[0].name).toBe('批次');
    expect(many.data.map((x) => x.name)).toEqual(made.slice(0, 20).map((x) => x.name));
    for (const { id } of made) await owner.call('label/delete', { type: 'category', id });
  });

  it('matches case-insensitively and LIKE wildcards literally', async () => {
    const tag = await save(owner, { type: 'tag', lang: zh('100% Pure') });
    const find = async (keyword: string) =>
      (await owner.call<{ name: string }[]>('label/search', { type: 'tag', keyword })).data.map(
        (x) => x.name,
      );
    expect(await find('pure')).toEqual(['100% Pure']);
    expect(await find('%')).toEqual(['100% Pure']);
    expect(await find('_')).toEqual([]);
    await owner.call('label/delete', { type: 'tag', id: tag.id });
  });

  it('needs a keyword', async () => {
    for (const keyword of ['', '  ']) {
      const r = await owner.call('label/search', { type: 'tag', keyword });
      expect(fieldErrors(r).keyword).toBe('請輸入搜尋文字。');
    }
    expect(fieldErrors(await owner.call('label/search', { type: 'tag' })).keyword).toBe('此欄位為必填');
  });
});

describe('the writer: tag/all and press/save_tag', () => {
  it('lists every tag of the site by name with id, name and slug', async () => {
    const r = await owner.call<Brief[]>('tag/all');
    expect(r.code).toBe(1);
    expect(r.data).toHaveLength(5);
    expect(Object.keys(r.data[0]).sort()).toEqual(['id', 'name', 'slug']);
    const names = r.data.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(fieldErrors(await owner.call('tag/all', { x: 1 })).x).toBe('不接受的欄位');
  });

  it('creates a tag once and answers the existing one for the same name in any case', async () => {
    const made = await owner.call<Brief>('press/save_tag', { name: ' Machine Learning ' });
    expect(made).toMatchObject({ code: 1, data: { name: 'Machine Learning', slug: 'machine-learning' } });
    const again = await owner.call<Brief>('press/save_tag', { name: 'machine learning' });
    expect(again.data).toEqual(made.data);
    const existing = await owner.call<Brief>('press/save_tag', { name: '台北' });
    expect(existing.data).toMatchObject({ name: '台北', slug: 'tai-bei' });
    const shown = await show(owner, 'tag', made.data.id);
    expect(shown.data).toMatchObject({ lang: zh('Machine Learning'), active: [1] });
    expect((await owner.call<Brief[]>('tag/all')).data.map((x) => x.name)).toContain('Machine Learning');
    await owner.call('label/delete', { type: 'tag', id: made.data.id });
  });

  it('answers concurrent saves of one new name with one tag', async () => {
    const rs = await Promise.all(
      ['並行', '並行', '並行'].map((name) => owner.call<Brief>('press/save_tag', { name })),
    );
    expect(rs.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(new Set(rs.map((r) => r.data.id)).size).toBe(1);
    await owner.call('label/delete', { type: 'tag', id: rs[0].data.id });
  });

  it('needs at least 2 characters and at most 50', async () => {
    expect(fieldErrors(await owner.call('press/save_tag', { name: '一' })).name).toBe('請輸入最少 2 字數');
    expect(fieldErrors(await owner.call('press/save_tag', { name: ' a ' })).name).toBe('請輸入最少 2 字數');
    expect(fieldErrors(await owner.call('press/save_tag', { name: '' })).name).toBe('此欄位為必填');
    expect(fieldErrors(await owner.call('press/save_tag', {})).name).toBe('此欄位為必填');
    expect(fieldErrors(await owner.call('press/save_tag', { name: '字'.repeat(51) })).name).toBe(
      '超過最大字數（50）限制',
    );
    const en = t.client({ lang: 'en' });
    await en.login(OWNER.email, OWNER.password);
    expect(fieldErrors(await en.call('press/save_tag', { name: 'x' })).name).toMatch(/2/);
    expect((await owner.call<Brief[]>('tag/all')).data).toHaveLength(5);
  });

  it('gives a tag of emoji only a slug all the same', async () => {
    const a = await owner.call<Brief>('press/save_tag', { name: '🎉🎉' });
    const b = await owner.call<Brief>('press/save_tag', { name: '🎈🎈' });
    expect(a.data.slug).toBe('tag');
    expect(b.data.slug).toBe('tag-2');
    for (const r of [a, b]) await owner.call('label/delete', { type: 'tag', id: r.data.id });
  });
});

describe('the category endpoints are views over the labels', () => {
  it('gives a new category a zh-TW title and a slug, and an edit keeps the other languages and the slug', async () => {
    const made = await owner.call<Category>('category/new', { name: '運動' });
    expect(made.code).toBe(1);
    const label = (await show(owner, 'category', made.data.id)).data;
    expect(label).toMatchObject({ name: '運動', slug: 'yun-dong', lang: zh('運動'), active: [1] });

    await save(owner, {
      id: label.id,
      type: 'category',
      slug: label.slug,
      lang: [...zh('運動'), { lang_id: 3, title: 'Sports', cover: '/c.png' }],
      active: [1, 3],
    });
    const edited = await owner.call<Category>('category/edit', { id: label.id, name: '體育' });
    expect(edited.data.name).toBe('體育');
    expect((await show(owner, 'category', label.id)).data).toMatchObject({
      name: '體育',
      slug: 'yun-dong',
      lang: [...zh('體育'), { lang_id: 3, title: 'Sports', cover: '/c.png' }],
      active: [1, 3],
    });

    await save(owner, { id: label.id, type: 'category', slug: 'ti-yu', lang: zh('球類') });
    expect((await owner.call<Category>('category/get', { id: label.id })).data.name).toBe('球類');
    expect((await owner.call('category/del', { id: label.id })).code).toBe(1);
    expect((await show(owner, 'category', label.id)).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  let b: Client;
  let bTag: Label;

  beforeAll(async () => {
    b = await register(t, 'labels-b@example.com');
    bTag = await save(b, { type: 'tag', lang: zh('台北') });
  });

  it('keeps names and slugs per site', () => {
    expect(bTag.slug).toBe('tai-bei');
  });

  it('lists, searches and answers tag/all with the caller site rows only', async () => {
    expect((await index(b, 'tag')).data.rows.map((r) => r.id)).toEqual([bTag.id]);
    expect((await index(b, 'category')).data).toEqual({ rows: [], total: 0 });
    const search = await b.call<{ id: number }[]>('label/search', { type: 'tag', keyword: '台' });
    expect(search.data.map((x) => x.id)).toEqual([bTag.id]);
    expect((await b.call<Brief[]>('tag/all')).data.map((x) => x.id)).toEqual([bTag.id]);
    expect((await owner.call<Brief[]>('tag/all')).data.map((x) => x.id)).not.toContain(bTag.id);
    // The name is B's own: save_tag answers B's tag, never the demo site's.
    expect((await b.call<Brief>('press/save_tag', { name: '台北' })).data.id).toBe(bTag.id);
    const coffee = await b.call<Brief>('press/save_tag', { name: '咖啡' });
    const demoCoffee = (await owner.call<Brief[]>('tag/all')).data.find((x) => x.name === '咖啡') as Brief;
    expect(coffee.data.id).not.toBe(demoCoffee.id);
    await b.call('label/delete', { type: 'tag', id: coffee.data.id });
  });

  it('answers 404 for show, save and delete of the demo site labels and changes nothing', async () => {
    const before = [...(await index(owner, 'tag')).data.rows, ...(await index(owner, 'category')).data.rows];
    for (const label of before) {
      for (const [path, body] of [
        ['label/show', { type: label.type, id: label.id }],
        ['label/save', { id: label.id, type: label.type, lang: zh('被改了') }],
        ['label/save', { id: label.id, type: label.type, slug: 'x', lang: zh('台北') }],
        ['label/delete', { type: label.type, id: label.id }],
      ] as const) {
        const r = await b.call(path, body);
        expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(404);
        expect(r.code).toBe(Code.NOT_FOUND);
      }
    }
    const after = [...(await index(owner, 'tag')).data.rows, ...(await index(owner, 'category')).data.rows];
    expect(after).toEqual(before);
    for (const [path, body] of [
      ['label/show', { type: 'tag', id: bTag.id }],
      ['label/save', { id: bTag.id, type: 'tag', lang: zh('x') }],
      ['label/delete', { type: 'tag', id: bTag.id }],
    ] as const) {
      expect((await owner.call(path, body)).status).toBe(404);
    }
    expect((await show(b, 'tag', bTag.id)).data).toEqual(bTag);
  });
});

describe('permissions', () => {
  it('lets a role with post.view only read but not save, delete or add a tag (403)', async () => {
    const shop = await demoStaff(
      'labels-shop@example.com',
      await customRole(t, demoSiteId, '唯讀', ['post.view']),
    );
    const before = (await index(owner, 'tag')).data.rows;
    const taipei = before.find((x) => x.name === '台北') as Label;
    // The same labels; counted are only the items the reader sees, and a role with post.view only has none of its own.
    const uncounted = (rows: Label[]) => rows.map((r) => ({ ...r, count: 0 }));
    expect((await index(shop, 'tag')).data.rows).toEqual(uncounted(before));
    expect((await show(shop, 'tag', taipei.id)).data).toEqual({ ...taipei, count: 0 });
    expect((await shop.call('label/search', { type: 'tag', keyword: '台' })).code).toBe(1);
    expect((await shop.call<Brief[]>('tag/all')).data).toHaveLength(before.length);
    for (const [path, body] of [
      ['label/save', { id: 0, type: 'tag', lang: zh('電商') }],
      ['label/save', { id: taipei.id, type: 'tag', lang: zh('電商') }],
      ['label/delete', { type: 'tag', id: taipei.id }],
      ['press/save_tag', { name: '電商' }],
    ] as const) {
      const r = await shop.call(path, body);
      expect(r.status, path).toBe(403);
      expect(r.code, path).toBe(Code.FORBIDDEN);
    }
    expect((await index(owner, 'tag')).data.rows).toEqual(before);
  });

  it('lets 編輯 (role 3) save, delete and add tags', async () => {
    const editor = await demoStaff('labels-editor@example.com', ROLE.EDITOR);
    const made = await save(editor, { type: 'category', lang: zh('編輯分類') });
    expect((await show(owner, 'category', made.id)).data.name).toBe('編輯分類');
    expect((await editor.call('label/delete', { type: 'category', id: made.id })).code).toBe(1);
    const tag = await editor.call<Brief>('press/save_tag', { name: '編輯標籤' });
    expect(tag.code).toBe(1);
    expect((await editor.call('label/delete', { type: 'tag', id: tag.data.id })).code).toBe(1);
  });
});

describe('bad bodies answer an envelope, never a 500', () => {
  it('refuses bad ids, types and bodies', async () => {
    for (const id of ['1', -1, 0, 1.5, 2 ** 31, null]) {
      for (const path of ['label/show', 'label/delete']) {
        const r = await owner.call(path, { type: 'tag', id });
        expect(r.status, `${path} ${id}`).toBe(200);
        expect(r.code).toBe(Code.VALIDATION);
      }
    }
    for (const path of [
      'label/index',
      'label/show',
      'label/save',
      'label/delete',
      'label/search',
      'tag/all',
    ]) {
      for (const payload of ['[]', '"x"', '12', '{"type":']) {
        const r = await owner.call(path, payload);
        expect(r.status, `${path} ${payload}`).toBeLessThan(500);
        expect(r.code).not.toBe(Code.OK);
      }
    }
    const nul = await owner.call('label/save', { id: 0, type: 'tag', lang: zh('a\u0000b') });
    expect(fieldErrors(nul)['lang.0.title']).toBe('格式錯誤');
    const nulSearch = await owner.call('label/search', { type: 'tag', keyword: 'a\u0000' });
    expect(nulSearch.code).toBe(Code.VALIDATION);
    expect((await owner.call('press/save_tag', { name: 'a\u0000b' })).code).toBe(Code.VALIDATION);
  });
});
