/**
 * The public site's reads of content items: only published ones (status 1 with a snapshot), seen through their
 * snapshot, never the draft — except a preview, which reads one item's draft. Lists read no body (the snapshot's
 * content is read only where the draft changed since, for its reading time), filter by site, language, type and
 * status, and order by publish time with a LIMIT.
 */
import { and, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { BlockDocument } from '../../../contract/blocks';
import { readingMinutes } from '../../../contract/blockText';
import { STATUS } from '../../../contract/contentConstants';
import type { Db } from '../../db/client';
import { contentAuthors, contents, contentTags } from '../../modules/content/schema';
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
  /** Only when read for a single page. */
  content?: BlockDocument;
}

const snap = (key: string) => sql<string>`coalesce(${contents.published}->>${sql.raw(`'${key}'`)}, '')`;

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

/** Published items of a site: the condition every reader's query starts from. */
export const visible = (siteId: number): SQL =>
  and(
    eq(contents.siteId, siteId),
    eq(contents.status, STATUS.PUBLISHED),
    isNotNull(contents.published),
  ) as SQL;

/** A numeric route key is an id (slugs start with a letter); anything else is a slug. */
const byKey = (key: string): SQL | undefined => {
  if (/^\d{1,10}$/.test(key)) {
    const id = Number(key);
    return id > 0 && id <= 2_147_483_647 ? eq(contents.id, id) : undefined;
  }
  return key ? eq(contents.slug, key) : undefined;
};

/** The published item of a type and language by slug or id, with its snapshot's body. */
export async function publishedItem(
  db: Db,
  siteId: number,
  type: number,
  langId: number,
  key: string,
): Promise<ItemRow | null> {
  const match = byKey(key);
  if (!match) return null;
  const [row] = await db
    .select({ ...publishedColumns, content: sql<BlockDocument>`${contents.published}->'content'` })
    .from(contents)
    .where(and(visible(siteId), eq(contents.type, type), eq(contents.langId, langId), match))
    .limit(1);
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

function listWhere(f: ListFilter): SQL {
  return and(
    visible(f.siteId),
    eq(contents.langId, f.langId),
    f.types.length === 1 ? eq(contents.type, f.types[0]) : inArray(contents.type, f.types),
    f.categoryId === undefined ? undefined : eq(contents.categoryId, f.categoryId),
    f.exceptId === undefined ? undefined : ne(contents.id, f.exceptId),
    f.tagId === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${contentTags} WHERE ${contentTags.contentId} = ${contents.id} AND ${contentTags.tagId} = ${f.tagId})`,
    f.authorId === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${contentAuthors} WHERE ${contentAuthors.contentId} = ${contents.id} AND ${contentAuthors.authorId} = ${f.authorId})`,
  ) as SQL;
}

/**
 * A tag's or author's list read from its link table (issue 31): the link rows copy their item's site, language,
 * type, publication time and listing (content/schema.ts `linkListing`, kept by triggers), so the list in its order is
 * one range of content_tags_listed_idx / content_authors_listed_idx, read from the index alone at any depth. Only
 * for a filter on one label and nothing the links do not hold (a category, an excluded item).
 */
interface LinkList {
  where: SQL;
  id: SQL;
  ts: SQL;
  from: SQL;
}

function linkList(f: ListFilter): LinkList | undefined {
  if (f.categoryId !== undefined || f.exceptId !== undefined) return undefined;
  if ((f.tagId === undefined) === (f.authorId === undefined)) return undefined;
  const t = f.tagId !== undefined ? contentTags : contentAuthors;
  const label =
    f.tagId !== undefined
      ? eq(contentTags.tagId, f.tagId)
      : eq(contentAuthors.authorId, f.authorId as number);
  return {
    from: sql`${t}`,
    id: sql`${t.contentId}`,
    ts: sql`${t.publishTs}`,
    where: and(
      label,
      eq(t.langId, f.langId),
      sql`${t.listed}`,
      eq(t.siteId, f.siteId),
      f.types.length === 1 ? eq(t.type, f.types[0]) : inArray(t.type, f.types),
    ) as SQL,
  };
}

/** The newest published items matching `f` (publish time, then id, descending). */
export async function latestItems(db: Db, f: ListFilter, limit: number, offset = 0): Promise<ItemRow[]> {
  const rows = await selectPublished(db)
    .where(listWhere(f))
    .orderBy(desc(contents.publishTs), desc(contents.id))
    .limit(limit)
    .offset(offset);
  return rows.map(fromPublished);
}

export async function countItems(db: Db, f: ListFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contents).where(listWhere(f));
  return Number(row?.n ?? 0);
}

/**
 * Where a page of a list starts (issue 31): `offset` items skipped (a page addressed by its number), or just after
 * (`after`) or just before (`before`) an item of the list — the keyset of the next and previous links, a seek on
 * (publish_ts, id) that reads nothing before it.
 */
export type ListSeek = { offset: number } | { after: number } | { before: number };

/** The list's order and its reverse (the previous page is read backwards from its anchor, then turned round). */
const NEWEST = [desc(contents.publishTs), desc(contents.id)];
const OLDEST = [sql`${contents.publishTs} ASC NULLS LAST`, sql`${contents.id} ASC`];

/**
 * The anchor of a keyset seek: its publication time as the database's text (to the microsecond, which a JavaScript
 * Date would round), when the item is in the list; null otherwise (a stale or made-up link).
 */
async function anchorOf(db: Db, f: ListFilter, id: number): Promise<{ ts: string | null } | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const links = linkList(f);
  if (links) {
    const result = await db.execute(
      sql`SELECT ${links.ts}::text AS ts FROM ${links.from} WHERE ${links.where} AND ${links.id} = ${id} LIMIT 1`,
    );
    return (result as unknown as { rows: { ts: string | null }[] }).rows[0] ?? null;
  }
  const [row] = await db
    .select({ ts: sql<string | null>`${contents.publishTs}::text` })
    .from(contents)
    .where(and(listWhere(f), eq(contents.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The ids of a page: from the link table's index for a tag or author (the seek's anchor compared on its copy of the
 * publication time), else from contents' (contents_listed_idx / contents_listed_category_idx).
 */
async function pageIds(
  db: Db,
  f: ListFilter,
  where: SQL,
  oldest: boolean,
  limit: number,
  offset: number,
  anchor?: { ts: string; id: number; after: boolean },
): Promise<number[]> {
  const links = linkList(f);
  if (!links) {
    return (
      await db
        .select({ id: contents.id })
        .from(contents)
        .where(where)
        .orderBy(...(oldest ? OLDEST : NEWEST))
        .limit(limit)
        .offset(offset)
    ).map((r) => r.id);
  }
  const cond = anchor
    ? sql`${links.where} AND (${links.ts}, ${links.id}) ${anchor.after ? sql`<` : sql`>`} (${anchor.ts}::timestamptz, ${anchor.id})`
    : links.where;
  const order = oldest
    ? sql`${links.ts} ASC NULLS LAST, ${links.id} ASC`
    : sql`${links.ts} DESC, ${links.id} DESC`;
  const result = await db.execute(
    sql`SELECT ${links.id} AS id FROM ${links.from} WHERE ${cond} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/**
 * One page of a list: `limit` items from `seek` in the list's order (newest first), and whether the seek was used
 * (false when its anchor is not in the list; the caller then reads the page by its number). The page's ids come
 * first, from the index alone (contents_listed_idx / contents_listed_category_idx hold the filters' columns), so a
 * deep page skips index entries, never rows; then only those items are read.
 */
export async function listPage(
  db: Db,
  f: ListFilter,
  seek: ListSeek,
  limit: number,
  /** The list's months (listMonths.ts readMonths), when they count it: read once for the page and its total. */
  months?: Promise<readonly MonthCount[]>,
): Promise<{ rows: ItemRow[]; seeked: boolean }> {
  let where = listWhere(f);
  let order = NEWEST;
  let offset = 0;
  let at: { ts: string; id: number; after: boolean } | undefined;
  if ('offset' in seek) {
    offset = seek.offset;
    // A deep page of a list its months count (listMonths.ts) starts at its month: the walk skips that month's only.
    if (months && offset >= MONTHS_FROM_OFFSET) {
      const month = monthOfOffset(await months, offset);
      if (month?.past) return { rows: [], seeked: true };
      if (month) {
        where = and(where, sql`${contents.publishTs} < ${month.end}::timestamptz`) as SQL;
        offset -= month.before;
      }
    }
  } else {
    const id = 'after' in seek ? seek.after : seek.before;
    const anchor = await anchorOf(db, f, id);
    if (!anchor || anchor.ts === null) return { rows: [], seeked: false };
    const ts = anchor.ts;
    // NULL publication times sort first (DESC NULLS FIRST): never after a dated anchor. Reading backwards they are
    // left out (an OR would cost the index seek): a published item has a publication time, and such items would
    // sit on the list's first pages, reached by number.
    where = and(
      where,
      'after' in seek
        ? sql`(${contents.publishTs}, ${contents.id}) < (${ts}::timestamptz, ${id})`
        : sql`(${contents.publishTs}, ${contents.id}) > (${ts}::timestamptz, ${id})`,
    ) as SQL;
    if ('before' in seek) order = OLDEST;
    at = { ts, id, after: 'after' in seek };
  }
  const ids = await pageIds(db, f, where, order === OLDEST, limit, offset, at);
  if ('before' in seek) ids.reverse();
  if (!ids.length) return { rows: [], seeked: true };
  const rows = await selectPublished(db).where(and(visible(f.siteId), inArray(contents.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, fromPublished(r)]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), seeked: true };
}

/**
 * A tag's or author's list, counted up to `cap` + 1 from its link table's listed index (linkList; index-only). Past
 * it, the label's links (any item's, up to `most`, content_tags_tag_idx or content_authors_author_idx) stand for the
 * estimate.
 */
export async function countLinked(
  db: Db,
  f: ListFilter,
  cap: number,
  most: number,
): Promise<{ total: number; exact: boolean }> {
  const upTo = async (query: SQL) => {
    const result = await db.execute(sql`SELECT count(*)::int AS n FROM (${query}) AS upto`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  };
  const listed = linkList(f);
  const n = await upTo(
    listed
      ? sql`SELECT 1 FROM ${listed.from} WHERE ${listed.where} LIMIT ${cap + 1}`
      : sql`SELECT 1 FROM ${contents} WHERE ${listWhere(f)} LIMIT ${cap + 1}`,
  );
  if (n <= cap) return { total: n, exact: true };
  const links =
    f.tagId !== undefined
      ? sql`SELECT 1 FROM ${contentTags} WHERE ${contentTags.tagId} = ${f.tagId} LIMIT ${most}`
      : sql`SELECT 1 FROM ${contentAuthors} WHERE ${contentAuthors.authorId} = ${f.authorId} LIMIT ${most}`;
  return { total: Math.max(cap + 1, await upTo(links)), exact: false };
}

/** Published items of the site among `ids`, in the order of `ids` (home's choice, an item's related ones). */
export async function itemsByIds(db: Db, siteId: number, ids: number[], types: number[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  const rows = await selectPublished(db).where(
    and(visible(siteId), inArray(contents.type, types), inArray(contents.id, ids)),
  );
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
  const chosen = await db
    .select({ id: contents.id, uuid: contents.uuid })
    .from(contents)
    .where(and(eq(contents.siteId, siteId), inArray(contents.id, ids)));
  if (!chosen.length) return [];
  const rows = await selectPublished(db).where(
    and(
      visible(siteId),
      eq(contents.langId, langId),
      inArray(contents.type, types),
      inArray(
        contents.uuid,
        chosen.map((c) => c.uuid),
      ),
    ),
  );
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
  const rows = await db
    .select({ id: contents.id, slug: contents.slug, type: contents.type, langId: contents.langId })
    .from(contents)
    .where(and(visible(siteId), eq(contents.uuid, uuid)));
  return new Map(rows.map((r) => [r.langId, { id: r.id, slug: r.slug, type: r.type }]));
}
