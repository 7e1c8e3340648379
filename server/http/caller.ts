/** Who is calling, as action() hands it to a handler (re-exported by http/session.ts). */
import type { Feature } from '../../contract/plans';

export interface SessionInfo {
  id: string;
  userId: number;
  siteId: number | null;
  remember: boolean;
  /** The operator's support entry this session works under (issue 17), if any. */
  supportEntryId: number | null;
}

export interface AuthUser {
  id: number;
  email: string;
  nickname: string;
  avatar: string;
  info: string;
  isVerified: boolean;
  /** A new address waiting for its code (`email` is the account's until then). */
  pendingEmail: string | null;
  language: string;
  /** A platform operator (issue 17), marked only by `npm run operator`. */
  platformAdmin: boolean;
}

export interface SiteScope {
  id: number;
  roleId: number;
  /** The staff role's row, read with the scope (member/status names it); absent for a support scope. */
  role?: { name: string; builtin: boolean };
  /** What the caller may do here: the role's permissions that the site's plan allows. */
  permissions: Set<string>;
  /** The role's own permissions, before the plan's features. */
  basePermissions: string[];
  features: readonly Feature[];
  /** The site's plan (from the plans table), or null before its first payment. */
  plan: { id: number; name: string } | null;
  /** Set when the caller is a platform operator here through a support entry (issue 17), not as staff. */
  support?: { entryId: number; expiresAt: Date };
}
