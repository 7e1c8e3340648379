/**
 * An article, e-paper or page: the published item by slug or id in the page's language, or a preview's item
 * (its draft, whatever its status), with its body as HTML and its related items — its own choice (published, of
 * this site) or the latest four of its category — and its place, read live.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CONTENT_TYPE, RELATED } from '../../../contract/contentConstants';
import { localeOfLanguage, t } from '../../i18n';
import { cleanBody } from '../../modules/content/cleanBody';
import { placeObject } from '../../modules/content/places';
import { videos } from '../../modules/files/schema';
import { offeredPlans, paywallText } from '../../modules/subscription/offer';
import { blocksHtml, hasPaidSection, readsAll, videoIds } from '../../shared/blocksHtml';
import { escapeHtml } from '../../shared/html';
import { publicPath } from '../../shared/paths';
import { paywallNotice } from '../../shared/paywall';
import type { ArticleObject } from '../../workers/objects';
import { sanitizeRichText } from '../../workers/sanitize';
import { type ArticleSetting, articleObjects } from './articles';
import { LISTED_TYPES } from './lists';
import { type ItemRow, itemsByIds, latestItems } from './queries';

export const RELATED_LATEST = 4;

async function videoPaths(at: ArticleSetting, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await at.db
    .select({ id: videos.id, path: videos.path })
    .from(videos)
    .where(and(eq(videos.siteId, at.siteId), inArray(videos.id, ids), eq(videos.status, 'ready')));
  // A video still uploading (or refused) has no file yet: its block is left out.
  return new Map(rows.map((r) => [r.id, r.path]));
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

/**
 * The plan card where the paid section starts, for a reader who does not pay: the notice, the site's paywall text
 * of the language (save_content), the plans on sale and a link to /subscribe. Every value escaped or sanitised.
 */
export async function planCardHtml(at: ArticleSetting): Promise<string> {
  const [text, plans] = await Promise.all([
    paywallText(at.db, at.siteId, at.langId),
    offeredPlans(at.db, at.siteId, at.langId),
  ]);
  const locale = localeOfLanguage(at.locale);
  const items = plans.map(
    (p) =>
      `<li class="paywall-plan"><strong>${escapeHtml(p.name)}</strong> <span>${escapeHtml(
        t(locale, 'readerSubscribe.perPeriod', { price: p.price.toLocaleString('en-US'), freq: p.freq }),
      )}</span></li>`,
  );
  const href = at.base + publicPath(at.site, 'subscribe', '', at.langId);
  return [
    '<aside class="paywall">',
    `<p class="paywall-notice">${escapeHtml(paywallNotice(at.locale))}</p>`,
    text ? `<div class="paywall-text">${sanitizeRichText(text)}</div>` : '',
    items.length ? `<ul class="paywall-plans">${items.join('')}</ul>` : '',
    `<p><a class="paywall-subscribe" href="${escapeHtml(href)}">${escapeHtml(t(locale, 'readerSubscribe.cta'))}</a></p>`,
    '</aside>',
  ]
    .filter(Boolean)
    .join('');
}

/**
 * The item as its page shows it: a preview or a paying reader (`paying`, from the page's signed-in reader) get the
 * whole body; everyone else the part before the paid section and the plan card.
 */
export async function articleObject(
  at: ArticleSetting,
  item: ItemRow,
  preview: boolean,
  paying = false,
): Promise<ArticleObject> {
  const doc = item.content ?? { blocks: [] };
  const locked = hasPaidSection(doc) && !readsAll({ preview, paying });
  const [article] = articleObjects(at, [item]);
  const [related, paths, paywall, place] = await Promise.all([
    relatedRows(at, item).then((rows) => articleObjects(at, rows)),
    videoPaths(at, videoIds(doc, preview, paying)),
    locked ? planCardHtml(at) : undefined,
    item.placeId === null ? null : placeObject(at, item.placeId),
  ]);
  // Cleaned again for the page (it was when saved), off the event loop when the body is large.
  const content = blocksHtml(await cleanBody(doc), {
    lang: at.locale,
    preview,
    paying,
    paywall,
    videos: paths,
    media: at.media,
    cleaned: true,
  });
  return Object.assign(article, { content, related, place });
}
