/**
 * Authors through HTTP: CRUD, validation, the user's own author (member/author), linked authors refused (3006),
 * tenant isolation and permissions. The generated entity tests (conformance.test.ts) and the permission matrix
 * (401 from every action) cover the rest.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { author } from '../../contract/entities/author';
import type { EntityRecord } from '../../contract/entity';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { authors, users } from '../../server/modules/tables';
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
  userIdOf,
} from '../fixtures/testApp';

type Author = EntityRecord<typeof author>;

const LINKED = '這位作者連結了會員帳號，只能由本人在個人資料中修改。';

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

const list = (c: Client, query: Record<string, unknown> = {}) =>
  c.call<ListResult<Author>>('author/list', { query: { size: 100, ...query } });

async function save(c: Client, body: Record<string, unknown>): Promise<Author> {
  const r = await c.call<Author>('author/save', { id: 0, ...body });
  expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 1 });
  return r.data;
}

const userId = (email: string) => userIdOf(t, email);

const demoStaff = (email: string, roleId: number, nickname?: string): Promise<Client> =>
  staffOf(t, demoSiteId, email, roleId, nickname);

describe('create, read, update, delete', () => {
  it('goes round trip', async () => {
    const made = await save(owner, { name: ' 王小明 ', title: '記者', avatar: '/uploads/1/2026/01/a.png' });
    expect(made).toMatchObject({
      name: '王小明',
      title: '記者',
      avatar: '/uploads/1/2026/01/a.png',
      member_id: null,
    });
    expect((await owner.call<Author>('author/get', { id: made.id })).data).toEqual(made);
    expect((await list(owner)).data.rows[0]).toEqual(made);

    const edited = await save(owner, {
      id: made.id,
      name: '王大明',
      title: '',
      avatar: 'https://cdn.example/x.jpg',
    });
    expect(edited).toMatchObject({ id: made.id, name: '王大明', title: '', created_at: made.created_at });
    // Fields left out fall back to empty.
    expect((await save(owner, { id: made.id, name: '王大明' })).avatar).toBe('');

    expect((await owner.call('author/delete', { id: made.id })).data).toEqual({ id: made.id });
    for (const [path, body] of [
      ['author/get', { id: made.id }],
      ['author/save', { id: made.id, name: '復活' }],
      ['author/delete', { id: made.id }],
    ] as const) {
      const r = await owner.call(path, body);
      expect(r.status, path).toBe(404);
      expect(r.code, path).toBe(Code.NOT_FOUND);
    }
  });

  it('lists with filters, sorting and pages', async () => {
    const made = [];
    for (const name of ['carol', 'alice', 'bob']) made.push(await save(owner, { name }));
    const asc = await list(owner, { sort: { col: 'name', order: 'asc' } });
    expect(asc.data.rows.map((r) => r.name)).toEqual(['alice', 'bob', 'carol']);
    const found = await list(owner, { filters: [{ col: 'name', value: 'AL', type: 'search' }] });
    expect(found.data.rows.map((r) => r.name)).toEqual(['alice']);
    const page = await list(owner, { page: 2, size: 2, sort: { col: 'id', order: 'asc' } });
    expect(page.data).toMatchObject({ total: 3, rows: [{ name: 'bob' }] });
    const bad = await list(owner, { filters: [{ col: 'member_id', value: [1], type: 'in' }] });
    expect(fieldErrors(bad)['query.filters.0.col']).toBe('格式錯誤');
    for (const { id } of made) await owner.call('author/delete', { id });
  });

  it('validates the fields', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '此欄位為必填'],
      [{ name: '   ' }, 'name', '此欄位為必填'],
      [{}, 'name', '此欄位為必填'],
      [{ name: '字'.repeat(51) }, 'name', '超過最大字數（50）限制'],
      [{ name: 'x', title: 't'.repeat(101) }, 'title', '超過最大字數（100）限制'],
      [{ name: 'x', avatar: 'javascript:alert(1)' }, 'avatar', '連結錯誤'],
      [{ name: 'x', avatar: '//evil.example/a.png' }, 'avatar', '連結錯誤'],
      [{ name: 'x', member_id: 1 }, 'member_id', '不接受的欄位'],
      [{ name: 42 }, 'name', '格式錯誤'],
      [{ id: -1, name: 'x' }, 'id', '格式錯誤'],
      [{ id: '1', name: 'x' }, 'id', '格式錯誤'],
    ];
    for (const [body, field, message] of cases) {
      const r = await owner.call('author/save', { id: 0, ...body });
      expect(fieldErrors(r)[field], JSON.stringify(body)).toBe(message);
    }
    expect((await list(owner)).data.total).toBe(0);
  });
});

describe("the user's own author", () => {
  it('is made once, named by nickname, tied to the account', async () => {
    const first = await owner.call<Author>('member/author');
    expect(first.code).toBe(1);
    expect(first.data).toMatchObject({ name: 'Owner', title: '', member_id: await userId(OWNER.email) });
    const again = await owner.call<Author>('member/author', {});
    expect(again.data).toEqual(first.data);
    expect((await list(owner)).data.rows.filter((r) => r.member_id !== null)).toHaveLength(1);
  });

  it('is named by the e-mail when there is no nickname, and made once under concurrent calls', async () => {
    const writer = await demoStaff('nonick@example.com', ROLE.EDITOR);
    const id = await userId('nonick@example.com');
    await t.database.db.update(users).set({ nickname: '' }).where(eq(users.id, id));
    const rs = await Promise.all([1, 2, 3].map(() => writer.call<Author>('member/author')));
    expect(rs.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(new Set(rs.map((r) => r.data.id)).size).toBe(1);
    expect(rs[0].data).toMatchObject({ name: 'nonick@example.com', member_id: id });
    const rows = await t.database.db.select().from(authors).where(eq(authors.memberId, id));
    expect(rows).toHaveLength(1);
  });

  it('is one per site: the same user has another on their own site', async () => {
    const b = await register(t, 'own-b@example.com', 'secret-pass-1', 'Bee');
    const mine = await b.call<Author>('member/author');
    expect(mine.data).toMatchObject({ name: 'Bee', member_id: await userId('own-b@example.com') });
    const demoIds = (await list(owner)).data.rows.map((r) => r.id);
    expect(demoIds).not.toContain(mine.data.id);
    expect((await list(b)).data.rows.map((r) => r.id)).toEqual([mine.data.id]);
  });

  it('refuses save and delete of a linked author with 3006 and changes nothing', async () => {
    const own = (await owner.call<Author>('member/author')).data;
    for (const [path, body] of [
      ['author/save', { id: own.id, name: '改名' }],
      ['author/delete', { id: own.id }],
    ] as const) {
      const r = await owner.call(path, body);
      expect(r).toMatchObject({ status: 200, code: Code.AUTHOR_LINKED, msg: LINKED, data: null });
    }
    const en = t.client({ lang: 'en' });
    await en.login(OWNER.email, OWNER.password);
    const r = await en.call('author/delete', { id: own.id });
    expect(r.code).toBe(Code.AUTHOR_LINKED);
    expect(r.msg).not.toBe(LINKED);
    expect((await owner.call<Author>('author/get', { id: own.id })).data).toEqual(own);
  });
});

describe('tenant isolation', () => {
  let b: Client;
  let bAuthor: Author;

  beforeAll(async () => {
    b = await register(t, 'authors-b@example.com');
    bAuthor = await save(b, { name: 'B 的作者' });
  });

  it('lists only the caller site rows', async () => {
    const rows = (await list(b)).data.rows;
    expect(rows.map((r) => r.id)).toContain(bAuthor.id);
    for (const row of (await list(owner)).data.rows) expect(rows.map((r) => r.id)).not.toContain(row.id);
    expect((await list(owner)).data.rows.map((r) => r.id)).not.toContain(bAuthor.id);
  });

  it('answers 404 for get, save and delete across sites, and changes nothing', async () => {
    const demo = await save(owner, { name: '示範作者' });
    const own = (await owner.call<Author>('member/author')).data;
    for (const target of [demo, own]) {
      for (const [path, body] of [
        ['author/get', { id: target.id }],
        ['author/save', { id: target.id, name: '被改了' }],
        ['author/delete', { id: target.id }],
      ] as const) {
        const r = await b.call(path, body);
        expect(r.status, `${path} ${target.name}`).toBe(404);
        expect(r.code).toBe(Code.NOT_FOUND);
      }
    }
    expect((await owner.call<Author>('author/get', { id: demo.id })).data).toEqual(demo);
    for (const [path, body] of [
      ['author/get', { id: bAuthor.id }],
      ['author/save', { id: bAuthor.id, name: 'x' }],
      ['author/delete', { id: bAuthor.id }],
    ] as const) {
      expect((await owner.call(path, body)).status).toBe(404);
    }
    expect((await b.call<Author>('author/get', { id: bAuthor.id })).data).toEqual(bAuthor);
    await owner.call('author/delete', { id: demo.id });
  });
});

describe('permissions', () => {
  it('lets a role with post.view only read and have an author of their own, but not save or delete (403)', async () => {
    const shop = await demoStaff(
      'authors-shop@example.com',
      await customRole(t, demoSiteId, '唯讀', ['post.view']),
      'Shop',
    );
    const target = await save(owner, { name: '不可改' });
    expect((await list(shop)).code).toBe(1);
    expect((await shop.call<Author>('author/get', { id: target.id })).data).toEqual(target);
    expect((await shop.call<Author>('member/author')).data.name).toBe('Shop');
    for (const [path, body] of [
      ['author/save', { id: 0, name: '電商' }],
      ['author/save', { id: target.id, name: '電商' }],
      ['author/delete', { id: target.id }],
    ] as const) {
      const r = await shop.call(path, body);
      expect(r.status, path).toBe(403);
      expect(r.code, path).toBe(Code.FORBIDDEN);
    }
    expect((await owner.call<Author>('author/get', { id: target.id })).data).toEqual(target);
    await owner.call('author/delete', { id: target.id });
  });

  it('lets 編輯 (role 3) save and delete', async () => {
    const editor = await demoStaff('authors-editor@example.com', ROLE.EDITOR);
    const made = await save(editor, { name: '編輯加的' });
    expect((await save(editor, { id: made.id, name: '編輯改的' })).name).toBe('編輯改的');
    expect((await editor.call('author/delete', { id: made.id })).code).toBe(1);
  });
});

describe('bad bodies answer an envelope, never a 500', () => {
  it('refuses bad ids and bodies', async () => {
    for (const id of ['1', -1, 0, 1.5, 2 ** 31, null]) {
      for (const path of ['author/get', 'author/delete']) {
        expect((await owner.call(path, { id })).code, `${path} ${id}`).toBe(Code.VALIDATION);
      }
    }
    for (const path of ['author/list', 'author/get', 'author/save', 'author/delete', 'member/author']) {
      for (const payload of ['[]', '"x"', '12', '{"id":']) {
        const r = await owner.call(path, payload);
        expect(r.status, `${path} ${payload}`).toBeLessThan(500);
        expect(r.code).not.toBe(Code.OK);
      }
    }
    expect(fieldErrors(await owner.call('author/save', { id: 0, name: 'a\u0000b' })).name).toBe('格式錯誤');
    expect(fieldErrors(await owner.call('member/author', { x: 1 })).x).toBe('不接受的欄位');
  });
});
