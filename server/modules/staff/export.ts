/**
 * `member/export`: the site's staff and open invitations as CSV (http/csv.ts), the header in the caller's language.
 * It holds whom the caller sees on the staff screen.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Locale } from '../../../contract/constants';
import type { SiteContext } from '../../http/action';
import { sendCsv, wallStamp } from '../../http/csv';
import { t } from '../../i18n';
import { roles, siteStaff, sites, users } from '../tenancy/schema';
import { callerOf, listInvitations, roleRef, seenRoles, visibleRoleIds } from './service';

/** The staff and open invitations the caller sees on the staff screen (staff.view_all: everyone). */
export async function exportStaff(ctx: SiteContext): Promise<string> {
  const { db } = ctx.deps;
  const lang: Locale = ctx.lang;
  const caller = callerOf(ctx);
  const [site] = await db.select().from(sites).where(eq(sites.id, ctx.site.id));
  const staff = await db
    .select({ staff: siteStaff, user: users, role: roles })
    .from(siteStaff)
    .innerJoin(users, eq(users.id, siteStaff.userId))
    .innerJoin(roles, eq(roles.id, siteStaff.roleId))
    .where(and(eq(siteStaff.siteId, site.id), seenRoles(siteStaff.roleId, await visibleRoleIds(db, caller))))
    .orderBy(asc(siteStaff.createdAt), asc(siteStaff.userId));
  const pending = await listInvitations(db, lang, caller, ctx.deps.now());
  return sendCsv(ctx, {
    kind: 'staff',
    site,
    header: ['nickname', 'email', 'role', 'status', 'date'].map((k) => t(lang, `staff.csv.${k}`)),
    rows: [
      ...staff.map(({ staff: s, user, role }) => [
        user.nickname,
        user.email,
        roleRef(lang, role).name,
        t(lang, 'staff.csv.joined'),
        wallStamp(s.createdAt, site.timezone),
      ]),
      ...pending.map((i) => [
        i.nickname,
        i.email,
        i.role.name,
        t(lang, 'staff.csv.pending'),
        wallStamp(i.invited_at, site.timezone),
      ]),
    ],
  });
}
