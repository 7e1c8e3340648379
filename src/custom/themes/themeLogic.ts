/**
 * The theme screens' pure decisions: which zip may be sent (SPEC §8: 20 MB), what an upload's reply says (the
 * server's own message, success or failure, which may list several files), a manifest word in the interface
 * language, and a size as people read it. No React here: tests/unit/themes.test.ts imports it directly.
 */
import { Code, codeMessageKey } from '../../../contract/codes';
import type { Locale } from '../../../contract/constants';
import type { Envelope } from '../../../contract/envelope';
import { THEME_ZIP_MAX_BYTES, type ThemeUploadReply, type ThemeWords } from '../../../contract/themes';
import { ApiError } from '../../dataProvider/client';

/** Why a file cannot be sent as a theme (an i18n key), or undefined when it may be. */
export function checkThemeZip(file: { name: string; size: number }): string | undefined {
  if (!/\.zip$/i.test(file.name)) return 'themes.upload.notZip';
  if (file.size > THEME_ZIP_MAX_BYTES) return codeMessageKey(Code.FILE_TOO_LARGE);
  return undefined;
}

/** The words of a failed upload: every field message (one per file), else the reply's message, else the code's. */
function failureText(envelope: Envelope<unknown> | null): string {
  const data = (envelope?.data ?? null) as { errors?: Record<string, string>; message?: string } | null;
  const listed = Object.values(data?.errors ?? {}).filter((m) => typeof m === 'string' && m.trim() !== '');
  if (listed.length > 0) return listed.join('\n');
  if (data?.message) return data.message;
  if (envelope?.msg) return envelope.msg;
  return (envelope && codeMessageKey(envelope.code)) || (codeMessageKey(Code.UPLOAD_FAILED) as string);
}

/** A theme upload's reply: the new version, or an ApiError whose message is the server's text (or a key). */
export function readThemeUploadReply(status: number, text: string): ThemeUploadReply {
  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = JSON.parse(text) as Envelope<unknown>;
  } catch {
    envelope = null;
  }
  const data = envelope?.data as ThemeUploadReply | null | undefined;
  if (status >= 200 && status < 300 && envelope?.code === Code.OK && data && data.success !== false)
    return data;
  const body = envelope ?? { code: Code.UPLOAD_FAILED, msg: '', data: null };
  if (status === 401) throw new ApiError(codeMessageKey(Code.UNAUTHORIZED) as string, status, body);
  if (status === 403) throw new ApiError(codeMessageKey(Code.FORBIDDEN) as string, status, body);
  if (status === 413) throw new ApiError(codeMessageKey(Code.FILE_TOO_LARGE) as string, status, body);
  if (envelope?.code === Code.OK && data?.message) throw new ApiError(data.message, status, body);
  throw new ApiError(failureText(envelope), status, body);
}

/** A manifest word (one string, or one per language) in `locale`, else zh-TW, en, ja: the first that is there. */
export function themeWord(words: ThemeWords | undefined, locale: Locale): string {
  if (words === undefined) return '';
  if (typeof words === 'string') return words;
  const order: Locale[] = [locale, 'zh-TW', 'en', 'ja'];
  for (const lang of order) {
    const word = words[lang];
    if (word) return word;
  }
  return '';
}

/** Epoch seconds (the theme replies' dates) as the date formatter takes them. */
export const fromEpochSeconds = (seconds: number): number => seconds * 1000;

/** Who may remove a theme from the list: never the built-in one nor the one the site wears. */
export const mayDeleteTheme = (theme: { builtin: boolean; applied: boolean }): boolean =>
  !theme.builtin && !theme.applied;

/**
 * The words of a theme's chosen version (ThemeVersion.enabled): "in use" only when the site wears the theme; on a
 * theme not applied it is the version the site would show once applied.
 */
export function chosenVersionWords(theme: { applied: boolean }): { tag: string; done: string } {
  return theme.applied
    ? { tag: 'themes.detail.enabled', done: 'themes.detail.enabledDone' }
    : { tag: 'themes.detail.chosen', done: 'themes.detail.chosenDone' };
}
