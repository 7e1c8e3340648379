/**
 * A site's staff: who works on it with which role (site_staff), listed with their account; role changes and
 * removal. Nobody changes their own record (3011) and the owner keeps the site. Rows are always looked up inside the
 * caller's site: another site's staff id is not found here.
 *
 * What the caller's permissions add (SPEC §6): without staff.view_all they see only staff (and invitations) whose
 * role is within their own role's permissions, the others are not found (an invitation out of sight is neither
 * cancelled nor replaced, and answers as an address nobody invited); changing a role needs setting.permission;
 * anything touching a 管理員 (inviting, giving, taking away, removing) needs setting.admin; and a role whose
 * permissions are not all the caller's own is never given (a field error on `roles`).
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Locale } from '../../../contract/constants';
import { admin, type StaffMember } from '../../../contract/entities/admin';
import { toInt4 } from '../../../contract/fields';
import type { ListQuery, ListResult } from '../../../contract/list';
import { mayTouchRole, PERM, permissionsOfRole, ROLE, within } from '../../../contract/permissions';
import { ASSIGNABLE_BUILTIN_ROLES, type Invitation, type StaffOptions } from '../../../contract/staff';
import type { Db } from '../../db/client';
import type { SiteContext } from '../../http/action';
import { AppError, FieldError, forbidden, notFound } from '../../http/errors';
import { likePattern } from '../../http/list';
import { planRow } from '../tenancy/catalogue';
import { roleRef } from '../tenancy/roles';
import { roles, siteStaff, sites, users } from '../tenancy/schema';
import { invitations } from './schema';

/** Any fixed number: invitations, joins and removals of one site take turns, so the seat count stays true. */
const STAFF_LOCK = 7_240_044;

export const lockStaff = (db: Db, siteId: number) =>
  db.execute(sql`SELECT pg_advisory_xact_lock(${STAFF_LOCK}, ${siteId})`);

/** Who acts on the staff screens: the user, their site, what they are granted there and their role's own list. */
export interface Caller {
  id: number;
  siteId: number;
  permissions: ReadonlySet<string>;
  base: readonly string[];
}

export const callerOf = (ctx: SiteContext): Caller => ({
  id: ctx.user.id,
  siteId: ctx.site.id,
  permissions: ctx.site.permissions,
  base: ctx.site.basePermissions,
});

/** Whether a role (by id and stored list) is within the caller's own role: every permission of it is theirs. */
const roleWithin = (caller: Caller, role: { id: number; permissions: readonly string[] }) =>
  within(permissionsOfRole(role.id, role.permissions), caller.base);

/** The roles the site may use (built-in or its own). */
const ofSite = (siteId: number) => or(isNull(roles.siteId), eq(roles.siteId, siteId));

/**
 * The ids of the roles whose holders the caller sees, or undefined for all (staff.view_all): the roles within their
 * own, so the people they could manage.
 */
export async function visibleRoleIds(db: Db, caller: Caller): Promise<number[] | undefined> {
  if (caller.permissions.has(PERM.staffViewAll)) return undefined;
  const rows = await db
    .select({ id: roles.id, permissions: roles.permissions })
    .from(roles)
    .where(ofSite(caller.siteId));
  return rows.filter((r) => roleWithin(caller, r)).map((r) => r.id);
}

/** Whether the caller sees a holder of (or an invitation to) this role, by the ids of `visibleRoleIds`. */
export const sees = (ids: number[] | undefined, roleId: number) => ids === undefined || ids.includes(roleId);

/** A condition on `column` (a role id) keeping the roles the caller sees; undefined for all. */
export const seenRoles = (
  column: typeof siteStaff.roleId | typeof invitations.roleId,
  ids: number[] | undefined,
) => (ids === undefined ? undefined : ids.length ? inArray(column, ids) : sql`false`);

/**
 * The caller may give this role (invite to it, or change someone to it): setting.admin for 管理員 (403), and only a
 * role within their own (a field error on `roles`: they cannot hand out what they do not hold).
 */
function assertMayGive(caller: Caller, role: { id: number; permissions: readonly string[] }) {
  if (!mayTouchRole(caller.permissions, role.id)) throw forbidden();
  if (!roleWithin(caller, role)) throw new FieldError({ roles: { message: 'staff.errors.roleBeyond' } });
}

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

/** A user id in a filter: a whole number from 0 in int4's range. */
const toId = (v: string | number): number | undefined => {
  const n = toInt4(v);
  return n !== undefined && n >= 0 ? n : undefined;
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

/**
 * `site/staff`: the list query of contract/list.ts over staff joined with their accounts and roles, by the filters and
 * sorts the `admin` declaration names.
 */
export async function listStaff(
  db: Db,
  lang: Locale,
  caller: Caller,
  query: ListQuery,
): Promise<ListResult<StaffMember>> {
  const conditions: (SQL | undefined)[] = [
    eq(siteStaff.siteId, caller.siteId),
    seenRoles(siteStaff.roleId, await visibleRoleIds(db, caller)),
  ];
  const bad: FieldError['fields'] = {};
  query.filters.forEach((filter, i) => {
    const how = admin.columns.filter.includes(filter.col) ? filterable[filter.col] : undefined;
    if (filter.type === 'search' && how?.search) {
      conditions.push(how.search(likePattern(String(filter.value))));
    } else if (filter.type === 'in' && how?.in) {
      const ids = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(toId);
      if (ids.includes(undefined)) bad[`query.filters.${i}.value`] = { message: 'validation.format' };
      else conditions.push(ids.length ? how.in(ids as number[]) : sql`false`);
    } else {
      bad[`query.filters.${i}.col`] = { message: 'validation.format' };
    }
  });
  const sort = query.sort ?? admin.defaultSort;
  const sortColumn = admin.columns.sort.includes(sort.col)
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
  return { rows: rows.map((r) => toMember(r, lang, caller.id)), total: Number(total) };
}

/** A staff member of the caller's site whom the caller sees; anyone else is not found. */
async function memberRow(db: Db, caller: Caller, userId: number): Promise<Row> {
  const [row] = await staffQuery(db).where(
    and(
      eq(siteStaff.siteId, caller.siteId),
      eq(siteStaff.userId, userId),
      seenRoles(siteStaff.roleId, await visibleRoleIds(db, caller)),
    ),
  );
  if (!row) throw notFound();
  return row;
}

export async function getStaff(db: Db, lang: Locale, caller: Caller, id: number) {
  return toMember(await memberRow(db, caller, id), lang, caller.id);
}

/**
 * A record the caller may change: in the site and in sight, not their own (3011), not the owner's; a 管理員's only
 * with setting.admin (403).
 */
async function changeableRow(db: Db, caller: Caller, id: number): Promise<Row> {
  const row = await memberRow(db, caller, id);
  if (row.userId === caller.id) throw new AppError(Code.SELF_STAFF);
  if (row.roleId === ROLE.OWNER) throw forbidden();
  if (!mayTouchRole(caller.permissions, row.roleId)) throw forbidden();
  return row;
}

/** The roles of this site that can be given at all: 管理員, 編輯, 電商人員 and the site's own. */
const givable = (siteId: number) =>
  or(and(isNull(roles.siteId), inArray(roles.id, [...ASSIGNABLE_BUILTIN_ROLES])), eq(roles.siteId, siteId));

/**
 * A role the caller may give on this site: one of `givable` (otherwise a field error), 管理員 only with
 * setting.admin (403), and only one within the caller's own role (a field error).
 */
export async function assignableRole(db: Db, caller: Caller, roleId: number) {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), givable(caller.siteId)));
  if (!row) throw new FieldError({ roles: { message: 'validation.format' } });
  assertMayGive(caller, row);
  return row;
}

/** `admin/save`: another role for a staff member; changing roles needs setting.permission besides staff.edit. */
export async function saveStaff(
  db: Db,
  lang: Locale,
  caller: Caller,
  input: { id: number; roles: number },
): Promise<StaffMember> {
  if (!caller.permissions.has(PERM.settingPermission)) throw forbidden();
  await db.transaction(async (tx) => {
    await changeableRow(tx, caller, input.id);
    await assignableRole(tx, caller, input.roles);
    await tx
      .update(siteStaff)
      .set({ roleId: input.roles })
      .where(and(eq(siteStaff.siteId, caller.siteId), eq(siteStaff.userId, input.id)));
  });
  return getStaff(db, lang, caller, input.id);
}

export async function deleteStaff(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockStaff(tx, caller.siteId);
    await changeableRow(tx, caller, id);
    await tx.delete(siteStaff).where(and(eq(siteStaff.siteId, caller.siteId), eq(siteStaff.userId, id)));
    return { id };
  });
}

/** Open invitations: neither used nor expired. */
export const openInvitation = (now: number) =>
  and(isNull(invitations.usedAt), gt(invitations.expiresAt, new Date(now)));

/**
 * Seats taken (staff plus open invitations) and the plan's limit. Everyone counts, also those out of the caller's
 * sight: the seats are the site's, and a refusal for want of one must add up.
 */
export async function seats(db: Db, siteId: number, now: number): Promise<{ used: number; limit: number }> {
  // One after another: inside a transaction `db` is one connection.
  const [site] = await db.select({ serviceId: sites.serviceId }).from(sites).where(eq(sites.id, siteId));
  const [staff] = await db.select({ n: count() }).from(siteStaff).where(eq(siteStaff.siteId, siteId));
  const [open] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.siteId, siteId), openInvitation(now)));
  return {
    used: Number(staff.n) + Number(open.n),
    limit: (await planRow(db, site?.serviceId))?.staffCount ?? 0,
  };
}

/** `admin/options`: the roles the caller may give (the invite dialog's and the role change's), and the seats. */
export async function staffOptions(db: Db, lang: Locale, caller: Caller, now: number): Promise<StaffOptions> {
  const rows = await db
    .select()
    .from(roles)
    .where(givable(caller.siteId))
    .orderBy(sql`${roles.builtin} desc`, asc(roles.id));
  return {
    roles: rows
      .filter((r) => mayTouchRole(caller.permissions, r.id) && roleWithin(caller, r))
      .map((r) => roleRef(lang, r)),
    ...(await seats(db, caller.siteId, now)),
  };
}

/** `admin/invitations`: the site's open invitations the caller sees (as staff: by role), newest first. */
export async function listInvitations(
  db: Db,
  lang: Locale,
  caller: Caller,
  now: number,
): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: invitations, role: roles })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(
      and(
        eq(invitations.siteId, caller.siteId),
        openInvitation(now),
        seenRoles(invitations.roleId, await visibleRoleIds(db, caller)),
      ),
    )
    .orderBy(desc(invitations.createdAt), asc(invitations.email));
  return rows.map(({ invitation: i, role }) => ({
    email: i.email,
    nickname: i.nickname,
    role: roleRef(lang, role),
    invited_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  }));
}

/**
 * `admin/cancel`: withdraws the open invitations of an e-mail that the caller sees (their links stop working). One
 * out of sight is not even read: the same query and the same 404 as for an address nobody invited, so cancelling
 * tells nothing. A 管理員's needs setting.admin (403), as for a 管理員 on the staff.
 */
export async function cancelInvitation(db: Db, caller: Caller, now: number, email: string) {
  const inSight = seenRoles(invitations.roleId, await visibleRoleIds(db, caller));
  return db.transaction(async (tx) => {
    await lockStaff(tx, caller.siteId);
    const rows = await tx
      .select({ id: invitations.id, roleId: invitations.roleId })
      .from(invitations)
      .where(
        and(
          eq(invitations.siteId, caller.siteId),
          eq(invitations.email, email),
          openInvitation(now),
          inSight,
        ),
      );
    if (!rows.length) throw notFound();
    if (!rows.every((r) => mayTouchRole(caller.permissions, r.roleId))) throw forbidden();
    await tx.delete(invitations).where(
      inArray(
        invitations.id,
        rows.map((r) => r.id),
      ),
    );
    return { email };
  });
}
