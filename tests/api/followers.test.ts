/**
 * Followers (/follower) through HTTP: the list (keyword, source, date range in the site's time zone, sort, page, the
 * member behind a follow), the CSV export of the current filter (BOM, header in the caller's language), removal (all
 * or nothing), permissions (member.view / member.delete), and another site's followers never visible, exported nor
 * removed. Rows are made directly in the database, as the public site's follow form would.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Follower } from '../../contract/api/followers';
import { Code } from '../../contract/codes';
import type { Filter, ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { followers, roles } from '../../server/modules/tables';
import { addReader } from '../fixtures/readers';
import {
  type Client,
  createTestApp,
  ok,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let other: Client;
let otherSiteId: number;
const ids: Record<string, number> = {};

const expectCode = (r: Reply<unknown>, code: number, status = 200) => {
  expect({ status: r.status, code: r.code }, JSON.stringify(r)).toEqual({ status, code });
};

async function follow(siteId: number, email: string, source: string, createdAt: string, readerId?: number) {
  const [row] = await t.database.db
    .insert(followers)
    .values({ siteId, email, source, createdAt: new Date(createdAt), readerId: readerId ?? null })
    .returning();
  return row.id;
}

const list = (c: Client, filters: Filter[] = [], extra: Record<string, unknown> = {}) =>
  c.call<ListResult<Follower>>('subscribers/list', { query: { size: 100, filters, ...extra } });

const emails = (r: Reply<ListResult<Follower>>) => ok(r).rows.map((row) => row.email);

async function exportCsv(c: Client, filters: Filter[] = [], lang = 'zh-TW') {
  return t.app.inject({
    method: 'POST',
    url: '/api/subscribers/export',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: JSON.stringify({ query: { filters } }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  other = await register(t, 'other.owner@example.com');
  const status = await other.call<{ site: { current: { id: number } } }>('member/status');
  otherSiteId = status.data.site.current.id;

  const member = await addReader(t, demoSiteId, { email: 'member@example.com', name: '會員小明' });
  // Times in UTC; the demo site's day is Asia/Taipei's (UTC+8).
  ids.a = await follow(demoSiteId, 'alice@example.com', '/post/hello', '2026-03-01T02:00:00Z');
  ids.b = await follow(demoSiteId, 'bob@example.com', 'account', '2026-03-02T15:30:00Z');
  ids.member = await follow(demoSiteId, 'member@example.com', 'account', '2026-03-03T04:00:00Z', member.id);
  ids.byEmail = await follow(demoSiteId, 'carol@example.com', '/', '2026-03-04T04:00:00Z');
  await addReader(t, demoSiteId, { email: 'carol@example.com', name: 'Carol' });
  ids.tricky = await follow(demoSiteId, '=cmd@example.com', '/a,"b"', '2026-03-05T04:00:00Z');
  ids.foreign = await follow(otherSiteId, 'foreign@example.com', '/', '2026-03-02T04:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

describe('subscribers/list', () => {
  it('lists the site’s followers newest first, with the member behind each', async () => {
    const all = ok(await list(owner));
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => r.id)).toEqual([ids.tricky, ids.byEmail, ids.member, ids.b, ids.a]);
    expect(all.rows.find((r) => r.id === ids.member)).toMatchObject({
      email: 'member@example.com',
      source: 'account',
      created_at: '2026-03-03T04:00:00.000Z',
      member: { name: '會員小明' },
    });
    expect(all.rows.find((r) => r.id === ids.byEmail)?.member).toMatchObject({ name: 'Carol' });
    expect(all.rows.find((r) => r.id === ids.a)?.member).toBeNull();
    expect(all.rows.map((r) => r.email)).not.toContain('foreign@example.com');
  });

  it('filters by keyword, source and a date range, sorts and pages', async () => {
    expect(emails(await list(owner, [{ col: 'keyword', value: 'ALICE', type: 'search' }]))).toEqual([
      'alice@example.com',
    ]);
    expect(emails(await list(owner, [{ col: 'source', value: ['account'], type: 'in' }])).sort()).toEqual([
      'bob@example.com',
      'member@example.com',
    ]);
    expect(emails(await list(owner, [{ col: 'source', value: 'post', type: 'search' }]))).toEqual([
      'alice@example.com',
    ]);
    // bob followed at 2026-03-02 15:30 UTC, which is 03-02 23:30 in Taipei.
    const range = (from: string, to: string): Filter[] => [
      { col: 'from', value: from, type: 'search' },
      { col: 'to', value: to, type: 'search' },
    ];
    expect(emails(await list(owner, range('2026-03-02', '2026-03-02')))).toEqual(['bob@example.com']);
    expect(emails(await list(owner, range('2026-03-01', '2026-03-03')))).toEqual([
      'member@example.com',
      'bob@example.com',
      'alice@example.com',
    ]);
    const sorted = ok(await list(owner, [], { sort: { col: 'email', order: 'asc' } }));
    expect(sorted.rows.map((r) => r.email)).toEqual([
      '=cmd@example.com',
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
      'member@example.com',
    ]);
    const page = ok(
      await owner.call<ListResult<Follower>>('subscribers/list', { query: { page: 2, size: 2 } }),
    );
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.id)).toEqual([ids.member, ids.b]);
  });

  it('refuses an unknown column, a malformed date or a bad sort', async () => {
    expectCode(await list(owner, [{ col: 'note', value: 'x', type: 'search' }]), Code.VALIDATION);
    expectCode(await list(owner, [{ col: 'from', value: '2026-02-30', type: 'search' }]), Code.VALIDATION);
    expectCode(await list(owner, [{ col: 'to', value: 'yesterday', type: 'search' }]), Code.VALIDATION);
    expectCode(await list(owner, [], { sort: { col: 'site_id', order: 'asc' } }), Code.VALIDATION);
  });
});

describe('subscribers/export', () => {
  it('answers the filtered followers as CSV with a BOM, escaped cells and a translated header', async () => {
    const res = await exportCsv(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="followers-demo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = res.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('電子信箱,來源,追蹤日期,會員');
    expect(lines.length).toBe(1 + 5 + 1);
    expect(body).toContain(`'=cmd@example.com,"/a,""b""",2026-03-05 12:00,`);
    expect(body).toContain('member@example.com,account,2026-03-03 12:00,會員小明');
    expect(body).not.toContain('foreign@example.com');

    const filtered = await exportCsv(owner, [{ col: 'source', value: ['account'], type: 'in' }], 'en');
    const rows = filtered.body.slice(1).split('\r\n');
    expect(rows[0]).toBe('E-mail,Source,Followed on,Member');
    expect(rows.slice(1, -1).map((r) => r.split(',')[0])).toEqual(['member@example.com', 'bob@example.com']);

    // Another site's owner exports theirs only.
    const theirs = await exportCsv(other);
    expect(theirs.body).toContain('foreign@example.com');
    expect(theirs.body).not.toContain('alice@example.com');
  });
});

describe('permissions and other sites', () => {
  it('needs member.view to list and export, member.delete to remove', async () => {
    const editor = await staffOf(t, demoSiteId, 'f.editor@example.com', ROLE.EDITOR);
    const shop = await staffOf(t, demoSiteId, 'f.shop@example.com', ROLE.ECOMMERCE);
    for (const c of [editor, shop]) {
      expectCode(await list(c), Code.FORBIDDEN, 403);
      expect((await exportCsv(c)).statusCode).toBe(403);
      expectCode(await c.call('subscribers/remove', { ids: [ids.a] }), Code.FORBIDDEN, 403);
    }
    const [viewer] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '會員檢視', permissions: ['member.view'] })
      .returning();
    const v = await staffOf(t, demoSiteId, 'f.viewer@example.com', viewer.id);
    expect(ok(await list(v)).total).toBe(5);
    expect((await exportCsv(v)).statusCode).toBe(200);
    expectCode(await v.call('subscribers/remove', { ids: [ids.a] }), Code.FORBIDDEN, 403);
    expectCode(await t.client().call('subscribers/list', {}), Code.UNAUTHORIZED, 401);
  });

  it('never shows nor removes another site’s followers', async () => {
    expect(emails(await list(other))).toEqual(['foreign@example.com']);
    expect(ok(await list(owner, [{ col: 'id', value: [ids.foreign], type: 'in' }])).total).toBe(0);
    expectCode(await owner.call('subscribers/remove', { ids: [ids.foreign] }), Code.NOT_FOUND, 404);
    // One foreign id among the site's own: nothing is removed.
    expectCode(await other.call('subscribers/remove', { ids: [ids.foreign, ids.a] }), Code.NOT_FOUND, 404);
    const left = await t.database.db
      .select({ id: followers.id })
      .from(followers)
      .where(inArray(followers.id, [ids.foreign, ids.a]));
    expect(left).toHaveLength(2);
  });
});

describe('subscribers/remove', () => {
  it('removes followers of the site', async () => {
    expect(ok(await owner.call('subscribers/remove', { ids: [ids.b, ids.a, ids.a] }))).toEqual({
      ids: [ids.a, ids.b].sort((x, y) => x - y),
    });
    expect(ok(await list(owner)).total).toBe(3);
    expectCode(await owner.call('subscribers/remove', { ids: [ids.a] }), Code.NOT_FOUND, 404);
    expectCode(await owner.call('subscribers/remove', { ids: [] }), Code.VALIDATION);
  });
});
