/**
 * Staff and invitations through HTTP: invite (mail, link used once, expiry, the plan's seat limit, replacing an open
 * invitation, already staff), invite_token, join (new and existing accounts), the list, role changes, removal, the
 * own record and the owner protected, another site's staff not found, permissions and the plan's team feature, and
 * the CSV export; invitations and staff out of the caller's sight are neither cancelled, replaced nor revealed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { StaffMember } from '../../contract/entities/admin';
import type { ListResult } from '../../contract/list';
import { BUILTIN_ROLE_PERMISSIONS, ROLE } from '../../contract/permissions';
import { BADGE } from '../../contract/sites';
import type { Invitation, InviteTokenReply, StaffOptions } from '../../contract/staff';
import { INVITE_TTL_S } from '../../contract/staff';
import { roles, sites, users } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  OWNER,
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
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  // Remembered, so the session outlives the clock moved past an invitation's seven days.
  expectOk(await owner.login(OWNER.email, OWNER.password, true));
  ownerId = await userIdOf(t, OWNER.email);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'joined-pass-1';

const expectOk = <T>(r: Reply<T>): T => {
  expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 1 });
  return r.data;
};
const expectCode = (r: Reply<unknown>, code: number, status = 200) => {
  expect({ status: r.status, code: r.code }, JSON.stringify(r)).toEqual({ status, code });
};

/** The token of the last invitation mailed to `email`. */
async function lastLink(email: string): Promise<string> {
  const mail = [...(await t.flushMail())]
    .reverse()
    .find((m) => m.to === email && /\/auth\/invite\?v=/.test(m.text));
  const token = mail?.text.match(/\/auth\/invite\?v=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

async function invite(c: Client, email: string, roleId: number = ROLE.EDITOR, nickname = '小編') {
  return c.call<{ email: string }>('member/invite', { email, nickname, roles: roleId });
}

const list = (c: Client, query: Record<string, unknown> = {}) =>
  c.call<ListResult<StaffMember>>('site/staff', { query: { size: 100, ...query } });

const pending = (c: Client) => c.call<Invitation[]>('admin/invitations');

/** Invites, joins as a new account and signs in; answers the new staff member's client and id. */
async function joined(email: string, roleId: number = ROLE.EDITOR, by: Client = owner) {
  expectOk(await invite(by, email, roleId));
  const anon = t.client();
  expectOk(
    await anon.call('member/join', { v: await lastLink(email), nickname: `N ${email}`, password: PASSWORD }),
  );
  const c = t.client();
  expectOk(await c.login(email, PASSWORD));
  return { client: c, id: await userIdOf(t, email) };
}

/** A registered user's personal site put on a plan; answers its owner's client and the site's id. */
async function siteOnPlan(email: string, serviceId: number | null) {
  const c = await register(t, email);
  const status = await c.call<{ site: { current: { id: number } } }>('member/status');
  const siteId = status.data.site.current.id;
  await t.database.db.update(sites).set({ serviceId }).where(eq(sites.id, siteId));
  return { client: c, siteId };
}

describe('invite and join', () => {
  it('mails a one-use link; joining makes a verified account with the role', async () => {
    const r = await invite(owner, ' New.Editor@Example.com ', ROLE.EDITOR, '阿編');
    expect(expectOk(r)).toEqual({ email: 'new.editor@example.com' });

    const mail = (await t.flushMail()).at(-1);
    expect(mail?.to).toBe('new.editor@example.com');
    expect(mail?.subject).toBe('Owner 邀請你加入「範例新聞網」');
    expect(mail?.text).toContain('以「編輯」的身分加入「範例新聞網」');
    expect(mail?.text).toContain('7 天內');
    // The link is at PUBLIC_URL (by default the server's own HOST:PORT), never the request's Host.
    expect(mail?.text).toContain(`${t.config.publicUrl}/auth/invite?v=`);
    expect(mail?.text).toMatch(/\/auth\/invite\?v=[\w-]{40,}/);
    const token = await lastLink('new.editor@example.com');

    // The invitation is pending, holds a seat and earned the team badge.
    const open = expectOk(await pending(owner));
    expect(open).toEqual([
      {
        email: 'new.editor@example.com',
        nickname: '阿編',
        role: { id: ROLE.EDITOR, name: '編輯' },
        invited_at: expect.any(String),
        expires_at: new Date(t.clock.now + INVITE_TTL_S * 1000).toISOString(),
      },
    ]);
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    expect(site.badges).toContain(BADGE.TEAM);

    const anon = t.client();
    const meta = await anon.call<InviteTokenReply>('member/invite_token', { token });
    expect(expectOk(meta)).toEqual({
      account: 'new.editor@example.com',
      roles: { id: ROLE.EDITOR, name: '編輯' },
      name: '阿編',
      site: '範例新聞網',
      exists: false,
    });
    const en = await t.client({ lang: 'en' }).call<InviteTokenReply>('member/invite_token', { token });
    expect(en.data.roles).toEqual({ id: ROLE.EDITOR, name: 'Editor' });

    // The SPEC password rule and a nickname are required for a new account; a refusal leaves the link working.
    const weak = await anon.call('member/join', { v: token, nickname: '', password: 'short' });
    expect(fieldErrors(weak)).toEqual({ nickname: '此欄位為必填', password: '密碼格式錯誤' });

    const ok = await anon.call('member/join', { v: token, nickname: ' 阿編 ', password: PASSWORD });
    expect(expectOk(ok)).toEqual({ account: 'new.editor@example.com', signed_in: true });
    // Joining signs the browser in, on the site joined: the invite page opens the admin, no second password.
    const signedIn = await anon.call<{
      isLogined: boolean;
      user: { email: string };
      site: { current: { id: number } };
      remember: boolean;
    }>('member/status');
    expect(signedIn.data).toMatchObject({
      isLogined: true,
      user: { email: 'new.editor@example.com' },
      site: { current: { id: demoSiteId } },
      remember: false,
    });

    // Once only.
    expectCode(
      await anon.call('member/join', { v: token, nickname: 'x', password: PASSWORD }),
      Code.INVITE_INVALID,
    );
    expectCode(await anon.call('member/invite_token', { token }), Code.INVITE_INVALID);
    expect(expectOk(await pending(owner))).toEqual([]);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'new.editor@example.com'));
    expect(user).toMatchObject({ nickname: '阿編', isVerified: true });
    const editor = t.client();
    expectOk(await editor.login('new.editor@example.com', PASSWORD));
    const status = await editor.call<{
      site: { current: { id: number }; list: unknown[] };
      role: { id: number; name: string };
    }>('member/status');
    expect(status.data.site.current.id).toBe(demoSiteId);
    expect(status.data.site.list).toHaveLength(1);
    expect(status.data.role).toEqual({ id: ROLE.EDITOR, name: '編輯' });

    const rows = expectOk(await list(owner)).rows;
    expect(rows.find((m) => m.email === 'new.editor@example.com')).toMatchObject({
      id: user.id,
      nickname: '阿編',
      role: { id: ROLE.EDITOR, name: '編輯' },
      roles: ROLE.EDITOR,
      is_self: false,
      is_owner: false,
    });
  });

  it('joining on a browser where someone else is signed in keeps their session', async () => {
    // The owner opens the link (say, to try it) and joins as the invitee: the owner stays signed in as the owner.
    const other = t.client();
    expectOk(await other.login(OWNER.email, OWNER.password));
    expectOk(await invite(owner, 'beside.owner@example.com'));
    const reply = await other.call('member/join', {
      v: await lastLink('beside.owner@example.com'),
      nickname: '旁邊',
      password: PASSWORD,
    });
    expect(expectOk(reply)).toEqual({ account: 'beside.owner@example.com', signed_in: false });
    const status = await other.call<{ user: { email: string } }>('member/status');
    expect(status.data.user.email).toBe(OWNER.email);
  });

  it('an unknown or malformed token is refused', async () => {
    const anon = t.client();
    expectCode(await anon.call('member/invite_token', { token: 'nope' }), Code.INVITE_INVALID);
    expectCode(
      await anon.call('member/join', { v: 'nope', nickname: 'x', password: PASSWORD }),
      Code.INVITE_INVALID,
    );
    expect(fieldErrors(await anon.call('member/invite_token', {}))).toEqual({ token: '此欄位為必填' });
    expect(fieldErrors(await anon.call('member/join', { v: 'x', password: PASSWORD, extra: 1 }))).toEqual({
      extra: '不接受的欄位',
    });
    expect(fieldErrors(await anon.call('member/join', { v: 'x', nickname: 'x' }))).toEqual({
      password: '此欄位為必填',
    });
  });

  it('expires after seven days', async () => {
    expectOk(await invite(owner, 'late@example.com'));
    const token = await lastLink('late@example.com');
    t.clock.advance(INVITE_TTL_S * 1000 - 60_000);
    expectOk(await t.client().call('member/invite_token', { token }));
    t.clock.advance(61_000);
    const anon = t.client();
    expectCode(await anon.call('member/invite_token', { token }), Code.INVITE_INVALID);
    expectCode(
      await anon.call('member/join', { v: token, nickname: 'x', password: PASSWORD }),
      Code.INVITE_INVALID,
    );
    expect(expectOk(await pending(owner)).map((i) => i.email)).not.toContain('late@example.com');
  });

  it('inviting the same e-mail again replaces the open invitation', async () => {
    expectOk(await invite(owner, 'twice@example.com', ROLE.EDITOR));
    const first = await lastLink('twice@example.com');
    expectOk(await invite(owner, 'twice@example.com', ROLE.ECOMMERCE, '電商'));
    const second = await lastLink('twice@example.com');
    expect(second).not.toBe(first);
    expectCode(await t.client().call('member/invite_token', { token: first }), Code.INVITE_INVALID);
    const open = expectOk(await pending(owner)).filter((i) => i.email === 'twice@example.com');
    expect(open).toMatchObject([{ nickname: '電商', role: { id: ROLE.ECOMMERCE, name: '電商人員' } }]);
    expectOk(await owner.call('admin/cancel', { email: 'twice@example.com' }));
    expectCode(await t.client().call('member/invite_token', { token: second }), Code.INVITE_INVALID);
    expectCode(await owner.call('admin/cancel', { email: 'twice@example.com' }), Code.NOT_FOUND, 404);
  });

  it('an existing account joins with its own password and keeps its nickname and language', async () => {
    const existing = await register(t, 'has.account@example.com', 'own-pass-1', '自己');
    expectOk(await existing.call('member/save_profile', { language: 'en' }));
    expectOk(await invite(owner, 'has.account@example.com', ROLE.ADMIN, '別名'));
    // The mail speaks the invitee's language.
    const mail = (await t.flushMail()).at(-1);
    expect(mail?.subject).toBe('Owner invites you to join "範例新聞網"');
    expect(mail?.text).toContain('as Administrator');
    const token = await lastLink('has.account@example.com');
    const anon = t.client();
    expect(expectOk(await anon.call<InviteTokenReply>('member/invite_token', { token })).exists).toBe(true);

    expectCode(await anon.call('member/join', { v: token, password: 'wrong-pass-1' }), Code.WRONG_PASSWORD);
    expect(expectOk(await anon.call('member/join', { v: token, password: 'own-pass-1' }))).toEqual({
      account: 'has.account@example.com',
      signed_in: true,
    });
    // Signed in on the site just joined, not on the account's own first site.
    const joinedStatus = await anon.call<{ user: { email: string }; site: { current: { id: number } } }>(
      'member/status',
    );
    expect(joinedStatus.data.user.email).toBe('has.account@example.com');
    expect(joinedStatus.data.site.current.id).toBe(demoSiteId);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'has.account@example.com'));
    expect(user.nickname).toBe('自己');
    const status = await existing.call<{ site: { list: { id: number }[] } }>('member/status');
    expect(status.data.site.list.map((s) => s.id)).toContain(demoSiteId);
    expect(status.data.site.list).toHaveLength(2);
    const row = expectOk(await list(owner)).rows.find((m) => m.id === user.id);
    expect(row?.role).toEqual({ id: ROLE.ADMIN, name: '管理員' });
  });

  it('guessing an existing account’s password on the join link locks it as sign-in does (2006)', async () => {
    await register(t, 'guessed@example.com', 'own-pass-2', '被猜');
    expectOk(await invite(owner, 'guessed@example.com', ROLE.EDITOR));
    const token = await lastLink('guessed@example.com');
    for (let i = 0; i < 5; i++) {
      const anon = t.client();
      expectCode(
        await anon.call('member/join', { v: token, password: `wrong-pass-${i}` }),
        Code.WRONG_PASSWORD,
      );
    }
    // Locked on both screens, even with the right password; the link stays open.
    expectCode(
      await t.client().call('member/join', { v: token, password: 'own-pass-2' }),
      Code.TOO_MANY_ATTEMPTS,
    );
    expect((await t.client().login('guessed@example.com', 'own-pass-2')).code).toBe(Code.TOO_MANY_ATTEMPTS);
    expectOk(await t.client().call('member/invite_token', { token }));
    t.clock.advance(15 * 60 * 1000 + 1000);
    expectOk(await t.client().call('member/join', { v: token, password: 'own-pass-2' }));
  });

  it('refuses an e-mail already on the staff (3014), a bad role, and bad fields', async () => {
    expectCode(await invite(owner, OWNER.email), Code.ALREADY_STAFF);
    expectCode(await invite(owner, 'has.account@example.com'), Code.ALREADY_STAFF);
    for (const roleId of [ROLE.OWNER, 99_999]) {
      expect(fieldErrors(await invite(owner, 'x@example.com', roleId))).toEqual({ roles: '格式錯誤' });
    }
    const bad = await owner.call('member/invite', { email: 'not-mail', nickname: '', roles: 'x' });
    expect(fieldErrors(bad)).toEqual({
      email: '無效的電子信箱格式',
      nickname: '此欄位為必填',
      roles: '格式錯誤',
    });
    expect(expectOk(await pending(owner)).map((i) => i.email)).not.toContain('x@example.com');
  });

  it("invites to the site's own custom role, not another site's", async () => {
    const [mine] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '特約記者', permissions: ['post.view'] })
      .returning();
    const other = await siteOnPlan('other.site@example.com', 4);
    const [theirs] = await t.database.db
      .insert(roles)
      .values({ siteId: other.siteId, name: '他站角色', permissions: ['post.view'] })
      .returning();
    const options = expectOk(await owner.call<StaffOptions>('admin/options'));
    expect(options.roles).toEqual([
      { id: ROLE.ADMIN, name: '管理員' },
      { id: ROLE.EDITOR, name: '編輯' },
      { id: ROLE.ECOMMERCE, name: '電商人員' },
      { id: mine.id, name: '特約記者' },
    ]);
    expect(fieldErrors(await invite(owner, 'custom@example.com', theirs.id))).toEqual({ roles: '格式錯誤' });
    const { client } = await joined('custom@example.com', mine.id);
    const status = await client.call<{ role: { id: number; name: string } }>('member/status');
    expect(status.data.role).toEqual({ id: mine.id, name: '特約記者' });
  });
});

describe("the plan's seats", () => {
  it('counts staff and open invitations against staffCount (STARTER: 2)', async () => {
    const starter = await siteOnPlan('starter@example.com', 2);
    const c = starter.client;
    expect(expectOk(await c.call<StaffOptions>('admin/options'))).toMatchObject({ used: 1, limit: 2 });
    expectOk(await invite(c, 'seat1@example.com'));
    expect(expectOk(await c.call<StaffOptions>('admin/options'))).toMatchObject({ used: 2, limit: 2 });
    expectCode(await invite(c, 'seat2@example.com'), Code.STAFF_LIMIT);
    expect((await invite(c, 'seat2@example.com')).msg).toBe('帳號已達上限');
    // Inviting the same address again replaces its invitation rather than taking a second seat.
    expectOk(await invite(c, 'seat1@example.com', ROLE.ADMIN));
    // Cancelling frees the seat.
    expectOk(await c.call('admin/cancel', { email: 'seat1@example.com' }));
    expectOk(await invite(c, 'seat2@example.com'));
    // A joined member keeps the seat; an expired invitation frees it.
    expectOk(
      await t
        .client()
        .call('member/join', { v: await lastLink('seat2@example.com'), nickname: 'S', password: PASSWORD }),
    );
    expectCode(await invite(c, 'seat3@example.com'), Code.STAFF_LIMIT);
    const seat2 = await userIdOf(t, 'seat2@example.com');
    expectOk(await c.call('admin/delete', { id: seat2 }));
    expectOk(await invite(c, 'seat3@example.com'));
    t.clock.advance(INVITE_TTL_S * 1000 + 1000);
    expectOk(await c.login('starter@example.com', 'secret-pass-1'));
    expectOk(await invite(c, 'seat4@example.com'));
  });

  it('a site without a plan has no team feature: staff actions answer 403', async () => {
    const { client } = await siteOnPlan('noplan@example.com', null);
    for (const [path, body] of [
      ['member/invite', { email: 'a@example.com', nickname: 'a', roles: ROLE.EDITOR }],
      ['site/staff', {}],
      ['admin/options', {}],
      ['admin/invitations', {}],
      ['admin/get', { id: 1 }],
      ['member/export', {}],
    ] as const) {
      expectCode(await client.call(path, body), Code.FORBIDDEN, 403);
    }
  });
});

describe('the staff list', () => {
  it('filters, sorts and pages; marks the caller and the owner', async () => {
    const all = expectOk(await list(owner));
    expect(all.total).toBe(all.rows.length);
    expect(all.rows[0]).toMatchObject({
      id: ownerId,
      email: OWNER.email,
      role: { id: ROLE.OWNER, name: '擁有者' },
      is_self: true,
      is_owner: true,
    });
    expect(all.rows.slice(1).every((r) => !r.is_self && !r.is_owner)).toBe(true);

    const found = expectOk(
      await list(owner, { filters: [{ col: 'keyword', value: 'NEW.EDITOR', type: 'search' }] }),
    );
    expect(found.rows.map((r) => r.email)).toEqual(['new.editor@example.com']);
    const byNick = expectOk(
      await list(owner, { filters: [{ col: 'keyword', value: '阿編', type: 'search' }] }),
    );
    expect(byNick.rows.map((r) => r.email)).toEqual(['new.editor@example.com']);
    const admins = expectOk(
      await list(owner, { filters: [{ col: 'role', value: [ROLE.ADMIN], type: 'in' }] }),
    );
    expect(admins.rows.map((r) => r.email)).toEqual(['has.account@example.com']);
    const sorted = expectOk(await list(owner, { sort: { col: 'email', order: 'desc' } }));
    const emails = sorted.rows.map((r) => r.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const page = expectOk(await list(owner, { page: 2, size: 1, sort: { col: 'joined_at', order: 'asc' } }));
    expect(page).toMatchObject({ total: all.total, rows: [{ id: all.rows[1].id }] });
    // Wildcards are literal.
    const none = expectOk(await list(owner, { filters: [{ col: 'email', value: '%', type: 'search' }] }));
    expect(none.total).toBe(0);

    const bad = await list(owner, {
      filters: [
        { col: 'password_hash', value: 'x', type: 'search' },
        { col: 'role', value: ['x'], type: 'in' },
        { col: 'role', value: 'x', type: 'search' },
      ],
      sort: { col: 'password_hash', order: 'asc' },
    });
    expect(fieldErrors(bad)).toEqual({
      'query.filters.0.col': '格式錯誤',
      'query.filters.1.value': '格式錯誤',
      'query.filters.2.col': '格式錯誤',
      'query.sort.col': '格式錯誤',
    });
  });
});

describe('one staff member', () => {
  let editor: { client: Client; id: number };
  let admin: { client: Client; id: number };
  beforeAll(async () => {
    editor = await joined('member.editor@example.com', ROLE.EDITOR);
    admin = await joined('member.admin@example.com', ROLE.ADMIN);
  });

  it('reads one and changes the role', async () => {
    const one = expectOk(await owner.call<StaffMember>('admin/get', { id: editor.id }));
    expect(one).toMatchObject({ id: editor.id, email: 'member.editor@example.com', roles: ROLE.EDITOR });
    const saved = expectOk(
      await owner.call<StaffMember>('admin/save', { id: editor.id, roles: ROLE.ECOMMERCE }),
    );
    expect(saved.role).toEqual({ id: ROLE.ECOMMERCE, name: '電商人員' });
    const perms = await editor.client.call<{ user: { permissions: string[] } }>('member/status');
    expect(perms.data.user.permissions).toContain('order.edit');
    expect(perms.data.user.permissions).not.toContain('post.view');
    expect(fieldErrors(await owner.call('admin/save', { id: editor.id, roles: ROLE.OWNER }))).toEqual({
      roles: '格式錯誤',
    });
    expectOk(await owner.call('admin/save', { id: editor.id, roles: ROLE.EDITOR }));
    expect(fieldErrors(await owner.call('admin/save', { id: editor.id, roles: 3, nickname: 'x' }))).toEqual({
      nickname: '不接受的欄位',
    });
  });

  it('nobody changes or removes their own record (3011); the owner stays (403)', async () => {
    expectCode(await owner.call('admin/save', { id: ownerId, roles: ROLE.ADMIN }), Code.SELF_STAFF);
    expectCode(await owner.call('admin/delete', { id: ownerId }), Code.SELF_STAFF);
    expectCode(await admin.client.call('admin/save', { id: admin.id, roles: ROLE.EDITOR }), Code.SELF_STAFF);
    expectCode(await admin.client.call('admin/delete', { id: admin.id }), Code.SELF_STAFF);
    expectCode(
      await admin.client.call('admin/save', { id: ownerId, roles: ROLE.EDITOR }),
      Code.FORBIDDEN,
      403,
    );
    expectCode(await admin.client.call('admin/delete', { id: ownerId }), Code.FORBIDDEN, 403);
    // An administrator manages the others.
    expectOk(await admin.client.call('admin/save', { id: editor.id, roles: ROLE.EDITOR }));
    const self = expectOk(await admin.client.call<StaffMember>('admin/get', { id: admin.id }));
    expect(self).toMatchObject({ is_self: true, is_owner: false });
  });

  it("another site's staff is not found here", async () => {
    const other = await siteOnPlan('other.owner@example.com', 4);
    const c = other.client;
    for (const [path, body] of [
      ['admin/get', { id: editor.id }],
      ['admin/save', { id: editor.id, roles: ROLE.ADMIN }],
      ['admin/delete', { id: editor.id }],
      ['admin/get', { id: ownerId }],
      ['admin/get', { id: 2_000_000 }],
    ] as const) {
      expectCode(await c.call(path, body), Code.NOT_FOUND, 404);
    }
    expect(expectOk(await list(c)).rows.map((r) => r.email)).toEqual(['other.owner@example.com']);
    expect(expectOk(await c.call<Invitation[]>('admin/invitations'))).toEqual([]);
    expectOk(await invite(owner, 'demo.pending@example.com'));
    expectCode(await c.call('admin/cancel', { email: 'demo.pending@example.com' }), Code.NOT_FOUND, 404);
    expect(expectOk(await pending(owner)).map((i) => i.email)).toContain('demo.pending@example.com');
    // Still on the demo site, unchanged.
    expect(expectOk(await owner.call<StaffMember>('admin/get', { id: editor.id })).roles).toBe(ROLE.EDITOR);
  });

  it('a role without staff permissions is refused (403)', async () => {
    for (const [path, body] of [
      ['site/staff', {}],
      ['admin/get', { id: editor.id }],
      ['admin/options', {}],
      ['admin/invitations', {}],
      ['member/invite', { email: 'e@example.com', nickname: 'e', roles: ROLE.EDITOR }],
      ['admin/save', { id: admin.id, roles: ROLE.EDITOR }],
      ['admin/delete', { id: admin.id }],
      ['admin/cancel', { email: 'demo.pending@example.com' }],
      ['member/export', {}],
    ] as const) {
      expectCode(await editor.client.call(path, body), Code.FORBIDDEN, 403);
    }
    // A custom role that may only view staff.
    const [viewer] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '人事檢視', permissions: ['staff.view'] })
      .returning();
    const v = await staffOf(t, demoSiteId, 'viewer@example.com', viewer.id);
    expectOk(await list(v));
    expectCode(await invite(v, 'f@example.com'), Code.FORBIDDEN, 403);
    expectCode(await v.call('admin/save', { id: editor.id, roles: ROLE.ADMIN }), Code.FORBIDDEN, 403);
    expectCode(await v.call('admin/delete', { id: editor.id }), Code.FORBIDDEN, 403);
    // Signed out: 401.
    expectCode(await t.client().call('site/staff', {}), Code.UNAUTHORIZED, 401);
  });

  it('removes a member, who loses the site', async () => {
    expect(expectOk(await owner.call('admin/delete', { id: editor.id }))).toEqual({ id: editor.id });
    expectCode(await owner.call('admin/get', { id: editor.id }), Code.NOT_FOUND, 404);
    expectCode(await owner.call('admin/delete', { id: editor.id }), Code.NOT_FOUND, 404);
    const status = await editor.client.call<{ site: { current: unknown; list: unknown[] } }>('member/status');
    expect(status.data.site).toEqual({ current: null, list: [] });
    expectCode(await editor.client.call('press/list?t=1', {}), Code.NO_SITE);
  });
});

async function exportCsv(c: Client, lang = 'zh-TW') {
  return t.app.inject({
    method: 'POST',
    url: '/api/member/export?t=writer',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: '{}',
  });
}

describe('export', () => {
  it('answers CSV with a BOM, a translated header, quoting and no formulas', async () => {
    const tricky = await joined('tricky@example.com', ROLE.EDITOR);
    await t.database.db.update(users).set({ nickname: '王, "小明"' }).where(eq(users.id, tricky.id));
    const formula = await joined('formula@example.com', ROLE.EDITOR);
    await t.database.db.update(users).set({ nickname: '=HYPERLINK("x")' }).where(eq(users.id, formula.id));
    expectOk(await invite(owner, 'csv.pending@example.com', ROLE.ECOMMERCE, '待加入'));

    const res = await exportCsv(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="staff-demo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = res.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('暱稱,電子信箱,角色,狀態,日期');
    expect(lines[1]).toMatch(/^Owner,owner@example\.com,擁有者,已加入,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(body).toContain('"王, ""小明""",tricky@example.com,編輯,已加入,');
    expect(body).toContain(`"'=HYPERLINK(""x"")",formula@example.com,`);
    expect(body).toContain('待加入,csv.pending@example.com,電商人員,邀請中,');
    const staffCount = expectOk(await list(owner)).total;
    const open = expectOk(await pending(owner)).length;
    expect(lines.length).toBe(1 + staffCount + open + 1);

    const en = await exportCsv(owner, 'en');
    expect(en.body.slice(1).split('\r\n')[0]).toBe('Nickname,E-mail,Role,Status,Date');
    expect(en.body).toContain('Owner,owner@example.com,Owner,Joined,');
  });

  it('refuses without permission as an envelope', async () => {
    const { client } = await joined('csv.editor@example.com', ROLE.EDITOR);
    const res = await exportCsv(client);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: Code.FORBIDDEN });
  });
});

describe('what staff.view_all, setting.permission and setting.admin add, and roles beyond one’s own', () => {
  const MANAGE = ['staff.view', 'staff.edit', 'staff.delete', 'post.view', 'post.edit'];
  /** The demo site's roles made here, by name. */
  const made: Record<string, number> = {};
  /** Staff made here: clients and ids, by name. */
  const people: Record<string, { client: Client; id: number }> = {};
  let serviceId: number | null;

  async function customRole(name: string, permissions: readonly string[]) {
    const [row] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name, permissions: [...permissions] })
      .returning();
    made[name] = row.id;
    return row.id;
  }
  async function person(name: string, roleId: number) {
    const email = `sight.${name}@example.com`;
    people[name] = {
      client: await staffOf(t, demoSiteId, email, roleId, name),
      id: await userIdOf(t, email),
    };
  }
  const emails = async (c: Client) => expectOk(await list(c)).rows.map((r) => r.email);
  const roleOf = async (id: number) => expectOk(await owner.call<StaffMember>('admin/get', { id })).roles;

  beforeAll(async () => {
    // Room for everyone (the internal plan: 100 seats, every feature).
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    serviceId = site.serviceId;
    await t.database.db.update(sites).set({ serviceId: 1 }).where(eq(sites.id, demoSiteId));
    await customRole('讀者', ['post.view']);
    await customRole('寫手', ['post.view', 'post.edit']);
    await customRole('人事', MANAGE);
    await customRole('人事全覽', [...MANAGE, 'staff.view_all']);
    await customRole('人事改角色', [...MANAGE, 'setting.permission']);
    await customRole('訂閱', ['post.view', 'subscription.payment']);
    // Everything a 管理員 holds but setting.admin.
    await customRole(
      '副管理員',
      BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN].filter((p) => p !== 'setting.admin'),
    );
    await person('reader', made.讀者);
    await person('writer', made.寫手);
    await person('editor', ROLE.EDITOR);
    await person('admin', ROLE.ADMIN);
    await person('manager', made.人事);
    await person('overseer', made.人事全覽);
    await person('changer', made.人事改角色);
    await person('deputy', made.副管理員);
  });
  afterAll(async () => {
    await t.database.db.update(sites).set({ serviceId }).where(eq(sites.id, demoSiteId));
  });

  it('without staff.view_all the list, the detail and the export hold only staff within one’s own role', async () => {
    const { manager, overseer, reader, editor, admin } = people;
    const seen = await emails(manager.client);
    expect(seen).toEqual(expect.arrayContaining(['sight.reader@example.com', 'sight.writer@example.com']));
    expect(seen).toContain('sight.manager@example.com');
    for (const hidden of [OWNER.email, 'sight.editor@example.com', 'sight.admin@example.com']) {
      expect(seen).not.toContain(hidden);
    }
    // Every row is someone whose role the manager could give.
    const rows = expectOk(await list(manager.client)).rows;
    const ofRoles = await t.database.db.select().from(roles);
    for (const r of rows) {
      const role = ofRoles.find((x) => x.id === r.roles);
      const perms = BUILTIN_ROLE_PERMISSIONS[r.roles] ?? role?.permissions ?? [];
      expect(
        perms.every((p) => MANAGE.includes(p)),
        r.email,
      ).toBe(true);
    }
    expect(expectOk(await list(manager.client)).total).toBe(rows.length);
    // Filters do not reach around it.
    const byId = await list(manager.client, { filters: [{ col: 'id', value: [admin.id], type: 'in' }] });
    expect(expectOk(byId)).toEqual({ rows: [], total: 0 });

    expect(expectOk(await manager.client.call<StaffMember>('admin/get', { id: reader.id })).email).toBe(
      'sight.reader@example.com',
    );
    for (const id of [ownerId, editor.id, admin.id]) {
      expectCode(await manager.client.call('admin/get', { id }), Code.NOT_FOUND, 404);
      expectCode(await manager.client.call('admin/delete', { id }), Code.NOT_FOUND, 404);
    }
    const csv = (await exportCsv(manager.client)).body;
    expect(csv).toContain('sight.writer@example.com');
    expect(csv).not.toContain(OWNER.email);
    expect(csv).not.toContain('sight.admin@example.com');

    // staff.view_all: everyone.
    const all = await emails(overseer.client);
    expect(all).toEqual(
      expect.arrayContaining([OWNER.email, 'sight.editor@example.com', 'sight.admin@example.com']),
    );
    expect(all.length).toBe(expectOk(await list(owner)).total);
    expectOk(await overseer.client.call('admin/get', { id: ownerId }));
    expect((await exportCsv(overseer.client)).body).toContain(OWNER.email);
  });

  it('invitations follow the same sight', async () => {
    expectOk(await invite(owner, 'sight.invited.editor@example.com', ROLE.EDITOR));
    expectOk(await invite(owner, 'sight.invited.reader@example.com', made.讀者));
    const forManager = expectOk(await pending(people.manager.client)).map((i) => i.email);
    expect(forManager).toContain('sight.invited.reader@example.com');
    expect(forManager).not.toContain('sight.invited.editor@example.com');
    const csv = (await exportCsv(people.manager.client)).body;
    expect(csv).toContain('sight.invited.reader@example.com');
    expect(csv).not.toContain('sight.invited.editor@example.com');
    expect(expectOk(await pending(people.overseer.client)).map((i) => i.email)).toContain(
      'sight.invited.editor@example.com',
    );
  });

  it('an invitation out of sight is not cancelled and answers as an unknown address; a 管理員’s needs setting.admin', async () => {
    const { manager, deputy } = people;
    expectOk(await invite(owner, 'sight.pending.admin@example.com', ROLE.ADMIN));
    const adminLink = await lastLink('sight.pending.admin@example.com');
    expectOk(await invite(owner, 'sight.pending.editor@example.com', ROLE.EDITOR));
    const editorLink = await lastLink('sight.pending.editor@example.com');
    // Out of sight: the very answer an address nobody invited gets, so it tells nothing.
    const unknown = await manager.client.call('admin/cancel', { email: 'sight.nobody@example.com' });
    expectCode(unknown, Code.NOT_FOUND, 404);
    for (const email of ['sight.pending.admin@example.com', 'sight.pending.editor@example.com']) {
      expect(await manager.client.call('admin/cancel', { email }), email).toEqual(unknown);
    }
    // In sight (staff.view_all) but a 管理員's: setting.admin, as for a 管理員 on the staff.
    expectCode(
      await deputy.client.call('admin/cancel', { email: 'sight.pending.admin@example.com' }),
      Code.FORBIDDEN,
      403,
    );
    const open = expectOk(await pending(owner)).map((i) => i.email);
    expect(open).toEqual(
      expect.arrayContaining(['sight.pending.admin@example.com', 'sight.pending.editor@example.com']),
    );
    // The owner's links still work.
    expectOk(await t.client().call('member/join', { v: adminLink, nickname: 'PA', password: PASSWORD }));
    const joinedAdmin = await userIdOf(t, 'sight.pending.admin@example.com');
    expect(await roleOf(joinedAdmin)).toBe(ROLE.ADMIN);
    expectOk(await t.client().call('member/invite_token', { token: editorLink }));
    // What the caller sees they cancel: their own invitation, and the deputy the 編輯's.
    expectOk(await invite(manager.client, 'sight.mine@example.com', made.寫手));
    expectOk(await manager.client.call('admin/cancel', { email: 'sight.mine@example.com' }));
    expectOk(await deputy.client.call('admin/cancel', { email: 'sight.pending.editor@example.com' }));
    expectCode(await t.client().call('member/invite_token', { token: editorLink }), Code.INVITE_INVALID);
    expectOk(await owner.call('admin/delete', { id: joinedAdmin }));
  });

  it('inviting an address with an invitation out of sight keeps that one and reveals nothing', async () => {
    const { manager, deputy, overseer } = people;
    expectOk(await invite(owner, 'sight.keep@example.com', ROLE.ADMIN, '老闆邀的'));
    const ownerLink = await lastLink('sight.keep@example.com');
    const used = async () => expectOk(await manager.client.call<StaffOptions>('admin/options')).used;

    // The same answer and the same extra seat as for a fresh address.
    let before = await used();
    const fresh = await invite(manager.client, 'sight.fresh@example.com', made.寫手);
    expect(expectOk(fresh)).toEqual({ email: 'sight.fresh@example.com' });
    expect(await used()).toBe(before + 1);
    before = await used();
    const kept = await invite(manager.client, 'sight.keep@example.com', made.寫手, '人事邀的');
    expect(expectOk(kept)).toEqual({ email: 'sight.keep@example.com' });
    expect(await used()).toBe(before + 1);
    const managerLink = await lastLink('sight.keep@example.com');

    // The owner's link still works; the manager sees only their own invitation, in the list and the export.
    const meta = expectOk(
      await t.client().call<InviteTokenReply>('member/invite_token', { token: ownerLink }),
    );
    expect(meta).toMatchObject({ roles: { id: ROLE.ADMIN }, name: '老闆邀的' });
    const mine = expectOk(await pending(manager.client)).filter((i) => i.email === 'sight.keep@example.com');
    expect(mine).toMatchObject([{ nickname: '人事邀的', role: { id: made.寫手 } }]);
    const csv = (await exportCsv(manager.client)).body;
    expect(csv).toContain('人事邀的,sight.keep@example.com,寫手,');
    expect(csv).not.toContain('老闆邀的');
    const all = expectOk(await pending(owner)).filter((i) => i.email === 'sight.keep@example.com');
    expect(all.map((i) => i.role.id).sort((a, b) => a - b)).toEqual([ROLE.ADMIN, made.寫手]);

    // Seen but a 管理員's: replacing it takes a 管理員 away, which needs setting.admin.
    expect(fieldErrors(await invite(deputy.client, 'sight.keep@example.com', ROLE.EDITOR))).toEqual({
      email: '這個電子信箱已有「管理員」的邀請，取代它需要「編輯管理員」這項權限。',
    });
    expectOk(await t.client().call('member/invite_token', { token: ownerLink }));

    // Joining with one link closes the others.
    expectOk(await t.client().call('member/join', { v: ownerLink, nickname: 'K', password: PASSWORD }));
    const keptId = await userIdOf(t, 'sight.keep@example.com');
    expect(await roleOf(keptId)).toBe(ROLE.ADMIN);
    expectCode(await t.client().call('member/invite_token', { token: managerLink }), Code.INVITE_INVALID);
    expect(expectOk(await pending(overseer.client)).map((i) => i.email)).not.toContain(
      'sight.keep@example.com',
    );
    expectOk(await owner.call('admin/delete', { id: keptId }));
    expectOk(await manager.client.call('admin/cancel', { email: 'sight.fresh@example.com' }));
  });

  it('an invitation the caller sees is replaced; staff out of sight answer as an unknown address', async () => {
    const { manager } = people;
    expectOk(await invite(owner, 'sight.replace@example.com', made.讀者));
    const first = await lastLink('sight.replace@example.com');
    expectOk(await invite(manager.client, 'sight.replace@example.com', made.寫手));
    expectCode(await t.client().call('member/invite_token', { token: first }), Code.INVITE_INVALID);
    const open = expectOk(await pending(owner)).filter((i) => i.email === 'sight.replace@example.com');
    expect(open).toMatchObject([{ role: { id: made.寫手 } }]);
    expectOk(await owner.call('admin/cancel', { email: 'sight.replace@example.com' }));

    // Staff in sight: 3014. Out of sight (the owner, a 管理員): invited like anyone, and the link cannot join them.
    expectCode(await invite(manager.client, 'sight.reader@example.com', made.讀者), Code.ALREADY_STAFF);
    for (const [email, password] of [
      [OWNER.email, OWNER.password],
      ['sight.admin@example.com', 'secret-pass-1'],
    ]) {
      expect(expectOk(await invite(manager.client, email, made.讀者)), email).toEqual({ email });
      const link = await lastLink(email);
      expectCode(await t.client().call('member/join', { v: link, password }), Code.ALREADY_STAFF);
      expectOk(await manager.client.call('admin/cancel', { email }));
    }
    expect(await roleOf(people.admin.id)).toBe(ROLE.ADMIN);
  });

  it('changing a role needs setting.permission besides staff.edit', async () => {
    const { manager, changer, reader } = people;
    expectCode(
      await manager.client.call('admin/save', { id: reader.id, roles: made.寫手 }),
      Code.FORBIDDEN,
      403,
    );
    expect(await roleOf(reader.id)).toBe(made.讀者);
    const saved = expectOk(
      await changer.client.call<StaffMember>('admin/save', { id: reader.id, roles: made.寫手 }),
    );
    expect(saved.roles).toBe(made.寫手);
    expectOk(await changer.client.call('admin/save', { id: reader.id, roles: made.讀者 }));
    // Removing and inviting stay staff.delete's and staff.edit's.
    expectOk(await invite(manager.client, 'sight.by.manager@example.com', made.寫手));
  });

  it('a role whose permissions are not all one’s own is neither offered, given nor invited to (a field error)', async () => {
    const { changer, admin, reader } = people;
    const offered = expectOk(await changer.client.call<StaffOptions>('admin/options')).roles.map((r) => r.id);
    expect(offered).toEqual(expect.arrayContaining([made.讀者, made.寫手, made.人事, made.人事改角色]));
    for (const beyond of [ROLE.ADMIN, ROLE.EDITOR, ROLE.ECOMMERCE, made.訂閱, made.人事全覽, made.副管理員]) {
      expect(offered).not.toContain(beyond);
    }
    for (const roleId of [ROLE.EDITOR, made.訂閱, made.人事全覽]) {
      expect(fieldErrors(await changer.client.call('admin/save', { id: reader.id, roles: roleId }))).toEqual({
        roles: '這個角色有你的角色沒有的權限，你無法給予。',
      });
      expect(fieldErrors(await invite(changer.client, 'sight.beyond@example.com', roleId))).toEqual({
        roles: '這個角色有你的角色沒有的權限，你無法給予。',
      });
    }
    expect(await roleOf(reader.id)).toBe(made.讀者);
    // A 管理員 holds no subscription.*: a role with one is not theirs to give; the owner's it is.
    expect(fieldErrors(await admin.client.call('admin/save', { id: reader.id, roles: made.訂閱 }))).toEqual({
      roles: '這個角色有你的角色沒有的權限，你無法給予。',
    });
    const en = t.client({ lang: 'en' });
    en.cookies = admin.client.cookies;
    expect(fieldErrors(await invite(en, 'sight.subs@example.com', made.訂閱))).toEqual({
      roles: 'This role has permissions your own role lacks, so you cannot give it.',
    });
    expect(expectOk(await pending(owner)).map((i) => i.email)).not.toContain('sight.subs@example.com');
    expect(
      expectOk(await admin.client.call<StaffOptions>('admin/options')).roles.map((r) => r.id),
    ).not.toContain(made.訂閱);
    expectOk(await owner.call('admin/save', { id: reader.id, roles: made.訂閱 }));
    expectOk(await owner.call('admin/save', { id: reader.id, roles: made.讀者 }));
  });

  it('anything touching a 管理員 needs setting.admin: inviting, giving, taking away, removing', async () => {
    const { deputy, admin, writer } = people;
    // The deputy sees the 管理員 (staff.view_all) and manages the others …
    expectOk(await deputy.client.call('admin/get', { id: admin.id }));
    expectOk(await deputy.client.call('admin/save', { id: writer.id, roles: ROLE.EDITOR }));
    expect(
      expectOk(await deputy.client.call<StaffOptions>('admin/options')).roles.map((r) => r.id),
    ).not.toContain(ROLE.ADMIN);
    // … but not a 管理員.
    for (const [path, body] of [
      ['member/invite', { email: 'sight.new.admin@example.com', nickname: 'A', roles: ROLE.ADMIN }],
      ['admin/save', { id: writer.id, roles: ROLE.ADMIN }],
      ['admin/save', { id: admin.id, roles: ROLE.EDITOR }],
      ['admin/delete', { id: admin.id }],
    ] as const) {
      expectCode(await deputy.client.call(path, body), Code.FORBIDDEN, 403);
    }
    expect(await roleOf(admin.id)).toBe(ROLE.ADMIN);
    expect(await roleOf(writer.id)).toBe(ROLE.EDITOR);
    expect(expectOk(await pending(owner)).map((i) => i.email)).not.toContain('sight.new.admin@example.com');

    // A 管理員 (who holds setting.admin) may do all four.
    const other = await staffOf(t, demoSiteId, 'sight.admin2@example.com', ROLE.ADMIN);
    expect(expectOk(await other.call<StaffOptions>('admin/options')).roles.map((r) => r.id)).toContain(
      ROLE.ADMIN,
    );
    expectOk(await invite(other, 'sight.new.admin@example.com', ROLE.ADMIN));
    expectOk(await other.call('admin/save', { id: writer.id, roles: ROLE.ADMIN }));
    expectOk(await other.call('admin/save', { id: writer.id, roles: made.寫手 }));
    expectOk(await other.call('admin/save', { id: admin.id, roles: ROLE.EDITOR }));
    expectOk(await other.call('admin/save', { id: admin.id, roles: ROLE.ADMIN }));
    expectOk(await other.call('admin/delete', { id: admin.id }));
    expectCode(await owner.call('admin/get', { id: admin.id }), Code.NOT_FOUND, 404);
  });
});
