/**
 * The content lists (`list`) and the related-items picker (`search`). The generic listRows cannot express the tag and
 * author filters or the pinned-first order, so the page query is written here — with the same validation answers
 * for unknown columns — and the page's authors and tags are fetched in one batch each (no query per row).
 */
import { type AnyColumn, and, desc, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { agendaOf } from '../../../contract/blockText';
import type { ContentRow, ContentSearch, Status } from '../../../contract/content';
import { contentColumns } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { toInt4 } from '../../../contract/fields';
import type { ListQuery, ListResult } from '../../../contract/list';
import type { Db } from '../../db/client';
import { FieldError } from '../../http/errors';
import { isoTime } from '../../http/isoTime';
import { columnKey, keySelect, keysetPage, orderOf, type SortKey, sortKey } from '../../http/keyset';
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

/**
 * The order as sort keys: pinned first in their order, then the latest changed; or the requested column (publish
 * times without one last), the id breaking ties.
 */
function ordering(query: ListQuery): SortKey[] {
  if (!query.sort)
    return [
      sortKey(contents.toTop, 'desc', 'bool'),
      sortKey(contents.pinOrder, 'asc', 'int'),
      sortKey(contents.updatedAt, 'desc', 'ts'),
      sortKey(contents.id, 'desc', 'int'),
    ];
  const column = SORTS[query.sort.col];
  const dir = query.sort.order;
  const primary =
    column === contents.publishTs
      ? sortKey(column, dir, 'ts', { nullable: true, nulls: 'last' })
      : columnKey(column, dir);
  return column === contents.id ? [primary] : [primary, sortKey(contents.id, 'desc', 'int')];
}

const pageFields = {
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
};

/**
 * The page of a list query (exported so that a test can EXPLAIN exactly what runs) and its WHERE, for the count.
 * `extra`, `order`, `limit` and `offset` are the keyset reader's (server/http/keyset.ts); by default the query's
 * own page by offset. An offset is taken over the ids alone (a deferred join), so that it walks the index only.
 */
export function pageQuery(
  db: Db,
  place: Place,
  query: ListQuery,
  at: { extra?: SQL; order?: SQL[]; limit?: number; offset?: number } = {},
) {
  const where = and(...conditions(place, query));
  const keys = ordering(query);
  const order = at.order ?? orderOf(keys);
  const limit = at.limit ?? query.size;
  const offset = at.offset ?? (query.page - 1) * query.size;
  const ids =
    offset > 0
      ? inArray(
          contents.id,
          db
            .select({ id: contents.id })
            .from(contents)
            .where(and(where, at.extra))
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        )
      : undefined;
  const page = db
    .select({ ...pageFields, key: keySelect(keys) })
    .from(contents)
    .leftJoin(categories, eq(categories.id, contents.categoryId))
    .where(ids ?? and(where, at.extra))
    .orderBy(...order)
    .limit(limit);
  return { where, page, keys };
}

export async function listContents(s: Scope, query: ListQuery): Promise<ListResult<ContentRow>> {
  const db = s.deps.db;
  const { where, keys } = pageQuery(db, s, query);
  const { rows: records, ...rest } = await keysetPage({
    db,
    list: `content:${s.type}`,
    query,
    keys,
    counted: () => db.select({ one: sql`1` }).from(contents).where(where),
    fetch: async (extra, order, limit, offset) =>
      (await pageQuery(db, s, query, { extra, order, limit, offset }).page).map((r) => ({
        row: r,
        key: r.key,
      })),
  });
  const ids = records.map((r) => r.id);
  const [authors, tags] = await Promise.all([authorsOf(db, ids), tagsOf(db, ids)]);
  return {
    ...rest,
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
      publish_ts: r.publishTs ? isoTime(r.publishTs) : null,
      to_top: r.toTop,
      pin_order: r.pinOrder,
      is_draft_changed: r.isDraftChanged,
      updated_at: isoTime(r.updatedAt),
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
