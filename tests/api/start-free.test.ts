/**
 * Starting without the wizard: registration makes no site, so a new account is on none (2011 for site calls);
 * site/start_free makes the personal site without a plan once and makes it the session's current one, answers the
 * same site on every later call (two at once too), answers a site the user already owns instead of making a second,
 * leaves other users' sites alone, and refuses the signed out.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import type { UserSite } from '../../contract/sites';
import { createSite } from '../../server/modules/sites/service';
import { siteStaff, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  ok,
  register,
  signInOwner,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;

const status = async (c: Client) => ok(await c.call<Session>('member/status'));
const startFree = async (c: Client) => ok(await c.call<UserSite>('site/start_free'));
/** The sites `email` owns, by the database. */
async function ownedBy(email: string) {
  const id = await userIdOf(t, email);
  return t.database.db.select().from(sites).where(eq(sites.ownerId, id));
}
async function siteCount() {
  const [{ n }] = await t.database.db.select({ n: count() }).from(sites);
  return Number(n);
}
/** A new account, signed in, without any site: as registration leaves it. */
const newcomer = (email: string, nickname = '新朋友') =>
  register(t, email, 'secret-pass-1', nickname, { site: false });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

describe('registration', () => {
  it('makes the account and no site: the session has none, and site calls answer 2011', async () => {
    const before = await siteCount();
    const c = await newcomer('nosite@example.com');
    const s = await status(c);
    expect(s.isLogined).toBe(true);
    expect(s.site).toEqual({ current: null, list: [] });
    expect(s.role).toBeNull();
    expect(ok(await c.call<ListResult<UserSite>>('site/list', { query: {} })).total).toBe(0);
    expect((await c.call('category/all', {})).code).toBe(Code.NO_SITE);
    expect(await siteCount()).toBe(before);
  });
});

describe('site/start_free', () => {
  it('makes the personal site without a plan once, as the current one; a second call answers the same', async () => {
    const c = await newcomer('starter@example.com', '小明');
    const first = await startFree(c);
    expect(first).toMatchObject({
      name: '小明 的網站',
      role: { id: ROLE.OWNER, name: '擁有者' },
      service: null,
      published: false,
      current: true,
    });
    const s = await status(c);
    expect(s.site.current).toMatchObject({ id: first.id, name: '小明 的網站', service: null });
    expect(s.site.list.map((x) => x.id)).toEqual([first.id]);
    expect(s.role?.id).toBe(ROLE.OWNER);
    // The owner's staff row, and the menus every site gets, as registration made them.
    const staff = await t.database.db.select().from(siteStaff).where(eq(siteStaff.siteId, first.id));
    expect(staff).toEqual([expect.objectContaining({ userId: await userIdOf(t, 'starter@example.com') })]);
    expect((await c.call('category/all', {})).code).toBe(1);

    const again = await startFree(c);
    expect(again).toEqual(first);
    expect(await ownedBy('starter@example.com')).toHaveLength(1);
  });

  it('makes one site when two calls come at once', async () => {
    const c = await newcomer('twice@example.com');
    const [a, b] = await Promise.all([startFree(c), startFree(c)]);
    expect(a.id).toBe(b.id);
    expect(await ownedBy('twice@example.com')).toHaveLength(1);
  });

  it('answers the first site the user owns (one the wizard made, unpaid) instead of making another', async () => {
    const c = await newcomer('wizard@example.com');
    const made = await createSite(t.database.db, {
      name: '還沒付款的店',
      ownerId: await userIdOf(t, 'wizard@example.com'),
      slug: 'unpaid-shop',
    });
    const answered = await startFree(c);
    expect(answered).toMatchObject({ id: made.id, name: '還沒付款的店', current: true });
    expect(await ownedBy('wizard@example.com')).toHaveLength(1);
    expect((await status(c)).site.current?.id).toBe(made.id);
  });

  it("leaves other users' sites alone: the owner gets their own demo site, staff elsewhere get a site of their own", async () => {
    const demoBefore = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const before = await siteCount();
    expect(await startFree(owner)).toMatchObject({ id: demoSiteId, current: true });
    expect(await siteCount()).toBe(before);

    // Working on the demo site is not owning one: the personal site is made, and the demo site is unchanged.
    const editor = await newcomer('editor@example.com', '小編');
    await t.database.db
      .insert(siteStaff)
      .values({ siteId: demoSiteId, userId: await userIdOf(t, 'editor@example.com'), roleId: ROLE.EDITOR });
    const own = await startFree(editor);
    expect(own.id).not.toBe(demoSiteId);
    expect(own).toMatchObject({ name: '小編 的網站', role: { id: ROLE.OWNER } });
    expect(await siteCount()).toBe(before + 1);
    expect(await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId))).toEqual(demoBefore);
    // The owner's session stays where it was.
    expect((await status(owner)).site.current?.id).toBe(demoSiteId);
  });

  it('refuses the signed out (401)', async () => {
    const before = await siteCount();
    const r = await t.client().call('site/start_free');
    expect(r.status).toBe(401);
    expect(r.code).toBe(Code.UNAUTHORIZED);
    expect(await siteCount()).toBe(before);
  });
});
