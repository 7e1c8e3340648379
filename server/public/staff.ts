/**
 * Staff looking at an unpublished site: site/visit (server/modules/sites/routes.ts) gives a link to
 * `<site>/_staff?token=…`; that sets the token as an HttpOnly cookie on the site's host, and every page then checks
 * it (this site's, unexpired) and that its user is still on the site's staff.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteStaff } from '../modules/tenancy/schema';
import { STAFF_VIEW_HOURS, verifyToken } from '../shared/tokens';

export const STAFF_COOKIE = 'site_staff';
export const STAFF_COOKIE_MAX_AGE_S = STAFF_VIEW_HOURS * 3600;

/** The staff token's user, when the token is genuine, unexpired and for this site. */
export function staffTokenUser(secret: string, token: unknown, siteId: number, now: number): number | null {
  const payload = verifyToken(secret, token, 'staff', now);
  return payload && payload.site === siteId ? payload.user : null;
}

/** Whether the cookie's token lets its holder see this site: a valid token of a user still on its staff. */
export async function isStaffViewer(
  db: Db,
  secret: string,
  token: unknown,
  siteId: number,
  now: number,
): Promise<boolean> {
  const user = staffTokenUser(secret, token, siteId, now);
  if (user === null) return false;
  const [row] = await db
    .select({ userId: siteStaff.userId })
    .from(siteStaff)
    .where(and(eq(siteStaff.siteId, siteId), eq(siteStaff.userId, user)));
  return Boolean(row);
}
