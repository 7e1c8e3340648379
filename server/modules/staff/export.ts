/**
 * The rows of the staff CSV (`member/export`, the `admin` entity's export): the staff of the list's filters and sort,
 * then the open invitations those filters keep, each with its status, in the caller's language and the site's zone.
 * It holds whom the caller sees on the staff screen.
 */
import { eq } from 'drizzle-orm';
import type { admin } from '../../../contract/entities/admin';
import type { ExportColumns } from '../../../contract/entity';
import type { Filter, ListQuery } from '../../../contract/list';
import type { Invitation } from '../../../contract/staff';
import type { SiteContext } from '../../http/action';
import { wallStamp } from '../../http/csv';
import { t } from '../../i18n';
import { sites } from '../tenancy/schema';
import { callerOf, listInvitations, listStaff } from './service';

type StaffCsvRow = Record<ExportColumns<typeof admin>, string>;

const values = (filter: Filter) => (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
const holds = (text: string, filter: Filter) =>
  text.toLowerCase().includes(String(filter.value).trim().toLowerCase());

/** Whether the list's filters keep an open invitation (a filter on ids names staff only). */
function kept(invitation: Invitation, filters: readonly Filter[]): boolean {
  return filters.every((filter) => {
    switch (filter.col) {
      case 'role':
        return values(filter).includes(String(invitation.role.id));
      case 'keyword':
        return holds(invitation.nickname, filter) || holds(invitation.email, filter);
      case 'nickname':
        return holds(invitation.nickname, filter);
      case 'email':
        return holds(invitation.email, filter);
      default:
        return false;
    }
  });
}

/** The staff and open invitations the caller sees (staff.view_all: everyone), as the list's query keeps them. */
export async function staffCsvRows(ctx: SiteContext, query: ListQuery): Promise<StaffCsvRow[]> {
  const { db } = ctx.deps;
  const caller = callerOf(ctx);
  const [site] = await db.select({ timezone: sites.timezone }).from(sites).where(eq(sites.id, ctx.site.id));
  const staff = await listStaff(db, ctx.lang, caller, query);
  const pending = (await listInvitations(db, ctx.lang, caller, ctx.deps.now())).filter((i) =>
    kept(i, query.filters),
  );
  return [
    ...staff.rows.map((s) => ({
      nickname: s.nickname,
      email: s.email,
      role: s.role.name,
      status: t(ctx.lang, 'staff.csv.joined'),
      date: wallStamp(s.joined_at, site.timezone),
    })),
    ...pending.map((i) => ({
      nickname: i.nickname,
      email: i.email,
      role: i.role.name,
      status: t(ctx.lang, 'staff.csv.pending'),
      date: wallStamp(i.invited_at, site.timezone),
    })),
  ];
}
