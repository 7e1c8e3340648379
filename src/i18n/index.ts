/**
 * The i18nProvider: zh-TW is bundled (the default must be synchronous); en and ja load on demand. The locale the user
 * chose last is loaded before the first render.
 */

import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { LOCALES, type Locale } from '../../contract/constants';
import { storedLocale } from './locale';
import raZhTW from './ra/zh-TW';
import zhTW from './zh-TW';

const zhTWMessages = { ...raZhTW, ...zhTW } as TranslationMessages;

export async function loadMessages(locale: Locale): Promise<TranslationMessages> {
  if (locale === 'en') {
    const [ra, app] = await Promise.all([import('ra-language-english'), import('./en')]);
    return { ...ra.default, ...app.default } as TranslationMessages;
  }
  if (locale === 'ja') {
    const [ra, app] = await Promise.all([import('./ra/ja'), import('./ja')]);
    return { ...ra.default, ...app.default } as TranslationMessages;
  }
  return zhTWMessages;
}

export const localeChoices = LOCALES.map((locale) => ({ locale, name: zhTW.app.languages[locale] }));

export async function createI18nProvider(): Promise<I18nProvider> {
  const initial = storedLocale();
  const initialMessages = await loadMessages(initial);
  return polyglotI18nProvider(
    (locale) => (locale === initial ? initialMessages : loadMessages(locale as Locale)),
    initial,
    localeChoices,
    { allowMissing: true },
  );
}
