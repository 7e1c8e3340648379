/**
 * Finding an account by e-mail, and proving its password under the lock of SPEC §8: five failures within 15
 * minutes lock the account (2006), whatever the IP and whichever screen asked (sign-in, or joining a site).
 */
import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { LOGIN_LOCK_WINDOW_S, LOGIN_MAX_FAILURES } from '../../../contract/constants';
import type { Deps } from '../../deps';
import type { BaseContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { users } from '../tenancy/schema';
import { checkPassword, hashPassword } from './passwords';
import { loginAttempts } from './schema';
import { newToken } from './session';

export async function userByEmail(deps: Deps, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** The account's failed (or not yet decided) attempts within the window since its last success. */
async function recentFailures(deps: Deps, account: string): Promise<number> {
  const since = new Date(deps.now() - LOGIN_LOCK_WINDOW_S * 1000);
  const inWindow = and(eq(loginAttempts.account, account), gt(loginAttempts.at, since));
  const lastSuccess = deps.db
    .select({ id: max(loginAttempts.id) })
    .from(loginAttempts)
    .where(and(inWindow, eq(loginAttempts.success, true)));
  const [row] = await deps.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        inWindow,
        eq(loginAttempts.success, false),
        gt(loginAttempts.id, sql`coalesce((${lastSuccess}), 0)`),
      ),
    );
  return row?.n ?? 0;
}

/** What an unknown account's password is checked against, so that it costs what a wrong password costs. */
let decoy: Promise<string> | undefined;
const decoyHash = () => {
  decoy ??= hashPassword(newToken());
  return decoy;
};

/**
 * Checks `password` against the account of `account` and records the attempt; a locked account answers 2006
 * before any check. `ok` is false for an unknown account too: the caller decides which code that gives.
 *
 * The attempt is written as a failure first and the failures counted after, each its own statement: of attempts
 * arriving together, on any instance, each counts every one written before its count, so at most
 * LOGIN_MAX_FAILURES of them get to the (slow) password check, and no lock or transaction is held during it.
 */
export async function attemptPassword(deps: Deps, ctx: BaseContext, account: string, password: string) {
  const [attempt] = await deps.db
    .insert(loginAttempts)
    .values({ account, success: false, ip: ctx.req.ip ?? '', at: new Date(deps.now()) })
    .returning({ id: loginAttempts.id });
  if ((await recentFailures(deps, account)) > LOGIN_MAX_FAILURES) {
    // A refused attempt checked nothing, so it does not count: the lock ends a window after the last real failure.
    await deps.db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
    throw new AppError(Code.TOO_MANY_ATTEMPTS);
  }
  const user = await userByEmail(deps, account);
  const ok = (await checkPassword(user?.passwordHash ?? (await decoyHash()), password)) && user !== undefined;
  if (ok) await deps.db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attempt.id));
  return { user, ok };
}
