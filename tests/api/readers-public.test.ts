/**
 * Readers on the public site (contract/api/readers.ts): sign-up and sign-in by a mailed code or magic link, the
 * wrong-code limit, the per-address mail rate, no enumeration, the member limit at sign-up, sessions per site,
 * reader actions only on a published site's own host and same origin, follow, contact, the account's edits and
 * deletion, and the reader pages with the `reader` object.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READER_SENDS_PER_HOUR } from '../../contract/api/readers';
import { Code } from '../../contract/codes';
import {
  customerMessages,
  followers,
  plans,
  readerPlans,
  readerSessions,
  readerSignins,
  readerSubscriptions,
  readers,
  sites,
} from '../../server/modules/tables';
import { forgetPlans } from '../../server/modules/tenancy/catalogue';
import { ensureSecret } from '../../server/seed';
import { signToken } from '../../server/shared/tokens';
import { FIXTURE_THEME, storeTheme } from '../fixtures/publicSite';
import { addReader, DEMO_HOST, readerCall, readerCookie, sitePage } from '../fixtures/readers';
import { type Client, createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let otherHost: string;
let otherSiteId: number;

/** A solved bot check from the site's own challenge. */
async function token(host = DEMO_HOST): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/reader/challenge', headers: { host } });
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const mailsTo = async (email: string) => (await t.flushMail()).filter((m) => m.to === email);
const lastMail = async (email: string) => {
  const mine = await mailsTo(email);
  const mail = mine[mine.length - 1];
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
};
const codeOf = (mail: { subject: string }) => mail.subject.match(/\d{6}/)?.[0] as string;
const linkOf = (mail: { text: string }) => new URL(mail.text.match(/https?:\/\/\S+/)?.[0] as string);

/** The site_reader cookie a reply sets (name=value), or null. */
function cookieOf(headers: Record<string, unknown>): string | null {
  const set = headers['set-cookie'];
  const all = Array.isArray(set) ? set : set ? [String(set)] : [];
  const mine = all.find((c) => c.startsWith('site_reader=') && !/Max-Age=0/.test(c));
  return mine ? mine.split(';')[0] : null;
}

/** Asks for a code (moving the clock past the resend wait first) and answers the mailed code. */
async function askCode(email: string, extra: Record<string, unknown> = {}, host = DEMO_HOST) {
  t.clock.advance(11_000);
  ok(await readerCall(t, 'reader/signin', { email, token: await token(host), ...extra }, { host }));
  return codeOf(await lastMail(email));
}

async function signUp(email: string, name = '') {
  const code = await askCode(email, { name });
  const r = await readerCall(t, 'reader/verify', { email, code });
  ok(r);
  return { reply: r, cookie: cookieOf(r.headers) as string };
}

const memberOf = async (email: string, siteId = demoSiteId) =>
  (
    await t.database.db
      .select()
      .from(readers)
      .where(and(eq(readers.siteId, siteId), eq(readers.email, email)))
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
  const [demo] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
  const [other] = await t.database.db
    .insert(sites)
    .values({ name: '另一個網站', slug: 'other', serviceId: demo.serviceId, published: true })
    .returning();
  otherSiteId = other.id;
  otherHost = `${other.slug}.sites.localhost:8080`;
});

afterAll(() => t.close());

describe('sign-up and sign-in', () => {
  it('signs up with the mailed code: one mail with the code and a magic link, a member with the name, a cookie', async () => {
    const email = 'new.reader@example.com';
    ok(
      await readerCall(t, 'reader/signin', {
        email: 'New.Reader@Example.com',
        name: '林小明',
        token: await token(),
      }),
    );
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const code = codeOf(mails[0]);
    expect(code).toMatch(/^\d{6}$/);
    expect(mails[0].subject).toContain('範例新聞網');
    expect(linkOf(mails[0]).href).toMatch(/^http:\/\/demo\.sites\.localhost:8080\/api\/reader\/link\?token=/);
    // Only hashes are stored.
    const [row] = await t.database.db.select().from(readerSignins).where(eq(readerSignins.email, email));
    expect(row.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(linkOf(mails[0]).searchParams.get('token'));

    const r = await readerCall(t, 'reader/verify', { email, code });
    expect(ok(r)).toEqual({ name: '林小明', email, new_member: true });
    const cookie = cookieOf(r.headers);
    expect(cookie).toMatch(/^site_reader=/);
    expect(String(r.headers['set-cookie'])).toContain('HttpOnly');
    expect(String(r.headers['set-cookie'])).toContain('SameSite=Lax');
    const member = await memberOf(email);
    expect(member).toMatchObject({ name: '林小明', source: 'signup', epaperOptIn: true });
    // The code is spent.
    expect((await readerCall(t, 'reader/verify', { email, code })).code).toBe(Code.READER_CODE_EXPIRED);
    // Signed in: the account page shows them, never cached; the header links to the account.
    const page = await sitePage(t, '/account', { cookie: cookie as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(email);
    expect(page.body).toContain('data-reader="profile"');
    expect(page.body).toContain('href="http://demo.sites.localhost:8080/account" aria-current="page"');
  });

  it('signs an existing member in with the magic link (302 to /account), once', async () => {
    const email = 'link.reader@example.com';
    await addReader(t, demoSiteId, { email, name: '舊會員' });
    t.clock.advance(11_000);
    ok(await readerCall(t, 'reader/signin', { email, name: '別的名字', token: await token() }));
    const link = linkOf(await lastMail(email));
    const res = await t.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: DEMO_HOST },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/account');
    const cookie = cookieOf(res.headers as Record<string, unknown>);
    expect(cookie).toBeTruthy();
    expect((await sitePage(t, '/account', { cookie: cookie as string })).body).toContain('舊會員');
    expect((await memberOf(email)).name).toBe('舊會員');
    // Spent: back to the sign-in page, which says so.
    const again = await t.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: DEMO_HOST },
    });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/signin?link=invalid');
    expect(cookieOf(again.headers as Record<string, unknown>)).toBeNull();
    expect((await sitePage(t, '/signin?link=invalid')).body).toContain('role="alert"');
    // Another site's host does not take it.
    t.clock.advance(11_000);
    ok(await readerCall(t, 'reader/signin', { email, token: await token() }));
    const fresh = linkOf(await lastMail(email));
    const cross = await t.app.inject({
      method: 'GET',
      url: fresh.pathname + fresh.search,
      headers: { host: otherHost },
    });
    expect(cross.headers.location).toBe('/signin?link=invalid');
    // A link cut short goes to the sign-in page too.
    const cut = await t.app.inject({ method: 'GET', url: '/api/reader/link', headers: { host: DEMO_HOST } });
    expect(cut.headers.location).toBe('/signin?link=invalid');
  });

  it('takes 5 tries of a code, then wants a new one; a new code replaces the old', async () => {
    const email = 'guess@example.com';
    const code = await askCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await readerCall(t, 'reader/verify', { email, code: wrong })).code).toBe(Code.WRONG_CODE);
    const locked = await readerCall(t, 'reader/verify', { email, code });
    expect(locked.code).toBe(Code.READER_CODE_EXPIRED);
    expect(locked.msg).toBe('驗證碼已失效，請重新取得驗證碼。');
    const first = await askCode(email);
    const second = await askCode(email);
    if (first !== second)
      expect((await readerCall(t, 'reader/verify', { email, code: first })).code).toBe(Code.WRONG_CODE);
    ok(await readerCall(t, 'reader/verify', { email, code: second }));
  });

  it('expires a code after 10 minutes', async () => {
    const email = 'late@example.com';
    const code = await askCode(email);
    t.clock.advance(10 * 60_000 + 1);
    expect((await readerCall(t, 'reader/verify', { email, code })).code).toBe(Code.READER_CODE_EXPIRED);
  });

  it('limits the mails to an address: 10 s apart, 5 an hour (1006 with the time allowed)', async () => {
    const email = 'rate@example.com';
    t.clock.advance(11_000);
    ok(await readerCall(t, 'reader/signin', { email, token: await token() }));
    const soon = await readerCall(t, 'reader/signin', { email, token: await token() });
    expect(soon.code).toBe(Code.TOO_FREQUENT);
    expect((soon.data as { ts: number }).ts).toBe(t.clock.now + 10_000);
    for (let i = 1; i < READER_SENDS_PER_HOUR; i++) {
      t.clock.advance(11_000);
      ok(await readerCall(t, 'reader/signin', { email, token: await token() }));
    }
    t.clock.advance(11_000);
    expect((await readerCall(t, 'reader/signin', { email, token: await token() })).code).toBe(
      Code.TOO_FREQUENT,
    );
    expect(await mailsTo(email)).toHaveLength(READER_SENDS_PER_HOUR);
    t.clock.advance(3600_000);
    ok(await readerCall(t, 'reader/signin', { email, token: await token() }));
  });

  it('answers the same for a member and a stranger (no enumeration), and wants the bot check', async () => {
    await addReader(t, demoSiteId, { email: 'known@example.com' });
    t.clock.advance(11_000);
    const known = await readerCall(t, 'reader/signin', { email: 'known@example.com', token: await token() });
    const unknown = await readerCall(t, 'reader/signin', {
      email: 'nobody@example.com',
      token: await token(),
    });
    const shape = (r: typeof known) => ({
      status: r.status,
      code: r.code,
      msg: r.msg,
      keys: Object.keys(r.data as object),
    });
    expect(shape(known)).toEqual(shape(unknown));
    expect((known.data as { ts: number }).ts).toBe((unknown.data as { ts: number }).ts);
    const mails = await t.flushMail();
    const subject = (to: string) =>
      mails
        .filter((m) => m.to === to)
        .pop()
        ?.subject.replace(/\d{6}/, '');
    expect(subject('known@example.com')).toBe(subject('nobody@example.com'));
    expect((await readerCall(t, 'reader/signin', { email: 'x@example.com', token: 'nope' })).code).toBe(
      Code.CAPTCHA,
    );
    // The admin's challenge is the same adapter: it is accepted on the site too, but only once.
    const once = await token();
    t.clock.advance(11_000);
    ok(await readerCall(t, 'reader/signin', { email: 'once@example.com', token: once }));
    t.clock.advance(11_000);
    expect((await readerCall(t, 'reader/signin', { email: 'once@example.com', token: once })).code).toBe(
      Code.CAPTCHA,
    );
  });

  it('refuses a new member at the plan limit (3300 with the limit), still signs an existing member in', async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [plan] = await t.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, site.serviceId as number));
    const used = (await t.database.db.select().from(readers).where(eq(readers.siteId, demoSiteId))).length;
    await t.database.db.update(plans).set({ members: used }).where(eq(plans.id, plan.id));
    forgetPlans();
    try {
      const code = await askCode('full@example.com', { name: 'Full' });
      const r = await readerCall(t, 'reader/verify', { email: 'full@example.com', code });
      expect(r.code).toBe(Code.MEMBER_LIMIT);
      expect(r.msg).toContain(String(used));
      expect(await memberOf('full@example.com')).toBeUndefined();
      // The magic link says so on the sign-in page.
      const link = linkOf(await lastMail('full@example.com'));
      const res = await t.app.inject({
        method: 'GET',
        url: link.pathname + link.search,
        headers: { host: DEMO_HOST },
      });
      expect(res.headers.location).toBe('/signin?link=full');
      // A member signs in as before.
      const back = await askCode('known@example.com');
      ok(await readerCall(t, 'reader/verify', { email: 'known@example.com', code: back }));
    } finally {
      await t.database.db.update(plans).set({ members: plan.members }).where(eq(plans.id, plan.id));
      forgetPlans();
    }
  });
  it('lets only one of two sign-ups at the last seat through, however they overlap', async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [plan] = await t.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, site.serviceId as number));
    const used = (await t.database.db.select().from(readers).where(eq(readers.siteId, demoSiteId))).length;
    await t.database.db
      .update(plans)
      .set({ members: used + 1 })
      .where(eq(plans.id, plan.id));
    forgetPlans();
    try {
      const first = await askCode('seat-a@example.com');
      const second = await askCode('seat-b@example.com');
      const replies = await Promise.all([
        readerCall(t, 'reader/verify', { email: 'seat-a@example.com', code: first }),
        readerCall(t, 'reader/verify', { email: 'seat-b@example.com', code: second }),
      ]);
      expect(replies.map((r) => r.code).sort()).toEqual([Code.OK, Code.MEMBER_LIMIT].sort());
      const now = (await t.database.db.select().from(readers).where(eq(readers.siteId, demoSiteId))).length;
      expect(now).toBe(used + 1);
    } finally {
      await t.database.db.update(plans).set({ members: plan.members }).where(eq(plans.id, plan.id));
      forgetPlans();
    }
  });
});

describe('where reader actions are served', () => {
  it('keeps a session to its site: a cookie of one site is nobody on another', async () => {
    const member = await addReader(t, demoSiteId, { email: 'own-site@example.com', name: '本站' });
    const cookie = await readerCookie(t, member);
    const otherProfile = await readerCall(
      t,
      'reader/profile',
      { name: 'x', epaper_opt_in: false },
      { host: otherHost, cookie },
    );
    expect(otherProfile.code).toBe(Code.READER_SIGNED_OUT);
    expect((await sitePage(t, '/account', { host: otherHost, cookie })).body).not.toContain(
      'own-site@example.com',
    );
    ok(await readerCall(t, 'reader/profile', { name: '本站讀者', epaper_opt_in: true }, { cookie }));
    // A reader of the other site with the same address is another member, whose code does not work here.
    const code = await askCode('own-site@example.com', {}, otherHost);
    expect((await readerCall(t, 'reader/verify', { email: 'own-site@example.com', code })).code).not.toBe(1);
    const there = await readerCall(
      t,
      'reader/verify',
      { email: 'own-site@example.com', code },
      { host: otherHost },
    );
    ok(there);
    expect((await memberOf('own-site@example.com', otherSiteId))?.id).not.toBe(member.id);
  });

  it('is 404 on the admin host and on an unpublished site', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/reader/signin',
      headers: { host: '127.0.0.1:8080', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', token: 'x' }),
    });
    expect(admin.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/reader/challenge',
          headers: { host: 'localhost:8080' },
        })
      ).statusCode,
    ).toBe(404);
    await t.database.db.update(sites).set({ published: false }).where(eq(sites.id, otherSiteId));
    try {
      const r = await readerCall(
        t,
        'reader/contact',
        { email: 'a@example.com', title: 't', body: 'b', token: 'x' },
        { host: otherHost },
      );
      expect(r.code).toBe(Code.NOT_FOUND);
      expect(
        (
          await t.app.inject({ method: 'GET', url: '/api/reader/challenge', headers: { host: otherHost } })
        ).json().code,
      ).toBe(Code.NOT_FOUND);
    } finally {
      await t.database.db.update(sites).set({ published: true }).where(eq(sites.id, otherSiteId));
    }
  });

  it('refuses a cross-origin POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reader/contact',
      headers: { host: DEMO_HOST, origin: 'http://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', title: 't', body: 'b', token: await token() }),
    });
    expect(res.json().code).toBe(Code.FORBIDDEN);
    const rows = await t.database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.email, 'a@example.com'));
    expect(rows).toHaveLength(0);
  });
});

describe('follow, contact and the account', () => {
  it('follows once per address (idempotent), from the page sent; a member unfollows', async () => {
    const email = 'follower@example.com';
    expect(
      ok(await readerCall(t, 'reader/follow', { email, source: '/post/hello', token: await token() })),
    ).toEqual({ following: true });
    ok(
      await readerCall(t, 'reader/follow', {
        email: 'Follower@Example.com',
        source: '/',
        token: await token(),
      }),
    );
    const rows = await t.database.db.select().from(followers).where(eq(followers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ siteId: demoSiteId, source: '/post/hello', readerId: null });
    // Signed out, a follow names its address; unfollow needs a signed-in reader.
    expect((await readerCall(t, 'reader/follow', { token: await token() })).code).toBe(
      Code.READER_SIGNED_OUT,
    );
    expect((await readerCall(t, 'reader/unfollow', {})).code).toBe(Code.READER_SIGNED_OUT);
    const member = await addReader(t, demoSiteId, { email });
    const cookie = await readerCookie(t, member);
    ok(await readerCall(t, 'reader/follow', { token: await token() }, { cookie }));
    const [linked] = await t.database.db.select().from(followers).where(eq(followers.email, email));
    expect(linked.readerId).toBe(member.id);
    expect((await sitePage(t, '/account', { cookie })).body).toContain('data-reader="unfollow"');
    expect(ok(await readerCall(t, 'reader/unfollow', {}, { cookie }))).toEqual({ following: false });
    expect(await t.database.db.select().from(followers).where(eq(followers.email, email))).toHaveLength(0);
  });

  it('makes a customer message from the contact form, linked to the signed-in reader; bounded', async () => {
    ok(
      await readerCall(t, 'reader/contact', {
        name: '王小姐',
        email: 'Ask@Example.com',
        title: '訂閱問題',
        body: '請問如何取消？',
        token: await token(),
      }),
    );
    const [anon] = await t.database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.email, 'ask@example.com'));
    expect(anon).toMatchObject({
      siteId: demoSiteId,
      name: '王小姐',
      title: '訂閱問題',
      body: '請問如何取消？',
      status: 1,
      readerId: null,
    });
    const member = await addReader(t, demoSiteId, { email: 'writer@example.com', name: '會員甲' });
    const cookie = await readerCookie(t, member);
    ok(
      await readerCall(
        t,
        'reader/contact',
        { email: 'writer@example.com', title: 'Hi', body: 'Hello', token: await token() },
        { cookie },
      ),
    );
    const [mine] = await t.database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.email, 'writer@example.com'));
    expect(mine).toMatchObject({ readerId: member.id, name: '會員甲' });
    const long = await readerCall(t, 'reader/contact', {
      email: 'x@example.com',
      title: 'x'.repeat(201),
      body: 'b',
      token: await token(),
    });
    expect(long.code).toBe(Code.VALIDATION);
    const longBody = await readerCall(t, 'reader/contact', {
      email: 'x@example.com',
      title: 't',
      body: 'b'.repeat(5001),
      token: await token(),
    });
    expect(longBody.code).toBe(Code.VALIDATION);
    expect((await sitePage(t, '/contact', { cookie })).body).toContain('value="writer@example.com"');
  });

  it('edits the name and e-paper opt-out; signs out', async () => {
    const { cookie } = await signUp('optout@example.com', '原名');
    expect(
      ok(await readerCall(t, 'reader/profile', { name: '新名字', epaper_opt_in: false }, { cookie })),
    ).toEqual({ name: '新名字', epaper_opt_in: false });
    expect(await memberOf('optout@example.com')).toMatchObject({ name: '新名字', epaperOptIn: false });
    expect((await readerCall(t, 'reader/profile', { name: 'x', epaper_opt_in: true })).code).toBe(
      Code.READER_SIGNED_OUT,
    );
    const out = await readerCall(t, 'reader/signout', {}, { cookie });
    ok(out);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await readerCall(t, 'reader/profile', { name: 'x', epaper_opt_in: true }, { cookie })).code).toBe(
      Code.READER_SIGNED_OUT,
    );
  });

  it('deletes the member with their sessions, follow and subscription; wants the confirmation', async () => {
    const { cookie } = await signUp('leaving@example.com', '要走了');
    const member = await memberOf('leaving@example.com');
    ok(await readerCall(t, 'reader/follow', { token: await token() }, { cookie }));
    const [plan] = await t.database.db
      .insert(readerPlans)
      .values({ siteId: demoSiteId, name: '月訂', price: 100, status: 1 })
      .returning();
    await t.database.db
      .insert(readerSubscriptions)
      .values({ siteId: demoSiteId, readerId: member.id, planId: plan.id, status: 'active' });
    expect((await readerCall(t, 'reader/delete', { confirm: false }, { cookie })).code).toBe(Code.VALIDATION);
    expect((await readerCall(t, 'reader/delete', { confirm: true })).code).toBe(Code.READER_SIGNED_OUT);
    const r = await readerCall(t, 'reader/delete', { confirm: true }, { cookie });
    ok(r);
    expect(String(r.headers['set-cookie'])).toContain('Max-Age=0');
    expect(await memberOf('leaving@example.com')).toBeUndefined();
    expect(
      await t.database.db.select().from(readerSessions).where(eq(readerSessions.readerId, member.id)),
    ).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(readerSubscriptions)
        .where(eq(readerSubscriptions.readerId, member.id)),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(followers).where(eq(followers.email, 'leaving@example.com')),
    ).toHaveLength(0);
    expect((await sitePage(t, '/account', { cookie })).body).toContain('data-reader="signin"');
  });
});

describe('reader pages', () => {
  it('renders /signin, /account (signed out: the sign-in form) and /contact with the forms, never cached', async () => {
    for (const path of ['/signin', '/account', '/contact']) {
      const res = await sitePage(t, path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toMatch(/<script src="\/assets\/[0-9a-f]{12}\/reader\.js"/);
    }
    expect((await sitePage(t, '/signin')).body).toContain('data-reader="signin" data-captcha');
    expect((await sitePage(t, '/account')).body).toContain('data-reader="verify"');
    expect((await sitePage(t, '/contact')).body).toContain('data-reader="contact" data-captcha');
    // Signed out, every page's header offers to sign in; the footer has the follow form.
    const home = await sitePage(t, '/');
    expect(home.body).toContain('href="http://demo.sites.localhost:8080/signin"');
    expect(home.body).toContain('data-reader="follow"');
    const script = home.body.match(/\/assets\/[0-9a-f]{12}\/reader\.js/)?.[0] as string;
    const js = await sitePage(t, script);
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('/api/reader/');
  });

  it('shows the signed-in reader in the header of every page, and their plan and payments on /account', async () => {
    const member = await addReader(t, demoSiteId, { email: 'paying@example.com', name: '付費讀者' });
    const [plan] = await t.database.db
      .insert(readerPlans)
      .values({ siteId: demoSiteId, name: '年訂方案', price: 1200, status: 1 })
      .returning();
    await t.database.db.insert(readerSubscriptions).values({
      siteId: demoSiteId,
      readerId: member.id,
      planId: plan.id,
      status: 'active',
      periodEnd: new Date(t.clock.now + 30 * 86_400_000),
    });
    const cookie = await readerCookie(t, member);
    const home = await sitePage(t, '/', { cookie });
    expect(home.body).toContain('href="http://demo.sites.localhost:8080/account"');
    expect(home.headers['cache-control']).toBe('private, no-store');
    const account = await sitePage(t, '/account', { cookie });
    expect(account.body).toContain('年訂方案');
    expect(account.body).toContain('訂閱中');
    expect(account.body).toContain('data-reader="subscription/cancel"');
  });
});

describe('a theme without reader templates', () => {
  it('renders the built-in reader pages inside its own layout, with the built-in script', async () => {
    const { themeId, versionId } = await storeTheme(t.database.db, demoSiteId, FIXTURE_THEME);
    const secret = await ensureSecret(t.database.db);
    const preview = signToken(
      secret,
      { k: 'theme', site: demoSiteId, theme: themeId, version: versionId },
      3600_000,
      t.clock.now,
    );
    for (const path of ['/signin', '/account', '/contact']) {
      const res = await sitePage(t, `${path}?theme_preview=${preview}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<body class="fixture">');
      expect(res.body).toMatch(/data-reader="(signin|contact)"/);
      const script = res.body.match(/\/assets\/[0-9a-f]{12}\/reader\.js/)?.[0] as string;
      expect((await sitePage(t, `${script}?theme_preview=${preview}`)).statusCode).toBe(200);
    }
    // The built-in theme's words, in the page's language.
    expect((await sitePage(t, `/signin?theme_preview=${preview}`)).body).toContain('寄送驗證碼');
  });
});
