/**
 * Finding an account by e-mail, and proving its password under the lock of SPEC §8: five failures within 15
 * minutes lock the account (2006), whatever the IP and whichever screen asked (sign-in, or joining a site).
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { LOGIN_LOCK_WINDOW_S, LOGIN_MAX_FAILURES } from '../../../contract/constants';
import { loginAttempts, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { BaseContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { checkPassword } from './passwords';

export async function userByEmail(deps: Deps, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

async function recentFailures(deps: Deps, account: string): Promise<number> {
  const since = new Date(deps.now() - LOGIN_LOCK_WINDOW_S * 1000);
  const attempts = await deps.db
    .select({ success: loginAttempts.success })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.account, account), gt(loginAttempts.at, since)))
    .orderBy(desc(loginAttempts.at), desc(loginAttempts.id))
    .limit(LOGIN_MAX_FAILURES);
  let failures = 0;
  for (const a of attempts) {
    if (a.success) break;
    failures++;
  }
  return failures;
}

/**
 * Checks `password` against the account of `account` and records the attempt; a locked account answers 2006
 * before any check. `ok` is false for an unknown account too: the caller decides which code that gives.
 */
export async function attemptPassword(deps: Deps, ctx: BaseContext, account: string, password: string) {
  if ((await recentFailures(deps, account)) >= LOGIN_MAX_FAILURES) throw new AppError(Code.TOO_MANY_ATTEMPTS);
  const user = await userByEmail(deps, account);
  const ok = user ? await checkPassword(user.passwordHash, password) : false;
  await deps.db
    .insert(loginAttempts)
    .values({ account, success: ok, ip: ctx.req.ip ?? '', at: new Date(deps.now()) });
  return { user, ok };
}
