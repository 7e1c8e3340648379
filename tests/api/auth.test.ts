import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { VERIFY_MAX_TRIES } from '../../contract/constants';
import type { Session } from '../../contract/session';
import { hashToken } from '../../server/modules/auth/session';
import { sessions } from '../../server/modules/tables';
import { createTestApp, lastCode, OWNER, register, type TestApp } from '../fixtures/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('member/status', () => {
  it('answers a signed-out session', async () => {
    const r = await t.client().call<Session>('member/status?t=writer');
    expect(r.code).toBe(1);
    expect(r.data.isLogined).toBe(false);
    expect(r.data.user).toBeNull();
  });

  it('answers the session of SPEC §3 once signed in', async () => {
    const c = t.client();
    expect((await c.login(OWNER.email, OWNER.password)).code).toBe(1);
    const r = await c.call<Session>('member/status?t=writer');
    expect(r.data.isLogined).toBe(true);
    expect(r.data.user).toMatchObject({ email: OWNER.email, account: OWNER.email, is_verified: true });
    expect(r.data.user?.permissions).toContain('post.edit');
    expect(r.data.site.current).toMatchObject({ name: '範例新聞網', slug: 'demo', timezone: 'Asia/Taipei' });
    expect(r.data.site.list).toHaveLength(1);
    expect(r.data.role).toEqual({ id: 1, name: '擁有者' });
  });
});

describe('bot challenge', () => {
  it('serves a challenge the ALTCHA widget accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha?v=example.org' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.parameters.algorithm).toBe('SHA-256');
    expect(typeof body.signature).toBe('string');
    expect(body.parameters.data.host).toBe('example.org');
  });

  it('answers 1005 for a missing, forged or spent solution', async () => {
    const c = t.client();
    for (const token of [undefined, '', 'x']) {
      const r = await c.call('member/login', { account: OWNER.email, password: OWNER.password, token });
      expect(r.code, `token ${token}`).toBe(Code.CAPTCHA);
    }
    // Nor is any other field looked at first: the challenge comes before the form's own errors.
    expect((await c.call('member/forgot', { account: 'not-an-email' })).code).toBe(Code.CAPTCHA);
    const token = await c.captcha();
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(token, 'base64').toString()),
        solution: { counter: 1, derivedKey: '00' },
      }),
    ).toString('base64');
    expect(
      (await c.call('member/login', { account: OWNER.email, password: OWNER.password, token: forged })).code,
    ).toBe(Code.CAPTCHA);
    expect(
      (await c.call('member/login', { account: OWNER.email, password: OWNER.password, token })).code,
    ).toBe(1);
    const again = await c.call('member/login', { account: OWNER.email, password: OWNER.password, token });
    expect(again.code).toBe(Code.CAPTCHA);
  });

  it('lives on the wall clock: a business clock moved an hour back or a week on neither refuses nor revives one', async () => {
    const c = t.client();
    const spent = await c.captcha();
    expect(
      (await c.call('member/login', { account: OWNER.email, password: OWNER.password, token: spent })).code,
    ).toBe(1);
    let moved = 0;
    try {
      for (const move of [-60 * 60_000, 8 * 24 * 60 * 60_000]) {
        t.clock.advance(move);
        moved = move;
        const r = await c.call('member/login', {
          account: OWNER.email,
          password: OWNER.password,
          token: await c.captcha(),
        });
        expect(r.code, `clock moved ${move} ms`).toBe(1);
        // The spent one stays spent: its row is not swept by a clock that ran ahead of its expiry.
        const again = await c.call('member/login', {
          account: OWNER.email,
          password: OWNER.password,
          token: spent,
        });
        expect(again.code, `clock moved ${move} ms`).toBe(Code.CAPTCHA);
        t.clock.advance(-move);
        moved = 0;
      }
    } finally {
      t.clock.advance(-moved);
    }
  });
});

describe('registration', () => {
  it('mails a 6-digit code, checks it and registers, with no site until the wizard is skipped', async () => {
    const c = t.client();
    const email = 'new.writer@example.com';
    const v = await c.call<{ token: string; ts: number }>('member/verify', {
      email,
      token: await c.captcha(),
    });
    expect(v.code).toBe(1);
    expect(v.data.ts).toBe(t.clock.now + 10_000);
    const mails = await t.flushMail();
    expect(mails.at(-1)?.to).toBe(email);
    const code = lastCode(mails, email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await c.call('verify/verifying', {
      token: v.data.token,
      pincode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.code).toBe(Code.WRONG_CODE);
    expect(wrong.msg).toBe('驗證碼輸入錯誤');
    expect((await c.call('verify/verifying', { token: v.data.token, pincode: code })).code).toBe(1);

    const r = await c.call<{ token: string }>('member/register', {
      email,
      nickname: '小明',
      password: 'abcdefg1',
      verify_token: v.data.token,
      token: await c.captcha(),
    });
    expect(r.code).toBe(1);
    const s = await c.call('member/token_login', {
      password: 'abcdefg1',
      token: r.data.token,
      remember: false,
    });
    expect(s.code).toBe(1);
    const st = await c.call<Session>('member/status');
    expect(st.data.user?.nickname).toBe('小明');
    expect(st.data.site).toEqual({ current: null, list: [] });
    expect(st.data.role).toBeNull();
    // Skipping the wizard gives the personal site without a plan.
    expect((await c.call('site/start_free')).code).toBe(1);
    const started = await c.call<Session>('member/status');
    expect(started.data.site.current?.name).toBe('小明 的網站');
    expect(started.data.site.current?.service).toBeNull();
    expect(started.data.role?.id).toBe(1);
    // the ticket works once
    const again = await t.client().call('member/token_login', { password: 'abcdefg1', token: r.data.token });
    expect(again.code).toBe(Code.LINK_INVALID);
  });

  it('refuses to register an unverified address (2003) and a taken one (2004)', async () => {
    const c = t.client();
    const email = 'unverified@example.com';
    const v = await c.call<{ token: string }>('member/verify', { email, token: await c.captcha() });
    const r = await c.call('member/register', {
      email,
      nickname: 'x',
      password: 'abcdefg1',
      verify_token: v.data.token,
      token: await c.captcha(),
    });
    expect(r.code).toBe(Code.EMAIL_NOT_VERIFIED);
    expect(r.msg).toBe('請先驗證電子信箱');
    const taken = await c.call('member/verify', { email: OWNER.email, token: await c.captcha() });
    expect(taken.code).toBe(Code.EMAIL_TAKEN);
  });

  it('takes five codes, even when ten wrong ones arrive at once', async () => {
    const c = t.client();
    const email = 'guesser@example.com';
    const v = await c.call<{ token: string }>('member/verify', { email, token: await c.captcha() });
    const code = lastCode(await t.flushMail(), email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => c.call('verify/verifying', { token: v.data.token, pincode: wrong })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((x) => x === Code.WRONG_CODE)).toHaveLength(VERIFY_MAX_TRIES);
    expect(codes.filter((x) => x === Code.EXPIRED)).toHaveLength(10 - VERIFY_MAX_TRIES);
    // The right code comes too late: a new one is needed.
    expect((await c.call('verify/verifying', { token: v.data.token, pincode: code })).code).toBe(
      Code.EXPIRED,
    );
  });

  it('holds resends 10 s, then 120 s between codes', async () => {
    const c = t.client();
    const email = 'timing@example.com';
    const first = await c.call<{ token: string; ts: number }>('member/verify', {
      email,
      token: await c.captcha(),
    });
    const early = await c.call<{ ts: number }>('verify/resend', { token: first.data.token });
    expect(early.code).toBe(Code.TOO_FREQUENT);
    expect(early.msg).toBe('驗證碼發送頻繁，請稍候再試。');
    expect(early.data.ts).toBe(first.data.ts);
    // asking for a new verification of the same address is held the same way
    const viaVerify = await c.call('member/verify', { email, token: await c.captcha() });
    expect(viaVerify.code).toBe(Code.TOO_FREQUENT);

    t.clock.advance(10_000);
    const second = await c.call<{ token: string; ts: number }>('verify/resend', { token: first.data.token });
    expect(second.code).toBe(1);
    expect(second.data.ts).toBe(t.clock.now + 120_000);
    t.clock.advance(119_000);
    expect((await c.call('verify/resend', { token: second.data.token })).code).toBe(Code.TOO_FREQUENT);
    t.clock.advance(1_000);
    expect((await c.call('verify/resend', { token: second.data.token })).code).toBe(1);
    // the superseded token is gone
    expect((await c.call('verify/resend', { token: first.data.token })).code).toBe(Code.EXPIRED);
  });

  it('answers field errors in the caller language', async () => {
    const c = t.client({ lang: 'en' });
    const r = await c.call<{ errors: Record<string, string> }>('member/register', {
      email: 'nope',
      nickname: '',
      password: 'short',
      verify_token: 'x',
      token: await c.captcha(),
    });
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.data.errors).toMatchObject({
      email: 'Invalid e-mail address',
      nickname: 'This field is required',
      password: 'Invalid password format',
    });
  });
});

describe('sign-in', () => {
  it('answers 2001 for an unknown account and 2002 for a wrong password', async () => {
    const c = t.client();
    const unknown = await c.login('nobody@example.com', 'whatever1');
    expect(unknown.code).toBe(Code.USER_NOT_FOUND);
    expect(unknown.msg).toBe('找不到使用者。');
    expect((await c.login(OWNER.email, 'wrong-pass-1')).code).toBe(Code.WRONG_PASSWORD);
  });

  it('locks an account after 5 failures within 15 minutes, whatever the IP', async () => {
    // Behind a trusted proxy each attempt has its own client address (X-Forwarded-For).
    const proxied = await createTestApp({ shareWith: t, config: { trustProxy: true } });
    try {
      await register(t, 'locked@example.com', 'right-pass-1');
      for (let i = 0; i < 5; i++) {
        const c = proxied.client();
        const r = await c.call(
          'member/login',
          { account: 'locked@example.com', password: 'wrong-pass-1', token: await c.captcha() },
          { 'x-forwarded-for': `10.0.0.${i}` },
        );
        expect(r.code).toBe(Code.WRONG_PASSWORD);
      }
      const fresh = proxied.client();
      const blocked = await fresh.call(
        'member/login',
        { account: 'locked@example.com', password: 'right-pass-1', token: await fresh.captcha() },
        { 'x-forwarded-for': '192.0.2.77' },
      );
      expect(blocked.code).toBe(Code.TOO_MANY_ATTEMPTS);
      expect(blocked.msg).toBe('登錄嘗試次數過多。請稍後再試。');
      // Another account is not held by these failures.
      expect((await proxied.client().login(OWNER.email, OWNER.password)).code).toBe(1);
      t.clock.advance(15 * 60 * 1000 + 1000);
      expect((await t.client().login('locked@example.com', 'right-pass-1')).code).toBe(1);
    } finally {
      await proxied.close();
    }
  });

  it('sets an HttpOnly SameSite=Lax cookie, kept 30 days only with remember', async () => {
    const c = t.client();
    await c.login(OWNER.email, OWNER.password, false);
    const plain = c.lastSetCookie.find((s) => s.startsWith('sid='));
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).not.toMatch(/Max-Age/i);
    const r = t.client();
    await r.login(OWNER.email, OWNER.password, true);
    expect(r.lastSetCookie.find((s) => s.startsWith('sid='))).toMatch(/Max-Age=2592000/);
    const st = await r.call<Session>('member/status');
    expect(st.data.remember).toBe(true);
  });

  it('marks the cookie Secure behind HTTPS, only when the proxy is trusted', async () => {
    const login = async (app: TestApp) => {
      const c = app.client();
      const token = await c.captcha();
      await c.call(
        'member/login',
        { account: OWNER.email, password: OWNER.password, token },
        { 'x-forwarded-proto': 'https' },
      );
      return c.lastSetCookie.find((s) => s.startsWith('sid='));
    };
    // trustProxy is off by default, so a forwarded header alone must not flip it
    expect(await login(t)).not.toMatch(/Secure/);
    const proxied = await createTestApp({ shareWith: t, config: { trustProxy: true } });
    try {
      expect(await login(proxied)).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('ends the session on the server at logout', async () => {
    const c = t.client();
    await c.login(OWNER.email, OWNER.password);
    const cookie = c.cookies.get('sid');
    expect((await c.call<Session>('member/status')).data.isLogined).toBe(true);
    expect((await c.call('member/logout')).code).toBe(1);
    const replay = t.client();
    replay.cookies.set('sid', cookie as string);
    expect((await replay.call<Session>('member/status')).data.isLogined).toBe(false);
    expect((await replay.call('category/all', {})).status).toBe(401);
  });
});

describe('password reset and change', () => {
  it('links to PUBLIC_URL whatever host the request names', async () => {
    const email = 'phished@example.com';
    await register(t, email, 'first-pass-1');
    const before = (await t.flushMail()).length;
    const c = t.client();
    // Another host name is a public site's address (server/siteHost.ts): the API is not there at all.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/member/forgot',
      headers: { host: 'evil.example' },
      payload: { account: email, token: await c.captcha() },
    });
    expect(foreign.statusCode).toBe(405);
    expect(await t.flushMail()).toHaveLength(before);
    // A forwarded host (not trusted without TRUST_PROXY) changes nothing either.
    const r = await c.call(
      'member/forgot',
      { account: email, token: await c.captcha() },
      { 'x-forwarded-host': 'evil.example' },
    );
    expect(r.code).toBe(1);
    const mail = (await t.flushMail()).at(-1);
    expect(mail?.to).toBe(email);
    expect(mail?.text).toContain(`${t.config.publicUrl}/auth/reset?v=`);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('mails a reset link that sets a new password once', async () => {
    const email = 'forgetful@example.com';
    await register(t, email, 'first-pass-1');
    const c = t.client();
    const empty = await c.call<{ errors: Record<string, string> }>('member/forgot', {
      account: '',
      token: await c.captcha(),
    });
    expect(empty.data.errors.account).toBe('我們需要你的信箱做密碼重設');
    expect((await c.call('member/forgot', { account: email, token: await c.captcha() })).code).toBe(1);
    const link = (await t.flushMail()).at(-1)?.text.match(/(\S+)\/auth\/reset\?v=(\S+)/);
    expect(link?.[1]).toBe(t.config.publicUrl);
    const resetToken = decodeURIComponent(link?.[2] ?? '');

    const reuse = await c.call('member/reset', {
      password: 'first-pass-1',
      reset_token: resetToken,
      token: await c.captcha(),
    });
    expect(reuse.code).toBe(Code.PASSWORD_REUSED);
    expect(reuse.msg).toBe('無法重複使用舊密碼。');
    const ok = await c.call('member/reset', {
      password: 'second-pass-2',
      reset_token: resetToken,
      token: await c.captcha(),
    });
    expect(ok.code).toBe(1);
    const twice = await c.call('member/reset', {
      password: 'third-pass-3',
      reset_token: resetToken,
      token: await c.captcha(),
    });
    expect(twice.code).toBe(Code.LINK_INVALID);
    expect((await t.client().login(email, 'first-pass-1')).code).toBe(Code.WRONG_PASSWORD);
    expect((await t.client().login(email, 'second-pass-2')).code).toBe(1);
  });

  it('answers forgot the same for an unknown address, and sends nothing', async () => {
    const c = t.client();
    const before = (await t.flushMail()).length;
    expect(
      (await c.call('member/forgot', { account: 'ghost@example.com', token: await c.captcha() })).code,
    ).toBe(1);
    expect((await t.flushMail()).length).toBe(before);
  });

  it('changes a password: 2008 for a wrong current one, 2007 for an old one', async () => {
    const email = 'changer@example.com';
    const c = await register(t, email, 'pass-one-1');
    const other = t.client();
    await other.login(email, 'pass-one-1');
    expect((await c.call('member/change', { current: 'nope-nope-1', new: 'pass-two-2' })).code).toBe(
      Code.CURRENT_PASSWORD_WRONG,
    );
    expect((await c.call('member/change', { current: 'pass-one-1', new: 'pass-one-1' })).code).toBe(
      Code.PASSWORD_REUSED,
    );
    expect((await c.call('member/change', { current: 'pass-one-1', new: 'pass-two-2' })).code).toBe(1);
    expect((await c.call('member/change', { current: 'pass-two-2', new: 'pass-one-1' })).code).toBe(
      Code.PASSWORD_REUSED,
    );
    // this session stays, the other one ends
    expect((await c.call<Session>('member/status')).data.isLogined).toBe(true);
    expect((await other.call<Session>('member/status')).data.isLogined).toBe(false);
    expect((await t.client().call('member/change', { current: 'a', new: 'b' })).status).toBe(401);
  });
});

describe('sessions in the database', () => {
  it('expires an idle session without remember after a day', async () => {
    const c = t.client();
    await c.login(OWNER.email, OWNER.password, false);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await c.call<Session>('member/status')).data.isLogined).toBe(false);
  });

  it('keeps a remembered session 30 days from its last use, then ends it', async () => {
    const c = t.client();
    await c.login(OWNER.email, OWNER.password, true);
    t.clock.advance(29 * 24 * 3600 * 1000);
    expect((await c.call<Session>('member/status')).data.isLogined).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(c.cookies.get('sid') as string)));
    expect(row.expiresAt.getTime()).toBe(t.clock.now + 30 * 24 * 3600 * 1000);
    t.clock.advance(30 * 24 * 3600 * 1000 + 1000);
    expect((await c.call<Session>('member/status')).data.isLogined).toBe(false);
  });
});
