/** Password hashing (argon2id) and the rule that a new password may not be one of the recent ones (2007). */
import { hash, verify } from '@node-rs/argon2';
import { desc, eq } from 'drizzle-orm';
import { PASSWORD_HISTORY } from '../../../contract/constants';
import type { Db } from '../../db/client';
import { passwordHistory, users } from '../../db/schema';

export const hashPassword = (password: string) => hash(password);

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
