/**
 * The user's own sites through HTTP: site/list with role, plan and the current marker; site/get only for a site the
 * user works on; site/switch per session, after which member/status and the content calls answer the new site only;
 * site/skip (badge 6, onboarding done) with its permission; the public address in the session.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentRow, SaveReply } from '../../contract/content';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { BADGE, type SkipReply, type UserSite, type UserSiteDetail } from '../../contract/sites';
import { siteStaff, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
/** Registered (so with a personal site), then added to the demo site as an editor. */
let editor: Client;
let editorSiteId: number;
/** Registered only: a personal site, nothing else. */
let stranger: Client;
let strangerSiteId: number;

const expectNotFound = (r: Reply<unknown>) =>
  expect(r, JSON.stringify(r)).toMatchObject({ status: 404, code: Code.NOT_FOUND });
const status = async (c: Client) => ok(await c.call<Session>('member/status'));
const list = async (c: Client, query: Record<string, unknown> = {}) =>
  ok(await c.call<ListResult<UserSite>>('site/list', { query: { size: 100, ...query } }));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  editor = await staffOf(t, demoSiteId, 'editor@example.com', ROLE.EDITOR, '小編');
  const editorId = await userIdOf(t, 'editor@example.com');
  const [personal] = await t.database.db
    .select({ siteId: siteStaff.siteId })
    .from(siteStaff)
    .where(and(eq(siteStaff.userId, editorId), eq(siteStaff.roleId, ROLE.OWNER)));
  editorSiteId = personal.siteId;
  stranger = await register(t, 'stranger@example.com', 'secret-pass-1', '路人');
  strangerSiteId = (await status(stranger)).site.current?.id as number;
});
afterAll(async () => {
  await t?.close();
});

describe('site/list', () => {
  it('lists the owner’s site with role, plan, address and the current marker', async () => {
    const r = await list(owner);
    expect(r).toEqual({
      total: 1,
      rows: [
        {
          id: demoSiteId,
          name: '範例新聞網',
          slug: 'demo',
          domain: '',
          url: 'http://demo.sites.localhost:8080',
          published: false,
          role: { id: ROLE.OWNER, name: '擁有者' },
          service: { id: 4, name: 'TEAM+' },
          current: true,
          created_at: expect.any(String),
        },
      ],
    });
  });

  it('lists every site of a user with their role on each; only theirs', async () => {
    const mine = await list(editor);
    expect(mine.total).toBe(2);
    expect(mine.rows.map((s) => [s.id, s.role.name, s.service?.name ?? null])).toEqual([
      [demoSiteId, '編輯', 'TEAM+'],
      [editorSiteId, '擁有者', null],
    ]);
    expect(mine.rows.map((s) => s.id)).not.toContain(strangerSiteId);
    // Exactly one is current: the one member/status answers.
    const current = (await status(editor)).site.current?.id;
    expect(mine.rows.filter((s) => s.current).map((s) => s.id)).toEqual([current]);
  });

  it('names roles in the caller’s language', async () => {
    const en = t.client({ lang: 'en' });
    en.cookies = editor.cookies;
    const rows = (await en.call<ListResult<UserSite>>('site/list', {})).data.rows;
    expect(rows.map((s) => s.role.name)).toEqual(['Editor', 'Owner']);
  });

  it('filters by name or id, sorts and pages', async () => {
    expect(
      (await list(editor, { filters: [{ col: 'name', value: '範例', type: 'search' }] })).rows,
    ).toHaveLength(1);
    expect(
      (await list(editor, { filters: [{ col: 'id', value: [editorSiteId], type: 'in' }] })).rows.map(
        (s) => s.id,
      ),
    ).toEqual([editorSiteId]);
    // Asking for another user's site by id finds nothing.
    expect(
      (await list(editor, { filters: [{ col: 'id', value: [strangerSiteId], type: 'in' }] })).total,
    ).toBe(0);
    const desc = await list(editor, { sort: { col: 'id', order: 'desc' }, size: 1, page: 1 });
    expect(desc).toMatchObject({ total: 2, rows: [{ id: editorSiteId }] });
    const second = await list(editor, { sort: { col: 'id', order: 'desc' }, size: 1, page: 2 });
    expect(second.rows.map((s) => s.id)).toEqual([demoSiteId]);
  });

  it('refuses unknown columns and bad values as field errors', async () => {
    const bad = await editor.call('site/list', {
      query: {
        filters: [
          { col: 'owner_id', value: [1], type: 'in' },
          { col: 'id', value: ['x'], type: 'in' },
        ],
        sort: { col: 'slug', order: 'asc' },
      },
    });
    expect(fieldErrors(bad)).toEqual({
      'query.filters.0.col': '格式錯誤',
      'query.filters.1.value': '格式錯誤',
      'query.sort.col': '格式錯誤',
    });
    expect(fieldErrors(await editor.call('site/list', { query: {}, extra: 1 })).extra).toBe('不接受的欄位');
  });
});

describe('site/get', () => {
  it('answers a site the user works on, with its detail', async () => {
    const detail = ok(await owner.call<UserSiteDetail>('site/get', { id: demoSiteId }));
    expect(detail).toMatchObject({
      id: demoSiteId,
      name: '範例新聞網',
      url: 'http://demo.sites.localhost:8080',
      role: { id: ROLE.OWNER },
      timezone: 'Asia/Taipei',
      language: 'zh-TW',
      staff_count: 2,
      badge: expect.any(Array),
      onboarding_done: false,
      current: true,
    });
    // The editor sees the same site with their own role.
    expect(ok(await editor.call<UserSiteDetail>('site/get', { id: demoSiteId })).role).toEqual({
      id: ROLE.EDITOR,
      name: '編輯',
    });
  });

  it('answers 404 for another user’s site and for a missing one', async () => {
    expectNotFound(await owner.call('site/get', { id: strangerSiteId }));
    expectNotFound(await stranger.call('site/get', { id: demoSiteId }));
    expectNotFound(await owner.call('site/get', { id: 999_999 }));
    expect(fieldErrors(await owner.call('site/get', { id: 'one' })).id).toBe('格式錯誤');
    expect(fieldErrors(await owner.call('site/get', {})).id).toBeDefined();
  });

  it('uses the site’s own domain in the address once it has one', async () => {
    await t.database.db.update(sites).set({ domain: 'news.example.com' }).where(eq(sites.id, demoSiteId));
    try {
      expect(ok(await owner.call<UserSiteDetail>('site/get', { id: demoSiteId })).url).toBe(
        'https://news.example.com',
      );
      expect((await status(owner)).site.current?.url).toBe('https://news.example.com');
    } finally {
      await t.database.db.update(sites).set({ domain: '' }).where(eq(sites.id, demoSiteId));
    }
  });
});

describe('site/switch', () => {
  const press = async (c: Client) =>
    ok(await c.call<ListResult<ContentRow>>('press/list?t=1', { query: { size: 100 } })).rows.map(
      (r) => r.title,
    );

  it('switches the session’s current site; member/status and content then answer the new site only', async () => {
    // One article on each of the editor's sites.
    ok(await editor.call('site/switch', { id: demoSiteId }));
    ok(
      await editor.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '範例站的稿',
        content: { blocks: [] },
        version: 0,
      }),
    );
    const switched = ok(await editor.call<UserSite>('site/switch', { id: editorSiteId }));
    expect(switched).toMatchObject({ id: editorSiteId, current: true, role: { id: ROLE.OWNER } });
    ok(
      await editor.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '自己站的稿',
        content: { blocks: [] },
        version: 0,
      }),
    );

    const now = await status(editor);
    expect(now.site.current?.id).toBe(editorSiteId);
    expect(now.role?.id).toBe(ROLE.OWNER);
    expect(await press(editor)).toEqual(['自己站的稿']);
    expect((await list(editor)).rows.filter((s) => s.current).map((s) => s.id)).toEqual([editorSiteId]);

    ok(await editor.call('site/switch', { id: demoSiteId }));
    expect((await status(editor)).site.current?.id).toBe(demoSiteId);
    expect((await status(editor)).role?.id).toBe(ROLE.EDITOR);
    expect(await press(editor)).toEqual(['範例站的稿']);
    // Permissions follow the site: an editor of the demo site cannot read its roles.
    expect((await editor.call('role/list', {})).status).toBe(403);
  });

  it('keeps other sessions of the same user where they were', async () => {
    const other = t.client();
    ok(await other.login('editor@example.com', 'secret-pass-1'));
    ok(await other.call('site/switch', { id: editorSiteId }));
    ok(await editor.call('site/switch', { id: demoSiteId }));
    expect((await status(other)).site.current?.id).toBe(editorSiteId);
    expect((await status(editor)).site.current?.id).toBe(demoSiteId);
  });

  it('answers 404 for a site the user does not work on, and stays where it was', async () => {
    expectNotFound(await editor.call('site/switch', { id: strangerSiteId }));
    expectNotFound(await editor.call('site/switch', { id: 999_999 }));
    expect((await status(editor)).site.current?.id).toBe(demoSiteId);
    expect(await press(editor)).toEqual(['範例站的稿']);
  });

  it('falls back to the user’s first site when they leave the current one', async () => {
    const editorId = await userIdOf(t, 'editor@example.com');
    const mine = and(eq(siteStaff.siteId, demoSiteId), eq(siteStaff.userId, editorId));
    const [row] = await t.database.db.delete(siteStaff).where(mine).returning();
    try {
      expect((await status(editor)).site.current?.id).toBe(editorSiteId);
      expect((await list(editor)).rows.map((s) => [s.id, s.current])).toEqual([[editorSiteId, true]]);
      expectNotFound(await editor.call('site/get', { id: demoSiteId }));
    } finally {
      await t.database.db.insert(siteStaff).values(row);
    }
  });
});

describe('site/skip', () => {
  it('needs setting.edit: an editor is refused and nothing changes', async () => {
    ok(await editor.call('site/switch', { id: demoSiteId }));
    const r = await editor.call('site/skip', {});
    expect(r.status).toBe(403);
    expect(r.code).toBe(Code.FORBIDDEN);
    expect((await status(owner)).site.current?.badge).not.toContain(BADGE.SKIPPED);
  });

  it('gives badge 6 once; onboarding is then done', async () => {
    const first = ok(await owner.call<SkipReply>('site/skip', {}));
    expect(first).toEqual({ badge: expect.arrayContaining([BADGE.SKIPPED]), onboarding_done: true });
    const again = ok(await owner.call<SkipReply>('site/skip', {}));
    expect(again.badge.filter((b) => b === BADGE.SKIPPED)).toHaveLength(1);
    expect((await status(owner)).site.current?.badge).toContain(BADGE.SKIPPED);
    expect(ok(await owner.call<UserSiteDetail>('site/get', { id: demoSiteId })).onboarding_done).toBe(true);
    // Only the current site: the stranger's site is untouched.
    expect((await status(stranger)).site.current?.badge).toEqual([]);
  });

  it('refuses unknown fields', async () => {
    expect(fieldErrors(await owner.call('site/skip', { id: strangerSiteId })).id).toBe('不接受的欄位');
  });
});

describe('signed out', () => {
  it('answers 401 to every site action', async () => {
    const anon = t.client();
    for (const [path, body] of [
      ['site/list', {}],
      ['site/get', { id: demoSiteId }],
      ['site/switch', { id: demoSiteId }],
      ['site/skip', {}],
      ['site/start_free', {}],
    ] as const) {
      const r = await anon.call(path, body);
      expect(r.status, path).toBe(401);
      expect(r.code, path).toBe(Code.UNAUTHORIZED);
    }
  });
});

describe('the session', () => {
  it('carries the current site’s public address', async () => {
    expect((await status(owner)).site.current?.url).toBe('http://demo.sites.localhost:8080');
    const s = await status(stranger);
    expect(s.site.current?.url).toMatch(/^http:\/\/site-[0-9a-f]{8}\.sites\.localhost:8080$/);
  });
});
