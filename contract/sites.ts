/** Sites: onboarding badges (SPEC §4 Dashboard onboarding) and the user's own sites (SPEC §2 /site). */
import { z } from 'zod';
import type { ListColumns } from './list';
import { ServiceRef } from './session';

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
export const UserSite = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  domain: z.string(),
  /** The site's public address (its own domain, or its slug under the platform's). */
  url: z.string(),
  published: z.boolean(),
  /** The user's role there. */
  role: z.object({ id: z.number(), name: z.string() }),
  /** The site's plan, null before one is chosen. */
  service: ServiceRef.nullable(),
  /** The session's current site. */
  current: z.boolean(),
  created_at: z.string(),
});
export type UserSite = z.infer<typeof UserSite>;

/** `site/get`: one of the user's sites, with what the detail screen shows. */
export const UserSiteDetail = UserSite.extend({
  description: z.string(),
  logo: z.string(),
  timezone: z.string(),
  language: z.string(),
  staff_count: z.number(),
  badge: z.array(z.number()),
  onboarding_done: z.boolean(),
});
export type UserSiteDetail = z.infer<typeof UserSiteDetail>;

export const userSiteColumns: ListColumns = {
  filter: ['id', 'name'],
  sort: ['id', 'name', 'created_at'],
};

/** `site/skip`: the badges after skipping. */
export const SkipReply = z.object({ badge: z.array(z.number()), onboarding_done: z.boolean() });
export type SkipReply = z.infer<typeof SkipReply>;
