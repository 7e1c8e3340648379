/** The session object of SPEC §3, as `member/status` answers it. */
import type { Locale } from './constants';
import type { Feature } from './plans';

export interface SessionUser {
  id: number;
  /** Whether `email` was confirmed with a mailed code. */
  is_verified: boolean;
  /** The account's address: sign-in, mail. */
  email: string;
  /** A new address asked for and not yet confirmed with its code; it takes `email`'s place once confirmed. */
  pending_email: string | null;
  nickname: string;
  account: string;
  avatar: string;
  info: string;
  /** What the user may do on the current site: the role's permissions and the plan's features. */
  permissions: string[];
  /** The role's own permissions. */
  base_permissions: string[];
  meta: { language: Locale };
}

export interface SiteSummary {
  id: number;
  name: string;
  slug: string;
  domain: string;
}

export interface CurrentSite extends SiteSummary {
  /** The site's public address; users with nothing to do in the back-office are sent there (SPEC §6). */
  url: string;
  /** IANA zone of the site's wall clock (schedules are read in it). */
  timezone: string;
  status: number;
  published: boolean;
  service: { id: number; name: string } | null;
  /** The plan's features (contract/plans.ts); empty before a plan is chosen. */
  features: Feature[];
  badge: number[];
  frontend_display_language: { id: number; iso: string; label: string; order: number; default: boolean }[];
}

export interface Session {
  isLogined: boolean;
  user: SessionUser | null;
  site: { current: CurrentSite | null; list: SiteSummary[] };
  role: { id: number; name: string } | null;
  meta: { server_time: number };
  remember: boolean;
}
