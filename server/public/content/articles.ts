/**
 * Items as templates get them (ArticleObject): a list's worth at once, with authors, tags and categories loaded in
 * one query each. Content and related items are filled in by the single page (context.ts); lists leave them empty.
 */
import { ABSTRACT_LENGTH, agendaOf } from '../../../contract/blockText';
import type { Db } from '../../db/client';
import { contentKind, publicPath } from '../../shared/paths';
import type { ArticleObject } from '../../workers/objects';
import { displayDate } from './dates';
import {
  authorObject,
  authorsOfItems,
  categoriesByIds,
  labelObject,
  type PageLinks,
  tagsOfItems,
} from './labels';
import type { ItemRow } from './queries';

export interface ArticleSetting extends PageLinks {
  db: Db;
  siteId: number;
  timeZone: string;
  /** The page language's BCP 47 code, for dates. */
  locale: string;
}

/** An item's path on the site (slug, or id where it has none) in its own language. */
export const itemPath = (
  at: Pick<PageLinks, 'site'>,
  row: Pick<ItemRow, 'type' | 'slug' | 'id' | 'langId'>,
) => publicPath(at.site, contentKind(row.type), row.slug || row.id, row.langId);

export async function articleObjects(at: ArticleSetting, rows: ItemRow[]): Promise<ArticleObject[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [authors, tags, categories] = await Promise.all([
    authorsOfItems(at.db, ids),
    tagsOfItems(at.db, ids),
    categoriesByIds(
      at.db,
      at.siteId,
      rows.flatMap((r) => (r.categoryId === null ? [] : [r.categoryId])),
    ),
  ]);
  return rows.map((r) => {
    const category = r.categoryId === null ? undefined : categories.get(r.categoryId);
    return {
      id: r.id,
      type: contentKind(r.type),
      title: r.title,
      subtitle: r.subtitle,
      url: at.base + itemPath(at, r),
      cover: at.media(r.cover),
      abstract: [...r.abstract].slice(0, ABSTRACT_LENGTH).join(''),
      agenda: agendaOf(r.abstract, r.subtitle),
      reading_time: r.readingTime,
      published_at: r.publishTs?.toISOString() ?? '',
      published_at_display: displayDate(r.publishTs, at.timeZone, at.locale),
      updated_at: r.updatedAt.toISOString(),
      authors: (authors.get(r.id) ?? []).map((a) => authorObject(a, at)),
      category: category ? labelObject('category', category, at) : null,
      tags: (tags.get(r.id) ?? []).map((t) => labelObject('tag', t, at)),
      content: '',
      related: [],
      place: null,
    };
  });
}
