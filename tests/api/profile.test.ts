/**
 * The user's own profile through HTTP (member/save_profile): language, avatar, nickname and the linked bylines,
 * changing the e-mail (unverified, a mailed code, confirmed), the resend timing, taken addresses, bad input, and that
 * a user only ever changes their own account.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { author } from '../../contract/entities/author';
import type { EntityRecord } from '../../contract/entity';
import type { UploadReply } from '../../contract/files';
import { ROLE } from '../../contract/permissions';
import type { SaveProfileReply } from '../../contract/profile';
import type { Session } from '../../contract/session';
import { authors, users } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  customRole,
  fieldErrors,
  lastCode,
  register,
  signInOwner,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

type Author = EntityRecord<typeof author>;

let t: TestApp;
let demoSiteId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ demoSiteId } = await signInOwner(t));
});
afterAll(async () => {
  await t.close();
});

const save = (c: Client, body: unknown) => c.call<SaveProfileReply>('member/save_profile?t=writer', body);
const status = async (c: Client) => (await c.call<Session>('member/status')).data;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('member/save_profile', () => {
  it('saves the interface language, kept in member/status meta.language', async () => {
    const c = await register(t, 'lang@example.com');
    expect((await status(c)).user?.meta.language).toBe('zh-TW');
    const r = await save(c, { language: 'en' });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({
      language: 'en',
      email: 'lang@example.com',
      is_verified: true,
      verify: null,
    });
    expect((await status(c)).user?.meta.language).toBe('en');
    expect((await save(c, { language: 'ja' })).code).toBe(1);
    expect((await status(c)).user?.meta.language).toBe('ja');
    // sessions are per browser; the language belongs to the account
    const other = t.client();
    expect((await other.login('lang@example.com', 'secret-pass-1')).code).toBe(1);
    expect((await status(other)).user?.meta.language).toBe('ja');
  });

  it("takes SPEC §9's codes (zh-tw, jp, en) and keeps the product's; anything else is a field error", async () => {
    const c = await register(t, 'spec-codes@example.com');
    expect((await save(c, { language: 'jp' })).data).toMatchObject({ language: 'ja' });
    expect((await status(c)).user?.meta.language).toBe('ja');
    expect((await save(c, { language: 'zh-tw' })).data).toMatchObject({ language: 'zh-TW' });
    expect((await save(c, { language: 'EN' })).data).toMatchObject({ language: 'en' });
    expect(fieldErrors(await save(c, { language: 'xx' }))).toEqual({ language: '格式錯誤' });
    expect(fieldErrors(await save(c, { language: 'j'.repeat(5000) }))).toHaveProperty('language');
  });

  it('saves the nickname and avatar; the linked bylines on every site follow', async () => {
    const c = await staffOf(t, demoSiteId, 'byline@example.com', ROLE.EDITOR, 'Old name');
    const id = await userIdOf(t, 'byline@example.com');
    // a byline on the demo site and one on the user's personal site
    const onDemo = await c.call<Author>('member/author');
    const own = (await status(c)).site.list.find((s) => s.id !== demoSiteId);
    await t.database.db.insert(authors).values({ siteId: own?.id as number, name: 'Old name', memberId: id });
    // someone else's byline with the same name stays as it is
    const [stranger] = await t.database.db
      .insert(authors)
      .values({ siteId: demoSiteId, name: 'Old name' })
      .returning();

    const r = await save(c, { nickname: '  新名字 ', avatar: '/uploads/1/a.webp' });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ nickname: '新名字', avatar: '/uploads/1/a.webp' });
    const s = await status(c);
    expect(s.user).toMatchObject({ nickname: '新名字', avatar: '/uploads/1/a.webp' });
    const mine = await t.database.db.select().from(authors).where(eq(authors.memberId, id));
    expect(mine).toHaveLength(2);
    for (const a of mine) expect(a).toMatchObject({ name: '新名字', avatar: '/uploads/1/a.webp' });
    expect(mine.map((a) => a.id)).toContain(onDemo.data.id);
    const [after] = await t.database.db.select().from(authors).where(eq(authors.id, stranger.id));
    expect(after).toMatchObject({ name: 'Old name', avatar: '' });

    // the avatar alone, and removing it
    expect((await save(c, { avatar: 'https://cdn.example.com/me.png' })).data.avatar).toBe(
      'https://cdn.example.com/me.png',
    );
    expect((await save(c, { avatar: '' })).data).toMatchObject({ avatar: '', nickname: '新名字' });
    const bylines = await t.database.db.select().from(authors).where(eq(authors.memberId, id));
    expect(bylines.map((a) => a.avatar)).toEqual(['', '']);
  });

  it('a byline made later starts with the profile name and avatar', async () => {
    const c = await register(t, 'later-byline@example.com', 'secret-pass-1', 'Later');
    expect((await save(c, { nickname: 'Later Name', avatar: '/uploads/later.png' })).code).toBe(1);
    const mine = await c.call<Author>('member/author');
    expect(mine.data).toMatchObject({ name: 'Later Name', avatar: '/uploads/later.png' });
  });

  it('changes the e-mail once confirmed: pending till then, a code mailed, a wrong code 1007, the right one moves it', async () => {
    const c = await register(t, 'move@example.com', 'secret-pass-1', 'Mover');
    const r = await save(c, { email: ' Moved@Example.com ', nickname: 'Moved' });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({
      email: 'move@example.com',
      pending_email: 'moved@example.com',
      is_verified: true,
      nickname: 'Moved',
    });
    expect(r.data.verify?.ts).toBe(t.clock.now + 10_000);
    const mails = await t.flushMail();
    expect(mails.at(-1)?.to).toBe('moved@example.com');
    expect((await status(c)).user).toMatchObject({
      email: 'move@example.com',
      pending_email: 'moved@example.com',
      is_verified: true,
    });
    const code = lastCode(mails, 'moved@example.com');

    // the account's own address is still verified: the profile saves meanwhile
    expect((await save(c, { nickname: 'Other', language: 'en' })).code).toBe(1);

    const token = r.data.verify?.token as string;
    const wrong = await save(c, { token, verify: wrongCode(code) });
    expect(wrong.code).toBe(Code.WRONG_CODE);
    expect(wrong.msg).toBe('驗證碼輸入錯誤');
    expect((await status(c)).user).toMatchObject({
      email: 'move@example.com',
      pending_email: 'moved@example.com',
    });

    // the code and the profile in one call
    const ok = await save(c, { token, verify: code, nickname: 'Verified' });
    expect(ok.code).toBe(1);
    expect(ok.data).toMatchObject({
      email: 'moved@example.com',
      pending_email: null,
      is_verified: true,
      nickname: 'Verified',
    });
    expect((await status(c)).user).toMatchObject({
      email: 'moved@example.com',
      account: 'moved@example.com',
      pending_email: null,
      is_verified: true,
      nickname: 'Verified',
    });
    // a verification is spent once
    expect((await save(c, { token, verify: code })).code).toBe(Code.EXPIRED);

    // the account now signs in with the new address only, and the old one is free to register
    expect((await t.client().login('move@example.com', 'secret-pass-1')).code).toBe(Code.USER_NOT_FOUND);
    expect((await t.client().login('moved@example.com', 'secret-pass-1')).code).toBe(1);
    const reg = t.client();
    expect(
      (await reg.call('member/verify', { email: 'move@example.com', token: await reg.captcha() })).code,
    ).toBe(1);
  });

  it('calls a pending change off when the current address is saved again', async () => {
    const c = await register(t, 'stay@example.com');
    const r = await save(c, { email: 'stay-typo@example.com' });
    const code = lastCode(await t.flushMail(), 'stay-typo@example.com');
    const mailed = (await t.flushMail()).length;
    const back = await save(c, { email: 'stay@example.com' });
    expect(back.data).toMatchObject({
      email: 'stay@example.com',
      pending_email: null,
      is_verified: true,
      verify: null,
    });
    expect((await t.flushMail()).length).toBe(mailed);
    // the code of the change called off confirms nothing
    expect((await save(c, { token: r.data.verify?.token, verify: code })).code).toBe(Code.EXPIRED);
    expect((await status(c)).user).toMatchObject({ email: 'stay@example.com', pending_email: null });
  });

  it('an address left unverified (changed before changes waited for their code): the profile waits, a code verifies it', async () => {
    const c = await register(t, 'legacy@example.com', 'secret-pass-1', 'Legacy');
    await t.database.db.update(users).set({ isVerified: false }).where(eq(users.email, 'legacy@example.com'));
    // what others see waits (請先驗證電子信箱); the language does not
    const blocked = await save(c, { nickname: 'Other' });
    expect(blocked.code).toBe(Code.EMAIL_NOT_VERIFIED);
    expect(blocked.msg).toBe('請先驗證電子信箱');
    expect((await save(c, { avatar: '/uploads/x.png' })).code).toBe(Code.EMAIL_NOT_VERIFIED);
    expect((await save(c, { language: 'en' })).code).toBe(1);
    // asking for the current address mails it a code
    const r = await save(c, { email: 'legacy@example.com' });
    expect(r.data).toMatchObject({ email: 'legacy@example.com', pending_email: null, is_verified: false });
    const code = lastCode(await t.flushMail(), 'legacy@example.com');
    const ok = await save(c, { token: r.data.verify?.token, verify: code, nickname: 'Verified' });
    expect(ok.data).toMatchObject({ email: 'legacy@example.com', is_verified: true, nickname: 'Verified' });
  });

  it('holds resends 10 s, then 120 s; asking again for the pending address mails a fresh code', async () => {
    const c = await register(t, 'again@example.com');
    const first = await save(c, { email: 'again2@example.com' });
    const token = first.data.verify?.token as string;
    const early = await c.call<{ ts: number }>('verify/resend', { token });
    expect(early.code).toBe(Code.TOO_FREQUENT);
    expect(early.msg).toBe('驗證碼發送頻繁，請稍候再試。');
    expect(early.data.ts).toBe(first.data.verify?.ts);
    // the same address through save_profile is held alike
    expect((await save(c, { email: 'again2@example.com' })).code).toBe(Code.TOO_FREQUENT);

    t.clock.advance(10_000);
    const second = await c.call<{ token: string; ts: number }>('verify/resend', { token });
    expect(second.code).toBe(1);
    expect(second.data.ts).toBe(t.clock.now + 120_000);
    t.clock.advance(119_000);
    expect((await save(c, { email: 'again2@example.com' })).code).toBe(Code.TOO_FREQUENT);
    t.clock.advance(1_000);
    const third = await save(c, { email: 'again2@example.com' });
    expect(third.code).toBe(1);
    expect(third.data.verify?.ts).toBe(t.clock.now + 120_000);

    // only the last code counts
    const code = lastCode(await t.flushMail(), 'again2@example.com');
    expect((await save(c, { token: second.data.token, verify: code })).code).toBe(Code.EXPIRED);
    expect((await save(c, { token: third.data.verify?.token, verify: code })).data.is_verified).toBe(true);
    // a verified, unchanged address mails nothing
    const mailed = (await t.flushMail()).length;
    const same = await save(c, { email: 'again2@example.com', nickname: 'Same' });
    expect(same.data).toMatchObject({ verify: null, is_verified: true, nickname: 'Same' });
    expect((await t.flushMail()).length).toBe(mailed);
  });

  it('does not tell whether another account has an address: asking answers as for any, confirming is 2004', async () => {
    const c = await register(t, 'taken1@example.com', 'secret-pass-1', 'Taken');
    await register(t, 'taken2@example.com');
    const r = await save(c, { email: 'TAKEN2@example.com', nickname: 'Changed' });
    const free = await save(await register(t, 'taken0@example.com'), { email: 'free0@example.com' });
    // The same answer as for a free address: a code on its way, the address pending.
    expect(Object.keys(r.data.verify ?? {})).toEqual(Object.keys(free.data.verify ?? {}));
    expect(r.data).toMatchObject({ email: 'taken1@example.com', pending_email: 'taken2@example.com' });
    const code = lastCode(await t.flushMail(), 'taken2@example.com');
    expect((await save(c, { token: r.data.verify?.token, verify: code })).code).toBe(Code.EMAIL_TAKEN);
    expect((await status(c)).user).toMatchObject({
      email: 'taken1@example.com',
      is_verified: true,
      nickname: 'Changed',
    });
    expect((await c.login('taken1@example.com', 'secret-pass-1')).code).toBe(1);
    // an address only pending on another account is not taken: not for registration, nor for a change
    const other = await register(t, 'taken3@example.com');
    expect((await save(other, { email: 'taken3b@example.com' })).code).toBe(1);
    const v = await t
      .client()
      .call('member/verify', { email: 'taken3b@example.com', token: await c.captcha() });
    expect(v.code).toBe(1);
    expect((await save(c, { email: 'taken3b@example.com' })).code).toBe(1);
  });

  it('confirms only the address last asked for: a code for an address left behind is 1011', async () => {
    const c = await register(t, 'switch@example.com');
    const a = await save(c, { email: 'switch-a@example.com' });
    const codeA = lastCode(await t.flushMail(), 'switch-a@example.com');
    const b = await save(c, { email: 'switch-b@example.com' });
    expect(b.code).toBe(1);
    expect((await save(c, { token: a.data.verify?.token, verify: codeA })).code).toBe(Code.EXPIRED);
    expect((await status(c)).user).toMatchObject({
      email: 'switch@example.com',
      pending_email: 'switch-b@example.com',
      is_verified: true,
    });
    // a registration's verification is not an e-mail change
    const reg = t.client();
    const v = await reg.call<{ token: string }>('member/verify', {
      email: 'switch-b@example.com',
      token: await reg.captcha(),
    });
    const regCode = lastCode(await t.flushMail(), 'switch-b@example.com');
    expect((await reg.call('verify/verifying', { token: v.data.token, pincode: regCode })).code).toBe(1);
    expect((await save(c, { token: v.data.token, verify: regCode })).code).toBe(Code.EXPIRED);
    expect((await status(c)).user).toMatchObject({ email: 'switch@example.com' });
  });

  it('answers bad input with envelope errors, never 500', async () => {
    const c = await register(t, 'bad@example.com');
    const cases: [unknown, string, string][] = [
      [{ language: 'fr' }, 'language', 'validation.format'],
      [{ nickname: '' }, 'nickname', '此欄位為必填'],
      [{ nickname: 'x'.repeat(51) }, 'nickname', '超過最大字數（50）限制'],
      [{ email: 'not-an-email' }, 'email', '無效的電子信箱格式'],
      [{ avatar: 'javascript:alert(1)' }, 'avatar', '連結錯誤'],
      [{ verify: '123456' }, 'token', '此欄位為必填'],
      [{ token: 'abc' }, 'verify', '此欄位為必填'],
      [{ token: 'abc', verify: '12ab' }, 'verify', '請輸入 6 位數字驗證碼'],
      [{ id: 1, nickname: 'x' }, 'id', '不接受的欄位'],
      [{ nickname: 42 }, 'nickname', 'validation.format'],
    ];
    for (const [body, field, message] of cases) {
      const errors = fieldErrors(await save(c, body));
      if (message.startsWith('validation.')) expect(errors[field]).toBeTruthy();
      else expect(errors[field]).toBe(message);
    }
    for (const raw of ['{', '[]', '"x"']) {
      const r = await save(c, raw);
      expect(r.status).toBeLessThan(500);
      expect(r.code).not.toBe(1);
    }
    const unknownToken = await save(c, { token: 'no-such-token', verify: '123456' });
    expect(unknownToken.code).toBe(Code.EXPIRED);
    // none of it changed the account
    expect((await status(c)).user).toMatchObject({ email: 'bad@example.com', nickname: 'Writer' });
  });

  it('answers 401 when signed out', async () => {
    const r = await save(t.client(), { language: 'en' });
    expect(r.status).toBe(401);
    expect(r.code).toBe(Code.UNAUTHORIZED);
  });

  it('changes only the caller: nothing in the input can reach another account', async () => {
    const a = await register(t, 'alice@example.com', 'secret-pass-1', 'Alice');
    const b = await register(t, 'bob@example.com', 'secret-pass-1', 'Bob');
    const before = await status(b);
    await a.call('member/author');
    await b.call('member/author');
    expect((await save(a, { nickname: 'Alice 2', avatar: '/uploads/a.png', language: 'ja' })).code).toBe(1);
    const change = await save(a, { email: 'alice2@example.com' });
    const code = lastCode(await t.flushMail(), 'alice2@example.com');
    // Bob cannot spend Alice's verification, even with her token and code
    expect((await save(b, { token: change.data.verify?.token, verify: code })).code).toBe(Code.EXPIRED);
    expect((await status(b)).user).toEqual(before.user);
    const bobId = await userIdOf(t, 'bob@example.com');
    const [bobRow] = await t.database.db.select().from(users).where(eq(users.id, bobId));
    expect(bobRow).toMatchObject({ nickname: 'Bob', avatar: '', language: 'zh-TW', isVerified: true });
    const [bobByline] = await t.database.db.select().from(authors).where(eq(authors.memberId, bobId));
    expect(bobByline).toMatchObject({ name: 'Bob', avatar: '' });
    // Alice's verification is still hers to spend
    expect((await save(a, { token: change.data.verify?.token, verify: code })).data.is_verified).toBe(true);
  });
});

describe('an e-mail change holds only once its code is confirmed', () => {
  it('keeps the old address for sign-in, mail and registration until then; the owner may register it meanwhile', async () => {
    const c = await register(t, 'keeper@example.com', 'secret-pass-1', 'Keeper');
    const r = await save(c, { email: 'Victim@Example.com' });
    expect(r.code).toBe(1);
    // Before the fix, this very address signed the account in at once.
    expect((await t.client().login('victim@example.com', 'secret-pass-1')).code).toBe(Code.USER_NOT_FOUND);
    expect(r.data).toMatchObject({
      email: 'keeper@example.com',
      pending_email: 'victim@example.com',
      is_verified: true,
    });
    expect((await status(c)).user).toMatchObject({
      email: 'keeper@example.com',
      account: 'keeper@example.com',
      pending_email: 'victim@example.com',
      is_verified: true,
    });
    const code = lastCode(await t.flushMail(), 'victim@example.com');

    // The unconfirmed address gets no reset link; the old one still signs in and gets one.
    expect((await t.client().login('keeper@example.com', 'secret-pass-1')).code).toBe(1);
    const before = (await t.flushMail()).length;
    const f = t.client();
    expect(
      (await f.call('member/forgot', { account: 'victim@example.com', token: await f.captcha() })).code,
    ).toBe(1);
    expect(
      (await f.call('member/forgot', { account: 'keeper@example.com', token: await f.captcha() })).code,
    ).toBe(1);
    expect((await t.flushMail()).slice(before).map((m) => m.to)).toEqual(['keeper@example.com']);

    // The address's real owner registers it; the change can then no longer be confirmed.
    await register(t, 'victim@example.com', 'owner-pass-2', 'Victim');
    const late = await save(c, { token: r.data.verify?.token, verify: code });
    expect(late.code).toBe(Code.EMAIL_TAKEN);
    expect((await status(c)).user).toMatchObject({ email: 'keeper@example.com', is_verified: true });
    expect((await t.client().login('victim@example.com', 'owner-pass-2')).code).toBe(1);
    expect((await t.client().login('keeper@example.com', 'secret-pass-1')).code).toBe(1);
  });
});

describe('the avatar upload (element/upload/avatar)', () => {
  /** POSTs a picture as the profile screen does, multipart with the client's session cookie. */
  async function uploadAvatar(c: Client, path = 'element/upload/avatar') {
    const bytes = await sharp({
      create: { width: 200, height: 200, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'cropped.jpg');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payload: form,
    });
    return { ...(res.json() as { code: number; data: UploadReply }), status: res.statusCode };
  }

  it('lets a role without an image permission (post.view only) upload their avatar and save it on the profile', async () => {
    const shop = await staffOf(
      t,
      demoSiteId,
      'avatar-shop@example.com',
      await customRole(t, demoSiteId, '唯讀', ['post.view']),
      'Shop',
    );
    // The library's upload stays closed to them.
    expect((await uploadAvatar(shop, 'element/upload/image')).status).toBe(403);
    const up = await uploadAvatar(shop);
    expect(up, JSON.stringify(up)).toMatchObject({ status: 200, code: 1, data: { success: true } });
    const r = await save(shop, { avatar: up.data.path });
    expect(r.code).toBe(1);
    expect(r.data.avatar).toBe(up.data.path);
    expect((await status(shop)).user?.avatar).toBe(up.data.path);
    const served = await t.app.inject({ method: 'GET', url: up.data.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 401 when signed out', async () => {
    expect((await uploadAvatar(t.client())).status).toBe(401);
  });
});
