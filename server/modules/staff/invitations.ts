/**
 * Invitations: `member/invite` mails a one-use link `/auth/invite?v=<token>` (the table keeps the token's SHA-256),
 * `member/invite_token` tells the invite page what the link offers, and `member/join` makes (or proves) the account
 * and adds it to the site's staff, signing the browser in. An open invitation holds a seat of the plan's staffCount.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import { type Locale, localeOr } from '../../../contract/constants';
import { mayTouchRole } from '../../../contract/permissions';
import { BADGE } from '../../../contract/sites';
import {
  INVITE_TTL_S,
  type InviteTokenReply,
  type JoinInput,
  type JoinReply,
  type StaffInvite,
} from '../../../contract/staff';
import { rules } from '../../../contract/validation';
import type { Deps } from '../../deps';
import type { BaseContext, SiteContext } from '../../http/action';
import { AppError, FieldError } from '../../http/errors';
import { t } from '../../i18n';
import { attemptPassword, userByEmail } from '../auth/accounts';
import { hashPassword } from '../auth/passwords';
import { hashToken, newToken, startSession } from '../auth/session';
import { roleRef } from '../tenancy/roles';
import { roles, siteStaff, sites, users } from '../tenancy/schema';
import { awardBadge } from '../tenancy/sites';
import { invitations } from './schema';
import { assignableRole, callerOf, lockStaff, openInvitation, seats, sees, visibleRoleIds } from './service';

/**
 * `member/invite`. Invitations follow the staff's sight and 管理員 rules (service.ts), and nothing out of the caller's
 * sight changes the answer: an address whose staff record or open invitation the caller does not see is invited as
 * if nobody knew it. Refusing it would reveal that it exists, whatever the words; replacing the hidden invitation
 * would kill a stronger inviter's link. So that one is kept beside the caller's: the person gets both mails, each
 * naming its role, and joining with one closes the other (`join`); the owner sees both. A hidden staff member's
 * invitation cannot be used (3014 when they join) and only holds a seat until cancelled or expired. What the caller
 * sees works as before: staff answer 3014, an open invitation is replaced (a 管理員's only with setting.admin).
 */
export async function invite(deps: Deps, ctx: SiteContext, input: z.output<typeof StaffInvite>) {
  const siteId = ctx.site.id;
  const caller = callerOf(ctx);
  // 管理員 needs setting.admin, and only a role within the inviter's own may be offered.
  const role = await assignableRole(deps.db, caller, input.roles);
  const seen = await visibleRoleIds(deps.db, caller);
  const existing = await userByEmail(deps, input.email);
  const token = newToken();
  const now = deps.now();
  const site = await deps.db.transaction(async (tx) => {
    await lockStaff(tx, siteId);
    const [staff] = await tx
      .select({ roleId: siteStaff.roleId })
      .from(siteStaff)
      .innerJoin(users, eq(users.id, siteStaff.userId))
      .where(and(eq(siteStaff.siteId, siteId), eq(users.email, input.email)));
    if (staff && sees(seen, staff.roleId)) throw new AppError(Code.ALREADY_STAFF);
    const open = await tx
      .select({ id: invitations.id, roleId: invitations.roleId })
      .from(invitations)
      .where(and(eq(invitations.siteId, siteId), eq(invitations.email, input.email), openInvitation(now)));
    // Replacing a 管理員's invitation takes a 管理員 away. The caller sees it, so the refusal says so under the field.
    if (open.some((i) => sees(seen, i.roleId) && !mayTouchRole(caller.permissions, i.roleId))) {
      throw new FieldError({ email: { message: 'staff.errors.adminInvited' } });
    }
    // Inviting the same address again replaces its open invitation (so its seat is not counted twice), and clears
    // its spent ones; only an invitation out of sight stays.
    const kept = open.filter((i) => !sees(seen, i.roleId)).map((i) => i.id);
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.siteId, siteId),
          eq(invitations.email, input.email),
          kept.length ? notInArray(invitations.id, kept) : undefined,
        ),
      );
    const { used, limit } = await seats(tx, siteId, now);
    if (used >= limit) throw new AppError(Code.STAFF_LIMIT);
    await tx.insert(invitations).values({
      id: hashToken(token),
      siteId,
      email: input.email,
      nickname: input.nickname,
      roleId: role.id,
      invitedBy: ctx.user.id,
      expiresAt: new Date(now + INVITE_TTL_S * 1000),
      createdAt: new Date(now),
    });
    await awardBadge(tx, siteId, BADGE.TEAM);
    const [row] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    return row;
  });

  // The mail speaks the invitee's language when they have an account, else the inviter's.
  const lang: Locale = localeOr(existing?.language, ctx.lang);
  const args = {
    inviter: ctx.user.nickname || ctx.user.email,
    site: site.name,
    role: roleRef(lang, role).name,
    link: `${deps.config.publicUrl}/auth/invite?v=${encodeURIComponent(token)}`,
    days: INVITE_TTL_S / 86400,
  };
  try {
    await deps.outbox.enqueue({
      to: input.email,
      subject: t(lang, 'staff.mail.subject', args),
      text: t(lang, 'staff.mail.body', args),
    });
  } catch (err) {
    // An invitation whose mail could not even be queued would only hold a seat.
    await deps.db.delete(invitations).where(eq(invitations.id, hashToken(token)));
    throw err;
  }
  return { email: input.email };
}

/** The open invitation of a link's token, with its site and role; 3010 when unknown, used or expired. */
async function openByToken(deps: Deps, token: string) {
  const [row] = await deps.db
    .select({ invitation: invitations, site: { name: sites.name }, role: roles })
    .from(invitations)
    .innerJoin(sites, eq(sites.id, invitations.siteId))
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(and(eq(invitations.id, hashToken(token)), openInvitation(deps.now())));
  if (!row) throw new AppError(Code.INVITE_INVALID);
  return row;
}

export async function inviteToken(deps: Deps, lang: Locale, token: string): Promise<InviteTokenReply> {
  const { invitation, site, role } = await openByToken(deps, token);
  return {
    account: invitation.email,
    roles: roleRef(lang, role),
    name: invitation.nickname,
    site: site.name,
    exists: Boolean(await userByEmail(deps, invitation.email)),
  };
}

/**
 * Joins the site: a new account is made from the link (which proves the e-mail) with the SPEC password rule; an
 * existing account must give its password. The link is spent in the same transaction that adds the staff row.
 */
export async function join(
  deps: Deps,
  ctx: BaseContext,
  input: z.output<typeof JoinInput>,
): Promise<JoinReply> {
  const { invitation } = await openByToken(deps, input.v);
  const existing = await userByEmail(deps, invitation.email);
  let passwordHash = '';
  if (existing) {
    // The same lock as sign-in: a link in a stolen mailbox must not become a way to guess the password.
    const { ok } = await attemptPassword(deps, ctx, invitation.email, input.password);
    if (!ok) throw new AppError(Code.WRONG_PASSWORD);
  } else {
    const bad: FieldError['fields'] = {};
    const nickname = rules.required(input.nickname);
    const password = rules.password(input.password);
    if (nickname) bad.nickname = nickname;
    if (password) bad.password = password;
    if (Object.keys(bad).length) throw new FieldError(bad);
    passwordHash = await hashPassword(input.password);
  }
  const now = new Date(deps.now());
  const joinedId = await deps.db.transaction(async (tx) => {
    await lockStaff(tx, invitation.siteId);
    const [spent] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(and(eq(invitations.id, invitation.id), openInvitation(now.getTime())))
      .returning({ id: invitations.id });
    if (!spent) throw new AppError(Code.INVITE_INVALID);
    // The address's other open invitations (one kept out of an inviter's sight, see `invite`) are moot now.
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.siteId, invitation.siteId),
          eq(invitations.email, invitation.email),
          openInvitation(now.getTime()),
        ),
      );
    // The invitation held a seat; a plan changed since may have fewer.
    const { used, limit } = await seats(tx, invitation.siteId, now.getTime());
    if (used >= limit) throw new AppError(Code.STAFF_LIMIT);
    let userId = existing?.id;
    if (userId === undefined) {
      const [made] = await tx
        .insert(users)
        .values({
          email: invitation.email,
          passwordHash,
          nickname: input.nickname,
          isVerified: true,
          language: ctx.lang,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // The address was registered since the page opened: its owner must join with that account's password.
      if (!made) throw new AppError(Code.EMAIL_TAKEN);
      userId = made.id;
    }
    const [added] = await tx
      .insert(siteStaff)
      .values({ siteId: invitation.siteId, userId, roleId: invitation.roleId, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: siteStaff.userId });
    if (!added) throw new AppError(Code.ALREADY_STAFF);
    return userId;
  });
  // Joining proved the account (its password, or the mailbox and a new password): a browser nobody is signed in on
  // is signed in, on the site just joined. Someone already signed in keeps their session (another person's too).
  if (!ctx.session) await startSession(deps, ctx.req, ctx.reply, joinedId, false, invitation.siteId);
  return { account: invitation.email, signed_in: !ctx.session || ctx.session.userId === joinedId };
}
