/**
 * Platform support access (issue 17): operators made by the server command only, the X-Platform-Admin header, the
 * single-use time-limited token and joining, the administrator's (not the owner's) permissions while in support, less
 * the staff and role writes, the owner's log and switch, and SPEC §6's non-managing users sent to the site's public
 * address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { SUPPORT_JOIN_MINUTES, SUPPORT_SESSION_MINUTES } from '../../contract/support';
import { makeOperator, revokeOperator } from '../../server/modules/support/operators';
import { roles, sessions, siteStaff, supportEntries, users } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
const MINUTE = 60_000;
const REASON = 'Customer ticket #42: menu broken';

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
});
afterAll(() => t.close());

/** An operator made by the command's function, signed in. */
async function operator(email: string): Promise<Client> {
  const made = await makeOperator(t.database.db, email);
  expect(made.password).toBeTruthy();
  const c = t.client();
  ok(await c.login(email, made.password as string));
  return c;
}

/** The X-Platform-Admin header of a call made with the client's cookies. */
async function headerOf(c: Client, path = 'member/status'): Promise<string | undefined> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: {
      'content-type': 'application/json',
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: '{}',
  });
  return res.headers['x-platform-admin'] as string | undefined;
}

const status = async (c: Client) => ok(await c.call<Session>('member/status'));
const entriesOf = (siteId: number) =>
  t.database.db.select().from(supportEntries).where(eq(supportEntries.siteId, siteId));

async function tokenFor(op: Client, site: number | string = demoSiteId, reason = REASON) {
  return ok(
    await op.call<{ token: string; expires_at: string }>('site/admin_token', { site: String(site), reason }),
  );
}

describe('operators and the header', () => {
  it('the command makes an operator; only their replies carry X-Platform-Admin, and status says so', async () => {
    const op = await operator('op1@platform.test');
    expect(await headerOf(op)).toBe('1');
    expect(await headerOf(owner)).toBeUndefined();
    expect(await headerOf(t.client())).toBeUndefined();
    expect((await status(op)).user?.platform_admin).toBe(true);
    expect((await status(owner)).user?.platform_admin).toBe(false);
    // An existing account is marked, not made again.
    const again = await makeOperator(t.database.db, 'OP1@platform.test');
    expect(again).toEqual({ email: 'op1@platform.test' });
  });

  it('the command takes only an address the contract’s e-mail rule accepts', async () => {
    for (const bad of [
      'op@platform',
      'op@@platform.test',
      'op <op@platform.test>',
      `${'a'.repeat(250)}@x.test`,
    ])
      await expect(makeOperator(t.database.db, bad)).rejects.toThrow('not an e-mail');
  });

  it('no API sets platform_admin', async () => {
    const r = await owner.call('member/save_profile', { nickname: 'Me', platform_admin: true });
    expect(r.code).toBe(Code.VALIDATION);
    expect((await status(owner)).user?.platform_admin).toBe(false);
    expect(await headerOf(owner)).toBeUndefined();
  });
});

describe('tokens and joining', () => {
  it('a non-operator is refused a token (403) and nothing is recorded', async () => {
    const before = (await entriesOf(demoSiteId)).length;
    const r = await owner.call('site/admin_token', { site: String(demoSiteId), reason: REASON });
    expect(r.status).toBe(403);
    expect((await entriesOf(demoSiteId)).length).toBe(before);
  });

  it('the reason is required and bounded; an unknown site is 1004', async () => {
    const op = await operator('op2@platform.test');
    const short = await op.call('site/admin_token', { site: String(demoSiteId), reason: 'ab' });
    expect(short.code).toBe(Code.VALIDATION);
    const long = await op.call('site/admin_token', { site: String(demoSiteId), reason: 'x'.repeat(201) });
    expect(long.code).toBe(Code.VALIDATION);
    expect((await op.call('site/admin_token', { site: 'no-such-site', reason: REASON })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('the token (by id or slug) is single use and the operator acts as 管理員 on the site only', async () => {
    const op = await operator('op3@platform.test');
    const other = await register(t, 'other-owner@example.com');
    const otherSite = (await status(other)).site.current?.id as number;
    const issued = await tokenFor(op, 'demo');
    expect(Date.parse(issued.expires_at) - t.clock.now).toBe(SUPPORT_JOIN_MINUTES * MINUTE);
    // Before joining, the operator has no site.
    expect((await op.call('press/list?t=1', { query: {} })).code).toBe(Code.NO_SITE);
    const joined = ok(
      await op.call<{ site_id: number; expires_at: string }>('site/join', { token: issued.token }),
    );
    expect(joined.site_id).toBe(demoSiteId);
    expect(Date.parse(joined.expires_at) - t.clock.now).toBe(SUPPORT_SESSION_MINUTES * MINUTE);
    expect((await op.call('site/join', { token: issued.token })).code).toBe(Code.SUPPORT_TOKEN_INVALID);

    const s = await status(op);
    expect(s.site.current?.id).toBe(demoSiteId);
    expect(s.role?.id).toBe(ROLE.ADMIN);
    expect(s.support).toMatchObject({ site_id: demoSiteId, expires_at: joined.expires_at });
    ok(await op.call('press/list?t=1', { query: {} }));
    // Never the owner's: no plan, no subscription, no support switch or log.
    expect((await op.call('plan/current')).status).toBe(403);
    expect((await op.call('site/support_get', {})).status).toBe(403);
    expect((await op.call('site/support_save', { support_access: false })).status).toBe(403);
    // Not another site: switching there is refused, and the session stays on the demo site.
    expect((await op.call('site/switch', { id: otherSite })).code).not.toBe(1);
    expect((await status(op)).site.current?.id).toBe(demoSiteId);
    // Another operator cannot spend someone else's token.
    const op4 = await operator('op4@platform.test');
    const second = await tokenFor(op);
    expect((await op4.call('site/join', { token: second.token })).code).toBe(Code.SUPPORT_TOKEN_INVALID);
    // Leaving ends the entry.
    ok(await op.call('site/leave'));
    expect((await status(op)).support).toBeNull();
    expect((await op.call('press/list?t=1', { query: {} })).code).not.toBe(1);
  });

  it('support never touches the staff, and a second join ends the entry the session held', async () => {
    const op = await operator('op-staff@platform.test');
    const made = await userIdOf(t, 'op-staff@platform.test');
    const first = await tokenFor(op);
    ok(await op.call('site/join', { token: first.token }));
    // Inviting themselves (or anyone) would outlast the support session: refused, nothing recorded.
    expect(
      (await op.call('member/invite', { email: 'op-staff@platform.test', nickname: 'op', roles: ROLE.ADMIN }))
        .status,
    ).toBe(403);
    const members = await t.database.db.select().from(siteStaff).where(eq(siteStaff.siteId, demoSiteId));
    expect(members.some((m) => m.userId === made)).toBe(false);
    await staffOf(t, demoSiteId, 'kept-editor@example.com', ROLE.EDITOR);
    const editor = await userIdOf(t, 'kept-editor@example.com');
    expect((await op.call('admin/delete', { id: editor })).status).toBe(403);
    expect((await op.call('admin/save', { id: editor, roles: ROLE.ADMIN })).status).toBe(403);
    const second = await tokenFor(op);
    ok(await op.call('site/join', { token: second.token }));
    const live = (await entriesOf(demoSiteId)).filter(
      (e) =>
        e.operatorEmail === 'op-staff@platform.test' && e.joinedAt && e.expiresAt.getTime() > t.clock.now,
    );
    expect(live).toHaveLength(1);
    ok(await op.call('site/leave'));
  });

  it('support lists and opens roles but never makes, changes or deletes one (a role outlives the session)', async () => {
    const op = await operator('op-roles@platform.test');
    const roleId = await customRole(t, demoSiteId, '寫手', ['post.view']);
    const roleRow = async () => (await t.database.db.select().from(roles).where(eq(roles.id, roleId)))[0];
    const before = await roleRow();
    const count = async () =>
      (await t.database.db.select().from(roles).where(eq(roles.siteId, demoSiteId))).length;
    const rolesBefore = await count();
    ok(await op.call('site/join', { token: (await tokenFor(op)).token }));
    // The 8 permissions a support session could otherwise hand a role it (or anyone) holds.
    const wide = [
      'post.view',
      'post.edit',
      'post.delete',
      'post.view_all',
      'page.add',
      'page.edit',
      'member.view',
      'member.edit',
    ];
    expect((await op.call('role/save', { id: 0, name: '支援角色', permissions: wide })).status).toBe(403);
    expect((await op.call('role/save', { id: roleId, name: '寫手', permissions: wide })).status).toBe(403);
    expect((await op.call('role/delete', { id: roleId })).status).toBe(403);
    expect(await roleRow()).toEqual(before);
    expect(await count()).toBe(rolesBefore);
    // Seeing them stays (the list and one role, read-only in the SPA, which reads the session's permissions).
    const held = (await status(op)).user?.permissions;
    expect(held).toContain('role.view');
    expect(held).not.toContain('role.edit');
    expect(held).not.toContain('role.delete');
    const listed = ok(await op.call<{ rows: { id: number }[] }>('role/list', { query: {} }));
    expect(listed.rows.map((r) => r.id)).toContain(roleId);
    expect(ok(await op.call<{ permissions: string[] }>('role/get', { id: roleId })).permissions).toEqual([
      'post.view',
    ]);
    ok(await op.call('site/leave'));
    // The owner still may.
    ok(await owner.call('role/save', { id: roleId, name: '寫手', permissions: ['post.view', 'post.edit'] }));
  });

  it('an expired token is refused', async () => {
    const op = await operator('op5@platform.test');
    const issued = await tokenFor(op);
    await t.database.db
      .update(supportEntries)
      .set({ expiresAt: new Date(t.clock.now - 1000) })
      .where(eq(supportEntries.operatorEmail, 'op5@platform.test'));
    expect((await op.call('site/join', { token: issued.token })).code).toBe(Code.SUPPORT_TOKEN_INVALID);
  });

  it('the support session ends when its time is over', async () => {
    const op = await operator('op6@platform.test');
    ok(await op.call('site/join', { token: (await tokenFor(op)).token }));
    ok(await op.call('press/list?t=1', { query: {} }));
    t.clock.advance(SUPPORT_SESSION_MINUTES * MINUTE + 1000);
    const r = await op.call('press/list?t=1', { query: {} });
    expect(r.status).toBe(403);
    expect((await status(op)).site.current).toBeNull();
  });
});

describe("the owner's log and switch", () => {
  it('the owner sees who, when and why; a 管理員 cannot read the log', async () => {
    const op = await operator('op7@platform.test');
    await tokenFor(op, demoSiteId, 'Looking at the broken theme');
    const log = ok(
      await owner.call<{ support_access: boolean; entries: { operator_email: string; reason: string }[] }>(
        'site/support_get',
        {},
      ),
    );
    expect(log.support_access).toBe(true);
    expect(log.entries[0]).toMatchObject({
      operator_email: 'op7@platform.test',
      reason: 'Looking at the broken theme',
    });
    const admin = await staffOf(t, demoSiteId, 'admin-of-demo@example.com', ROLE.ADMIN);
    expect((await admin.call('site/support_get', {})).status).toBe(403);
    expect((await admin.call('site/support_save', { support_access: false })).status).toBe(403);
  });

  it('switching off refuses tokens (3720) and the live support session loses the site at the next call', async () => {
    const op = await operator('op8@platform.test');
    ok(await op.call('site/join', { token: (await tokenFor(op)).token }));
    ok(await op.call('press/list?t=1', { query: {} }));
    ok(await owner.call('site/support_save', { support_access: false }));
    expect((await op.call('press/list?t=1', { query: {} })).status).toBe(403);
    expect((await status(op)).support).toBeNull();
    expect((await op.call('site/admin_token', { site: String(demoSiteId), reason: REASON })).code).toBe(
      Code.SUPPORT_OFF,
    );
    // Switching back on does not revive the ended entry.
    ok(await owner.call('site/support_save', { support_access: true }));
    expect((await op.call('press/list?t=1', { query: {} })).status).toBe(403);
    expect(ok(await owner.call<{ support_access: boolean }>('site/support_get', {})).support_access).toBe(
      true,
    );
  });

  it('--revoke ends the operator and their support session', async () => {
    const op = await operator('op9@platform.test');
    ok(await op.call('site/join', { token: (await tokenFor(op)).token }));
    expect(await revokeOperator(t.database.db, 'op9@platform.test')).toBe(true);
    expect((await op.call('press/list?t=1', { query: {} })).code).not.toBe(1);
    expect(await headerOf(op)).toBeUndefined();
    expect((await op.call('site/admin_token', { site: String(demoSiteId), reason: REASON })).status).toBe(
      403,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'op9@platform.test'));
    expect(row.platformAdmin).toBe(false);
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(open.every((s) => s.supportEntryId === null)).toBe(true);
    expect(await revokeOperator(t.database.db, 'nobody@platform.test')).toBe(false);
  });
});

describe('non-managing users (SPEC §6)', () => {
  it('a role without permissions, or no longer staff: not managing, with the public address', async () => {
    const roleId = await customRole(t, demoSiteId, 'Nothing', []);
    const c = await staffOf(t, demoSiteId, 'reader-only@example.com', roleId);
    const userId = await userIdOf(t, 'reader-only@example.com');
    // They own their personal site, so they still manage something.
    expect((await status(c)).managing).toBe(true);
    await t.database.db.delete(siteStaff).where(eq(siteStaff.userId, userId));
    await t.database.db.insert(siteStaff).values({ siteId: demoSiteId, userId, roleId });
    const s = await status(c);
    expect(s.managing).toBe(false);
    expect(s.public_url).toMatch(/^https?:\/\/demo\./);
    // Removed from the site, the session still works on it: the same address.
    await t.database.db.delete(siteStaff).where(eq(siteStaff.userId, userId));
    const gone = await status(c);
    expect(gone.managing).toBe(false);
    expect(gone.public_url).toBe(s.public_url);
    // A new account without any site goes to the wizard: no address.
    const fresh = await register(t, 'fresh@example.com', 'secret-pass-1', 'Fresh', { site: false });
    expect(await status(fresh)).toMatchObject({ managing: false, public_url: null });
    expect((await status(owner)).managing).toBe(true);
  });
});
