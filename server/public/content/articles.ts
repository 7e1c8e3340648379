/**
 * Items as templates get them (ArticleObject), with the authors, tags and category read with each row (queries.ts).
 * Content and related items are filled in by the single page (context.ts); lists leave them empty.
 */
import { ABSTRACT_LENGTH, agendaOf } from '../../../contract/blockText';
import type { Db } from '../../db/client';
import { contentKind, publicPath } from '../../shared/paths';
import type { ArticleObject } from '../../workers/objects';
import { displayDate } from './dates';
import { authorObject, labelObject, type PageLinks } from './labels';
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

export function articleObjects(at: ArticleSetting, rows: ItemRow[]): ArticleObject[] {
  return rows.map((r) => ({
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
    authors: r.authors.map((a) => authorObject(a, at)),
    category: r.category ? labelObject('category', r.category, at) : null,
    tags: r.tags.map((t) => labelObject('tag', t, at)),
    content: '',
    related: [],
    place: null,
  }));
}
