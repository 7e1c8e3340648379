/**
 * Categories of a site as the foundation's category resource sees them: the zh-TW name of a category label. Writes
 * go through the label service, so names, slugs and languages follow one set of rules.
 */
import type { Category, CategoryEdit, CategoryNew } from '../../../contract/category';
import { categoryColumns } from '../../../contract/category';
import type { ListQuery, ListResult } from '../../../contract/list';
import type { Db } from '../../db/client';
import { isoTime } from '../../http/isoTime';
import { listRows } from '../../http/list';
import { categories } from '../content/schema';
import { deleteLabel, type LabelRow, labelRow, writeLabel } from '../labels/service';
import { bumpRender } from '../tenancy/invalidate';

/** The columns a category's list row reads (toCategory), not the whole label. */
const listed = {
  id: categories.id,
  name: categories.name,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};

const toCategory = (r: Pick<LabelRow, 'id' | 'name' | 'createdAt' | 'updatedAt'>): Category => ({
  id: r.id,
  name: r.name,
  created_at: isoTime(r.createdAt),
  updated_at: isoTime(r.updatedAt),
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
    record: listed,
    toRow: categoryOfRecord,
  });
}

const categoryOfRecord = (r: Record<string, unknown>) =>
  toCategory(r as Pick<LabelRow, 'id' | 'name' | 'createdAt' | 'updatedAt'>);

export async function getCategory(db: Db, siteId: number, id: number): Promise<Category> {
  return toCategory(await labelRow(db, siteId, 'category', id));
}

/** `category/new`: a category label with the name as its zh-TW title and a slug made from it. */
export async function createCategory(db: Db, siteId: number, input: CategoryNew): Promise<Category> {
  const langs = [{ lang_id: 1, title: input.name, cover: '' }];
  const fields = { name: input.name, langs, active: [1], slug: '' };
  const made = toCategory(await writeLabel(db, siteId, 'category', 0, fields, 'name'));
  await bumpRender(db, siteId);
  return made;
}

/** `category/edit`: renames the zh-TW title, keeps the other languages and the slug (made if there is none). */
export async function updateCategory(db: Db, siteId: number, input: CategoryEdit): Promise<Category> {
  // A row outside the site (or gone) is 404 whatever the name.
  const row = await labelRow(db, siteId, 'category', input.id);
  const langs = row.langs.some((l) => l.lang_id === 1)
    ? row.langs.map((l) => (l.lang_id === 1 ? { ...l, title: input.name } : l))
    : [{ lang_id: 1, title: input.name, cover: '' }, ...row.langs];
  const fields = { name: input.name, langs, active: row.active, slug: row.slug };
  const saved = toCategory(await writeLabel(db, siteId, 'category', input.id, fields, 'name'));
  await bumpRender(db, siteId);
  return saved;
}

export async function deleteCategory(db: Db, siteId: number, id: number): Promise<{ id: number }> {
  const deleted = await deleteLabel(db, siteId, 'category', id);
  await bumpRender(db, siteId);
  return deleted;
}
