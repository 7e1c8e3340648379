/**
 * The interface locale chosen by the user, kept in localStorage under its own key (react-admin clears its store on
 * sign-out; the language choice must outlive that). zh-TW when none was chosen.
 */
import { DEFAULT_LOCALE, type Locale, toLocale } from '../../contract/constants';

const KEY = 'locale';

/** The locale chosen on this device, or null when none was. */
function chosenLocale(): Locale | null {
  try {
    const value = localStorage.getItem(KEY);
    // SPEC §9's codes (zh-tw, jp, en) read as the product's.
    return toLocale(value) ?? null;
  } catch {
    return null;
  }
}

export function storedLocale(): Locale {
  return chosenLocale() ?? DEFAULT_LOCALE;
}

/**
 * At sign-in, a device where nobody chose a language takes the account's (its profile's interface language); a
 * choice made on this device, even on the sign-in screen itself, stays.
 */
export function adoptAccountLocale(account: Locale): void {
  if (chosenLocale() === null) storeLocale(account);
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
