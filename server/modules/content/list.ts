/**
 * The content lists (`list`) and the related-items picker (`search`). The generic listRows cannot express the tag and
 * author filters or the pinned-first order, so the page query is written here — with the same validation answers
 * for unknown columns — and the page's authors and tags are fetched in one batch each (no query per row).
 */
import { type AnyColumn, and, asc, desc, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { agendaOf } from '../../../contract/blockText';
import type { ContentRow, ContentSearch, Status } from '../../../contract/content';
import { contentColumns } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { toInt4 } from '../../../contract/fields';
import type { ListQuery, ListResult } from '../../../contract/list';
import type { Db } from '../../db/client';
import { FieldError } from '../../http/errors';
import { keywordMatch } from '../../http/keyword';
import { authorsOf, tagsOf } from './refs';
import { categories, contentAuthors, contents, contentTags } from './schema';
import { type Scope, visibleTo } from './scope';

type Scalar = string | number;

const toBool = (v: Scalar): boolean | undefined =>
  v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : undefined;

/** `in` filters by contract column: how values are read and what they select. */
const IN_FILTERS: Record<
  string,
  { read: (v: Scalar) => number | boolean | undefined; where: (v: never[]) => SQL }
> = {
  id: { read: toInt4, where: (v: number[]) => inArray(contents.id, v) },
  status: { read: toInt4, where: (v: number[]) => inArray(contents.status, v) },
  category_id: { read: toInt4, where: (v: number[]) => inArray(contents.categoryId, v) },
  lang_id: { read: toInt4, where: (v: number[]) => inArray(contents.langId, v) },
  to_top: { read: toBool, where: (v: boolean[]) => inArray(contents.toTop, v) },
  // Items having any of the tags / authors.
  tag: {
    read: toInt4,
    where: (v: number[]) =>
      exists(
        sql`(SELECT 1 FROM ${contentTags} WHERE ${contentTags.contentId} = ${contents.id}
               AND ${inArray(contentTags.tagId, v)})`,
      ),
  },
  author: {
    read: toInt4,
    where: (v: number[]) =>
      exists(
        sql`(SELECT 1 FROM ${contentAuthors} WHERE ${contentAuthors.contentId} = ${contents.id}
               AND ${inArray(contentAuthors.authorId, v)})`,
      ),
  },
};

const SORTS: Record<string, AnyColumn> = {
  id: contents.id,
  title: contents.title,
  publish_ts: contents.publishTs,
  updated_at: contents.updatedAt,
  created_at: contents.createdAt,
  status: contents.status,
};

/** Where a list looks: the site and type, and the viewer's sight. */
type Place = Pick<Scope, 'siteId' | 'type' | 'sight'> & { user: { id: number } };

/** The WHERE conditions of a list query; unknown columns, wrong filter types and bad values are field errors. */
function conditions(s: Place, query: ListQuery): SQL[] {
  const where: SQL[] = [
    eq(contents.siteId, s.siteId),
    eq(contents.type, s.type),
    ne(contents.status, STATUS.DELETED),
  ];
  const sight = visibleTo(s);
  if (sight) where.push(sight);
  const bad: FieldError['fields'] = {};
  const format = { message: 'validation.format' };
  query.filters.forEach((filter, i) => {
    const at = `query.filters.${i}`;
    if (!contentColumns.filter.includes(filter.col)) {
      bad[`${at}.col`] = format;
    } else if (filter.col === 'keyword') {
      // The title's ILIKE, served by contents_title_grams from two characters up (server/http/keyword.ts).
      if (filter.type !== 'search') bad[`${at}.type`] = format;
      else where.push(keywordMatch(contents.title, String(filter.value)));
    } else if (filter.type !== 'in') {
      bad[`${at}.type`] = format;
    } else {
      const spec = IN_FILTERS[filter.col];
      const values = (filter.value as Scalar[]).map(spec.read);
      if (values.includes(undefined)) bad[`${at}.value`] = format;
      else where.push(values.length ? spec.where(values as never[]) : sql`false`);
    }
  });
  if (query.sort && !contentColumns.sort.includes(query.sort.col)) bad['query.sort.col'] = format;
  if (Object.keys(bad).length) throw new FieldError(bad);
  return where;
}

/** Pinned first in their order, then the latest changed; or the requested column (publish times without one last). */
function ordering(query: ListQuery): SQL[] {
  if (!query.sort)
    return [desc(contents.toTop), asc(contents.pinOrder), desc(contents.updatedAt), desc(contents.id)];
  const column = SORTS[query.sort.col];
  const dir = query.sort.order === 'asc' ? sql`asc` : sql`desc`;
  const primary = sql`${column} ${dir}${column === contents.publishTs ? sql` nulls last` : sql``}`;
  return column === contents.id ? [primary] : [primary, desc(contents.id)];
}

/**
 * The page of a list query (exported so that a test can EXPLAIN exactly what runs) and its WHERE, for the count.
 */
export function pageQuery(db: Db, place: Place, query: ListQuery) {
  const where = and(...conditions(place, query));
  const page = db
    .select({
      id: contents.id,
      uuid: contents.uuid,
      title: contents.title,
      slug: contents.slug,
      status: contents.status,
      langId: contents.langId,
      publishTs: contents.publishTs,
      toTop: contents.toTop,
      pinOrder: contents.pinOrder,
      isDraftChanged: contents.isDraftChanged,
      updatedAt: contents.updatedAt,
      abstract: contents.abstract,
      subtitle: contents.subtitle,
      categoryId: categories.id,
      categoryName: categories.name,
    })
    .from(contents)
    .leftJoin(categories, eq(categories.id, contents.categoryId))
    .where(where)
    .orderBy(...ordering(query))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { where, page };
}

export async function listContents(s: Scope, query: ListQuery): Promise<ListResult<ContentRow>> {
  const db = s.deps.db;
  const { where, page } = pageQuery(db, s, query);
  const [records, [{ total }]] = await Promise.all([
    page,
    db.select({ total: sql<number>`count(*)` }).from(contents).where(where),
  ]);
  const ids = records.map((r) => r.id);
  const [authors, tags] = await Promise.all([authorsOf(db, ids), tagsOf(db, ids)]);
  return {
    total: Number(total),
    rows: records.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      title: r.title,
      slug: r.slug,
      status: r.status as Status,
      lang_id: r.langId,
      author: authors.get(r.id) ?? [],
      category: r.categoryId === null ? null : { id: r.categoryId, name: r.categoryName ?? '' },
      tag: tags.get(r.id) ?? [],
      publish_ts: r.publishTs?.toISOString() ?? null,
      to_top: r.toTop,
      pin_order: r.pinOrder,
      is_draft_changed: r.isDraftChanged,
      updated_at: r.updatedAt.toISOString(),
      agenda: agendaOf(r.abstract, r.subtitle),
    })),
  };
}

const SEARCH_MAX = 20;

/** Items of the same site and type that the viewer sees, whose title contains the keyword (related-items picker). */
export async function searchContents(
  s: Scope,
  input: z.output<typeof ContentSearch>,
): Promise<{ id: number; title: string; agenda: string }[]> {
  const rows = await s.deps.db
    .select({
      id: contents.id,
      title: contents.title,
      abstract: contents.abstract,
      subtitle: contents.subtitle,
    })
    .from(contents)
    .where(
      and(
        eq(contents.siteId, s.siteId),
        eq(contents.type, s.type),
        ne(contents.status, STATUS.DELETED),
        input.id ? ne(contents.id, input.id) : undefined,
        keywordMatch(contents.title, input.query),
        visibleTo(s),
      ),
    )
    .orderBy(desc(contents.updatedAt), desc(contents.id))
    .limit(SEARCH_MAX);
  return rows.map((r) => ({ id: r.id, title: r.title, agenda: agendaOf(r.abstract, r.subtitle) }));
}
