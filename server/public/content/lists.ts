/**
 * Category, tag and author pages: the label (of this site only) and a page of its published items in the page's
 * language, newest first, LIST_PAGE_SIZE a page. A page past the last is no page (null → 404).
 */
import { CONTENT_TYPE } from '../../../contract/contentConstants';
import type { CollectionObject } from '../../workers/objects';
import type { PublicRoute } from '../route';
import { type ArticleSetting, articleObjects } from './articles';
import { authorById, authorObject, categoryByKey, labelObject, tagByKey } from './labels';
import { countItems, type ListFilter, latestItems } from './queries';

export const LIST_PAGE_SIZE = 10;
/** What lists show: articles and e-papers (pages stand alone). */
export const LISTED_TYPES = [CONTENT_TYPE.post, CONTENT_TYPE.epaper];

type CollectionKind = CollectionObject['kind'];

export async function collectionObject(
  at: ArticleSetting,
  route: PublicRoute & { kind: CollectionKind },
): Promise<CollectionObject | null> {
  const key = route.key ?? '';
  const filter: ListFilter = { siteId: at.siteId, langId: at.langId, types: LISTED_TYPES };
  let label: CollectionObject['label'];
  if (route.kind === 'author') {
    const author = await authorById(at.db, at.siteId, key);
    if (!author) return null;
    label = authorObject(author, at);
    filter.authorId = author.id;
  } else {
    const row = await (route.kind === 'category' ? categoryByKey : tagByKey)(at.db, at.siteId, key);
    if (!row) return null;
    label = labelObject(route.kind, row, at);
    if (route.kind === 'category') filter.categoryId = row.id;
    else filter.tagId = row.id;
  }
  const page = Number.isSafeInteger(route.page) && route.page > 0 ? route.page : 1;
  const [total, rows] = await Promise.all([
    countItems(at.db, filter),
    latestItems(at.db, filter, LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE),
  ]);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  if (page > pages) return null;
  // The label's address is the list's first page; the others add ?page=N.
  const pageUrl = (n: number) => (n === 1 ? label.url : `${label.url}?page=${n}`);
  return {
    kind: route.kind,
    title: label.name,
    label,
    articles: await articleObjects(at, rows),
    pagination: {
      page,
      pages,
      total,
      prev_url: page > 1 ? pageUrl(page - 1) : '',
      next_url: page < pages ? pageUrl(page + 1) : '',
    },
  };
}
