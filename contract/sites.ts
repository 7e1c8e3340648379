/** Sites: onboarding badges (SPEC §4 Dashboard onboarding) and the user's own sites (SPEC §2 /site). */
import type { ListColumns } from './list';

/** Badges a site earns as its owner sets it up; SKIPPED is given by the dashboard's skip action. */
export const BADGE = {
  /** General settings saved (title and description). */
  SETTINGS: 1,
  /** A logo uploaded. */
  LOGO: 2,
  /** The first article published. */
  FIRST_POST: 3,
  /** A menu saved. */
  MENU: 4,
  /** A staff member invited. */
  TEAM: 5,
  /** Onboarding skipped. */
  SKIPPED: 6,
} as const;
export type Badge = (typeof BADGE)[keyof typeof BADGE];

/** Onboarding is done with 5 or more badges, or once skipped (badge 6). */
export const ONBOARDING_DONE_AT = 5;
export function onboardingDone(badges: readonly number[]): boolean {
  return badges.includes(BADGE.SKIPPED) || new Set(badges).size >= ONBOARDING_DONE_AT;
}

/** A site of the signed-in user, as `site/list` answers it (SPEC §2 /site). */
export interface UserSite {
  id: number;
  name: string;
  slug: string;
  domain: string;
  /** The site's public address (its own domain, or its slug under the platform's). */
  url: string;
  published: boolean;
  /** The user's role there. */
  role: { id: number; name: string };
  /** The site's plan, null before one is chosen. */
  service: { id: number; name: string } | null;
  /** The session's current site. */
  current: boolean;
  created_at: string;
}

/** `site/get`: one of the user's sites, with what the detail screen shows. */
export interface UserSiteDetail extends UserSite {
  description: string;
  logo: string;
  timezone: string;
  language: string;
  staff_count: number;
  badge: number[];
  onboarding_done: boolean;
}

export const userSiteColumns: ListColumns = {
  filter: ['id', 'name'],
  sort: ['id', 'name', 'created_at'],
};

/** `site/skip`: the badges after skipping. */
export interface SkipReply {
  badge: number[];
  onboarding_done: boolean;
}
