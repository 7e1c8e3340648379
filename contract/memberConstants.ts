/**
 * The members' plain values, apart from the zod rules of members.ts (as contentConstants.ts is from content.ts), so
 * that the member list's filters load no zod.
 */

/** A member's standing with the site's reader plans (server/modules/readers/status.ts decides it). */
export const MEMBER_STATUSES = ['free', 'paid', 'lapsed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Members read per query by the CSV export's keyset walk (streamed: memory holds about one batch). */
export const MEMBER_EXPORT_BATCH = 1_000;
