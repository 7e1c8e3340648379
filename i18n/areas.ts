/**
 * How the SPA loads the area files of a language (i18n/<lang>/<area>.ts; src/i18n/index.ts, vite.config.ts):
 *
 * - the sign-in screens: SIGN_IN_AREAS;
 * - the admin, before its first screen (the dashboard): FIRST_AREAS, with react-admin's words and the entities' (a
 *   language's first areas are one file, as its entity words are);
 * - LATER_AREAS: the words of screens other than the dashboard, a file each: before a screen renders, the ones its
 *   first render names (SCREEN_AREAS; all of them for a screen not listed there), then, once it has rendered, all the
 *   others (src/i18n/LaterWords.tsx), all through src/i18n/laterAreas.ts; the dashboard loads none of it;
 * - SERVER_AREAS: words only the server uses (mail, the public site, receipts, theme checks): never in the SPA.
 *
 * An area listed here keeps every key: only when it loads changes. tests/unit/i18n-sign-in.test.ts checks that the
 * keys the code of the first screens names are in what they load, tests/unit/i18n-screens.test.ts the same for
 * SCREEN_AREAS.
 */
export const SIGN_IN_AREAS = ['core', 'auth', 'staff'] as const;

/** The admin's first areas; src/i18n/adminWords.ts names them again in its import pattern (a test compares). */
export const FIRST_AREAS = [
  'content',
  'dashboard',
  'files',
  'inbox',
  'labels',
  'plan',
  'profile',
  'roles',
  'support',
  'themes',
  'wizard',
] as const;

export const LATER_AREAS = [
  'aiHelper',
  'contentScreens',
  'discount',
  'epaperSend',
  'filesScreens',
  'labelsScreens',
  'members',
  'menus',
  'orders',
  'pageTree',
  'rolesScreens',
  'settings',
  'share',
  'subscription',
  'translation',
  'videos',
  'wordImport',
  'writer',
] as const;

export type LaterArea = (typeof LATER_AREAS)[number];

/**
 * The later areas that the code of a screen's first render names, by the screen's path (the first that matches): the
 * writer, and the lists of articles, pages, e-papers, labels, authors and members. Only a list itself: its record
 * dialogs and sub-screens (/category/5, /press/5/publish/…) are paths of their own, matched by none.
 */
export const SCREEN_AREAS: readonly { path: RegExp; areas: readonly LaterArea[] }[] = [
  { path: /^\/edit\/\w+\/\d+$/, areas: ['writer', 'labelsScreens', 'filesScreens', 'share'] },
  { path: /^\/(press|epaper)$/, areas: ['contentScreens', 'wordImport', 'share'] },
  { path: /^\/page$/, areas: ['contentScreens', 'pageTree', 'share'] },
  { path: /^\/(category|tag)$/, areas: [] },
  { path: /^\/author$/, areas: ['contentScreens'] },
  { path: /^\/member$/, areas: ['members', 'labelsScreens', 'filesScreens'] },
];

/** The later areas a screen needs before it renders: none on the dashboard, all on a screen SCREEN_AREAS lacks. */
export function screenAreas(pathname: string): readonly LaterArea[] {
  if (pathname === '/') return [];
  return SCREEN_AREAS.find((screen) => screen.path.test(pathname))?.areas ?? LATER_AREAS;
}

export const SERVER_AREAS = [
  'publicSite',
  'readers',
  'receipt',
  'renewal',
  'shopMail',
  'shopPublic',
  'themeUpload',
] as const;

/** i18n/<lang>/<area>.ts: the language and the area. */
export const AREA_FILE = /\/i18n\/([a-z]{2}(?:-[A-Z]{2})?)\/(\w+)\.ts$/;
