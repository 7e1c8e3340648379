/**
 * Roles of a site: the four built-in ones (their permissions come from the contract, their names from i18n) and the
 * site's custom roles (permissions stored on the row). A change to a custom role applies to its holders from their
 * next request: the write drops the holders' cached site scopes (http/callerCache.ts), here at once and on other
 * instances through the roles trigger's notification.
 */
import { and, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import { LOCALES, type Locale } from '../../../contract/constants';
import type { ListQuery, ListResult } from '../../../contract/list';
import { within } from '../../../contract/permissions';
import { normalizePermissions } from '../../../contract/permissionTree';
import type { Role, RoleSave } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { AppError, duplicate, FieldError, forbidden, notFound } from '../../http/errors';
import { t } from '../../i18n';
import { rolePermissions } from '../auth/session';
import { invitations } from '../staff/schema';
import { openInvitation } from '../staff/service';
import { roles, siteStaff } from '../tenancy/schema';

type Row = typeof roles.$inferSelect;

/**
 * Any fixed number: saves and deletes of one site's roles take turns, so two cannot take the same name and a role is
 * judged (within the caller's own) as it is changed.
 */
const ROLE_LOCK = 7_240_031;

const toRole = (r: Row, lang: Locale, staffCount: number): Role => ({
  id: r.id,
  name: r.builtin ? t(lang, `roles.${r.id}`) : r.name,
  builtin: r.builtin,
  permissions: normalizePermissions(rolePermissions(r.id, r.permissions)),
  staff_count: staffCount,
  updated_at: r.builtin ? null : r.updatedAt.toISOString(),
});

/** The roles a site may use: built-in, or its own. */
const ofSite = (siteId: number) => or(isNull(roles.siteId), eq(roles.siteId, siteId));

async function staffCounts(db: Db, siteId: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ roleId: siteStaff.roleId, n: count() })
    .from(siteStaff)
    .where(and(eq(siteStaff.siteId, siteId), inArray(siteStaff.roleId, ids)))
    .groupBy(siteStaff.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

const SORTS: Record<string, (r: Role) => string | number> = {
  id: (r) => r.id,
  name: (r) => r.name,
  staff_count: (r) => r.staff_count,
};
const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/**
 * Built-in roles first (owner, 管理員, 編輯, 電商人員), then the site's own: the order of ids. A site has few roles,
 * so the query's filters (`id` in, `name` search), sort (id, name, staff_count) and page apply to the list here.
 */
export async function listRoles(
  db: Db,
  siteId: number,
  lang: Locale,
  query: ListQuery,
): Promise<ListResult<Role>> {
  const rows = await db.select().from(roles).where(ofSite(siteId));
  const counts = await staffCounts(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  let list = rows.map((r) => toRole(r, lang, counts.get(r.id) ?? 0));
  const bad: FieldError['fields'] = {};
  query.filters.forEach((filter, i) => {
    if (filter.col === 'id' && filter.type === 'in') {
      const ids = new Set((Array.isArray(filter.value) ? filter.value : [filter.value]).map(Number));
      list = list.filter((r) => ids.has(r.id));
    } else if (filter.col === 'name' && filter.type === 'search') {
      const keyword = String(filter.value).trim().toLowerCase();
      list = list.filter((r) => r.name.toLowerCase().includes(keyword));
    } else {
      bad[`query.filters.${i}.col`] = { message: 'validation.format' };
    }
  });
  const sort = query.sort ?? { col: 'id', order: 'asc' };
  const key = Object.hasOwn(SORTS, sort.col) ? SORTS[sort.col] : undefined;
  if (!key) bad['query.sort.col'] = { message: 'validation.format' };
  if (!key || Object.keys(bad).length) throw new FieldError(bad);
  const dir = sort.order === 'asc' ? 1 : -1;
  list.sort((a, b) => dir * compare(key(a), key(b)) || a.id - b.id);
  const start = (query.page - 1) * query.size;
  return { rows: list.slice(start, start + query.size), total: list.length };
}

/** A role the site may use (built-in or its own), or 404: another site's role does not exist here. */
export async function roleRow(db: Db, siteId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), ofSite(siteId)));
  if (!row) throw notFound();
  return row;
}

export async function getRole(db: Db, siteId: number, lang: Locale, id: number): Promise<Role> {
  const row = await roleRow(db, siteId, id);
  return toRole(row, lang, (await staffCounts(db, siteId, [id])).get(id) ?? 0);
}

/**
 * A custom role of the site that the caller (whose own role holds `own`) may change or delete: built-in ones are
 * refused (3007), and so is one holding a permission the caller lacks (403), as nobody makes or gives one: lowering
 * or deleting a stronger role is not theirs either.
 */
async function changeableRow(db: Db, siteId: number, own: readonly string[], id: number): Promise<Row> {
  const row = await roleRow(db, siteId, id);
  if (row.builtin) throw new AppError(Code.ROLE_BUILTIN);
  if (!within(normalizePermissions(row.permissions), own)) throw forbidden();
  return row;
}

/** The built-in roles' names in every language, which a custom role may not take either. */
const builtinNames = (): Set<string> =>
  new Set(LOCALES.flatMap((lang) => [1, 2, 3, 4].map((id) => t(lang, `roles.${id}`).toLowerCase())));

export async function saveRole(
  db: Db,
  siteId: number,
  lang: Locale,
  own: readonly string[],
  input: z.output<typeof RoleSave>,
): Promise<Role> {
  const permissions = normalizePermissions(input.permissions);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLE_LOCK}, ${siteId})`);
    if (input.id) await changeableRow(tx, siteId, own, input.id);
    const [clash] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          eq(roles.siteId, siteId),
          sql`lower(${roles.name}) = lower(${input.name})`,
          input.id ? ne(roles.id, input.id) : undefined,
        ),
      )
      .limit(1);
    if (clash || builtinNames().has(input.name.toLowerCase())) throw duplicate('name');
    if (!input.id) {
      const [made] = await tx
        .insert(roles)
        .values({ siteId, name: input.name, permissions })
        .returning({ id: roles.id });
      return made.id;
    }
    await tx
      .update(roles)
      .set({ name: input.name, permissions, updatedAt: new Date() })
      .where(and(eq(roles.siteId, siteId), eq(roles.id, input.id)));
    return input.id;
  });
  return getRole(db, siteId, lang, id);
}

/** Deletes a custom role that no staff member holds and no open invitation offers (3008 otherwise). */
export async function deleteRole(
  db: Db,
  siteId: number,
  own: readonly string[],
  id: number,
  now: number,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    // Saves wait: the permissions checked are the ones deleted.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLE_LOCK}, ${siteId})`);
    await changeableRow(tx, siteId, own, id);
    // The row lock holds off anyone giving the role to a staff member (their foreign key check waits on it).
    await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(siteStaff).where(eq(siteStaff.roleId, id));
    // An open invitation would be dropped with the role, its seat and link gone without a word: refuse instead.
    const [{ offered }] = await tx
      .select({ offered: count() })
      .from(invitations)
      .where(and(eq(invitations.roleId, id), openInvitation(now)));
    if (Number(n) + Number(offered) > 0) throw new AppError(Code.ROLE_IN_USE);
    await tx.delete(roles).where(and(eq(roles.siteId, siteId), eq(roles.id, id)));
    return { id };
  });
}
