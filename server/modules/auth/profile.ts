/**
 * The signed-in user's own profile (`member/save_profile`, contract/profile.ts): interface language, avatar and
 * nickname (which the user's linked bylines follow on every site), and changing and confirming the e-mail through
 * the verification codes of verification.ts.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { VerifyReply } from '../../../contract/auth';
import { Code } from '../../../contract/codes';
import { isLocale, NAME_MAX } from '../../../contract/constants';
import type { Profile, SaveProfileInput, SaveProfileReply } from '../../../contract/profile';
import { isUniqueViolation } from '../../db/errors';
import { authors, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { checkCode, consumeVerified, startVerification } from './verification';

type Row = typeof users.$inferSelect;

const toProfile = (u: Row): Profile => ({
  id: u.id,
  email: u.email,
  is_verified: u.isVerified,
  nickname: u.nickname,
  avatar: u.avatar,
  language: isLocale(u.language) ? u.language : 'zh-TW',
});

async function userRow(deps: Deps, id: number): Promise<Row> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id));
  // The session's user was just resolved; gone now means deleted in between.
  if (!row) throw new AppError(Code.UNAUTHORIZED);
  return row;
}

/** Confirms the user's current address with a mailed code (1007 wrong, 1011 expired or for another address). */
async function confirmEmail(deps: Deps, user: Row, token: string, code: string) {
  await checkCode(deps, token, code);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeVerified(deps, token, user.email, 'email', tx))) throw new AppError(Code.EXPIRED);
    await tx.update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  });
}

/** Takes a new address for the user, unverified (2004 when another account has it). */
async function changeEmail(deps: Deps, user: Row, email: string) {
  const [other] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)))
    .limit(1);
  if (other) throw new AppError(Code.EMAIL_TAKEN);
  try {
    await deps.db
      .update(users)
      .set({ email, isVerified: false, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  } catch (err) {
    // Another account took it between the check and the write.
    if (isUniqueViolation(err)) throw new AppError(Code.EMAIL_TAKEN);
    throw err;
  }
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
  if (input.email !== undefined && (newEmail || !user.isVerified)) {
    if (newEmail) await changeEmail(deps, user, input.email);
    verify = await startVerification(deps, input.email, 'email', ctx.lang);
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
