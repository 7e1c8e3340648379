/**
 * The served language pack (GET /i18n/lang.json, SPEC §7): the interface words with the operator's corrections, so
 * words can be corrected without a new build. A pack is kept in localStorage (`i18n.pack.<lang>`) for
 * LANG_PACK_TTL_S (24 h) and fetched again after that, or as soon as an API reply names another version
 * (X-I18n-Version, read by dataProvider/client.ts). A fetch waits TIMEOUT.base at most; without a pack the built-in
 * words are used, and they stay the fallback of any word a pack lacks.
 */

import { LANG_PACK_PATH, LANG_PACK_TTL_S, type Locale, TIMEOUT } from '../../contract/constants';
import { fetchWithin } from '../dataProvider/fetchWithin';
import { storedLocale } from './locale';

export type PackWords = Record<string, unknown>;

export interface KeptPack {
  version: string;
  /** When it was fetched (ms since the epoch). */
  fetchedAt: number;
  words: PackWords;
}

export const packKey = (lang: Locale) => `i18n.pack.${lang}`;

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pack kept on this device for a language, whatever its age; null when none (or unreadable). */
export function keptPack(lang: Locale): KeptPack | null {
  try {
    const raw = localStorage.getItem(packKey(lang));
    if (!raw) return null;
    const pack: unknown = JSON.parse(raw);
    if (
      !isPlain(pack) ||
      typeof pack.version !== 'string' ||
      typeof pack.fetchedAt !== 'number' ||
      !isPlain(pack.words)
    )
      return null;
    return pack as unknown as KeptPack;
  } catch {
    return null;
  }
}

function keep(lang: Locale, pack: KeptPack): void {
  try {
    localStorage.setItem(packKey(lang), JSON.stringify(pack));
  } catch {
    // storage full or unavailable: the pack serves this page only
  }
}

const fresh = (pack: KeptPack, now: number) =>
  now - pack.fetchedAt >= 0 && now - pack.fetchedAt < LANG_PACK_TTL_S * 1000;

/** Fetches a language's pack (TIMEOUT.base at most) and keeps it; null when it failed or timed out. */
export async function fetchPack(lang: Locale): Promise<KeptPack | null> {
  try {
    const response = await fetchWithin(TIMEOUT.base)(`${LANG_PACK_PATH}?lang=${encodeURIComponent(lang)}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (!isPlain(body) || typeof body.version !== 'string' || !isPlain(body.words)) return null;
    const pack: KeptPack = { version: body.version, fetchedAt: Date.now(), words: body.words };
    keep(lang, pack);
    return pack;
  } catch {
    return null;
  }
}

/**
 * The pack's words for a language at start or on a switch: the kept pack while it is younger than 24 h, else a
 * fetched one; null (the built-in words) when neither.
 */
export async function packWords(lang: Locale): Promise<PackWords | null> {
  const kept = keptPack(lang);
  if (kept && fresh(kept, Date.now())) return kept.words;
  return (await fetchPack(lang))?.words ?? null;
}

type Listener = (lang: Locale, words: PackWords) => void;
const listeners = new Set<Listener>();

/** Runs `listener` with a language's new words whenever a newer pack arrives; answers the unsubscribe. */
export function onNewPack(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands a pack that arrived later (after the first render) to the listeners. */
export function announcePack(lang: Locale, words: PackWords): void {
  for (const listener of listeners) listener(lang, words);
}

/** The versions already asked for, per language: one fetch per version an API reply names, never a loop. */
const asked = new Map<Locale, string>();

/**
 * An API reply named the version of the caller's pack (X-I18n-Version): when it is not the kept one, the pack is
 * fetched again and its words handed to the listeners (the i18nProvider re-renders with them).
 */
export function noteI18nVersion(version: string | null | undefined): void {
  if (!version) return;
  const lang = storedLocale();
  if (keptPack(lang)?.version === version || asked.get(lang) === version) return;
  asked.set(lang, version);
  void fetchPack(lang).then((pack) => {
    if (pack) announcePack(lang, pack.words);
  });
}

/** Forgets the versions asked for (tests). */
export function resetAsked(): void {
  asked.clear();
}
