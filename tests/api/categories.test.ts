/**
 * The category resource through HTTP: CRUD, list paging / sorting / filters (server/http/list.ts), name rules,
 * tenant isolation and permissions.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../contract/category';
import { Code } from '../../contract/codes';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import {
  type Client,
  createTestApp,
  customRole,
  fieldErrors,
  OWNER,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const DEMO_NAMES = ['新聞', '科技', '生活', '旅遊', '美食'];

interface Errors {
  errors: Record<string, string>;
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

type Query = Record<string, unknown>;
const list = (c: Client, query?: Query) =>
  c.call<ListResult<Category>>('category/all', query === undefined ? {} : { query });
const names = (r: Reply<ListResult<Category>>) => r.data.rows.map((row) => row.name);
const ids = (r: Reply<ListResult<Category>>) => r.data.rows.map((row) => row.id);

/** Every category of the caller's site, id ascending. */
async function all(c: Client): Promise<Category[]> {
  const r = await list(c, { page: 1, size: 100, sort: { col: 'id', order: 'asc' } });
  expect(r.code).toBe(1);
  return r.data.rows;
}

async function demoId(name: string): Promise<number> {
  const row = (await all(owner)).find((c) => c.name === name);
  if (!row) throw new Error(`no demo category ${name}`);
  return row.id;
}

async function create(c: Client, name: string): Promise<Category> {
  const r = await c.call<Category>('category/new', { name });
  expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 1 });
  return r.data;
}

/** Registers a user (with a personal site) and adds them to the demo site with a role. */
const demoStaff = (email: string, roleId: number, nickname?: string): Promise<Client> =>
  staffOf(t, demoSiteId, email, roleId, nickname);

describe('list of the seeded demo site', () => {
  it('answers the five seeded categories, newest first by default', async () => {
    const r = await list(owner);
    expect(r).toMatchObject({ status: 200, code: 1, msg: '' });
    expect(r.data.total).toBe(5);
    expect([...names(r)].sort()).toEqual([...DEMO_NAMES].sort());
    const got = ids(r);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    for (const row of r.data.rows) {
      expect(Number.isInteger(row.id)).toBe(true);
      expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
      expect(new Date(row.updated_at).toISOString()).toBe(row.updated_at);
    }
  });

  it('pages with page and size and keeps the total', async () => {
    const everything = ids(await list(owner, { page: 1, size: 10 }));
    expect(everything).toHaveLength(5);
    const seen: number[] = [];
    for (const [page, expected] of [
      [1, 2],
      [2, 2],
      [3, 1],
      [4, 0],
    ] as const) {
      const r = await list(owner, { page, size: 2 });
      expect(r.code).toBe(1);
      expect(r.data.total).toBe(5);
      expect(r.data.rows).toHaveLength(expected);
      seen.push(...ids(r));
    }
    expect(seen).toEqual(everything);
    const one = await list(owner, { page: 5, size: 1 });
    expect(one.data.rows).toHaveLength(1);
    expect(one.data.rows[0].id).toBe(everything[4]);
  });

  it('sorts by id both ways', async () => {
    const asc = ids(await list(owner, { sort: { col: 'id', order: 'asc' } }));
    const desc = ids(await list(owner, { sort: { col: 'id', order: 'desc' } }));
    expect(asc).toHaveLength(5);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].reverse());
  });

  it('sorts Chinese names one way and exactly the other way round', async () => {
    const asc = names(await list(owner, { sort: { col: 'name', order: 'asc' } }));
    const desc = names(await list(owner, { sort: { col: 'name', order: 'desc' } }));
    expect([...asc].sort()).toEqual([...DEMO_NAMES].sort());
    expect(desc).toEqual([...asc].reverse());
  });

  it('searches a Chinese substring of the name', async () => {
    const r = await list(owner, { filters: [{ col: 'name', value: '科', type: 'search' }] });
    expect(r.code).toBe(1);
    expect(names(r)).toEqual(['科技']);
    expect(r.data.total).toBe(1);
    const trimmed = await list(owner, { filters: [{ col: 'name', value: '  旅 ', type: 'search' }] });
    expect(names(trimmed)).toEqual(['旅遊']);
    const none = await list(owner, { filters: [{ col: 'name', value: '體育', type: 'search' }] });
    expect(none.data).toEqual({ rows: [], total: 0 });
  });

  it('filters ids with `in`, and combines filters with AND', async () => {
    const tech = await demoId('科技');
    const food = await demoId('美食');
    const r = await list(owner, {
      filters: [{ col: 'id', value: [tech, food], type: 'in' }],
      sort: { col: 'id', order: 'asc' },
    });
    expect(r.code).toBe(1);
    expect(ids(r)).toEqual([tech, food].sort((a, b) => a - b));
    expect(r.data.total).toBe(2);
    const both = await list(owner, {
      filters: [
        { col: 'id', value: [tech, food], type: 'in' },
        { col: 'name', value: '科', type: 'search' },
      ],
    });
    expect(names(both)).toEqual(['科技']);
    const empty = await list(owner, { filters: [{ col: 'id', value: [], type: 'in' }] });
    expect(empty.code).toBe(1);
    expect(empty.data).toEqual({ rows: [], total: 0 });
  });
});

describe('list on a site of its own', () => {
  let c: Client;
  const inserted = ['delta', 'alpha', 'echo', 'bravo', 'charlie'];
  const byId: Category[] = [];

  beforeAll(async () => {
    c = await register(t, 'sorter@example.com');
    for (const name of inserted) byId.push(await create(c, name));
  });

  it('sorts by name ascending and descending, and pages the sorted list', async () => {
    const asc = await list(c, { sort: { col: 'name', order: 'asc' } });
    expect(names(asc)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    const desc = await list(c, { sort: { col: 'name', order: 'desc' } });
    expect(names(desc)).toEqual(['echo', 'delta', 'charlie', 'bravo', 'alpha']);
    const page2 = await list(c, { page: 2, size: 2, sort: { col: 'name', order: 'asc' } });
    expect(names(page2)).toEqual(['charlie', 'delta']);
    expect(page2.data.total).toBe(5);
  });

  it('sorts by id in insertion order', async () => {
    const asc = await list(c, { sort: { col: 'id', order: 'asc' } });
    expect(names(asc)).toEqual(inserted);
    expect(ids(asc)).toEqual(byId.map((x) => x.id));
    const desc = await list(c, { sort: { col: 'id', order: 'desc' } });
    expect(names(desc)).toEqual([...inserted].reverse());
  });

  it('matches % _ and \\ in a search literally, not as LIKE wildcards', async () => {
    await create(c, '100%純');
    await create(c, 'a_b');
    await create(c, 'a\\b');
    const search = async (value: string) =>
      names(
        await list(c, {
          filters: [{ col: 'name', value, type: 'search' }],
          sort: { col: 'id', order: 'asc' },
        }),
      );
    expect(await search('%')).toEqual(['100%純']);
    expect(await search('0%純')).toEqual(['100%純']);
    expect(await search('_')).toEqual(['a_b']);
    expect(await search('a_')).toEqual(['a_b']);
    expect(await search('\\')).toEqual(['a\\b']);
    expect(await search('a\\b')).toEqual(['a\\b']);
    // `%%` would match everything as a wildcard; literally it matches nothing
    expect(await search('%%')).toEqual([]);
  });

  it('searches without regard to letter case', async () => {
    const r = await list(c, { filters: [{ col: 'name', value: 'ALPH', type: 'search' }] });
    expect(names(r)).toEqual(['alpha']);
  });
});

describe('create, read, update, delete', () => {
  it('goes round trip', async () => {
    const before = await all(owner);
    const made = await owner.call<Category>('category/new', { name: '  體育  ' });
    expect(made).toMatchObject({ status: 200, code: 1 });
    expect(made.data.name).toBe('體育');
    expect(before.map((x) => x.id)).not.toContain(made.data.id);
    const { id } = made.data;

    const got = await owner.call<Category>('category/get', { id });
    expect(got.code).toBe(1);
    expect(got.data).toEqual(made.data);
    const listed = await list(owner);
    expect(listed.data.total).toBe(before.length + 1);
    expect(listed.data.rows[0]).toEqual(made.data);

    const edited = await owner.call<Category>('category/edit', { id, name: ' 運動 ' });
    expect(edited.code).toBe(1);
    expect(edited.data).toMatchObject({ id, name: '運動', created_at: made.data.created_at });
    expect(Date.parse(edited.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(made.data.updated_at));
    expect((await owner.call<Category>('category/get', { id })).data.name).toBe('運動');

    const deleted = await owner.call<{ id: number }>('category/del', { id });
    expect(deleted.code).toBe(1);
    expect(deleted.data).toEqual({ id });

    for (const [path, body] of [
      ['category/get', { id }],
      ['category/edit', { id, name: '復活' }],
      ['category/del', { id }],
    ] as const) {
      const r = await owner.call(path, body);
      expect(r.status, path).toBe(404);
      expect(r.code, path).toBe(Code.NOT_FOUND);
      expect(r.msg, path).toBe('資源不存在');
    }
    expect(await all(owner)).toEqual(before);
  });

  it('answers 404 for an id that never existed', async () => {
    const r = await owner.call('category/get', { id: 2_147_483_647 });
    expect(r.status).toBe(404);
    expect(r.code).toBe(Code.NOT_FOUND);
  });
});

describe('name rules', () => {
  it('requires a name on new and edit', async () => {
    const tech = await demoId('科技');
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      expect(fieldErrors(await owner.call('category/new', body)).name, JSON.stringify(body)).toBe(
        '此欄位為必填',
      );
      expect(fieldErrors(await owner.call('category/edit', { id: tech, ...body })).name).toBe('此欄位為必填');
    }
    expect(fieldErrors(await owner.call('category/edit', { name: '科技' })).id).toBe('此欄位為必填');
    expect((await owner.call<Category>('category/get', { id: tech })).data.name).toBe('科技');
  });

  it('answers a cleared input (null, as react-admin sends an emptied TextInput) as required', async () => {
    const tech = await demoId('科技');
    expect(fieldErrors(await owner.call('category/new', { name: null })).name).toBe('此欄位為必填');
    expect(fieldErrors(await owner.call('category/edit', { id: tech, name: null })).name).toBe(
      '此欄位為必填',
    );
  });

  it('allows 50 characters and refuses 51, counted after trimming', async () => {
    const fifty = '字'.repeat(50);
    const ok = await create(owner, `  ${fifty}  `);
    expect(ok.name).toBe(fifty);
    const fiftyAstral = '𠮷'.repeat(50);
    const astral = await create(owner, fiftyAstral);
    expect(astral.name).toBe(fiftyAstral);

    const over = await owner.call('category/new', { name: '字'.repeat(51) });
    expect(fieldErrors(over).name).toBe('超過最大字數（50）限制');
    const editOver = await owner.call('category/edit', { id: ok.id, name: 'a'.repeat(51) });
    expect(fieldErrors(editOver).name).toBe('超過最大字數（50）限制');
    expect((await owner.call<Category>('category/get', { id: ok.id })).data.name).toBe(fifty);

    for (const id of [ok.id, astral.id]) expect((await owner.call('category/del', { id })).code).toBe(1);
  });

  it('refuses a name that is not a string', async () => {
    expect(fieldErrors(await owner.call('category/new', { name: 42 })).name).toBe('格式錯誤');
    expect(fieldErrors(await owner.call('category/new', { name: ['新聞'] })).name).toBe('格式錯誤');
  });

  it('refuses a duplicate name in the same site on new, also with other case or spaces', async () => {
    const before = await all(owner);
    expect(fieldErrors(await owner.call('category/new', { name: '新聞' })).name).toBe('此欄位重複');
    expect(fieldErrors(await owner.call('category/new', { name: ' 新聞 ' })).name).toBe('此欄位重複');
    const news = await create(owner, 'News');
    expect(fieldErrors(await owner.call('category/new', { name: 'news' })).name).toBe('此欄位重複');
    expect(fieldErrors(await owner.call('category/new', { name: 'NEWS' })).name).toBe('此欄位重複');
    const en = t.client({ lang: 'en' });
    expect((await en.login(OWNER.email, OWNER.password)).code).toBe(1);
    const r = await en.call('category/new', { name: 'news' });
    expect(fieldErrors(r).name).toBe('This value is already taken');
    const ja = t.client({ lang: 'ja' });
    expect((await ja.login(OWNER.email, OWNER.password)).code).toBe(1);
    expect(fieldErrors(await ja.call('category/new', { name: 'news' })).name).toBe(
      'この値は既に使われています',
    );

    expect((await owner.call('category/del', { id: news.id })).code).toBe(1);
    expect(await all(owner)).toEqual(before);
  });

  it('refuses a duplicate name on edit, but lets a row keep or recase its own name', async () => {
    const tech = await demoId('科技');
    const news = await create(owner, 'News');
    const dupes = [
      { id: tech, name: '新聞' },
      { id: tech, name: ' 生活 ' },
      { id: tech, name: 'news' },
      { id: news.id, name: '科技' },
    ];
    for (const body of dupes) {
      expect(fieldErrors(await owner.call('category/edit', body)).name, JSON.stringify(body)).toBe(
        '此欄位重複',
      );
    }
    const en = t.client({ lang: 'en' });
    await en.login(OWNER.email, OWNER.password);
    expect(fieldErrors(await en.call('category/edit', { id: tech, name: 'NEWS' })).name).toBe(
      'This value is already taken',
    );
    expect((await owner.call<Category>('category/get', { id: tech })).data.name).toBe('科技');

    const same = await owner.call<Category>('category/edit', { id: tech, name: '科技' });
    expect(same.code).toBe(1);
    const recased = await owner.call<Category>('category/edit', { id: news.id, name: 'NEWS' });
    expect(recased.code).toBe(1);
    expect(recased.data.name).toBe('NEWS');
    expect((await owner.call('category/del', { id: news.id })).code).toBe(1);
  });

  it('lets only one of concurrent creates of one name (in any case) succeed', async () => {
    const before = await all(owner);
    const same = await Promise.all(
      ['Same', 'Same', 'Same'].map((name) => owner.call('category/new', { name })),
    );
    const cased = await Promise.all(
      ['Race', 'race', 'RACE', ' race '].map((name) => owner.call('category/new', { name })),
    );
    for (const batch of [same, cased]) {
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));
      expect(batch.filter((r) => r.code === 1)).toHaveLength(1);
      for (const r of batch.filter((x) => x.code !== 1)) expect(fieldErrors(r).name).toBe('此欄位重複');
    }
    const after = await all(owner);
    expect(after.filter((x) => x.name.toLowerCase() === 'race')).toHaveLength(1);
    expect(after.filter((x) => x.name === 'Same')).toHaveLength(1);
    for (const row of after.filter((x) => !before.some((b) => b.id === x.id))) {
      expect((await owner.call('category/del', { id: row.id })).code).toBe(1);
    }
    expect(await all(owner)).toEqual(before);
  });

  it('lets only one of concurrent renames of two rows to one name succeed', async () => {
    const a = await create(owner, 'first');
    const b = await create(owner, 'second');
    const rs = await Promise.all([
      owner.call('category/edit', { id: a.id, name: 'Both' }),
      owner.call('category/edit', { id: b.id, name: 'both' }),
    ]);
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    expect(rs.filter((r) => r.code === 1)).toHaveLength(1);
    expect(fieldErrors(rs.find((r) => r.code !== 1) as Reply<unknown>).name).toBe('此欄位重複');
    const renamed = (await all(owner)).filter((x) => x.name.toLowerCase() === 'both');
    expect(renamed).toHaveLength(1);
    for (const { id } of [a, b]) expect((await owner.call('category/del', { id })).code).toBe(1);
  });

  it('accepts a name that another site already uses', async () => {
    const other = await register(t, 'other-site@example.com');
    const made = await create(other, '新聞');
    expect(made.name).toBe('新聞');
    const news = await create(other, 'NEWS');
    const mine = await create(owner, 'news');
    expect(mine.name).toBe('news');
    expect((await owner.call('category/del', { id: mine.id })).code).toBe(1);
    expect((await other.call<Category>('category/get', { id: news.id })).data.name).toBe('NEWS');
  });
});

describe('tenant isolation', () => {
  let b: Client;
  let bOwn: Category;

  beforeAll(async () => {
    b = await register(t, 'b@example.com');
    bOwn = await create(b, '我的分類');
  });

  it('lists only the caller site rows', async () => {
    const demo = await all(owner);
    const r = await list(b, { page: 1, size: 100 });
    expect(r.code).toBe(1);
    expect(r.data.rows.map((x) => x.id)).toEqual([bOwn.id]);
    expect(r.data.total).toBe(1);
    for (const row of demo) expect(ids(r)).not.toContain(row.id);
    expect(ids(await list(owner, { page: 1, size: 100 }))).not.toContain(bOwn.id);
  });

  it('does not reach demo rows through filters either', async () => {
    const demoIds = (await all(owner)).map((x) => x.id);
    const byIn = await list(b, { filters: [{ col: 'id', value: demoIds, type: 'in' }] });
    expect(byIn.data).toEqual({ rows: [], total: 0 });
    const bySearch = await list(b, { filters: [{ col: 'name', value: '科', type: 'search' }] });
    expect(bySearch.data).toEqual({ rows: [], total: 0 });
    const bySite = await list(b, { filters: [{ col: 'site_id', value: [demoSiteId], type: 'in' }] });
    expect(bySite.code).toBe(Code.VALIDATION);
  });

  it('answers 404 for get, edit and del of a demo row, and changes nothing', async () => {
    const before = await all(owner);
    const tech = before.find((x) => x.name === '科技') as Category;
    for (const [path, body] of [
      ['category/get', { id: tech.id }],
      ['category/edit', { id: tech.id, name: '被改了' }],
      ['category/edit', { id: tech.id, name: '我的分類' }],
      ['category/del', { id: tech.id }],
    ] as const) {
      const r = await b.call(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(404);
      expect(r.code).toBe(Code.NOT_FOUND);
      expect(r.data).toBeNull();
    }
    expect(await all(owner)).toEqual(before);
    expect((await owner.call<Category>('category/get', { id: tech.id })).data).toEqual(tech);
  });

  it('keeps the owner out of the other site the same way', async () => {
    for (const [path, body] of [
      ['category/get', { id: bOwn.id }],
      ['category/edit', { id: bOwn.id, name: 'x' }],
      ['category/del', { id: bOwn.id }],
    ] as const) {
      const r = await owner.call(path, body);
      expect(r.status).toBe(404);
      expect(r.code).toBe(Code.NOT_FOUND);
    }
    expect((await b.call<Category>('category/get', { id: bOwn.id })).data).toEqual(bOwn);
  });
});

describe('permissions', () => {
  it('answers 401 with code 1008 to a signed-out caller', async () => {
    const tech = await demoId('科技');
    const anon = t.client();
    for (const [path, body] of [
      ['category/all', {}],
      ['category/get', { id: tech }],
      ['category/new', { name: '匿名' }],
      ['category/edit', { id: tech, name: '匿名' }],
      ['category/del', { id: tech }],
    ] as const) {
      const r = await anon.call(path, body);
      expect(r.status, path).toBe(401);
      expect(r.code, path).toBe(Code.UNAUTHORIZED);
      expect(r.msg).toBe('請先登入。');
    }
    expect((await owner.call<Category>('category/get', { id: tech })).data.name).toBe('科技');
  });

  it('lets a role with post.view only list and get, but not new, edit or del (403, 1009)', async () => {
    const shop = await demoStaff('shop@example.com', await customRole(t, demoSiteId, '唯讀', ['post.view']));
    const st = await shop.call<Session>('member/status');
    expect(st.data.site.current?.id).toBe(demoSiteId);
    const before = await all(owner);
    const tech = before.find((x) => x.name === '科技') as Category;

    const r = await list(shop, { page: 1, size: 100, sort: { col: 'id', order: 'asc' } });
    expect(r.code).toBe(1);
    expect(r.data.rows).toEqual(before);
    const got = await shop.call<Category>('category/get', { id: tech.id });
    expect(got.code).toBe(1);
    expect(got.data).toEqual(tech);

    for (const [path, body] of [
      ['category/new', { name: '電商' }],
      ['category/edit', { id: tech.id, name: '電商' }],
      ['category/del', { id: tech.id }],
    ] as const) {
      const denied = await shop.call(path, body);
      expect(denied.status, path).toBe(403);
      expect(denied.code, path).toBe(Code.FORBIDDEN);
    }
    expect(await all(owner)).toEqual(before);
  });

  it('lets 編輯 (role 3) create, edit and delete', async () => {
    const editor = await demoStaff('editor@example.com', ROLE.EDITOR);
    const made = await create(editor, '編輯的分類');
    expect((await owner.call<Category>('category/get', { id: made.id })).data.name).toBe('編輯的分類');
    const edited = await editor.call<Category>('category/edit', { id: made.id, name: '改過的分類' });
    expect(edited.code).toBe(1);
    expect((await owner.call<Category>('category/get', { id: made.id })).data.name).toBe('改過的分類');
    expect((await editor.call('category/del', { id: made.id })).code).toBe(1);
    expect((await owner.call('category/get', { id: made.id })).status).toBe(404);
    const r = await list(editor);
    expect(r.code).toBe(1);
    expect(r.data.total).toBe((await all(owner)).length);
  });
});

describe('bad bodies answer an envelope, never a 500', () => {
  const expectValidation = (r: Reply<unknown>) => {
    expect(r.status).toBe(200);
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.msg).toBe('輸入的資料有誤，請檢查標示的欄位。');
    return (r.data as Errors).errors;
  };

  it('refuses an id that is not a positive integer', async () => {
    const tech = await demoId('科技');
    for (const id of [String(tech), -1, 0, 1.5, 2 ** 31, null, true]) {
      for (const path of ['category/get', 'category/del']) {
        const r = await owner.call(path, { id });
        expect(expectValidation(r).id, `${path} ${JSON.stringify(id)}`).toMatch(/^(格式錯誤|此欄位為必填)$/);
      }
      const e = await owner.call('category/edit', { id, name: '科技2' });
      expect(expectValidation(e).id).toBeDefined();
    }
    expect(expectValidation(await owner.call('category/get', { id: String(tech) })).id).toBe('格式錯誤');
    expect(expectValidation(await owner.call('category/get', {})).id).toBe('此欄位為必填');
    expect((await owner.call<Category>('category/get', { id: tech })).data.name).toBe('科技');
  });

  it('refuses unknown fields', async () => {
    const tech = await demoId('科技');
    expect(expectValidation(await owner.call('category/new', { name: '多餘', site_id: 99 })).site_id).toBe(
      '不接受的欄位',
    );
    expect(
      expectValidation(await owner.call('category/edit', { id: tech, name: '科技', extra: 1 })).extra,
    ).toBe('不接受的欄位');
    expect(expectValidation(await owner.call('category/get', { id: tech, x: 1 })).x).toBe('不接受的欄位');
    expect(expectValidation(await list(owner, { page: 1, foo: 1 }))['query.foo']).toBe('不接受的欄位');
    expect(expectValidation(await owner.call('category/all', { query: {}, bar: 1 })).bar).toBe(
      '不接受的欄位',
    );
    expect(
      expectValidation(
        await list(owner, { filters: [{ col: 'name', value: 'a', type: 'search', op: 'x' }] }),
      )['query.filters.0.op'],
    ).toBe('不接受的欄位');
    expect((await all(owner)).map((x) => x.name)).not.toContain('多餘');
  });

  it('refuses page sizes over 100 and other bad paging', async () => {
    for (const query of [
      { size: 101 },
      { size: 0 },
      { size: -5 },
      { size: 2.5 },
      { size: '10' },
      { page: 0 },
      { page: 1.5 },
      { page: 'x' },
    ]) {
      const r = await list(owner, query);
      const key = Object.keys(query)[0];
      expect(expectValidation(r)[`query.${key}`], JSON.stringify(query)).toBe('格式錯誤');
    }
    expect((await list(owner, { size: 100 })).code).toBe(1);
  });

  it('answers an empty search keyword with 請輸入搜尋文字。', async () => {
    for (const value of ['', '   ']) {
      const r = await list(owner, { filters: [{ col: 'name', value, type: 'search' }] });
      expect(expectValidation(r)['query.filters.0.value']).toBe('請輸入搜尋文字。');
    }
    const second = await list(owner, {
      filters: [
        { col: 'name', value: '科', type: 'search' },
        { col: 'name', value: '', type: 'search' },
      ],
    });
    expect(expectValidation(second)['query.filters.1.value']).toBe('請輸入搜尋文字。');
    const en = t.client({ lang: 'en' });
    await en.login(OWNER.email, OWNER.password);
    const r = await list(en, { filters: [{ col: 'name', value: '', type: 'search' }] });
    expect((r.data as unknown as Errors).errors['query.filters.0.value']).toBe('Enter a search text.');
  });

  it('answers unknown filter and sort columns with 1001', async () => {
    for (const col of [
      'site_id',
      'siteId',
      'sort',
      'created_at',
      'nope',
      '"name"',
      'name; drop table categories',
    ]) {
      const r = await list(owner, { filters: [{ col, value: '1', type: 'search' }] });
      expect(expectValidation(r)['query.filters.0.col'], col).toBe('格式錯誤');
      const inFilter = await list(owner, { filters: [{ col, value: [1], type: 'in' }] });
      expect(expectValidation(inFilter)['query.filters.0.col'], col).toBe('格式錯誤');
    }
    for (const col of ['site_id', 'sort', 'nope', 'password_hash']) {
      const r = await list(owner, { sort: { col, order: 'asc' } });
      expect(expectValidation(r)['query.sort.col'], col).toBe('格式錯誤');
    }
    expect(
      expectValidation(await list(owner, { sort: { col: 'name', order: 'up' } }))['query.sort.order'],
    ).toBe('格式錯誤');
    expect(expectValidation(await list(owner, { sort: { col: 'name' } }))['query.sort.order']).toBeDefined();
    expect((await all(owner)).length).toBe(5);
  });

  it('answers malformed filters with 1001', async () => {
    const bad: unknown[] = [
      { col: 'id', value: 1, type: 'in' },
      { col: 'id', value: [1], type: 'between' },
      { col: 'name', value: 5, type: 'search' },
      { col: 'name', value: { a: 1 }, type: 'search' },
      { col: 'name', value: 'x'.repeat(201), type: 'search' },
      { col: 'id', value: Array.from({ length: 1001 }, (_, i) => i + 1), type: 'in' },
      { value: 'x', type: 'search' },
      'name',
    ];
    for (const filter of bad) {
      const r = await list(owner, { filters: [filter] });
      expect(r.status, JSON.stringify(filter).slice(0, 80)).toBe(200);
      expect(r.code, JSON.stringify(filter).slice(0, 80)).toBe(Code.VALIDATION);
    }
    const many = await list(owner, {
      filters: Array.from({ length: 21 }, () => ({ col: 'name', value: 'a', type: 'search' })),
    });
    expect(many.code).toBe(Code.VALIDATION);
  });

  it('answers `in` values that cannot be ids with 1001, never 500', async () => {
    const tech = await demoId('科技');
    for (const value of [['abc'], [1.5], [2 ** 31], [2 ** 40], [''], [tech, 'x'], ['1e3']]) {
      const r = await list(owner, { filters: [{ col: 'id', value, type: 'in' }] });
      expect(expectValidation(r)['query.filters.0.value'], JSON.stringify(value)).toBe('格式錯誤');
    }
    const asText = await list(owner, { filters: [{ col: 'id', value: [String(tech)], type: 'in' }] });
    expect(asText.code).toBe(1);
    expect(ids(asText)).toEqual([tech]);
    const negative = await list(owner, { filters: [{ col: 'id', value: [-1, 2 ** 31 - 1], type: 'in' }] });
    expect(negative.code).toBe(1);
    expect(negative.data).toEqual({ rows: [], total: 0 });
    const names = await list(owner, { filters: [{ col: 'name', value: [1, '科技'], type: 'in' }] });
    expect(names.code).toBe(1);
    expect(names.data.rows.map((x) => x.name)).toEqual(['科技']);
  });

  it('never answers 500 for a NUL character in a search keyword', async () => {
    const r = await list(owner, { filters: [{ col: 'name', value: 'a\u0000b', type: 'search' }] });
    expect(r.status).toBeLessThan(500);
    expect(r.code).not.toBe(Code.FAIL);
  });

  it('never answers 500 for a NUL character in a name', async () => {
    const n = await owner.call('category/new', { name: 'a\u0000b' });
    expect(n.status).toBeLessThan(500);
    expect(n.code).not.toBe(Code.FAIL);
    expect((await all(owner)).length).toBe(5);
  });

  it('answers a body that is not an object', async () => {
    for (const payload of ['[]', '"x"', '12', '{"query":']) {
      const r = await owner.call('category/all', payload);
      expect(r.status, payload).toBeLessThan(500);
      expect(r.code, payload).not.toBe(Code.OK);
    }
    const q = await owner.call('category/all', { query: 'page=1' });
    expect(expectValidation(q).query).toBe('格式錯誤');
  });
});
