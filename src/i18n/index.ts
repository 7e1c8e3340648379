/**
 * The i18nProvider. Each app loads only its own words before its first render: the sign-in screens (/auth/*) the
 * areas they use, the admin the whole dictionary with react-admin's own words; other locales load on a switch. The
 * locale the user chose last comes first.
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

export async function loadMessages(locale: Locale, set: WordSet): Promise<TranslationMessages> {
  const parts = await dictionaries[locale][set]();
  return Object.assign({}, ...parts.map((part) => part.default)) as TranslationMessages;
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
