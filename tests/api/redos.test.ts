/**
 * One request must not freeze the server. The attack of the security review: an e-mail field holding "a@", a long
 * run of dots and a comma made the e-mail pattern backtrack quadratically (about 39 s for 160,000 dots) while every
 * other request waited. Every string is now bounded before any rule looks at it, the patterns are linear, and the
 * bot check is looked at before the input is parsed. Each action that takes an e-mail answers the attack at once;
 * the bounds are generous (the old code took seconds for this length, the new one milliseconds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { EMAIL_MAX } from '../../contract/constants';
import { ROLE } from '../../contract/permissions';
import {
  type Client,
  createTestApp,
  fieldErrors,
  OWNER,
  type Reply,
  signInOwner,
  type TestApp,
} from '../fixtures/testApp';

/** About 4 s of backtracking for the old pattern (more on a busy machine); the cost grew with the square. */
const ATTACK = `a@${'.'.repeat(60_000)},`;
/** Far above what a bounded, linear check of this body takes, far below what the old code took. */
const QUICK_MS = 1_000;
const TOO_LONG = `超過最大字數（${EMAIL_MAX}）限制`;

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

async function timed<T>(call: Promise<T>): Promise<{ reply: T; ms: number }> {
  const start = performance.now();
  const reply = await call;
  return { reply, ms: performance.now() - start };
}

/** The bodies of the actions that take an e-mail, with `email` at the attacked place; `token` for a bot check. */
const bodies: { path: string; field: string; body: (token?: string) => Record<string, unknown> }[] = [
  { path: 'member/login', field: 'account', body: (token) => ({ account: ATTACK, password: 'x', token }) },
  { path: 'member/forgot', field: 'account', body: (token) => ({ account: ATTACK, token }) },
  { path: 'member/verify', field: 'email', body: (token) => ({ email: ATTACK, token }) },
  {
    path: 'member/register',
    field: 'email',
    body: (token) => ({
      email: ATTACK,
      nickname: 'n',
      password: 'secret-pass-1',
      verify_token: 'v',
      token,
    }),
  },
];
const signedIn: { path: string; body: Record<string, unknown> }[] = [
  { path: 'member/invite', body: { email: ATTACK, nickname: 'n', roles: ROLE.EDITOR } },
  { path: 'admin/cancel', body: { email: ATTACK } },
  { path: 'member/save_profile', body: { email: ATTACK } },
];

describe('an over-long e-mail answers at once', () => {
  it.each(bodies)('$path: an unsolved bot check is refused (1005) before the fields are read', async (a) => {
    const c = t.client();
    const { reply, ms } = await timed(c.call(a.path, a.body('x')));
    expect(reply, JSON.stringify(reply).slice(0, 300)).toMatchObject({ code: Code.CAPTCHA });
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it.each(bodies)('$path: with a solved bot check, a field error (1001) in time', async (a) => {
    const c = t.client();
    const { reply, ms } = await timed(c.call(a.path, a.body(await c.captcha())));
    expect(fieldErrors(reply)[a.field]).toBe(TOO_LONG);
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it.each(signedIn)('$path (signed in): a field error (1001) in time', async (a) => {
    const { reply, ms } = await timed(owner.call(a.path, a.body));
    expect(fieldErrors(reply).email).toBe(TOO_LONG);
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it('does not hold up another request meanwhile', async () => {
    const c = t.client();
    const attack = c.call('member/forgot', { account: ATTACK, token: await c.captcha() });
    const other = timed(owner.call('member/status'));
    const [, { reply, ms }] = await Promise.all([attack, other]);
    expect(reply.code).toBe(Code.OK);
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it('takes an address of 254 characters, and refuses one of 255 with the length message', async () => {
    const at = '@example.com';
    const longest = `${'a'.repeat(EMAIL_MAX - at.length)}${at}`;
    const cancel = (email: string) => owner.call('admin/cancel', { email });
    // A well-formed address of the largest length passes the field rules (whatever the action then makes of it).
    expect((await cancel(longest)).code).not.toBe(Code.VALIDATION);
    expect(fieldErrors(await cancel(`a${longest}`)).email).toBe(TOO_LONG);
  });
});

describe('the bot check', () => {
  it('is not spent by a call whose fields are refused', async () => {
    const c = t.client();
    const token = await c.captcha();
    const refused = await c.call('member/login', { account: 'not-an-address', password: 'x', token });
    expect(fieldErrors(refused).account).toBe('無效的電子信箱格式');
    const signed: Reply = await c.call('member/login', {
      account: OWNER.email,
      password: OWNER.password,
      token,
    });
    expect(signed.code, JSON.stringify(signed)).toBe(Code.OK);
    // …and is spent by one that was read: the same solution again is refused.
    const again = await c.call('member/login', { account: OWNER.email, password: OWNER.password, token });
    expect(again.code).toBe(Code.CAPTCHA);
  });

  it('is still required: a missing or over-long one is 1005', async () => {
    const c = t.client();
    const login = (token?: unknown) => c.call('member/login', { account: OWNER.email, password: 'x', token });
    for (const token of [undefined, '', 42, 'x'.repeat(100_000)])
      expect((await login(token)).code).toBe(Code.CAPTCHA);
  });
});
