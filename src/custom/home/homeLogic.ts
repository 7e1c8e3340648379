/**
 * The home settings screen's pure logic: adding a chosen article or category (refused when already chosen), what
 * `home/save` receives, and the search for published articles. No React here: unit tests import it directly.
 */
import { CONTENT_TYPE, contentQuery, STATUS } from '../../../contract/contentConstants';
import type { HomeEntry, HomeSave, HomeSettings } from '../../../contract/home';
import type { ListInput } from '../../../contract/list';

/** An entry as the form holds it; `sort` is given by the server. */
export type Chosen = Pick<HomeEntry, 'id' | 'title'>;

/** The list with the entry added at the end, or `duplicate` when it is already there (unchanged). */
export function addEntry<T extends Chosen>(list: readonly T[], entry: T): { list: T[]; duplicate: boolean } {
  if (list.some((e) => e.id === entry.id)) return { list: [...list], duplicate: true };
  return { list: [...list, entry], duplicate: false };
}

export const noneChosen = (values: Pick<HomeSettings, 'articles' | 'categories'>) =>
  !values.articles.length && !values.categories.length;

/** What `home/save` receives: the form's fields, and the lists as ids in their order. */
export function toHomeSave(values: HomeSettings): HomeSave {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    type: values.type,
    cover: text(values.cover),
    title: text(values.title),
    content: text(values.content),
    link: text(values.link),
    articles: values.articles.map((a) => ({ id: a.id })),
    categories: values.categories.map((c) => ({ id: c.id })),
  };
}

export const ARTICLE_SEARCH_SIZE = 10;

/** The article list's call (contentApi.list) for published articles whose title holds the keyword, the latest first. */
export const articleSearch = (keyword: string): { query: Record<string, string>; body: ListInput } => ({
  query: contentQuery(CONTENT_TYPE.post),
  body: {
    query: {
      page: 1,
      size: ARTICLE_SEARCH_SIZE,
      filters: [
        { col: 'keyword', value: keyword.trim(), type: 'search' },
        { col: 'status', value: [STATUS.PUBLISHED], type: 'in' },
      ],
      sort: { col: 'publish_ts', order: 'desc' },
    },
  },
});
