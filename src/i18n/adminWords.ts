/**
 * The admin's words beyond the sign-in areas (src/i18n/index.ts): react-admin's own, its areas (i18n/areas.ts: the
 * first ones, and the later ones once wanted) and every entity's words, in one language.
 */
import type { Locale } from '../../contract/constants';
import { AREA_FILE, LATER_AREAS, SERVER_AREAS, SIGN_IN_AREAS } from '../../i18n/areas';

type Words = Promise<{ default: object }[]>;

/** react-admin's own words (ra.*, and ra.tiptap.* where ra-language-english has none). */
const raWords: Record<Locale, () => Words> = {
  'zh-TW': () => Promise.all([import('./ra/zh-TW'), import('./ra/tiptap-zh-TW')]),
  en: () => Promise.all([import('ra-language-english')]),
  ja: () => Promise.all([import('./ra/ja'), import('./ra/tiptap-ja')]),
};

/** Every area file of every language, each its own import; vite.config.ts groups a language's first and later ones. */
const areaFiles = import.meta.glob<{ default: object }>(['../../i18n/*/*.ts', '!../../i18n/*/index.ts']);
const entityWords = import.meta.glob<{ default: object }>('../../i18n/*/entities/*.ts');

const among = (list: readonly string[], area: string) => list.includes(area);

/** Whether an area file belongs to the admin's first words, or also (`later`) to the later ones. */
function wanted(file: string, locale: Locale, later: boolean): boolean {
  const [, lang, area] = AREA_FILE.exec(file) ?? [];
  if (lang !== locale || among(SIGN_IN_AREAS, area) || among(SERVER_AREAS, area)) return false;
  return later || !among(LATER_AREAS, area);
}

export const adminWords = (locale: Locale, later: boolean): Words =>
  Promise.all([
    raWords[locale](),
    Promise.all(
      Object.entries(areaFiles)
        .filter(([file]) => wanted(file, locale, later))
        .map(([, load]) => load()),
    ),
    // The words of every entity in this language.
    Promise.all(
      Object.entries(entityWords)
        .filter(([file]) => file.startsWith(`../../i18n/${locale}/`))
        .map(([, load]) => load()),
    ),
  ]).then((parts) => parts.flat());
