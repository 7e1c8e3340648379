/**
 * Labels: tags and categories, each in its own table, with a title and cover per content language and a slug. The
 * rules of both by type — unique names, slugs made free, counts of use, searches and the writer's tags — for the
 * label entity (server/entities/label.ts) and the `/api/category/*` endpoints of the foundation, views over it.
 */
import { and, asc, count, eq, ilike, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import { STATUS } from '../../../contract/contentConstants';
import type { LabelLang, LabelType, TagBrief } from '../../../contract/labels';
import { slugify, slugWithSuffix } from '../../../contract/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { duplicate, notFound } from '../../http/errors';
import { likePattern } from '../../http/list';
import { categories, contents, contentTags, tags } from '../content/schema';

/** Both tables share every column of `tags` (categories add `sort`), so one shape serves either. */
type Table = typeof tags;
export type LabelRow = Table['$inferSelect'];
const tableOf = (type: LabelType): Table => (type === 'tag' ? tags : (categories as unknown as Table));

const SEARCH_LIMIT = 20;
/** Attempts at a free slug when other writers keep taking the one found. */
const SLUG_ATTEMPTS = 5;

/**
 * Items using each label that the caller sees (`seen`, content/scope.ts seenBy): deleted ones and those out of sight
 * are not counted, so a count tells nothing about others' drafts or a type the caller may not read.
 */
export async function usage(
  db: Db,
  siteId: number,
  type: LabelType,
  ids: number[],
  seen: SQL,
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const live = and(eq(contents.siteId, siteId), ne(contents.status, STATUS.DELETED), seen);
  const rows =
    type === 'tag'
      ? await db
          .select({ id: contentTags.tagId, n: count() })
          .from(contentTags)
          .innerJoin(contents, eq(contents.id, contentTags.contentId))
          .where(and(live, inArray(contentTags.tagId, ids)))
          .groupBy(contentTags.tagId)
      : await db
          .select({ id: contents.categoryId, n: count() })
          .from(contents)
          .where(and(live, inArray(contents.categoryId, ids)))
          .groupBy(contents.categoryId);
  return new Map(rows.map((r) => [r.id as number, Number(r.n)]));
}

export async function labelRow(db: Db, siteId: number, type: LabelType, id: number): Promise<LabelRow> {
  const table = tableOf(type);
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.siteId, siteId), eq(table.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Is `value` already someone else's name (without case) or slug in the site? */
async function taken(db: Db, table: Table, siteId: number, what: 'name' | 'slug', value: string, id: number) {
  const match = what === 'name' ? sql`lower(${table.name}) = lower(${value})` : eq(table.slug, value);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.siteId, siteId), match, id ? ne(table.id, id) : undefined))
    .limit(1);
  return Boolean(row);
}

/** `base`, or `base-2`, `base-3` … whichever is free in the site. */
async function freeSlug(db: Db, table: Table, siteId: number, base: string, id: number): Promise<string> {
  // Suffixed candidates may shorten a long base, but never below its first 48 characters.
  const stem = base.slice(0, 40);
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(eq(table.siteId, siteId), like(table.slug, `${stem}%`), id ? ne(table.id, id) : undefined));
  const used = new Set(rows.map((r) => r.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = slugWithSuffix(base, n);
  return slug;
}

export interface LabelFields {
  name: string;
  langs: LabelLang[];
  active: number[];
  /** '' makes one from the name. */
  slug: string;
}

/**
 * Creates (id 0) or updates a label. Names are unique per site and type without case; a duplicate is reported on
 * `nameField`, a taken explicit slug on `slug`, and a made slug gets the next free `-n`.
 */
export async function writeLabel(
  db: Db,
  siteId: number,
  type: LabelType,
  id: number,
  fields: LabelFields,
  nameField: string,
): Promise<LabelRow> {
  const table = tableOf(type);
  if (id) await labelRow(db, siteId, type, id);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    if (await taken(db, table, siteId, 'name', fields.name, id)) throw duplicate(nameField);
    if (fields.slug && (await taken(db, table, siteId, 'slug', fields.slug, id))) throw duplicate('slug');
    const slug = fields.slug || (await freeSlug(db, table, siteId, slugify(fields.name) || type, id));
    const values = {
      name: fields.name,
      slug,
      langs: fields.langs,
      active: fields.active,
      updatedAt: new Date(),
    };
    try {
      const [row] = id
        ? await db
            .update(table)
            .set(values)
            .where(and(eq(table.siteId, siteId), eq(table.id, id)))
            .returning()
        : await db
            .insert(table)
            .values({ siteId, ...values })
            .returning();
      if (!row) throw notFound();
      return row;
    } catch (err) {
      // Another writer took the name or the slug between the check and the write: check again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw duplicate('slug');
}

/** The label's name: its zh-TW title, or else the first title there is; `at` is that entry's index. */
export function nameOf(langs: LabelLang[]): { name: string; at: number } {
  const zh = langs.findIndex((l) => l.lang_id === 1 && l.title !== '');
  const at = zh >= 0 ? zh : langs.findIndex((l) => l.title !== '');
  return { name: langs[at]?.title ?? '', at };
}

export async function deleteLabel(
  db: Db,
  siteId: number,
  type: LabelType,
  id: number,
): Promise<{ id: number }> {
  const table = tableOf(type);
  const [row] = await db
    .delete(table)
    .where(and(eq(table.siteId, siteId), eq(table.id, id)))
    .returning({ id: table.id });
  if (!row) throw notFound();
  return row;
}

/** Up to 20 labels whose name holds the keyword, shortest first (an exact match leads). */
export async function searchLabels(db: Db, siteId: number, type: LabelType, keyword: string) {
  const table = tableOf(type);
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.siteId, siteId), ilike(table.name, likePattern(keyword))))
    .orderBy(sql`length(${table.name})`, asc(table.name), asc(table.id))
    .limit(SEARCH_LIMIT);
}

/** Every tag of the site for the writer's picker. */
export function allTags(db: Db, siteId: number): Promise<TagBrief[]> {
  return db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(eq(tags.siteId, siteId))
    .orderBy(asc(tags.name), asc(tags.id));
}

async function tagByName(db: Db, siteId: number, name: string): Promise<TagBrief | undefined> {
  const [row] = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(and(eq(tags.siteId, siteId), sql`lower(${tags.name}) = lower(${name})`));
  return row;
}

/** The writer's new tag: an existing one of that name (any case) is answered as it is. */
export async function saveTag(db: Db, siteId: number, name: string): Promise<TagBrief> {
  const existing = await tagByName(db, siteId, name);
  if (existing) return existing;
  try {
    const row = await writeLabel(
      db,
      siteId,
      'tag',
      0,
      { name, langs: [{ lang_id: 1, title: name, cover: '' }], active: [1], slug: '' },
      'name',
    );
    return { id: row.id, name: row.name, slug: row.slug };
  } catch (err) {
    // A concurrent save made the same tag first: answer that one.
    const winner = await tagByName(db, siteId, name);
    if (winner) return winner;
    throw err;
  }
}
