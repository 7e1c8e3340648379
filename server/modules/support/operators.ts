/**
 * Platform operators (issue 17): marked only by the server command `npm run operator` (server/operatorCli.ts), never
 * through the API. Revoking ends the operator's support: every entry of theirs expires and their sessions leave it.
 */
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { EMAIL_MAX } from '../../../contract/constants';
import { rules } from '../../../contract/validation';
import type { Db } from '../../db/client';
import { generatePassword, hashPassword } from '../auth/passwords';
import { sessions, supportEntries } from '../auth/schema';
import { users } from '../tenancy/schema';

export interface OperatorResult {
  email: string;
  /** Set when the account was made now: its generated password, shown once. */
  password?: string;
}

/** Marks the account with this e-mail a platform operator, making a verified account first when there is none. */
export async function makeOperator(db: Db, email: string): Promise<OperatorResult> {
  const account = email.trim().toLowerCase();
  // The contract's e-mail rule (f.email's), the length checked first so the pattern never sees a longer text.
  if (account.length > EMAIL_MAX || rules.email(account)) throw new Error(`not an e-mail: ${email}`);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account));
  if (user) {
    await db.update(users).set({ platformAdmin: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { email: account };
  }
  const password = generatePassword();
  await db.insert(users).values({
    email: account,
    passwordHash: await hashPassword(password),
    nickname: account.split('@')[0] ?? account,
    isVerified: true,
    platformAdmin: true,
  });
  return { email: account, password };
}

/** Unmarks an operator and ends their support: false when there is no such account. */
export async function revokeOperator(db: Db, email: string, now = new Date()): Promise<boolean> {
  const account = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account));
  if (!user) return false;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ platformAdmin: false, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .update(supportEntries)
      .set({ expiresAt: now })
      .where(and(eq(supportEntries.operatorId, user.id), gt(supportEntries.expiresAt, now)));
    await tx
      .update(sessions)
      .set({ supportEntryId: null, siteId: null })
      .where(and(eq(sessions.userId, user.id), isNotNull(sessions.supportEntryId)));
  });
  return true;
}
