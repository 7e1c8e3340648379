/**
 * Staff and invitations (SPEC §2 /admin, §3 Staff invite, §6, §7 invite, invite_token, join). A staff member is a
 * user with ONE role on the site; their record's id is the user's id; the API's `roles` field carries that one role
 * id. Their record, list and export are the `admin` entity's (contract/entities/admin.ts). An invitation is mailed
 * as a link `/auth/invite?v=<token>`; it holds a seat of the plan's staffCount until it is used, cancelled or expires.
 */
import { z } from 'zod';
import { NICKNAME_MAX } from './constants';
import { f } from './fields';
import { ROLE } from './permissions';

/** How long an invitation link works. */
export const INVITE_TTL_S = 7 * 24 * 3600;

/** The built-in roles one may invite to or give (the owner's role is never given). */
export const ASSIGNABLE_BUILTIN_ROLES: readonly number[] = [ROLE.ADMIN, ROLE.EDITOR, ROLE.ECOMMERCE];

/** A role as staff screens show it: built-in names in the caller's language. */
export const RoleRef = z.object({ id: z.number(), name: z.string() });
export type RoleRef = z.infer<typeof RoleRef>;

/** An open invitation (neither used nor expired). */
export const Invitation = z.object({
  email: z.string(),
  nickname: z.string(),
  role: RoleRef,
  invited_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** `admin/options`: the roles one may invite to, and the seats the plan allows. */
export const StaffOptions = z.object({
  roles: z.array(RoleRef),
  /** Staff plus open invitations. */
  used: z.number(),
  limit: z.number(),
});
export type StaffOptions = z.infer<typeof StaffOptions>;

/** `member/invite`. */
export const StaffInvite = z.strictObject({
  email: f.email(),
  nickname: f.requiredText(NICKNAME_MAX),
  roles: f.id(),
});
export type StaffInvite = z.input<typeof StaffInvite>;
/** `member/invite` and `admin/cancel`: the address invited, or whose invitations were withdrawn. */
export const EmailReply = z.object({ email: z.string() });

/** `member/invite_token`: `token` is the link's `v`. */
export const InviteTokenInput = z.strictObject({ token: f.token() });

export const InviteTokenReply = z.object({
  /** The invited e-mail, which becomes (or is) the account. */
  account: z.string(),
  roles: RoleRef,
  /** The nickname the inviter suggested. */
  name: z.string(),
  /** The inviting site's name. */
  site: z.string(),
  /** An account with this e-mail exists: joining asks for its password instead of making one. */
  exists: z.boolean(),
});
export type InviteTokenReply = z.infer<typeof InviteTokenReply>;

/**
 * `member/join`: a new account needs a nickname and a password meeting the SPEC rule; an existing one is proved
 * by its current password (and keeps its nickname).
 */
export const JoinInput = z.strictObject({
  v: f.token(),
  nickname: f.text(NICKNAME_MAX).default(''),
  password: f.password(),
});
export type JoinInput = z.input<typeof JoinInput>;
export const JoinReply = z.object({
  account: z.string(),
  /** Whether this browser is now signed in as the account (false when someone else was signed in already). */
  signed_in: z.boolean(),
});
export type JoinReply = z.infer<typeof JoinReply>;

/** `admin/cancel`: withdraws the open invitation of an e-mail. */
export const InviteCancel = z.strictObject({ email: f.email() });
