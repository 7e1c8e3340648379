/**
 * An article, e-paper or page: the published item by slug or id in the page's language, or a preview's item
 * (its draft, whatever its status), with its body as HTML and its related items — its own choice (published, of
 * this site) or the latest four of its category.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CONTENT_TYPE, RELATED } from '../../../contract/contentConstants';
import { videos } from '../../db/schema';
import type { ArticleObject } from '../objects';
import { type ArticleSetting, articleObjects } from './articles';
import { blocksHtml, videoIds } from './blocksHtml';
import { LISTED_TYPES } from './lists';
import { type ItemRow, itemsByIds, latestItems } from './queries';

export const RELATED_LATEST = 4;

async function videoPaths(at: ArticleSetting, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await at.db
    .select({ id: videos.id, path: videos.path })
    .from(videos)
    .where(and(eq(videos.siteId, at.siteId), inArray(videos.id, ids)));
  return new Map(rows.map((r) => [r.id, at.media(r.path)]));
}

async function relatedRows(at: ArticleSetting, item: ItemRow): Promise<ItemRow[]> {
  if (item.related === RELATED.CUSTOM) {
    const types = [...LISTED_TYPES, CONTENT_TYPE.page];
    return (await itemsByIds(at.db, at.siteId, item.custom, types)).filter((r) => r.id !== item.id);
  }
  if (item.categoryId === null) return [];
  return latestItems(
    at.db,
    {
      siteId: at.siteId,
      langId: item.langId,
      types: LISTED_TYPES,
      categoryId: item.categoryId,
      exceptId: item.id,
    },
    RELATED_LATEST,
  );
}

export async function articleObject(
  at: ArticleSetting,
  item: ItemRow,
  preview: boolean,
): Promise<ArticleObject> {
  const doc = item.content ?? { blocks: [] };
  const [[article], related, paths] = await Promise.all([
    articleObjects(at, [item]),
    relatedRows(at, item).then((rows) => articleObjects(at, rows)),
    videoPaths(at, videoIds(doc, preview)),
  ]);
  return { ...article, content: blocksHtml(doc, { lang: at.locale, preview, videos: paths }), related };
}
