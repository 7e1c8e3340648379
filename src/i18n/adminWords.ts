/**
 * The admin's words beyond the sign-in areas (src/i18n/index.ts): react-admin's own, its first areas (i18n/areas.ts),
 * every entity's words and the later areas asked for (./laterAreas.ts, which the dashboard does not load), in one
 * language.
 */
import type { Locale } from '../../contract/constants';

type Words = Promise<{ default: object }[]>;

/** react-admin's own words (ra.*, and ra.tiptap.* where ra-language-english has none). */
const raWords: Record<Locale, () => Words> = {
  'zh-TW': () => Promise.all([import('./ra/zh-TW'), import('./ra/tiptap-zh-TW')]),
  en: () => Promise.all([import('ra-language-english')]),
  ja: () => Promise.all([import('./ra/ja'), import('./ra/tiptap-ja')]),
};

/**
 * The first areas' files of every language (i18n/areas.ts FIRST_AREAS, which an import pattern cannot read), each its
 * own import; vite.config.ts makes a language's one file.
 */
const firstAreaFiles = import.meta.glob<{ default: object }>(
  '../../i18n/*/{content,dashboard,files,inbox,labels,plan,profile,roles,support,themes,wizard}.ts',
);
const entityWords = import.meta.glob<{ default: object }>('../../i18n/*/entities/*.ts');

const inLanguage = <T>(files: Record<string, () => Promise<T>>, locale: Locale) =>
  Promise.all(
    Object.entries(files)
      .filter(([file]) => file.startsWith(`../../i18n/${locale}/`))
      .map(([, load]) => load()),
  );

/** The later areas the screen at `pathname` needs before it renders (none on the dashboard). */
export const startAreas = async (pathname: string): Promise<readonly string[]> =>
  pathname === '/' ? [] : (await import('./laterAreas')).screenAreas(pathname);

/** The admin's words in a language, with the later areas `later` (all of them without a list). */
export const adminWords = (locale: Locale, later?: readonly string[]): Words =>
  Promise.all([
    raWords[locale](),
    inLanguage(firstAreaFiles, locale),
    inLanguage(entityWords, locale),
    later?.length === 0 ? [] : import('./laterAreas').then((m) => m.laterAreaWords(locale, later)),
  ]).then((parts) => parts.flat());
