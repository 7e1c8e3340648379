/**
 * Limits of the public site's lists and sitemap (issue 31): server/public/ reads them, docs/themes.md names them.
 */

/** Highest `?page=` a list answers (a page past it is a 404, and `pagination.pages` never names one). */
export const LIST_PAGE_MAX = 10_000;

/**
 * A tag's or author's list is counted exactly up to this many items (an index-only walk of at most this many entries);
 * past it, `pagination.total` is an estimate and `pagination.estimated` is true. A category is counted exactly at any
 * length (its counts per month). Past this many items, a list's previous and next links carry a cursor.
 */
export const LIST_COUNT_EXACT_MAX = 5_000;

/** The sitemap protocol's limit of addresses in one file: each part of the sitemap holds at most this many. */
export const SITEMAP_MAX_URLS = 50_000;
