/** The session object of SPEC §3, as `member/status` answers it. */
import { z } from 'zod';
import { LOCALES } from './constants';
import { FEATURES } from './plans';

export const SessionUser = z.object({
  id: z.number(),
  /** Whether `email` was confirmed with a mailed code. */
  is_verified: z.boolean(),
  /** The account's address: sign-in, mail. */
  email: z.string(),
  /** A new address asked for and not yet confirmed with its code; it takes `email`'s place once confirmed. */
  pending_email: z.string().nullable(),
  nickname: z.string(),
  account: z.string(),
  avatar: z.string(),
  info: z.string(),
  /** What the user may do on the current site: the role's permissions and the plan's features. */
  permissions: z.array(z.string()),
  /** The role's own permissions. */
  base_permissions: z.array(z.string()),
  meta: z.object({ language: z.enum(LOCALES) }),
  /** A platform operator (issue 17): may ask support tokens into sites (/support). */
  platform_admin: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SiteSummary = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  domain: z.string(),
});
export type SiteSummary = z.infer<typeof SiteSummary>;

/** A site's plan as the screens name it. */
export const ServiceRef = z.object({ id: z.number(), name: z.string() });

export const CurrentSite = SiteSummary.extend({
  /** The site's public address; users with nothing to do in the back-office are sent there (SPEC §6). */
  url: z.string(),
  /** IANA zone of the site's wall clock (schedules are read in it). */
  timezone: z.string(),
  status: z.number(),
  published: z.boolean(),
  service: ServiceRef.nullable(),
  /** The plan's features (contract/plans.ts); empty before a plan is chosen. */
  features: z.array(z.enum(FEATURES)),
  badge: z.array(z.number()),
  frontend_display_language: z.array(
    z.object({ id: z.number(), iso: z.string(), label: z.string(), order: z.number(), default: z.boolean() }),
  ),
});
export type CurrentSite = z.infer<typeof CurrentSite>;

/**
 * The card gateway's public side, for the card form: the built-in sandbox's, or TapPay's web SDK (its script's
 * address, and the app id and key TapPay puts in every page that takes a card; never the partner key).
 */
export const CardGateway = z.discriminatedUnion('gateway', [
  z.object({ gateway: z.literal('sandbox') }),
  z.object({
    gateway: z.literal('tappay'),
    sdk_url: z.string(),
    app_id: z.number(),
    app_key: z.string(),
    server_type: z.enum(['sandbox', 'production']),
  }),
]);
export type CardGateway = z.infer<typeof CardGateway>;

export const Session = z.object({
  isLogined: z.boolean(),
  user: SessionUser.nullable(),
  site: z.object({ current: CurrentSite.nullable(), list: z.array(SiteSummary) }),
  role: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The server's facts: its clock, and (always sent; absent in older answers: the sandbox) the card gateway. */
  meta: z.object({ server_time: z.number(), payment: CardGateway.optional() }),
  remember: z.boolean(),
  /**
   * Whether the current site grants the user anything in the back-office, or another site of theirs does (SPEC §6);
   * a signed-in user who manages nothing is sent to `public_url`, the current (or last) site's public address.
   */
  managing: z.boolean().optional(),
  public_url: z.string().nullable().optional(),
  /** An operator's support session on the current site (issue 17): which site, until when (ISO time). */
  support: z
    .object({ site_id: z.number(), site_name: z.string(), expires_at: z.string() })
    .nullable()
    .optional(),
});
export type Session = z.infer<typeof Session>;
