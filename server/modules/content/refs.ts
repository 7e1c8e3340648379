/**
 * What an item points at — tags, authors, its category, related items — checked against the caller's site, and the
 * batched look-ups that turn a page of items into names (one query per kind, never one per item).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { BlockDocument } from '../../../contract/blocks';
import { STATUS } from '../../../contract/content';
import type { Db } from '../../db/client';
import { authors, categories, contentAuthors, contents, contentTags, tags, videos } from '../../db/schema';
import { FieldError } from '../../http/errors';

export interface Named {
  id: number;
  name: string;
}

export interface Refs {
  tag: number[];
  author: number[];
  category_id: number | null;
  custom: number[];
}

const unique = (ids: number[]) => [...new Set(ids)];

async function siteIds(
  db: Db,
  table: typeof tags | typeof authors | typeof categories | typeof videos,
  siteId: number,
  ids: number[],
) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.siteId, siteId), inArray(table.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The references with duplicates dropped, in the order given; any id outside the site (or a related item that is the
 * item itself or deleted) fails its field. So does a video block showing anything but one of the site's videos.
 */
export async function checkRefs(
  db: Db,
  siteId: number,
  refs: Refs,
  selfId?: number,
  body?: BlockDocument,
): Promise<Refs> {
  const out: Refs = {
    tag: unique(refs.tag),
    author: unique(refs.author),
    category_id: refs.category_id,
    custom: unique(refs.custom),
  };
  const categoryIds = out.category_id === null ? [] : [out.category_id];
  const videoBlocks = (body?.blocks ?? []).flatMap((b, i) =>
    b.type === 'video' ? [{ i, id: b.data.id }] : [],
  );
  // One after another: `db` is the save's transaction, one connection, which runs one query at a time anyway.
  const tagOk = await siteIds(db, tags, siteId, out.tag);
  const authorOk = await siteIds(db, authors, siteId, out.author);
  const categoryOk = await siteIds(db, categories, siteId, categoryIds);
  const videoOk = await siteIds(db, videos, siteId, unique(videoBlocks.map((v) => v.id)));
  const related = out.custom.length
    ? await db
        .select({ id: contents.id })
        .from(contents)
        .where(
          and(
            eq(contents.siteId, siteId),
            inArray(contents.id, out.custom),
            ne(contents.status, STATUS.DELETED),
          ),
        )
    : [];
  const relatedOk = new Set(related.map((r) => r.id));
  const bad: FieldError['fields'] = {};
  const format = { message: 'validation.format' };
  if (out.tag.some((id) => !tagOk.has(id))) bad.tag = format;
  if (out.author.some((id) => !authorOk.has(id))) bad.author = format;
  if (categoryIds.some((id) => !categoryOk.has(id))) bad.category_id = format;
  if (out.custom.some((id) => id === selfId || !relatedOk.has(id))) bad.custom = format;
  for (const { i, id } of videoBlocks) {
    if (!videoOk.has(id)) bad[`content.blocks.${i}.data.id`] = { message: 'writer.video.unknown' };
  }
  if (Object.keys(bad).length) throw new FieldError(bad);
  return out;
}

/** Replaces an item's tags and authors (authors keep the order given). */
export async function linkRefs(db: Db, contentId: number, tagIds: number[], authorIds: number[]) {
  await db.delete(contentTags).where(eq(contentTags.contentId, contentId));
  await db.delete(contentAuthors).where(eq(contentAuthors.contentId, contentId));
  if (tagIds.length) await db.insert(contentTags).values(tagIds.map((tagId) => ({ contentId, tagId })));
  if (authorIds.length)
    await db
      .insert(contentAuthors)
      .values(authorIds.map((authorId, sort) => ({ contentId, authorId, sort })));
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
