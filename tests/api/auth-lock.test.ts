/**
 * The sign-in lock under concurrency (SPEC §8): however many attempts arrive at once, on however many instances, at
 * most LOGIN_MAX_FAILURES passwords of one account are checked within LOGIN_LOCK_WINDOW_S. And an unknown account
 * costs a password check too, so its answer's timing says no more than its code. Checks are counted where they
 * happen: argon2's verify, spied.
 */
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract/codes';
import { LOGIN_LOCK_WINDOW_S, LOGIN_MAX_FAILURES } from '../../contract/constants';
import { type Client, createTestApp, register, type TestApp } from '../fixtures/testApp';

// API files share a worker's modules (vitest.config.ts, isolate: false): the server imported by an earlier file holds
// the real argon2, so this file starts from a fresh module graph in which the spied one is imported.
vi.hoisted(() => vi.resetModules());
vi.mock('@node-rs/argon2', { spy: true });
const checks = () => vi.mocked(verify).mock.calls.length;

let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database (its own connection pool on PostgreSQL).
  second = await createTestApp({ shareWith: t });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Each client with its bot check solved beforehand, so that the attempts themselves arrive together. */
async function armed(n: number): Promise<{ c: Client; token: string }[]> {
  const clients = Array.from({ length: n }, (_, i) => (i % 2 ? second : t).client());
  return Promise.all(clients.map(async (c) => ({ c, token: await c.captcha() })));
}

const attempt = ({ c, token }: { c: Client; token: string }, account: string, password: string) =>
  c.call('member/login', { account, password, token });

describe('the sign-in lock under parallel attempts', () => {
  it(`checks at most ${LOGIN_MAX_FAILURES} passwords of an account, however many attempts arrive at once`, async () => {
    const account = 'storm@example.com';
    await register(t, account, 'right-pass-1');
    const arms = await armed(40);
    const before = checks();
    const answers = await Promise.all(arms.map((a) => attempt(a, account, 'wrong-pass-1')));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c !== Code.WRONG_PASSWORD && c !== Code.TOO_MANY_ATTEMPTS)).toEqual([]);
    let checked = codes.filter((c) => c === Code.WRONG_PASSWORD).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(checks() - before).toBe(checked);

    // Refused attempts leave nothing behind: one by one, the rest of the five are checked, then the lock holds.
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) {
      const [a] = await armed(1);
      const r = await attempt(a, account, 'wrong-pass-1');
      if (r.code === Code.TOO_MANY_ATTEMPTS) break;
      expect(r.code).toBe(Code.WRONG_PASSWORD);
      checked++;
    }
    expect(checked).toBe(LOGIN_MAX_FAILURES);
    expect((await t.client().login(account, 'right-pass-1')).code).toBe(Code.TOO_MANY_ATTEMPTS);
    t.clock.advance(LOGIN_LOCK_WINDOW_S * 1000 + 1000);
    expect((await second.client().login(account, 'right-pass-1')).code).toBe(1);
  });

  it('a success among parallel attempts resets the count, as one after another', async () => {
    const account = 'mixed@example.com';
    await register(t, account, 'right-pass-1');
    const [right, ...wrong] = await armed(4);
    const answers = await Promise.all([
      attempt(right, account, 'right-pass-1'),
      ...wrong.map((a) => attempt(a, account, 'wrong-pass-1')),
    ]);
    expect(answers.map((a) => a.code)).toEqual([1, ...wrong.map(() => Code.WRONG_PASSWORD)]);
    // At most three failures follow the success, so two more wrong ones are still checked.
    for (let i = 0; i < 2; i++) {
      expect((await t.client().login(account, 'wrong-pass-1')).code).toBe(Code.WRONG_PASSWORD);
    }
  });

  it('checks a password for an unknown account too (2001 costs what a wrong password costs), under the same lock', async () => {
    const [one] = await armed(1);
    const once = checks();
    expect((await attempt(one, 'nobody@example.com', 'wrong-pass-1')).code).toBe(Code.USER_NOT_FOUND);
    expect(checks() - once).toBe(1);

    const arms = await armed(20);
    const before = checks();
    const answers = await Promise.all(arms.map((a) => attempt(a, 'nobody@example.com', 'wrong-pass-1')));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c !== Code.USER_NOT_FOUND && c !== Code.TOO_MANY_ATTEMPTS)).toEqual([]);
    const answered = codes.filter((c) => c === Code.USER_NOT_FOUND).length;
    expect(answered).toBeLessThanOrEqual(LOGIN_MAX_FAILURES - 1);
    expect(checks() - before).toBe(answered);
  });

  it('checks the current password of a password change under the same lock', async () => {
    const account = 'changer@example.com';
    const c = await register(t, account, 'right-pass-1');
    const before = checks();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        c.call('member/change', { current: 'wrong-pass-1', new: 'next-pass-2' }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((x) => x !== Code.CURRENT_PASSWORD_WRONG && x !== Code.TOO_MANY_ATTEMPTS)).toEqual(
      [],
    );
    let checked = codes.filter((x) => x === Code.CURRENT_PASSWORD_WRONG).length;
    expect(checks() - before).toBe(checked);
    // Attempts refused in the crowd checked nothing and left nothing: one by one, the rest of the five are checked.
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) {
      const r = await c.call('member/change', { current: 'wrong-pass-1', new: 'next-pass-2' });
      if (r.code === Code.TOO_MANY_ATTEMPTS) break;
      expect(r.code).toBe(Code.CURRENT_PASSWORD_WRONG);
      checked++;
    }
    expect(checked).toBe(LOGIN_MAX_FAILURES);
    expect(checks() - before).toBe(LOGIN_MAX_FAILURES);
    // The guesses count against the account: the right password is locked out of sign-in and of the change too.
    expect((await c.call('member/change', { current: 'right-pass-1', new: 'next-pass-2' })).code).toBe(
      Code.TOO_MANY_ATTEMPTS,
    );
    expect((await t.client().login(account, 'right-pass-1')).code).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
