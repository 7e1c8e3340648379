/**
 * The public site's reads of content items: only published ones (status 1 with a snapshot), seen through their
 * snapshot, never the draft — except a preview, which reads one item's draft. Lists read no body (the snapshot's
 * content is read only where the draft changed since, for its reading time), filter by site, language, type and
 * status, and order by publish time with a LIMIT.
 *
 * The reads every page makes are built once per shape (issue 31: building a query took more of a page's time than
 * sending it): their values are placeholders (P), their shape the choices of the code — which filters a list has,
 * whether a key is an id or a slug —, named by `shape`. They are sent unnamed, so PostgreSQL still plans each with
 * its values.
 */
import { type AnyColumn, and, desc, eq, isNotNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { BlockDocument } from '../../../contract/blocks';
import { readingMinutes } from '../../../contract/blockText';
import { STATUS } from '../../../contract/contentConstants';
import type { Db } from '../../db/client';
import { preparedPerShape } from '../../http/prepared';
import {
  authors,
  categories,
  contentAuthors,
  contents,
  contentTags,
  tags,
} from '../../modules/content/schema';
import type { AuthorRow, LabelRow } from './labels';
import { MONTHS_FROM_OFFSET, type MonthCount, monthOfOffset } from './listMonths';

/** One item as a page shows it: the snapshot's fields for readers, the draft's in a preview. */
export interface ItemRow {
  id: number;
  uuid: string;
  type: number;
  langId: number;
  slug: string;
  categoryId: number | null;
  /** The linked place (read live at render: places are not in the snapshot). */
  placeId: number | null;
  publishTs: Date | null;
  updatedAt: Date;
  title: string;
  subtitle: string;
  cover: string;
  abstract: string;
  seo: { title: string; content: string };
  readingTime: number;
  related: number;
  custom: number[];
  /** Its labels, read with it (itemLabels). */
  tags: LabelRow[];
  authors: AuthorRow[];
  category: LabelRow | null;
  /** Only when read for a single page. */
  content?: BlockDocument;
}

const snap = (key: string) => sql<string>`coalesce(${contents.published}->>${sql.raw(`'${key}'`)}, '')`;

/**
 * An item's labels in its own row, as JSON (issue 31): a page waits on one round of statements less than when they were
 * read for the page's items afterwards. Tags by id, authors in byline order; the category only the site's own.
 */
const itemLabels = {
  // Plain SQL with every column named by its table: in a select of one table drizzle leaves its columns unqualified,
  // which inside these subqueries would name the subquery's own tables.
  tags: sql<
    LabelRow[]
  >`coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug, 'langs', t.langs) ORDER BY t.id) FROM ${contentTags} ct JOIN ${tags} t ON t.id = ct.tag_id WHERE ct.content_id = ${sql.raw('"contents"."id"')}), '[]')`,
  authors: sql<
    AuthorRow[]
  >`coalesce((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'title', a.title, 'avatar', a.avatar) ORDER BY ca.sort, a.id) FROM ${contentAuthors} ca JOIN ${authors} a ON a.id = ca.author_id WHERE ca.content_id = ${sql.raw('"contents"."id"')}), '[]')`,
  category: sql<LabelRow | null>`(SELECT json_build_object('id', k.id, 'name', k.name, 'slug', k.slug, 'langs', k.langs) FROM ${categories} k WHERE k.id = ${sql.raw('"contents"."category_id"')} AND k.site_id = ${sql.raw('"contents"."site_id"')})`,
};

const common = {
  id: contents.id,
  uuid: contents.uuid,
  type: contents.type,
  langId: contents.langId,
  slug: contents.slug,
  categoryId: contents.categoryId,
  placeId: contents.placeId,
  publishTs: contents.publishTs,
  related: contents.related,
  custom: contents.custom,
  ...itemLabels,
};

/** What readers see of an item, without its body. */
const publishedColumns = {
  ...common,
  // The draft's changes since publishing are not readers' to see: their time is the publication's.
  updatedAt: sql<Date>`CASE WHEN ${contents.isDraftChanged} THEN ${contents.publishTs} ELSE ${contents.updatedAt} END`,
  title: snap('title'),
  subtitle: snap('subtitle'),
  cover: snap('cover'),
  abstract: snap('abstract'),
  seo: sql<{ title: string; content: string } | null>`${contents.published}->'seo'`,
  readingTime: contents.readingTime,
  // The column counts the draft: where the draft has changed since, the snapshot's own body is counted instead.
  changedContent: sql<BlockDocument | null>`CASE WHEN ${contents.isDraftChanged} THEN ${contents.published}->'content' END`,
};

const selectPublished = (db: Db) => db.select(publishedColumns).from(contents);
type PublishedRow = Awaited<ReturnType<typeof selectPublished>>[number];

function fromPublished(r: PublishedRow): ItemRow {
  const { changedContent, ...row } = r;
  // Set on the rest object, not spread into a literal (see tenancy/sites.ts toCurrent): once per item of every list.
  return Object.assign(row, {
    updatedAt: new Date(r.updatedAt),
    seo: { title: r.seo?.title ?? '', content: r.seo?.content ?? '' },
    readingTime: changedContent ? readingMinutes(changedContent) : r.readingTime,
  });
}

/** The values of the prepared reads, by name. */
const P = {
  site: sql.placeholder('site'),
  lang: sql.placeholder('lang'),
  type: sql.placeholder('type'),
  types: sql.placeholder('types'),
  category: sql.placeholder('category'),
  except: sql.placeholder('except'),
  tag: sql.placeholder('tag'),
  author: sql.placeholder('author'),
  id: sql.placeholder('id'),
  ids: sql.placeholder('ids'),
  key: sql.placeholder('key'),
  uuid: sql.placeholder('uuid'),
  uuids: sql.placeholder('uuids'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  end: sql.placeholder('end'),
  ts: sql.placeholder('ts'),
  most: sql.placeholder('most'),
};

/** A prepared read, as the callers here use it. */
interface Read<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}
const reads = preparedPerShape<Read<unknown>>();
/** The read of `shape`, built by `build` on its first use for this database. */
const readOf = <T>(db: Db, shape: string, build: () => Read<T>) => reads(db, shape, build) as Read<T>;

/** Published items of a site (a number, or a prepared read's placeholder): the condition every reader's query starts from. */
export const visible = (site: number | Placeholder): SQL =>
  and(eq(contents.siteId, site), eq(contents.status, STATUS.PUBLISHED), isNotNull(contents.published)) as SQL;

/** A numeric route key is an id (slugs start with a letter); anything else is a slug; undefined for neither. */
const keyOf = (key: string): { id: number } | { slug: string } | undefined => {
  if (/^\d{1,10}$/.test(key)) {
    const id = Number(key);
    return id > 0 && id <= 2_147_483_647 ? { id } : undefined;
  }
  return key ? { slug: key } : undefined;
};

/** The published item of a type and language by slug or id, with its snapshot's body. */
export async function publishedItem(
  db: Db,
  siteId: number,
  type: number,
  langId: number,
  key: string,
): Promise<ItemRow | null> {
  const match = keyOf(key);
  if (!match) return null;
  const byId = 'id' in match;
  const read = readOf(db, `item by ${byId ? 'id' : 'slug'}`, () =>
    db
      .select({ ...publishedColumns, content: sql<BlockDocument>`${contents.published}->'content'` })
      .from(contents)
      .where(
        and(
          visible(P.site),
          eq(contents.type, P.type),
          eq(contents.langId, P.lang),
          byId ? eq(contents.id, P.key) : eq(contents.slug, P.key),
        ),
      )
      .limit(1)
      .prepare(''),
  );
  const [row] = await read.execute({ site: siteId, type, lang: langId, key: byId ? match.id : match.slug });
  if (!row) return null;
  return Object.assign(fromPublished(row), { content: row.content ?? { blocks: [] } });
}

/** An item of the site in any status but deleted, seen through its draft (a preview). */
export async function draftItem(db: Db, siteId: number, id: number): Promise<ItemRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({
      ...common,
      updatedAt: contents.updatedAt,
      title: contents.title,
      subtitle: contents.subtitle,
      cover: contents.cover,
      abstract: contents.abstract,
      seo: contents.seo,
      readingTime: contents.readingTime,
      content: contents.body,
    })
    .from(contents)
    .where(and(eq(contents.siteId, siteId), eq(contents.id, id), ne(contents.status, STATUS.DELETED)))
    .limit(1);
  return row ?? null;
}

export interface ListFilter {
  siteId: number;
  langId: number;
  types: number[];
  categoryId?: number;
  tagId?: number;
  authorId?: number;
  /** Leave this item out (related items). */
  exceptId?: number;
}

/** The values of a list's filter, by the names of P. */
const filterValues = (f: ListFilter) => ({
  site: f.siteId,
  lang: f.langId,
  type: f.types[0],
  types: f.types,
  category: f.categoryId,
  except: f.exceptId,
  tag: f.tagId,
  author: f.authorId,
});

/** A type condition: one type by equality, several as an array. */
const typeIs = (column: AnyColumn, f: ListFilter): SQL =>
  f.types.length === 1 ? sql`${column} = ${P.type}` : sql`${column} = any(${P.types})`;

/**
 * Where a list's items are read from: contents' own indexes, or a tag's or author's link table (issue 31): the link
 * rows copy their item's site, language, type, publication time and listing (content/schema.ts `linkListing`, kept by
 * triggers), so the list in its order is one range of content_tags_listed_idx / content_authors_listed_idx, read from
 * the index alone at any depth. The link table only for a filter on one label and nothing the links do not hold (a
 * category, an excluded item).
 */
interface ListSource {
  table: typeof contents | typeof contentTags | typeof contentAuthors;
  id: typeof contents.id | typeof contentTags.contentId | typeof contentAuthors.contentId;
  ts: typeof contents.publishTs | typeof contentTags.publishTs | typeof contentAuthors.publishTs;
  where: SQL;
}

const onLinks = (f: ListFilter) =>
  f.categoryId === undefined &&
  f.exceptId === undefined &&
  (f.tagId === undefined) !== (f.authorId === undefined);

/** The name of a list's shape: every choice that changes its source's text (a prepared read's key, on every call). */
function listShape(f: ListFilter): string {
  const types = f.types.length === 1 ? '1' : 'n';
  if (onLinks(f)) return `${f.tagId !== undefined ? 'tag' : 'author'} links, types ${types}`;
  const has = (v: unknown, name: string) => (v === undefined ? '' : ` ${name}`);
  return `contents, types ${types}${has(f.categoryId, 'category')}${has(f.exceptId, 'except')}${has(f.tagId, 'tag')}${has(f.authorId, 'author')}`;
}

/** A list's source, with placeholders for its values (filterValues): built only once per shape. */
function listSource(f: ListFilter): ListSource {
  if (onLinks(f)) {
    const t = f.tagId !== undefined ? contentTags : contentAuthors;
    return {
      table: t,
      id: t.contentId,
      ts: t.publishTs,
      where: and(
        f.tagId !== undefined ? eq(contentTags.tagId, P.tag) : eq(contentAuthors.authorId, P.author),
        eq(t.langId, P.lang),
        sql`${t.listed}`,
        eq(t.siteId, P.site),
        typeIs(t.type, f),
      ) as SQL,
    };
  }
  return {
    table: contents,
    id: contents.id,
    ts: contents.publishTs,
    where: and(
      visible(P.site),
      eq(contents.langId, P.lang),
      typeIs(contents.type, f),
      f.categoryId === undefined ? undefined : eq(contents.categoryId, P.category),
      f.exceptId === undefined ? undefined : ne(contents.id, P.except),
      f.tagId === undefined
        ? undefined
        : sql`EXISTS (SELECT 1 FROM ${contentTags} WHERE ${contentTags.contentId} = ${contents.id} AND ${contentTags.tagId} = ${P.tag})`,
      f.authorId === undefined
        ? undefined
        : sql`EXISTS (SELECT 1 FROM ${contentAuthors} WHERE ${contentAuthors.contentId} = ${contents.id} AND ${contentAuthors.authorId} = ${P.author})`,
    ) as SQL,
  };
}

/** The list's order (newest first: publish_ts DESC NULLS FIRST, then id) and its reverse. */
const newest = (s: Pick<ListSource, 'ts' | 'id'>) => [desc(s.ts), desc(s.id)];
const oldest = (s: Pick<ListSource, 'ts' | 'id'>) => [sql`${s.ts} ASC NULLS LAST`, sql`${s.id} ASC`];

/** The newest published items matching `f` (publish time, then id, descending). */
export async function latestItems(db: Db, f: ListFilter, limit: number, offset = 0): Promise<ItemRow[]> {
  const read = readOf(db, `latest of ${listShape(f)}`, () =>
    listRead(db, listSource(f), { seek: 'none', month: 'no' }),
  );
  const rows = await read.execute({ ...filterValues(f), limit, offset });
  return rows.map(fromPublished);
}

/**
 * Where a page of a list starts (issue 31): `offset` items skipped (a page addressed by its number), or just after
 * (`after`) or just before (`before`) an item of the list — the keyset of the next and previous links, a seek on
 * (publish_ts, id) that reads nothing before it.
 */
export type ListSeek = { offset: number } | { after: number } | { before: number };

/**
 * A page of a list in one statement: its ids from the source's index alone (contents_listed_idx /
 * contents_listed_category_idx, or a link table's listed index), skipping index entries for an offset and never rows,
 * then only those items, newest first. `seek` adds the keyset's anchor (P.ts, P.id): `after` reads on from it,
 * `before` reads backwards (oldest first) up to it. `month` (a deep page's, listMonths.ts monthOfOffset) starts the
 * walk at P.end, or reads backwards from the start of the month that ends at P.end.
 */
function listRead(
  db: Db,
  source: ListSource,
  how: { seek: 'none' | 'after' | 'before'; month: 'no' | 'from end' | 'from start' },
): Read<PublishedRow> {
  const anchor =
    how.seek === 'none'
      ? undefined
      : sql`(${source.ts}, ${source.id}) ${how.seek === 'after' ? sql`<` : sql`>`} (${P.ts}::timestamptz, ${P.id})`;
  // A month's start: its end a calendar month before, in UTC (content_list_month_end).
  const month =
    how.month === 'no'
      ? undefined
      : how.month === 'from end'
        ? sql`${source.ts} < ${P.end}::timestamptz`
        : sql`${source.ts} < ${P.end}::timestamptz AND ${source.ts} >= ((${P.end}::timestamptz AT TIME ZONE 'UTC') - interval '1 month') AT TIME ZONE 'UTC'`;
  const backwards = how.seek === 'before' || how.month === 'from start';
  const ids = db
    .select({ id: source.id })
    .from(source.table as typeof contents)
    .where(and(source.where, month, anchor))
    .orderBy(...(backwards ? oldest(source) : newest(source)))
    .limit(P.limit)
    .offset(P.offset);
  // ARRAY(…) makes the ids an init plan, read once: an IN (…) may be planned as a walk per row where statistics are
  // missing (PGlite).
  return selectPublished(db)
    .where(and(visible(P.site), sql`${contents.id} = any(array(${ids}))`))
    .orderBy(...newest({ ts: contents.publishTs, id: contents.id }))
    .prepare('');
}

/**
 * The anchor of a keyset seek: its publication time as the database's text (to the microsecond, which a JavaScript
 * Date would round), when the item is in the list; null otherwise (a stale or made-up link).
 */
async function anchorOf(db: Db, f: ListFilter, id: number): Promise<{ ts: string | null } | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const read = readOf(db, `anchor in ${listShape(f)}`, () => {
    const source = listSource(f);
    return db
      .select({ ts: sql<string | null>`${source.ts}::text` })
      .from(source.table as typeof contents)
      .where(and(source.where, eq(source.id, P.id)))
      .limit(1)
      .prepare('');
  });
  const [row] = await read.execute({ ...filterValues(f), id });
  return row ?? null;
}

/**
 * One page of a list: `limit` items from `seek` in the list's order (newest first), and whether the seek was used
 * (false when its anchor is not in the list; the caller then reads the page by its number).
 */
export async function listPage(
  db: Db,
  f: ListFilter,
  seek: ListSeek,
  limit: number,
  /** The list's months (listMonths.ts readMonths), when they count it: read once for the page and its total. */
  months?: Promise<readonly MonthCount[]>,
): Promise<{ rows: ItemRow[]; seeked: boolean }> {
  const values: Record<string, unknown> = { ...filterValues(f), limit, offset: 0 };
  let how: Parameters<typeof listRead>[2] = { seek: 'none', month: 'no' };
  if ('offset' in seek) {
    values.offset = seek.offset;
    // A deep page of a list its months count (listMonths.ts) starts at its month: the walk skips that month's only.
    if (months && seek.offset >= MONTHS_FROM_OFFSET) {
      const month = monthOfOffset(await months, seek.offset, limit);
      if (month?.past) return { rows: [], seeked: true };
      if (month) {
        how = { seek: 'none', month: month.fromStart ? 'from start' : 'from end' };
        values.end = month.end;
        values.offset = month.skip;
      }
    }
  } else {
    const id = 'after' in seek ? seek.after : seek.before;
    const anchor = await anchorOf(db, f, id);
    if (!anchor || anchor.ts === null) return { rows: [], seeked: false };
    // NULL publication times sort first (DESC NULLS FIRST): never after a dated anchor. Reading backwards they are
    // left out (an OR would cost the index seek): a published item has a publication time, and such items would
    // sit on the list's first pages, reached by number.
    how = { seek: 'after' in seek ? 'after' : 'before', month: 'no' };
    values.ts = anchor.ts;
    values.id = id;
  }
  const read = readOf(db, `page of ${listShape(f)}, seek ${how.seek}, month ${how.month}`, () =>
    listRead(db, listSource(f), how),
  );
  const rows = await read.execute(values);
  return { rows: rows.map(fromPublished), seeked: true };
}

/**
 * A tag's or author's list, counted up to `cap` + 1 from its link table's listed index (index-only). Past it, the
 * label's links (any item's, up to `most`, content_tags_tag_idx or content_authors_author_idx) stand for the
 * estimate.
 */
export async function countLinked(
  db: Db,
  f: ListFilter,
  cap: number,
  most: number,
): Promise<{ total: number; exact: boolean }> {
  // Each read built from its source (a table and a condition) once per shape.
  const upTo = (shape: string, source: () => Pick<ListSource, 'table' | 'where'>) =>
    readOf<{ n: number }>(db, shape, () => {
      const { table, where } = source();
      return db
        .select({ n: sql<number>`count(*)::int` })
        .from(
          db
            .select({ one: sql`1` })
            .from(table as typeof contents)
            .where(where)
            .limit(P.most)
            .as('upto'),
        )
        .prepare('');
    });
  const [listed] = await upTo(`count of ${listShape(f)}`, () => listSource(f)).execute({
    ...filterValues(f),
    most: cap + 1,
  });
  const n = Number(listed?.n ?? 0);
  if (n <= cap) return { total: n, exact: true };
  const links =
    f.tagId !== undefined
      ? upTo('links of a tag', () => ({ table: contentTags, where: eq(contentTags.tagId, P.tag) }))
      : upTo('links of an author', () => ({
          table: contentAuthors,
          where: eq(contentAuthors.authorId, P.author),
        }));
  const [all] = await links.execute({ tag: f.tagId, author: f.authorId, most });
  return { total: Math.max(cap + 1, Number(all?.n ?? 0)), exact: false };
}

/** Published items of the site among `ids`, in the order of `ids` (home's choice, an item's related ones). */
export async function itemsByIds(db: Db, siteId: number, ids: number[], types: number[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  const read = readOf(db, 'items by ids', () =>
    selectPublished(db)
      .where(
        and(visible(P.site), sql`${contents.type} = any(${P.types})`, sql`${contents.id} = any(${P.ids})`),
      )
      .prepare(''),
  );
  const rows = await read.execute({ site: siteId, types, ids });
  const byId = new Map(rows.map((r) => [r.id, fromPublished(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The same items' published rows in language `langId` (by uuid), in the order of `ids`: home's chosen articles are
 * rows of one language, shown in the page's.
 */
export async function siblingsInLanguage(
  db: Db,
  siteId: number,
  ids: number[],
  langId: number,
  types: number[],
): Promise<ItemRow[]> {
  if (!ids.length) return [];
  const chosen = await readOf<{ id: number; uuid: string }>(db, 'uuids of items', () =>
    db
      .select({ id: contents.id, uuid: contents.uuid })
      .from(contents)
      .where(and(eq(contents.siteId, P.site), sql`${contents.id} = any(${P.ids})`))
      .prepare(''),
  ).execute({ site: siteId, ids });
  if (!chosen.length) return [];
  const rows = await readOf(db, 'items by uuids', () =>
    selectPublished(db)
      .where(
        and(
          visible(P.site),
          eq(contents.langId, P.lang),
          sql`${contents.type} = any(${P.types})`,
          sql`${contents.uuid} = any(${P.uuids})`,
        ),
      )
      .prepare(''),
  ).execute({ site: siteId, lang: langId, types, uuids: chosen.map((c) => c.uuid) });
  const byUuid = new Map(rows.map((r) => [r.uuid, fromPublished(r)]));
  const uuidOf = new Map(chosen.map((c) => [c.id, c.uuid]));
  const seen = new Set<string>();
  return ids.flatMap((id) => {
    const uuid = uuidOf.get(id);
    const row = uuid === undefined || seen.has(uuid) ? undefined : byUuid.get(uuid);
    if (uuid !== undefined) seen.add(uuid);
    return row ?? [];
  });
}

/** The published rows sharing an item's uuid (its languages): language id → its key (slug or id). */
export async function publishedLanguages(
  db: Db,
  siteId: number,
  uuid: string,
): Promise<Map<number, { id: number; slug: string; type: number }>> {
  const rows = await readOf<{ id: number; slug: string; type: number; langId: number }>(
    db,
    'languages of an item',
    () =>
      db
        .select({ id: contents.id, slug: contents.slug, type: contents.type, langId: contents.langId })
        .from(contents)
        .where(and(visible(P.site), eq(contents.uuid, P.uuid)))
        .prepare(''),
  ).execute({ site: siteId, uuid });
  return new Map(rows.map((r) => [r.langId, { id: r.id, slug: r.slug, type: r.type }]));
}
