/**
 * Staff and invitations (SPEC §2 /admin, §3 Staff invite, §6, §7 invite, invite_token, join, export, site/staff).
 * A staff member is a user with ONE role on the site; their record's id is the user's id. The API's `roles` field
 * carries that one role id. An invitation is mailed as a link `/auth/invite?v=<token>`; it holds a seat of the
 * plan's staffCount until it is used, cancelled or expires.
 */
import { z } from 'zod';
import { NICKNAME_MAX } from './constants';
import { f } from './fields';
import type { ListColumns } from './list';
import { ROLE } from './permissions';

/** How long an invitation link works. */
export const INVITE_TTL_S = 7 * 24 * 3600;

/** The built-in roles one may invite to or give (the owner's role is never given). */
export const ASSIGNABLE_BUILTIN_ROLES: readonly number[] = [ROLE.ADMIN, ROLE.EDITOR, ROLE.ECOMMERCE];

/** A role as staff screens show it: built-in names in the caller's language. */
export interface RoleRef {
  id: number;
  name: string;
}

export interface StaffMember {
  /** The user's id. */
  id: number;
  nickname: string;
  email: string;
  avatar: string;
  role: RoleRef;
  /** The role's id again, as the form field `roles` of `admin/save`. */
  roles: number;
  joined_at: string;
  /** The caller's own record: read-only for them (3011). */
  is_self: boolean;
  /** The site's owner: never removed nor given another role. */
  is_owner: boolean;
}

/** An open invitation (neither used nor expired). */
export interface Invitation {
  email: string;
  nickname: string;
  role: RoleRef;
  invited_at: string;
  expires_at: string;
}

/** `admin/options`: the roles one may invite to, and the seats the plan allows. */
export interface StaffOptions {
  roles: RoleRef[];
  /** Staff plus open invitations. */
  used: number;
  limit: number;
}

/** `member/invite`. */
export const StaffInvite = z.strictObject({
  email: f.email(),
  nickname: f.requiredText(NICKNAME_MAX),
  roles: f.id(),
});
export type StaffInvite = z.input<typeof StaffInvite>;

/** `member/invite_token`: `token` is the link's `v`. */
export const InviteTokenInput = z.strictObject({ token: f.token() });

export interface InviteTokenReply {
  /** The invited e-mail, which becomes (or is) the account. */
  account: string;
  roles: RoleRef;
  /** The nickname the inviter suggested. */
  name: string;
  /** The inviting site's name. */
  site: string;
  /** An account with this e-mail exists: joining asks for its password instead of making one. */
  exists: boolean;
}

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
export interface JoinReply {
  account: string;
}

/** `admin/save`: another role for a staff member. */
export const StaffSave = z.strictObject({ id: f.id(), roles: f.id() });
export type StaffSave = z.input<typeof StaffSave>;

/** `admin/cancel`: withdraws the open invitation of an e-mail. */
export const InviteCancel = z.strictObject({ email: f.email() });

/** `keyword` searches nickname and e-mail together; `role` takes role ids. */
export const staffColumns: ListColumns = {
  filter: ['id', 'keyword', 'nickname', 'email', 'role'],
  sort: ['id', 'nickname', 'email', 'role', 'joined_at'],
};
