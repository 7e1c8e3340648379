/**
 * Password hashing (argon2id), the rule that a new password may not be one of the recent ones (2007), and the
 * operator's reset of a lost password (`npm run reset-password`).
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq } from 'drizzle-orm';
import { PASSWORD_HISTORY, PASSWORD_MIN } from '../../../contract/constants';
import { rules } from '../../../contract/validation';
import type { Db } from '../../db/client';
import { users } from '../tenancy/schema';
import { loginAttempts, passwordHistory, sessions } from './schema';

export const hashPassword = (password: string) => hash(password);

/** A random password that meets the password rule (letters and digits, lower case and a digit guaranteed). */
export const generatePassword = () => `${randomBytes(9).toString('base64url')}9a`;

export async function checkPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when `password` is the current one or one of the last PASSWORD_HISTORY ones. */
export async function isRecentPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const earlier = await db
    .select({ hash: passwordHistory.hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY);
  for (const h of [user?.hash, ...earlier.map((e) => e.hash)]) {
    if (h && (await checkPassword(h, password))) return true;
  }
  return false;
}

/** Sets a new password, keeping the old hash in the history. */
export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  const newHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (user) await tx.insert(passwordHistory).values({ userId, hash: user.hash });
    await tx.update(users).set({ passwordHash: newHash, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/**
 * The operator's reset of a lost password (server/resetPassword.ts): sets `password` on the account with this
 * e-mail, ends all its sessions and forgets its failed sign-ins, so that a locked-out owner can sign in at once.
 * Answers false when there is no such account; throws when the password breaks the password rule.
 */
export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  if (rules.password(password)) {
    throw new Error(
      `the password needs ${PASSWORD_MIN} characters or more, with a lower-case letter and a digit`,
    );
  }
  const account = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account));
  if (!user) return false;
  await setPassword(db, user.id, password);
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.account, account), eq(loginAttempts.success, false)));
  return true;
}
