/**
 * How the SPA loads the area files of a language (i18n/<lang>/<area>.ts; src/i18n/index.ts, vite.config.ts):
 *
 * - the sign-in screens: SIGN_IN_AREAS;
 * - the admin, before its first screen (the dashboard): every area but the ones below, with react-admin's words and
 *   the entities' (a language's first areas are one file, as its entity words are);
 * - LATER_AREAS: the words of screens other than the dashboard, one file per language, loaded once the dashboard has
 *   rendered or before another screen renders (src/i18n/LaterWords.tsx);
 * - SERVER_AREAS: words only the server uses (mail, the public site, receipts, theme checks): never in the SPA.
 *
 * An area listed here keeps every key: only when it loads changes. tests/unit/i18n-sign-in.test.ts checks that the
 * keys the code of the first screens names are in what they load.
 */
export const SIGN_IN_AREAS = ['core', 'auth', 'staff'] as const;

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
