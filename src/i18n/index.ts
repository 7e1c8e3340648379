/**
 * The i18nProvider. Each app loads only its own words before its first render: the sign-in screens (/auth/*) the
 * areas they use, the admin the whole dictionary with react-admin's own words and every entity's words
 * (i18n/<lang>/entities/<name>.ts, found by the bundler: a new entity adds only its files); other locales load on a
 * switch. The locale the user chose last comes first.
 */

import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../contract/constants';
import { storedLocale } from './locale';

/** Which app the words are for. */
export type WordSet = 'signIn' | 'admin';

type Words = Promise<{ default: object }[]>;

/**
 * The sign-in screens use the core words (errors, validation, bot check), the auth area and the staff area (the
 * invitation page) — tests/unit/i18n-sign-in.test.ts checks that their keys are all here. No react-admin words:
 * the sign-in app uses none of react-admin's UI.
 */
const dictionaries: Record<Locale, Record<WordSet, () => Words>> = {
  'zh-TW': {
    signIn: () =>
      Promise.all([
        import('../../i18n/zh-TW/core'),
        import('../../i18n/zh-TW/auth'),
        import('../../i18n/zh-TW/staff'),
      ]),
    admin: () => Promise.all([import('./ra/zh-TW'), import('../../i18n/zh-TW')]),
  },
  en: {
    signIn: () =>
      Promise.all([
        import('../../i18n/en/core'),
        import('../../i18n/en/auth'),
        import('../../i18n/en/staff'),
      ]),
    admin: () => Promise.all([import('ra-language-english'), import('../../i18n/en')]),
  },
  ja: {
    signIn: () =>
      Promise.all([
        import('../../i18n/ja/core'),
        import('../../i18n/ja/auth'),
        import('../../i18n/ja/staff'),
      ]),
    admin: () => Promise.all([import('./ra/ja'), import('../../i18n/ja')]),
  },
};

const entityWords = import.meta.glob<{ default: object }>('../../i18n/*/entities/*.ts');

/** The words of every entity in this language. */
const entityWordsOf = (locale: Locale): Words =>
  Promise.all(
    Object.entries(entityWords)
      .filter(([file]) => file.startsWith(`../../i18n/${locale}/`))
      .map(([, load]) => load()),
  );

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merges word trees: areas share branches such as `resources`, whose leaves each area adds. */
export function mergeWords(target: Record<string, unknown>, source: object): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    target[key] = isPlain(value) && isPlain(target[key]) ? mergeWords({ ...target[key] }, value) : value;
  }
  return target;
}

export async function loadMessages(locale: Locale, set: WordSet): Promise<TranslationMessages> {
  const [parts, entities] = await Promise.all([
    dictionaries[locale][set](),
    set === 'admin' ? entityWordsOf(locale) : Promise.resolve([]),
  ]);
  return [...parts, ...entities].reduce<Record<string, unknown>>(
    (words, part) => mergeWords(words, part.default),
    {},
  ) as TranslationMessages;
}

export const localeChoices = LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] }));

export async function createI18nProvider(set: WordSet): Promise<I18nProvider> {
  const initial = storedLocale();
  const initialMessages = await loadMessages(initial, set);
  return polyglotI18nProvider(
    (locale) => (locale === initial ? initialMessages : loadMessages(locale as Locale, set)),
    initial,
    localeChoices,
    { allowMissing: true },
  );
}
