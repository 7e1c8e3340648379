/** Reading one item: the writer's whole copy (`get`) and its tags (`tag`). */
import { and, eq, ne } from 'drizzle-orm';
import type { ContentItem, Named, Status } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { notFound } from '../../http/errors';
import { authorsOf, languagesOf, relatedTitles, tagsOf } from './refs';
import { contents } from './schema';
import { type ContentRecord, type Scope, visibleTo } from './scope';
import { urlsOnSite } from './url';

/**
 * `get`: the item (found through findItem, so in sight), or with `lang` its sibling in that language (404 when there
 * is none, or the viewer does not see it).
 */
export async function getContent(s: Scope, item: ContentRecord, lang?: number): Promise<ContentItem> {
  const db = s.deps.db;
  let row = item;
  if (lang && lang !== item.langId) {
    const [sibling] = await db
      .select()
      .from(contents)
      .where(
        and(
          eq(contents.siteId, s.siteId),
          eq(contents.uuid, item.uuid),
          eq(contents.langId, lang),
          ne(contents.status, STATUS.DELETED),
          visibleTo(s),
        ),
      );
    if (!sibling) throw notFound();
    row = sibling;
  }
  const [tags, authors, langs, custom, urls] = await Promise.all([
    tagsOf(db, [row.id]),
    authorsOf(db, [row.id]),
    languagesOf(db, s.siteId, row.uuid),
    relatedTitles(db, s, row.custom),
    urlsOnSite(s),
  ]);
  return {
    id: row.id,
    uuid: row.uuid,
    type: row.type,
    lang_id: row.langId,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    content: row.body,
    abstract: row.abstract,
    reading_time: row.readingTime,
    cover: row.cover,
    author: (authors.get(row.id) ?? []).map((a) => a.id),
    tag: tags.get(row.id) ?? [],
    category_id: row.categoryId,
    place_id: row.placeId,
    related: row.related,
    custom,
    to_top: row.toTop,
    status: row.status as Status,
    publish_ts: row.publishTs?.toISOString() ?? null,
    is_draft_changed: row.isDraftChanged,
    ...urls(row),
    seo: row.seo,
    frontend_display_language: langs,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `tag`: the item's tags. */
export async function itemTags(s: Scope, id: number): Promise<Named[]> {
  return (await tagsOf(s.deps.db, [id])).get(id) ?? [];
}
