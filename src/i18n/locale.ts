/**
 * The interface locale chosen by the user, kept in localStorage under its own key (react-admin clears its store on
 * sign-out; the language choice must outlive that). zh-TW when none was chosen.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/constants';

const KEY = 'locale';

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** BCP 47 tags for <html lang>. */
export const htmlLang: Record<Locale, string> = { 'zh-TW': 'zh-Hant-TW', en: 'en', ja: 'ja' };

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page
  }
  document.documentElement.lang = htmlLang[locale];
}
