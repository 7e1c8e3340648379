/**
 * `member/export`: the site's staff and open invitations as CSV — UTF-8 with a byte-order mark so that Excel reads
 * Chinese, CRLF rows, RFC 4180 quoting, the header in the caller's language, times in the site's time zone. It holds
 * whom the caller sees on the staff screen.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Locale } from '../../../contract/constants';
import { wallTime } from '../../../contract/zoned';
import { roles, siteStaff, sites, users } from '../../db/schema';
import type { SiteContext } from '../../http/action';
import { t } from '../../i18n';
import { callerOf, listInvitations, roleRef, seenRoles, visibleRoleIds } from './service';

/**
 * One CSV field: quoted when it holds a quote, comma or line break. A value a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR first) gets a leading apostrophe: nicknames are typed by anyone.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRows = (rows: readonly (readonly string[])[]): string =>
  `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

const at = (date: Date | string, timeZone: string) => {
  const w = wallTime(date, timeZone);
  return `${w.date} ${w.time}`;
};

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
  const header = ['nickname', 'email', 'role', 'status', 'date'].map((k) => t(lang, `staff.csv.${k}`));
  const body = csvRows([
    header,
    ...staff.map(({ staff: s, user, role }) => [
      user.nickname,
      user.email,
      roleRef(lang, role).name,
      t(lang, 'staff.csv.joined'),
      at(s.createdAt, site.timezone),
    ]),
    ...pending.map((i) => [
      i.nickname,
      i.email,
      i.role.name,
      t(lang, 'staff.csv.pending'),
      at(i.invited_at, site.timezone),
    ]),
  ]);
  const day = wallTime(ctx.deps.now(), site.timezone).date;
  ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="staff-${site.slug.replace(/[^a-z0-9-]/g, '')}-${day}.csv"`,
    )
    .header('cache-control', 'no-store');
  return body;
}
