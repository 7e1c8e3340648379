/**
 * What an item points at — tags, authors, its category, its place, related items, videos and pictures — checked against the
 * caller's site and sight, and the batched look-ups that turn a page of items into names (one query per kind, never
 * one per item).
 *
 * Tags, categories, places, authors, videos and the picture library are the site's, shared by all its staff: no one has a
 * sight of their own over them, so "of the site" is their whole rule. Related items are content: each must be in the
 * caller's sight and of a type they may read (scope.ts seenBy), and one that is not answers exactly as an id that
 * does not exist.
 */
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { BlockDocument } from '../../../contract/blocks';
import type { Named } from '../../../contract/content';
import { RELATED_MAX, STATUS } from '../../../contract/contentConstants';
import type { Db } from '../../db/client';
import { FieldError } from '../../http/errors';
import { foreignUploadErrors } from '../files/addresses';
import { videos } from '../files/schema';
import { authors, categories, contentAuthors, contents, contentTags, places, tags } from './schema';
import { type ContentRecord, seenBy, type Viewer } from './scope';

export interface Refs {
  tag: number[];
  author: number[];
  category_id: number | null;
  /** 0 is none, as null. */
  place_id: number | null;
  custom: number[];
}

const unique = (ids: number[]) => [...new Set(ids)];

type SiteTable = typeof tags | typeof authors | typeof categories | typeof videos | typeof places;

/**
 * Which of the ids asked of each table are the site's, as one query for all of them (a UNION ALL of those with ids)
 * of rows (kind, id); undefined when nothing is asked.
 */
function siteIdsQuery<K extends string>(db: Db, siteId: number, asked: Record<K, [SiteTable, number[]]>) {
  const parts = [];
  for (const kind of Object.keys(asked) as K[]) {
    const [table, ids] = asked[kind];
    if (ids.length)
      parts.push(
        db
          .select({ kind: sql<string>`${kind}::text`.as('kind'), id: table.id })
          .from(table)
          .where(and(eq(table.siteId, siteId), inArray(table.id, ids))),
      );
  }
  if (!parts.length) return undefined;
  const [first, ...rest] = parts;
  return rest.reduce<typeof first>((q, part) => q.unionAll(part) as unknown as typeof first, first);
}

/** The rows of siteIdsQuery as a set per kind. */
function byKind<K extends string>(kinds: K[], rows: [string, number][]): Record<K, Set<number>> {
  const out = {} as Record<K, Set<number>>;
  for (const kind of kinds) out[kind] = new Set();
  for (const [kind, id] of rows) out[kind as K].add(id);
  return out;
}

/** A save's references: without duplicates, and the ids asked of each of the site's tables. */
function askedOf(refs: Refs, body?: BlockDocument) {
  const out: Refs = {
    tag: unique(refs.tag),
    author: unique(refs.author),
    category_id: refs.category_id,
    place_id: refs.place_id || null,
    custom: unique(refs.custom),
  };
  const videoBlocks = (body?.blocks ?? []).flatMap((b, i) =>
    b.type === 'video' ? [{ i, id: b.data.id }] : [],
  );
  const asked = {
    tag: [tags, out.tag],
    author: [authors, out.author],
    category: [categories, out.category_id === null ? [] : [out.category_id]],
    place: [places, out.place_id === null ? [] : [out.place_id]],
    video: [videos, unique(videoBlocks.map((b) => b.id))],
  } satisfies Record<string, [SiteTable, number[]]>;
  return { out, videoBlocks, asked };
}

/** What checkRefs reads of the site's tables, given beforehand: rows [kind, id]. */
export type FoundRefs = [string, number][];

/**
 * The site's rows among a save's references (FoundRefs, as one json value) as a column of another query: a save reads
 * them with the item (service.ts lookItem) and hands them to checkRefs.
 */
export function foundRefs(db: Db, siteId: number, refs: Refs, body?: BlockDocument): SQL<FoundRefs> {
  const query = siteIdsQuery(db, siteId, askedOf(refs, body).asked);
  return query
    ? sql<FoundRefs>`(SELECT coalesce(json_agg(json_build_array(f.kind, f.id)), '[]') FROM (${query.getSQL()}) f)`
    : sql<FoundRefs>`'[]'::json`;
}

/**
 * Live items of the viewer's site among `ids`, each with its title and whether the viewer sees it (one query). What
 * is not in the answer is deleted, another site's or does not exist.
 */
async function relatedRows(db: Db, v: Viewer, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: contents.id,
      title: contents.title,
      seen: sql<boolean>`coalesce((${seenBy(v)}), false)`,
    })
    .from(contents)
    .where(
      and(eq(contents.siteId, v.siteId), inArray(contents.id, ids), ne(contents.status, STATUS.DELETED)),
    );
}

/** Titles of the related items the viewer sees, in the order stored; the others are left out, unnamed. */
export async function relatedTitles(
  db: Db,
  v: Viewer,
  ids: number[],
): Promise<{ id: number; title: string }[]> {
  const seen = new Map((await relatedRows(db, v, ids)).filter((r) => r.seen).map((r) => [r.id, r.title]));
  return ids.flatMap((id) => {
    const title = seen.get(id);
    return title === undefined ? [] : [{ id, title }];
  });
}

/**
 * The caller's related items with the stored ones they do not see put back at the places they held. Someone who
 * sees more (post.view_all, or pages) may link items the next saver does not see: that saver never read them (get
 * leaves them out), so their list cannot say anything about them — removing them would destroy another person's
 * work, and naming them is refused as an unknown id. Only live ones are kept; deleted items are gone for everyone.
 * They count towards RELATED_MAX (the list stays within what the writer can show and send back), so a caller who
 * reaches the limit can tell that there are links they do not see — never which, nor their titles.
 */
function withHidden(stored: number[], hidden: Set<number>, given: number[]): number[] {
  const out = [...given];
  stored.forEach((id, at) => {
    if (hidden.has(id)) out.splice(Math.min(at, out.length), 0, id);
  });
  return out;
}

/** Every picture address of an item: its cover and those of its blocks, with the field each answers on. */
function pictures(cover: string, body: BlockDocument | undefined): [string, string][] {
  const found: [string, string][] = cover ? [['cover', cover]] : [];
  (body?.blocks ?? []).forEach((b, i) => {
    const at = `content.blocks.${i}.data`;
    if (b.type === 'image') found.push([`${at}.url`, b.data.url]);
    else if (b.type === 'video') found.push([`${at}.cover`, b.data.cover]);
    else if (b.type === 'album') {
      for (const [j, m] of b.data.images.entries()) found.push([`${at}.images.${j}.url`, m.url]);
    }
  });
  return found;
}

/**
 * The references with duplicates dropped, in the order given; any id outside the site (or a related item that is the
 * item itself, deleted, or out of the caller's sight) fails its field, as does a video block showing anything but
 * one of the site's videos and a picture in another site's uploads. Related items the caller does not see that
 * `current` already links are kept (withHidden), and count towards the limit.
 */
export async function checkRefs(
  db: Db,
  v: Viewer,
  refs: Refs & { cover: string },
  current?: Pick<ContentRecord, 'id' | 'custom'>,
  body?: BlockDocument,
  found?: FoundRefs,
): Promise<Refs> {
  const { out, videoBlocks, asked } = askedOf(refs, body);
  const stored = current?.custom ?? [];
  const categoryIds = asked.category[1];
  const query = found ? undefined : siteIdsQuery(db, v.siteId, asked);
  const rows = found ?? (query ? (await query).map((r): [string, number] => [r.kind, r.id]) : []);
  const ok = byKind(Object.keys(asked) as (keyof typeof asked)[], rows);
  const { tag: tagOk, author: authorOk, category: categoryOk, place: placeOk, video: videoOk } = ok;
  const related = await relatedRows(db, v, unique([...out.custom, ...stored]));
  const seen = new Set(related.filter((r) => r.seen).map((r) => r.id));
  const hidden = new Set(related.filter((r) => !r.seen).map((r) => r.id));
  const bad: FieldError['fields'] = {};
  const format = { message: 'validation.format' };
  if (out.tag.some((id) => !tagOk.has(id))) bad.tag = format;
  if (out.author.some((id) => !authorOk.has(id))) bad.author = format;
  if (categoryIds.some((id) => !categoryOk.has(id))) bad.category_id = format;
  if (out.place_id !== null && !placeOk.has(out.place_id)) bad.place_id = format;
  if (out.custom.some((id) => id === current?.id || !seen.has(id))) bad.custom = format;
  out.custom = withHidden(stored, hidden, out.custom);
  if (out.custom.length > RELATED_MAX) bad.custom = format;
  for (const { i, id } of videoBlocks) {
    if (!videoOk.has(id)) bad[`content.blocks.${i}.data.id`] = { message: 'writer.video.unknown' };
  }
  Object.assign(bad, foreignUploadErrors(v.deps, v.siteId, pictures(refs.cover, body)));
  if (Object.keys(bad).length) throw new FieldError(bad);
  return out;
}

/** An item's stored tag and author links: [kind, id, sort] (sort 0 for a tag). */
export type StoredLink = ['tag' | 'author', number, number];

/**
 * The item's links (StoredLink[], as one json value) as a column of a query on `contents`: a save reads them with the
 * item (service.ts lookItem) rather than in a statement of their own.
 */
export const storedLinks = sql<StoredLink[]>`(SELECT coalesce(json_agg(l), '[]') FROM (
    SELECT json_build_array('tag', ct.tag_id, 0) AS l FROM ${contentTags} ct WHERE ct.content_id = ${contents}.id
    UNION ALL
    SELECT json_build_array('author', ca.author_id, ca.sort) FROM ${contentAuthors} ca
     WHERE ca.content_id = ${contents}.id) links)`;

/** Which of an item's links a save would change: tags as a set, authors in order and as written (sort = place). */
export function linksToWrite(stored: StoredLink[], tagIds: number[], authorIds: number[]) {
  const oldTags = stored.filter((r) => r[0] === 'tag').map((r) => r[1]);
  const oldAuthors = stored
    .filter((r) => r[0] === 'author')
    .sort((a, b) => a[2] - b[2])
    .map((r) => r[1]);
  const sortedTags = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join();
  const tags = sortedTags(oldTags) !== sortedTags(tagIds);
  const authorsChanged = oldAuthors.join() !== authorIds.join();
  // The rows as writeLinks writes them: each author's `sort` its place in the list.
  const asWritten = stored.every((r) => r[0] !== 'author' || r[2] === authorIds.indexOf(r[1]));
  return { tags, authors: authorsChanged || !asWritten, changed: tags || authorsChanged };
}

/** Replaces the tags and/or the authors of an item (authors keep the order given). */
export async function writeLinks(
  db: Db,
  contentId: number,
  tagIds: number[],
  authorIds: number[],
  which: { tags: boolean; authors: boolean },
) {
  if (which.tags) {
    await db.delete(contentTags).where(eq(contentTags.contentId, contentId));
    if (tagIds.length) await db.insert(contentTags).values(tagIds.map((tagId) => ({ contentId, tagId })));
  }
  if (which.authors) {
    await db.delete(contentAuthors).where(eq(contentAuthors.contentId, contentId));
    if (authorIds.length)
      await db
        .insert(contentAuthors)
        .values(authorIds.map((authorId, sort) => ({ contentId, authorId, sort })));
  }
}

/**
 * Replaces an item's tags and authors (authors keep the order given); answers whether they changed (a published
 * item's tags and authors are live on readers' pages, not in its snapshot). One query reads both; what did not change
 * is not written again.
 */
export async function linkRefs(
  db: Db,
  contentId: number,
  tagIds: number[],
  authorIds: number[],
): Promise<boolean> {
  const [row] = await db.select({ links: storedLinks }).from(contents).where(eq(contents.id, contentId));
  const which = linksToWrite(row?.links ?? [], tagIds, authorIds);
  await writeLinks(db, contentId, tagIds, authorIds, which);
  return which.changed;
}

function group(rows: (Named & { contentId: number })[]): Map<number, Named[]> {
  const map = new Map<number, Named[]>();
  for (const r of rows) {
    const list = map.get(r.contentId) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.contentId, list);
  }
  return map;
}

/** Tags of many items at once, by item id. */
export async function tagsOf(db: Db, contentIds: number[]): Promise<Map<number, Named[]>> {
  if (!contentIds.length) return new Map();
  const rows = await db
    .select({ contentId: contentTags.contentId, id: tags.id, name: tags.name })
    .from(contentTags)
    .innerJoin(tags, eq(tags.id, contentTags.tagId))
    .where(inArray(contentTags.contentId, contentIds))
    .orderBy(asc(contentTags.contentId), asc(tags.id));
  return group(rows);
}

/** Authors of many items at once, by item id, in byline order. */
export async function authorsOf(db: Db, contentIds: number[]): Promise<Map<number, Named[]>> {
  if (!contentIds.length) return new Map();
  const rows = await db
    .select({ contentId: contentAuthors.contentId, id: authors.id, name: authors.name })
    .from(contentAuthors)
    .innerJoin(authors, eq(authors.id, contentAuthors.authorId))
    .where(inArray(contentAuthors.contentId, contentIds))
    .orderBy(asc(contentAuthors.contentId), asc(contentAuthors.sort));
  return group(rows);
}

/** The languages an item exists in (its live rows sharing the uuid). */
export async function languagesOf(db: Db, siteId: number, uuid: string): Promise<number[]> {
  const rows = await db
    .select({ langId: contents.langId })
    .from(contents)
    .where(and(eq(contents.siteId, siteId), eq(contents.uuid, uuid), ne(contents.status, STATUS.DELETED)))
    .orderBy(asc(contents.langId));
  return rows.map((r) => r.langId);
}

/** An item's tags (by id) and the languages it exists in (languagesOf), in one query: what a save answers. */
export async function tagsAndLanguages(
  db: Db,
  siteId: number,
  item: { id: number; uuid: string },
): Promise<{ tags: Named[]; langs: number[] }> {
  const rows = await db
    .select({ kind: sql<string>`'tag'`.as('kind'), id: tags.id, name: tags.name })
    .from(contentTags)
    .innerJoin(tags, eq(tags.id, contentTags.tagId))
    .where(eq(contentTags.contentId, item.id))
    .unionAll(
      db
        .select({
          kind: sql<string>`'lang'`.as('kind'),
          id: sql<number>`${contents.langId}::int`,
          name: sql<string>`''`,
        })
        .from(contents)
        .where(
          and(eq(contents.siteId, siteId), eq(contents.uuid, item.uuid), ne(contents.status, STATUS.DELETED)),
        ),
    )
    .orderBy(sql`1`, sql`2`);
  return {
    tags: rows.filter((r) => r.kind === 'tag').map((r) => ({ id: r.id, name: r.name })),
    langs: rows.filter((r) => r.kind === 'lang').map((r) => r.id),
  };
}
