/** Limits of the page tree (issue 17 "Page structure"), apart from the schemas so that the SPA loads no zod for them. */

/** A page tree has at most three levels: top-level pages, their children and grandchildren. */
export const PAGE_DEPTH_MAX = 3;

/** page/list answers at most this many pages (the oldest first are kept); a site has far fewer static pages. */
export const PAGE_TREE_MAX = 2000;

/** A page's place among its siblings is at most this (places are renumbered 0…n by the tabs dialog). */
export const PAGE_SORT_MAX = 100_000;
