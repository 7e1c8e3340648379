/** Categories of a site: the reference for every site-owned resource (scope, list, unique names). */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Category, CategoryEdit, CategoryNew } from '../../../contract/category';
import { categoryColumns } from '../../../contract/category';
import type { ListQuery, ListResult } from '../../../contract/list';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { categories } from '../../db/schema';
import { duplicate, notFound } from '../../http/errors';
import { listRows } from '../../http/list';

type Row = typeof categories.$inferSelect;

const toCategory = (r: Row): Category => ({
  id: r.id,
  name: r.name,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export function listCategories(db: Db, siteId: number, query: ListQuery): Promise<ListResult<Category>> {
  return listRows(db, {
    table: categories,
    siteColumn: categories.siteId,
    siteId,
    columns: {
      id: categories.id,
      name: categories.name,
      created_at: categories.createdAt,
      updated_at: categories.updatedAt,
    },
    allowed: categoryColumns,
    defaultSort: { col: 'id', order: 'desc' },
    query,
    toRow: (r) => toCategory(r as Row),
  });
}

export async function getCategory(db: Db, siteId: number, id: number): Promise<Category> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.siteId, siteId), eq(categories.id, id)));
  if (!row) throw notFound();
  return toCategory(row);
}

/** Names are unique per site, compared without case. */
async function assertNameFree(db: Db, siteId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.siteId, siteId),
        sql`lower(${categories.name}) = lower(${name})`,
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw duplicate('name');
}

export async function createCategory(db: Db, siteId: number, input: CategoryNew): Promise<Category> {
  await assertNameFree(db, siteId, input.name);
  // Two callers may both find the name free: the unique index decides, and the loser gets the same answer.
  const [row] = await db
    .insert(categories)
    .values({ siteId, name: input.name })
    .onConflictDoNothing()
    .returning();
  if (!row) throw duplicate('name');
  return toCategory(row);
}

export async function updateCategory(db: Db, siteId: number, input: CategoryEdit): Promise<Category> {
  // A row outside the site (or gone) is 404 whatever the name.
  await getCategory(db, siteId, input.id);
  await assertNameFree(db, siteId, input.name, input.id);
  try {
    const [row] = await db
      .update(categories)
      .set({ name: input.name, updatedAt: new Date() })
      .where(and(eq(categories.siteId, siteId), eq(categories.id, input.id)))
      .returning();
    if (!row) throw notFound();
    return toCategory(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('name');
    throw err;
  }
}

export async function deleteCategory(db: Db, siteId: number, id: number): Promise<{ id: number }> {
  const [row] = await db
    .delete(categories)
    .where(and(eq(categories.siteId, siteId), eq(categories.id, id)))
    .returning({ id: categories.id });
  if (!row) throw notFound();
  return row;
}
