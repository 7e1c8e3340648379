/**
 * Roles through HTTP: the list (built-in roles with their translated names, then the site's own, with staff counts),
 * get, save (id 0 adds; validation, duplicate names), delete; built-in roles refused (3007), roles in use (3008);
 * a changed role applies on the holder's next request; tenant isolation, the plan gate and permissions.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ListResult } from '../../contract/list';
import { ALL_PERMISSIONS, BUILTIN_ROLE_PERMISSIONS, ROLE } from '../../contract/permissions';
import type { Role } from '../../contract/roles';
import { INVITE_TTL_S } from '../../contract/staff';
import { roles, siteStaff, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  OWNER,
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

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

const list = async (c: Client, query: Record<string, unknown> = {}) =>
  ok(await c.call<ListResult<Role>>('role/list', { query: { size: 100, ...query } }));
const save = async (c: Client, body: Record<string, unknown>) =>
  ok(await c.call<Role>('role/save', { id: 0, ...body }));
const refused = (r: Reply<unknown>, status: number, code: number) =>
  expect({ status: r.status, code: r.code }, JSON.stringify(r).slice(0, 300)).toEqual({ status, code });

const siteOf = async (c: Client) =>
  (await c.call<{ site: { current: { id: number } } }>('member/status')).data.site.current.id;

describe('the list', () => {
  it('shows the built-in roles first with their names, then the site roles, with staff counts', async () => {
    const before = await list(owner);
    expect(before.rows.map((r) => [r.id, r.name, r.builtin])).toEqual([
      [1, '擁有者', true],
      [2, '管理員', true],
      [3, '編輯', true],
      [4, '電商人員', true],
    ]);
    expect(before.rows[0]).toMatchObject({ staff_count: 1, updated_at: null });
    for (const r of before.rows) expect(r.permissions).toEqual([...BUILTIN_ROLE_PERMISSIONS[r.id]]);

    const writer = await save(owner, { name: 'Writer', permissions: ['post.edit', 'post.view'] });
    expect(writer).toMatchObject({
      name: 'Writer',
      builtin: false,
      permissions: ['post.view', 'post.edit'],
      staff_count: 0,
    });
    expect(writer.id).toBeGreaterThan(100);
    await staffOf(t, demoSiteId, 'list-editor@example.com', ROLE.EDITOR);
    await staffOf(t, demoSiteId, 'list-writer@example.com', writer.id);
    await staffOf(t, demoSiteId, 'list-writer2@example.com', writer.id);

    const after = await list(owner);
    expect(after.total).toBe(5);
    expect(after.rows.map((r) => [r.id, r.staff_count])).toEqual([
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 0],
      [writer.id, 2],
    ]);

    const en = t.client({ lang: 'en' });
    await en.login(OWNER.email, OWNER.password);
    expect((await list(en)).rows.map((r) => r.name)).toEqual([
      'Owner',
      'Administrator',
      'Editor',
      'E-commerce staff',
      'Writer',
    ]);
  });

  it('filters by id and name, and pages', async () => {
    const ids = (await list(owner, { filters: [{ col: 'id', value: [2, 4], type: 'in' }] })).rows;
    expect(ids.map((r) => r.id)).toEqual([2, 4]);
    const named = await list(owner, { filters: [{ col: 'name', value: 'writ', type: 'search' }] });
    expect(named.rows.map((r) => r.name)).toEqual(['Writer']);
    const byName = await list(owner, { sort: { col: 'name', order: 'desc' } });
    const names = ['擁有者', '管理員', '編輯', '電商人員', 'Writer'];
    expect(byName.rows.map((r) => r.name)).toEqual(names.sort((a, b) => b.localeCompare(a)));
    const byCount = await list(owner, { sort: { col: 'staff_count', order: 'desc' } });
    expect(byCount.rows.map((r) => r.id).slice(0, 3)).toEqual([byCount.rows[0].id, 1, 3]);
    expect(byCount.rows[0].name).toBe('Writer');
    for (const col of ['builtin', 'constructor', '__proto__']) {
      const r = await owner.call('role/list', { query: { sort: { col, order: 'asc' } } });
      expect(fieldErrors(r)['query.sort.col'], col).toBe('格式錯誤');
    }
    const page = await list(owner, { page: 2, size: 2 });
    expect(page).toMatchObject({ total: 5, rows: [{ id: 3 }, { id: 4 }] });
    const bad = await owner.call('role/list', {
      query: { filters: [{ col: 'site_id', value: [1], type: 'in' }] },
    });
    expect(fieldErrors(bad)['query.filters.0.col']).toBe('格式錯誤');
  });
});

describe('get, save and delete', () => {
  it('goes round trip: add, get, rename and change, delete', async () => {
    const made = await save(owner, { name: ' 校對 ', permissions: ['page.edit', 'post.view', 'post.view'] });
    expect(made).toMatchObject({ name: '校對', permissions: ['post.view', 'page.edit'] });
    expect(ok(await owner.call<Role>('role/get', { id: made.id }))).toEqual(made);
    const changed = await save(owner, { id: made.id, name: '校對員', permissions: ['post.delete'] });
    expect(changed).toMatchObject({ id: made.id, name: '校對員', permissions: ['post.delete'] });
    expect(ok(await owner.call('role/delete', { id: made.id }))).toEqual({ id: made.id });
    for (const [path, body] of [
      ['role/get', { id: made.id }],
      ['role/save', { id: made.id, name: '復活', permissions: ['post.view'] }],
      ['role/delete', { id: made.id }],
    ] as const) {
      refused(await owner.call(path, body), 404, Code.NOT_FOUND);
    }
  });

  it('answers a built-in role, and refuses to change or delete one (3007)', async () => {
    const editor = ok(await owner.call<Role>('role/get', { id: ROLE.EDITOR }));
    expect(editor).toMatchObject({ id: 3, name: '編輯', builtin: true });
    for (const id of [1, 2, 3, 4]) {
      const s = await owner.call('role/save', { id, name: `改${id}`, permissions: ['post.view'] });
      expect(s).toMatchObject({ status: 200, code: Code.ROLE_BUILTIN, msg: '內建角色無法修改或刪除。' });
      expect((await owner.call('role/delete', { id })).code).toBe(Code.ROLE_BUILTIN);
    }
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, 3));
    expect(row.name).toBe('編輯');
  });

  it('validates the fields', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', permissions: ['post.view'] }, 'name', '此欄位為必填'],
      [{ name: '   ', permissions: ['post.view'] }, 'name', '此欄位為必填'],
      [{ permissions: ['post.view'] }, 'name', '此欄位為必填'],
      [{ name: '字'.repeat(51), permissions: ['post.view'] }, 'name', '超過最大字數（50）限制'],
      [{ name: 'x', permissions: [] }, 'permissions', '至少需要選擇ㄧ個'],
      [{ name: 'x' }, 'permissions', '此欄位為必填'],
      [{ name: 'x', permissions: ['post'] }, 'permissions', '格式錯誤'],
      [{ name: 'x', permissions: ['content'] }, 'permissions', '格式錯誤'],
      [{ name: 'x', permissions: ['post.view', 'root.all'] }, 'permissions', '格式錯誤'],
      [{ name: 'x', permissions: 'post.view' }, 'permissions', '格式錯誤'],
      [{ name: 'x', permissions: [1] }, 'permissions.0', '格式錯誤'],
      [{ name: 'x', permissions: ['post.view'], site_id: 2 }, 'site_id', '不接受的欄位'],
      [{ id: -1, name: 'x', permissions: ['post.view'] }, 'id', '格式錯誤'],
    ];
    for (const [body, field, message] of cases) {
      const r = await owner.call('role/save', { id: 0, ...body });
      expect(fieldErrors(r)[field], JSON.stringify(body)).toBe(message);
    }
    expect((await list(owner)).total).toBe(5);
  });

  it('refuses a name the site already has (without case) or a built-in name, 此欄位重複 on name', async () => {
    const a = await save(owner, { name: 'Reviewer', permissions: ['post.view'] });
    for (const name of ['reviewer', ' REVIEWER ', '管理員', 'Editor', '電商人員', '擁有者']) {
      const r = await owner.call('role/save', { id: 0, name, permissions: ['post.view'] });
      expect(fieldErrors(r).name, name).toBe('此欄位重複');
    }
    const b = await save(owner, { name: 'Proofer', permissions: ['post.view'] });
    expect(
      fieldErrors(await owner.call('role/save', { id: b.id, name: 'REVIEWER', permissions: ['post.view'] }))
        .name,
    ).toBe('此欄位重複');
    // Keeping its own name, in another case, is fine.
    expect((await save(owner, { id: a.id, name: 'REVIEWER', permissions: ['post.edit'] })).name).toBe(
      'REVIEWER',
    );
    // Two adds of one name at once: one wins.
    const rs = await Promise.all(
      [1, 2, 3].map(() =>
        owner.call<Role>('role/save', { id: 0, name: 'Racer', permissions: ['post.view'] }),
      ),
    );
    expect(rs.map((r) => r.code).sort()).toEqual([1, Code.VALIDATION, Code.VALIDATION]);
    for (const r of [a, b, rs.find((x) => x.code === 1)?.data as Role])
      ok(await owner.call('role/delete', { id: r.id }));
  });

  it('refuses to delete a role staff still hold (3008), and deletes it once they hold another', async () => {
    const role = await save(owner, { name: 'Busy', permissions: ['post.view'] });
    await staffOf(t, demoSiteId, 'busy@example.com', role.id);
    const r = await owner.call('role/delete', { id: role.id });
    expect(r).toMatchObject({
      status: 200,
      code: Code.ROLE_IN_USE,
      msg: '仍有人員或未接受的邀請使用這個角色，請先為他們更換角色或取消邀請。',
    });
    expect(ok(await owner.call<Role>('role/get', { id: role.id })).staff_count).toBe(1);
    await t.database.db
      .update(siteStaff)
      .set({ roleId: ROLE.EDITOR })
      .where(eq(siteStaff.userId, await userIdOf(t, 'busy@example.com')));
    ok(await owner.call('role/delete', { id: role.id }));
  });

  it('refuses to delete a role an open invitation offers, until it is cancelled or has expired', async () => {
    const role = await save(owner, { name: 'Offered', permissions: ['post.view'] });
    const invite = (email: string) =>
      owner.call('member/invite', { email, nickname: '受邀', roles: role.id });
    ok(await invite('offered@example.com'));
    expect((await owner.call('role/delete', { id: role.id })).code).toBe(Code.ROLE_IN_USE);
    ok(await owner.call('admin/cancel', { email: 'offered@example.com' }));
    ok(await invite('later@example.com'));
    expect((await owner.call('role/delete', { id: role.id })).code).toBe(Code.ROLE_IN_USE);
    // Remembered, so the owner's session outlives the clock moved past the invitation's seven days.
    ok(await owner.login(OWNER.email, OWNER.password, true));
    t.clock.advance(INVITE_TTL_S * 1000 + 1000);
    ok(await owner.call('role/delete', { id: role.id }));
    expect((await owner.call('role/get', { id: role.id })).code).toBe(Code.NOT_FOUND);
  });
});

describe('a changed role applies on the next request', () => {
  it('takes away and gives back a permission without signing in again', async () => {
    const role = await save(owner, { name: 'Tagger', permissions: ['post.view', 'post.edit'] });
    const tagger = await staffOf(t, demoSiteId, 'tagger@example.com', role.id);
    const author = ok(await tagger.call<{ id: number }>('author/save', { id: 0, name: '甲' }));
    type Status = {
      user: { permissions: string[]; base_permissions: string[] };
      role: { id: number; name: string };
    };
    const status = await tagger.call<Status>('member/status');
    // The lists are sorted, written once per role and joined into the reply's JSON (auth/service.ts status).
    expect(status.data.user.permissions).toEqual(['post.edit', 'post.view']);
    expect(status.data.user.base_permissions).toEqual(['post.edit', 'post.view']);
    expect(status.data.role).toEqual({ id: role.id, name: 'Tagger' });

    await save(owner, { id: role.id, name: 'Tagger', permissions: ['post.view'] });
    refused(await tagger.call('author/save', { id: author.id, name: '乙' }), 403, Code.FORBIDDEN);
    expect((await tagger.call('author/get', { id: author.id })).code).toBe(1);
    const after = await tagger.call<Status>('member/status');
    expect(after.data.user.permissions).toEqual(['post.view']);
    expect(after.data.user.base_permissions).toEqual(['post.view']);

    await save(owner, {
      id: role.id,
      name: 'Tagger',
      permissions: ['post.view', 'post.edit', 'post.delete'],
    });
    ok(await tagger.call('author/save', { id: author.id, name: '乙' }));
    ok(await tagger.call('author/delete', { id: author.id }));
  });
});

describe('tenant isolation', () => {
  let b: Client;
  let bRole: Role;
  let demoRole: Role;

  beforeAll(async () => {
    b = await register(t, 'roles-b@example.com');
    // Roles need a plan with the team feature.
    await t.database.db
      .update(sites)
      .set({ serviceId: 2 })
      .where(eq(sites.id, await siteOf(b)));
    bRole = await save(b, { name: 'B role', permissions: ['post.view'] });
    demoRole = await save(owner, { name: 'Demo role', permissions: ['post.view'] });
  });

  it('lists only the built-in roles and the caller site roles, with counts of that site', async () => {
    const rows = (await list(b)).rows;
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, bRole.id]);
    // b owns their site; the demo site's editor is not counted there.
    expect(rows.map((r) => r.staff_count)).toEqual([1, 0, 0, 0, 0]);
    expect((await list(owner)).rows.map((r) => r.id)).not.toContain(bRole.id);
  });

  it("answers 404 for another site's role and changes nothing", async () => {
    for (const [c, target] of [
      [b, demoRole],
      [owner, bRole],
    ] as const) {
      for (const [path, body] of [
        ['role/get', { id: target.id }],
        ['role/save', { id: target.id, name: '被改了', permissions: ['post.edit'] }],
        ['role/delete', { id: target.id }],
      ] as const) {
        refused(await c.call(path, body), 404, Code.NOT_FOUND);
      }
    }
    expect(ok(await owner.call<Role>('role/get', { id: demoRole.id }))).toEqual(demoRole);
    expect(ok(await b.call<Role>('role/get', { id: bRole.id }))).toEqual(bRole);
  });

  it('lets two sites have roles of the same name', async () => {
    const same = await save(b, { name: 'Demo role', permissions: ['post.view'] });
    ok(await b.call('role/delete', { id: same.id }));
  });
});

describe('permissions', () => {
  it('answers 401 to a signed-out caller', async () => {
    const anon = t.client();
    for (const path of ['role/list', 'role/get', 'role/save', 'role/delete']) {
      refused(await anon.call(path, { id: 1 }), 401, Code.UNAUTHORIZED);
    }
  });

  it('refuses 編輯 and a site without a plan (no team feature) with 403, even its owner', async () => {
    const editor = await staffOf(t, demoSiteId, 'roles-editor@example.com', ROLE.EDITOR);
    const solo = await register(t, 'roles-solo@example.com');
    for (const c of [editor, solo]) {
      for (const [path, body] of [
        ['role/list', {}],
        ['role/get', { id: 2 }],
        ['role/save', { id: 0, name: 'x', permissions: ['post.view'] }],
        ['role/delete', { id: 2 }],
      ] as const) {
        refused(await c.call(path, body), 403, Code.FORBIDDEN);
      }
    }
  });

  it('follows role.view, role.edit and role.delete separately; 管理員 may do all', async () => {
    const target = await save(owner, { name: 'Target', permissions: ['post.view'] });
    const mk = async (name: string, permissions: string[], email: string) =>
      staffOf(t, demoSiteId, email, (await save(owner, { name, permissions })).id);
    const viewer = await mk('Viewer', ['role.view'], 'r-viewer@example.com');
    // post.view too: a role is given only permissions its maker holds.
    const editorOnly = await mk('RoleEditor', ['role.edit', 'post.view'], 'r-edit@example.com');
    // post.view too: only a role within one's own is deleted.
    const deleter = await mk('RoleDeleter', ['role.delete', 'post.view'], 'r-delete@example.com');
    const admin = await staffOf(t, demoSiteId, 'r-admin@example.com', ROLE.ADMIN);

    expect((await list(viewer)).total).toBeGreaterThan(4);
    ok(await viewer.call('role/get', { id: target.id }));
    refused(
      await viewer.call('role/save', { id: target.id, name: 'v', permissions: ['post.view'] }),
      403,
      Code.FORBIDDEN,
    );
    refused(await viewer.call('role/delete', { id: target.id }), 403, Code.FORBIDDEN);

    refused(await editorOnly.call('role/list', {}), 403, Code.FORBIDDEN);
    ok(await editorOnly.call('role/save', { id: target.id, name: 'Target2', permissions: ['post.view'] }));
    refused(await editorOnly.call('role/delete', { id: target.id }), 403, Code.FORBIDDEN);

    refused(
      await deleter.call('role/save', { id: 0, name: 'd', permissions: ['post.view'] }),
      403,
      Code.FORBIDDEN,
    );
    ok(await deleter.call('role/delete', { id: target.id }));

    const made = await save(admin, { name: 'By admin', permissions: ['post.view'] });
    ok(await admin.call('role/delete', { id: made.id }));
  });
});

describe('a role holds only permissions its maker holds (no escalation)', () => {
  /** Every custom role of the demo site, to prove refused saves changed nothing. */
  const siteRoles = () => t.database.db.select().from(roles).where(eq(roles.siteId, demoSiteId));

  it('a 管理員 (no subscription.*) cannot make or keep a role with subscription.*, naming what is missing', async () => {
    const admin = await staffOf(t, demoSiteId, 'esc-admin@example.com', ROLE.ADMIN);
    const before = await siteRoles();
    const made = await admin.call('role/save', {
      id: 0,
      name: '付款專員',
      permissions: ['post.view', 'subscription.plan', 'subscription.payment'],
    });
    expect(fieldErrors(made)).toEqual({
      permissions: '你的角色沒有這些權限，無法授予：變更付款方式、變更方案',
    });
    const en = t.client({ lang: 'en' });
    en.cookies = admin.cookies;
    expect(
      fieldErrors(
        await en.call('role/save', {
          id: 0,
          name: 'Payments',
          permissions: ['subscription.payment', 'subscription.plan'],
        }),
      ),
    ).toEqual({
      permissions:
        'Your own role lacks these permissions, so you cannot grant them: Change payment method, Change plan',
    });
    expect(await siteRoles()).toEqual(before);

    // Nor added to an existing role (the owner's), which keeps what it had.
    const owners = await save(owner, { name: '老闆的', permissions: ['post.view', 'subscription.plan'] });
    const kept = await admin.call('role/save', {
      id: owners.id,
      name: '老闆的（改）',
      permissions: ['post.view', 'post.edit', 'subscription.plan'],
    });
    expect(fieldErrors(kept)).toEqual({ permissions: '你的角色沒有這些權限，無法授予：變更方案' });
    expect(ok(await owner.call<Role>('role/get', { id: owners.id }))).toMatchObject({
      name: '老闆的',
      permissions: ['subscription.plan', 'post.view'],
    });
    // Nor lowered, nor deleted: the role holds more than theirs (403).
    for (const [path, body] of [
      ['role/save', { id: owners.id, name: '老闆的', permissions: ['post.view', 'post.edit'] }],
      ['role/save', { id: owners.id, name: '改名', permissions: ['post.view'] }],
      ['role/delete', { id: owners.id }],
    ] as const) {
      refused(await admin.call(path, body), 403, Code.FORBIDDEN);
    }
    expect(ok(await owner.call<Role>('role/get', { id: owners.id }))).toMatchObject({
      name: '老闆的',
      permissions: ['subscription.plan', 'post.view'],
    });
    // And all they hold themselves they may give.
    const all = ok(
      await admin.call<Role>('role/save', {
        id: 0,
        name: '副手',
        permissions: BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN],
      }),
    );
    expect(all.permissions).toHaveLength(BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN].length);
  });

  it('a role holding more than one’s own is neither changed nor deleted; one within it is', async () => {
    const [keeper] = await t.database.db
      .insert(roles)
      .values({
        siteId: demoSiteId,
        name: '角色管家',
        permissions: ['role.view', 'role.edit', 'role.delete', 'post.view', 'post.edit'],
      })
      .returning();
    const c = await staffOf(t, demoSiteId, 'esc-keeper@example.com', keeper.id);
    const stronger = await save(owner, {
      name: '主編',
      permissions: ['post.view', 'post.edit', 'post.delete', 'post.view_all'],
    });
    const before = ok(await owner.call<Role>('role/get', { id: stronger.id }));
    // Lowering it to what the keeper holds, or renaming it, is still a change to a role beyond their own.
    for (const [path, body] of [
      ['role/save', { id: stronger.id, name: '主編', permissions: ['post.view'] }],
      ['role/save', { id: stronger.id, name: '主編（舊）', permissions: ['post.view', 'post.edit'] }],
      ['role/delete', { id: stronger.id }],
    ] as const) {
      refused(await c.call(path, body), 403, Code.FORBIDDEN);
    }
    expect(ok(await owner.call<Role>('role/get', { id: stronger.id }))).toEqual(before);
    // The keeper still reads it, and changes and deletes a role within their own.
    ok(await c.call('role/get', { id: stronger.id }));
    const within = await save(owner, { name: '小編', permissions: ['post.view', 'post.edit'] });
    const lowered = ok(
      await c.call<Role>('role/save', { id: within.id, name: '小編', permissions: ['post.view'] }),
    );
    expect(lowered.permissions).toEqual(['post.view']);
    ok(await c.call('role/delete', { id: within.id }));
    // Another site's role is still not found, and a missing one too.
    refused(await c.call('role/delete', { id: 2_000_000 }), 404, Code.NOT_FOUND);
    ok(await owner.call('role/delete', { id: stronger.id }));
  });

  it('a custom role editor gives only what its own role holds; the owner everything', async () => {
    const [maker] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '角色小編', permissions: ['role.view', 'role.edit', 'post.view'] })
      .returning();
    const c = await staffOf(t, demoSiteId, 'esc-maker@example.com', maker.id);
    expect(
      fieldErrors(
        await c.call('role/save', { id: 0, name: '小幫手', permissions: ['post.view', 'post.edit'] }),
      ),
    ).toEqual({
      permissions: '你的角色沒有這些權限，無法授予：編輯文章',
    });
    // Not even to their own role.
    expect(
      fieldErrors(
        await c.call('role/save', {
          id: maker.id,
          name: '角色小編',
          permissions: ['role.view', 'role.edit', 'post.view', 'role.delete'],
        }),
      ),
    ).toEqual({ permissions: '你的角色沒有這些權限，無法授予：刪除角色' });
    ok(
      await c.call('role/save', {
        id: maker.id,
        name: '角色小編',
        permissions: ['role.view', 'role.edit', 'post.view'],
      }),
    );
    const everything = await save(owner, { name: '全部', permissions: ALL_PERMISSIONS });
    expect(everything.permissions).toHaveLength(ALL_PERMISSIONS.length);
  });
});

describe('bad bodies answer an envelope, never a 500', () => {
  it('refuses bad ids and bodies', async () => {
    for (const id of ['1', -1, 0, 1.5, 2 ** 31, null]) {
      for (const path of ['role/get', 'role/delete']) {
        expect((await owner.call(path, { id })).code, `${path} ${id}`).toBe(Code.VALIDATION);
      }
    }
    for (const path of ['role/list', 'role/get', 'role/save', 'role/delete']) {
      for (const payload of ['[]', '"x"', '12', '{"id":']) {
        const r = await owner.call(path, payload);
        expect(r.status, `${path} ${payload}`).toBeLessThan(500);
        expect(r.code).not.toBe(Code.OK);
      }
    }
    expect(
      fieldErrors(await owner.call('role/save', { id: 0, name: 'a\u0000b', permissions: ['post.view'] }))
        .name,
    ).toBe('格式錯誤');
  });
});
