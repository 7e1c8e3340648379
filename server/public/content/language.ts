/** A content language's codes: the page's <html lang>, its Intl locale and its og:locale. */
import { CONTENT_LANGUAGES } from '../../../contract/constants';

/** BCP 47 code of a content language id (the contract's 'kr' is Korean: 'ko'). */
export function langCode(langId: number): string {
  const iso = CONTENT_LANGUAGES.find((l) => l.id === langId)?.iso ?? 'zh-TW';
  return iso === 'kr' ? 'ko' : iso;
}

export const langLabel = (langId: number): string =>
  CONTENT_LANGUAGES.find((l) => l.id === langId)?.label ?? '';

const OG_LOCALE: Record<string, string> = {
  'zh-TW': 'zh_TW',
  'zh-CN': 'zh_CN',
  en: 'en_US',
  ja: 'ja_JP',
  ko: 'ko_KR',
};

export const ogLocale = (langId: number): string => OG_LOCALE[langCode(langId)] ?? 'zh_TW';
