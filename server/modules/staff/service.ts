/**
 * A site's staff: who works on it with which role (site_staff), listed with their account; role changes and
 * removal. Nobody changes their own record (3011) and the owner keeps the site. Rows are always looked up inside the
 * caller's site: another site's staff id is not found here.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Locale } from '../../../contract/constants';
import type { ListQuery, ListResult } from '../../../contract/list';
import { ROLE } from '../../../contract/permissions';
import { planById } from '../../../contract/plans';
import {
  ASSIGNABLE_BUILTIN_ROLES,
  type Invitation,
  type RoleRef,
  type StaffMember,
  type StaffOptions,
  staffColumns,
} from '../../../contract/staff';
import type { Db } from '../../db/client';
import { invitations, roles, siteStaff, sites, users } from '../../db/schema';
import { AppError, FieldError, forbidden, notFound } from '../../http/errors';
import { likePattern } from '../../http/list';
import { t } from '../../i18n';

/** Any fixed number: invitations, joins and removals of one site take turns, so the seat count stays true. */
const STAFF_LOCK = 7_240_044;

export const lockStaff = (db: Db, siteId: number) =>
  db.execute(sql`SELECT pg_advisory_xact_lock(${STAFF_LOCK}, ${siteId})`);

export const roleRef = (lang: Locale, r: { id: number; name: string; builtin: boolean }): RoleRef => ({
  id: r.id,
  name: r.builtin ? t(lang, `roles.${r.id}`) : r.name,
});

const columns = {
  userId: siteStaff.userId,
  roleId: siteStaff.roleId,
  joinedAt: siteStaff.createdAt,
  nickname: users.nickname,
  email: users.email,
  avatar: users.avatar,
  roleName: roles.name,
  builtin: roles.builtin,
};
function staffQuery(db: Db) {
  return db
    .select(columns)
    .from(siteStaff)
    .innerJoin(users, eq(users.id, siteStaff.userId))
    .innerJoin(roles, eq(roles.id, siteStaff.roleId));
}
type Row = Awaited<ReturnType<typeof staffQuery>>[number];

const toMember = (r: Row, lang: Locale, callerId: number): StaffMember => ({
  id: r.userId,
  nickname: r.nickname,
  email: r.email,
  avatar: r.avatar,
  role: roleRef(lang, { id: r.roleId, name: r.roleName, builtin: r.builtin }),
  roles: r.roleId,
  joined_at: r.joinedAt.toISOString(),
  is_self: r.userId === callerId,
  is_owner: r.roleId === ROLE.OWNER,
});

const INT4_MAX = 2_147_483_647;
const toInt = (v: string | number): number | undefined => {
  const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= INT4_MAX ? n : undefined;
};

/** How each filterable column is searched (by keyword) or matched (`in` a list of ids). */
const filterable: Record<string, { search?: (p: string) => SQL | undefined; in?: (ids: number[]) => SQL }> = {
  id: { in: (ids) => inArray(siteStaff.userId, ids) },
  role: { in: (ids) => inArray(siteStaff.roleId, ids) },
  nickname: { search: (p) => ilike(users.nickname, p) },
  email: { search: (p) => ilike(users.email, p) },
  keyword: { search: (p) => or(ilike(users.nickname, p), ilike(users.email, p)) },
};
const sortable = {
  id: siteStaff.userId,
  nickname: users.nickname,
  email: users.email,
  role: siteStaff.roleId,
  joined_at: siteStaff.createdAt,
};

/** `site/staff`: the list query of contract/list.ts over staff joined with their accounts and roles. */
export async function listStaff(
  db: Db,
  siteId: number,
  lang: Locale,
  callerId: number,
  query: ListQuery,
): Promise<ListResult<StaffMember>> {
  const conditions: (SQL | undefined)[] = [eq(siteStaff.siteId, siteId)];
  const bad: FieldError['fields'] = {};
  query.filters.forEach((filter, i) => {
    const how = staffColumns.filter.includes(filter.col) ? filterable[filter.col] : undefined;
    if (filter.type === 'search' && how?.search) {
      conditions.push(how.search(likePattern(String(filter.value))));
    } else if (filter.type === 'in' && how?.in) {
      const ids = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(toInt);
      if (ids.includes(undefined)) bad[`query.filters.${i}.value`] = { message: 'validation.format' };
      else conditions.push(ids.length ? how.in(ids as number[]) : sql`false`);
    } else {
      bad[`query.filters.${i}.col`] = { message: 'validation.format' };
    }
  });
  const sort = query.sort ?? { col: 'joined_at', order: 'asc' };
  const sortColumn = staffColumns.sort.includes(sort.col)
    ? sortable[sort.col as keyof typeof sortable]
    : undefined;
  if (!sortColumn) bad['query.sort.col'] = { message: 'validation.format' };
  if (Object.keys(bad).length || !sortColumn) throw new FieldError(bad);

  const where = and(...conditions);
  const order = sort.order === 'asc' ? asc(sortColumn) : desc(sortColumn);
  const [rows, [{ total }]] = await Promise.all([
    staffQuery(db)
      .where(where)
      .orderBy(order, asc(siteStaff.userId))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: count() })
      .from(siteStaff)
      .innerJoin(users, eq(users.id, siteStaff.userId))
      .where(where),
  ]);
  return { rows: rows.map((r) => toMember(r, lang, callerId)), total: Number(total) };
}

async function memberRow(db: Db, siteId: number, userId: number): Promise<Row> {
  const [row] = await staffQuery(db).where(and(eq(siteStaff.siteId, siteId), eq(siteStaff.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function getStaff(db: Db, siteId: number, lang: Locale, callerId: number, id: number) {
  return toMember(await memberRow(db, siteId, id), lang, callerId);
}

/** A record the caller may change: in the site, not their own (3011), not the owner's. */
async function changeableRow(db: Db, siteId: number, callerId: number, id: number): Promise<Row> {
  const row = await memberRow(db, siteId, id);
  if (row.userId === callerId) throw new AppError(Code.SELF_STAFF);
  if (row.roleId === ROLE.OWNER) throw forbidden();
  return row;
}

/** A role one may give on this site: 管理員, 編輯, 電商人員 or one of the site's own; otherwise a field error. */
export async function assignableRole(db: Db, siteId: number, roleId: number) {
  const [row] = await db
    .select()
    .from(roles)
    .where(
      and(
        eq(roles.id, roleId),
        or(
          and(isNull(roles.siteId), inArray(roles.id, [...ASSIGNABLE_BUILTIN_ROLES])),
          eq(roles.siteId, siteId),
        ),
      ),
    );
  if (!row) throw new FieldError({ roles: { message: 'validation.format' } });
  return row;
}

export async function saveStaff(
  db: Db,
  siteId: number,
  lang: Locale,
  callerId: number,
  input: { id: number; roles: number },
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    await changeableRow(tx, siteId, callerId, input.id);
    await assignableRole(tx, siteId, input.roles);
    await tx
      .update(siteStaff)
      .set({ roleId: input.roles })
      .where(and(eq(siteStaff.siteId, siteId), eq(siteStaff.userId, input.id)));
  });
  return getStaff(db, siteId, lang, callerId, input.id);
}

export async function deleteStaff(
  db: Db,
  siteId: number,
  callerId: number,
  id: number,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockStaff(tx, siteId);
    await changeableRow(tx, siteId, callerId, id);
    await tx.delete(siteStaff).where(and(eq(siteStaff.siteId, siteId), eq(siteStaff.userId, id)));
    return { id };
  });
}

/** Open invitations: neither used nor expired. */
export const openInvitation = (now: number) =>
  and(isNull(invitations.usedAt), gt(invitations.expiresAt, new Date(now)));

/** Seats taken (staff plus open invitations, other than `exceptEmail`'s) and the plan's limit. */
export async function seats(
  db: Db,
  siteId: number,
  now: number,
  exceptEmail?: string,
): Promise<{ used: number; limit: number }> {
  // One after another: inside a transaction `db` is one connection.
  const [site] = await db.select({ serviceId: sites.serviceId }).from(sites).where(eq(sites.id, siteId));
  const [staff] = await db.select({ n: count() }).from(siteStaff).where(eq(siteStaff.siteId, siteId));
  const [open] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.siteId, siteId),
        openInvitation(now),
        exceptEmail ? ne(invitations.email, exceptEmail) : undefined,
      ),
    );
  return { used: Number(staff.n) + Number(open.n), limit: planById(site?.serviceId)?.staffCount ?? 0 };
}

/** `admin/options`: what the invite dialog offers, and whether a seat is free. */
export async function staffOptions(db: Db, siteId: number, lang: Locale, now: number): Promise<StaffOptions> {
  const rows = await db
    .select()
    .from(roles)
    .where(
      or(
        and(isNull(roles.siteId), inArray(roles.id, [...ASSIGNABLE_BUILTIN_ROLES])),
        eq(roles.siteId, siteId),
      ),
    )
    .orderBy(sql`${roles.builtin} desc`, asc(roles.id));
  return { roles: rows.map((r) => roleRef(lang, r)), ...(await seats(db, siteId, now)) };
}

/** `admin/invitations`: the site's open invitations, newest first. */
export async function listInvitations(
  db: Db,
  siteId: number,
  lang: Locale,
  now: number,
): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: invitations, role: roles })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(and(eq(invitations.siteId, siteId), openInvitation(now)))
    .orderBy(desc(invitations.createdAt), asc(invitations.email));
  return rows.map(({ invitation: i, role }) => ({
    email: i.email,
    nickname: i.nickname,
    role: roleRef(lang, role),
    invited_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  }));
}

/** `admin/cancel`: withdraws the open invitation of an e-mail (its link stops working). */
export async function cancelInvitation(db: Db, siteId: number, now: number, email: string) {
  const gone = await db
    .delete(invitations)
    .where(and(eq(invitations.siteId, siteId), eq(invitations.email, email), openInvitation(now)))
    .returning({ email: invitations.email });
  if (!gone.length) throw notFound();
  return { email };
}
