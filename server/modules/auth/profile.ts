/**
 * The signed-in user's own profile (`member/save_profile`, contract/profile.ts): interface language, avatar and
 * nickname (which the user's linked bylines follow on every site), and changing and confirming the e-mail through
 * the verification codes of verification.ts. A new address waits in `pending_email` until its code is confirmed; till
 * then the current one is the account's (sign-in, mail, and the one registration finds taken).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { VerifyReply } from '../../../contract/auth';
import { Code } from '../../../contract/codes';
import { localeOr, NAME_MAX } from '../../../contract/constants';
import type { Profile, SaveProfileInput, SaveProfileReply } from '../../../contract/profile';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import type { UserContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { authors } from '../content/schema';
import { users } from '../tenancy/schema';
import { userByEmail } from './accounts';
import { checkCode, consumeVerified, startVerification } from './verification';

type Row = typeof users.$inferSelect;

const toProfile = (u: Row): Profile => ({
  id: u.id,
  email: u.email,
  pending_email: u.pendingEmail,
  is_verified: u.isVerified,
  nickname: u.nickname,
  avatar: u.avatar,
  language: localeOr(u.language, 'zh-TW'),
});

async function userRow(deps: Deps, id: number): Promise<Row> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id));
  // The session's user was just resolved; gone now means deleted in between.
  if (!row) throw new AppError(Code.UNAUTHORIZED);
  return row;
}

/**
 * Confirms with a mailed code the pending address, which then becomes the account's (2004 when another account took
 * it meanwhile), or else an unverified current one (1007 wrong code, 1011 expired or for another address).
 */
async function confirmEmail(deps: Deps, user: Row, token: string, code: string) {
  await checkCode(deps, token, code);
  const address = user.pendingEmail ?? user.email;
  if (user.pendingEmail !== null && (await userByEmail(deps, address))) throw new AppError(Code.EMAIL_TAKEN);
  // Only if no other call has asked for another address since this one read the row.
  const unchanged =
    user.pendingEmail === null ? isNull(users.pendingEmail) : eq(users.pendingEmail, user.pendingEmail);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await consumeVerified(deps, token, address, 'email', tx, user.id)))
        throw new AppError(Code.EXPIRED);
      const [moved] = await tx
        .update(users)
        .set({ email: address, pendingEmail: null, isVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), unchanged))
        .returning({ id: users.id });
      if (!moved) throw new AppError(Code.EXPIRED);
    });
  } catch (err) {
    // Its owner registered it between the check and the move.
    if (isUniqueViolation(err)) throw new AppError(Code.EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Mails a code to `email` for the account to move there once it is confirmed; the current address stays the
 * account's until then. Whether another account has the address is told only at confirmation (2004), to whoever
 * holds its code: asking answers the same for any address, so a signed-in account cannot probe for others.
 */
async function requestEmail(deps: Deps, ctx: UserContext, user: Row, email: string) {
  const verify = await startVerification(deps, email, 'email', ctx.lang, user.id);
  await deps.db
    .update(users)
    .set({ pendingEmail: email, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return verify;
}

export async function saveProfile(
  deps: Deps,
  ctx: UserContext,
  input: z.output<typeof SaveProfileInput>,
): Promise<SaveProfileReply> {
  let user = await userRow(deps, ctx.user.id);
  if (input.token !== undefined && input.verify !== undefined) {
    await confirmEmail(deps, user, input.token, input.verify);
    user = await userRow(deps, user.id);
  }

  const newEmail = input.email !== undefined && input.email !== user.email;
  // What others see (bylines) waits for a verified owner, unless this very call changes the address.
  const touchesProfile = input.nickname !== undefined || input.avatar !== undefined;
  if (touchesProfile && !user.isVerified && !newEmail) throw new AppError(Code.EMAIL_NOT_VERIFIED);

  let verify: VerifyReply | null = null;
  if (input.email !== undefined) {
    if (newEmail) verify = await requestEmail(deps, ctx, user, input.email);
    else {
      // The current address: a change waiting for its code is called off, an unverified address gets a new code.
      if (user.pendingEmail !== null) {
        await deps.db
          .update(users)
          .set({ pendingEmail: null, updatedAt: new Date() })
          .where(eq(users.id, user.id));
      }
      if (!user.isVerified) verify = await startVerification(deps, input.email, 'email', ctx.lang, user.id);
    }
    user = await userRow(deps, user.id);
  }

  const changes: Partial<Pick<Row, 'nickname' | 'avatar' | 'language'>> = {};
  if (input.language !== undefined) changes.language = input.language;
  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (Object.keys(changes).length > 0) {
    const byline: Partial<typeof authors.$inferInsert> = {};
    if (input.nickname !== undefined) byline.name = [...input.nickname].slice(0, NAME_MAX).join('');
    if (input.avatar !== undefined) byline.avatar = input.avatar;
    user = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, ctx.user.id))
        .returning();
      // The user's own bylines (SPEC §3 Author member_id) are edited only here, on every site they write for.
      if (Object.keys(byline).length > 0) {
        await tx
          .update(authors)
          .set({ ...byline, updatedAt: new Date() })
          .where(eq(authors.memberId, ctx.user.id));
      }
      return row;
    });
  }
  return { ...toProfile(user), verify };
}
