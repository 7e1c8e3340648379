/**
 * The home page's object: home settings (sites.home, contract/home.ts) read in the page's language — the chosen
 * articles' rows in that language, published, in the order chosen (the latest ten posts when none is chosen or
 * none is there), and each chosen category with its latest four.
 */
import { CONTENT_TYPE } from '../../../contract/contentConstants';
import { EMPTY_HOME, HOME_TYPES } from '../../../contract/home';
import { safeUrl } from '../../shared/html';
import type { HomeObject } from '../../workers/objects';
import { type ArticleSetting, articleObjects } from './articles';
import { categoriesByIds, labelObject } from './labels';
import { latestItems, siblingsInLanguage } from './queries';

export const HOME_LATEST = 10;
export const HOME_CATEGORY_LATEST = 4;
const POSTS = [CONTENT_TYPE.post];

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0).slice(0, 100) : [];
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export async function homeObject(
  at: ArticleSetting,
  stored: Record<string, unknown> | null,
): Promise<HomeObject> {
  const home = stored ?? {};
  const chosen = ids(home.articles);
  const filter = { siteId: at.siteId, langId: at.langId, types: POSTS };
  let rows = await siblingsInLanguage(at.db, at.siteId, chosen, at.langId, POSTS);
  if (!rows.length) rows = await latestItems(at.db, filter, HOME_LATEST);

  const categoryIds = ids(home.categories);
  const categories = await categoriesByIds(at.db, at.siteId, categoryIds);
  const shown = categoryIds.flatMap((id) => categories.get(id) ?? []);
  // One small indexed query per chosen category (at most HOME_CATEGORIES_MAX), then one object build for all.
  const perCategory = await Promise.all(
    shown.map((c) => latestItems(at.db, { ...filter, categoryId: c.id }, HOME_CATEGORY_LATEST)),
  );
  const articles = articleObjects(at, [...rows, ...perCategory.flat()]);
  const byId = new Map(articles.map((a) => [a.id, a]));
  const pick = (list: { id: number }[]) => list.flatMap((r) => byId.get(r.id) ?? []);

  return {
    type: HOME_TYPES.find((t) => t === home.type) ?? EMPTY_HOME.type,
    cover: at.media(str(home.cover)),
    title: str(home.title),
    content: str(home.content),
    link: safeUrl(str(home.link)),
    articles: pick(rows),
    categories: shown.map((c, i) =>
      Object.assign(labelObject('category', c, at), { articles: pick(perCategory[i]) }),
    ),
  };
}
