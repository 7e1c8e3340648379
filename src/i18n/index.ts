/**
 * The i18nProvider. Each app loads only its own words before its first render: the sign-in screens (/auth/*) the
 * areas they use, the admin react-admin's own words, every entity's words (i18n/<lang>/entities/<name>.ts, found by
 * the bundler: a new entity adds only its files) and the areas its first screen needs; the areas of its other screens
 * (i18n/areas.ts LATER_AREAS) load per screen: the ones a screen's first render names before it renders, the others
 * once it has (LaterWords.tsx). Other locales load on a switch. The locale the user chose last comes first. The
 * served language pack (langPack.ts) goes over them.
 */

import type { I18nProvider, TranslationMessages } from 'ra-core';
import { useEffect, useState } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../contract/constants';
import { setCurrentWords } from './currentWords';
import { onNewPack, type PackWords, packWords } from './langPack';
import { storedLocale } from './locale';
import { plainI18nProvider } from './plainI18nProvider';

/** Which app the words are for. */
export type WordSet = 'signIn' | 'admin';

type Words = Promise<{ default: object }[]>;

/**
 * The sign-in screens use the core words (errors, validation, bot check), the auth area and the staff area (the
 * invitation page) — tests/unit/i18n-sign-in.test.ts checks that their keys are all here. No react-admin words:
 * the sign-in app uses none of react-admin's UI. The admin loads them too, and the rest through adminWords.ts (a
 * chunk of its own: the table of every area file is the admin's alone).
 */
const signInWords: Record<Locale, () => Words> = {
  'zh-TW': () =>
    Promise.all([
      import('../../i18n/zh-TW/core'),
      import('../../i18n/zh-TW/auth'),
      import('../../i18n/zh-TW/staff'),
    ]),
  en: () =>
    Promise.all([import('../../i18n/en/core'), import('../../i18n/en/auth'), import('../../i18n/en/staff')]),
  ja: () =>
    Promise.all([import('../../i18n/ja/core'), import('../../i18n/ja/auth'), import('../../i18n/ja/staff')]),
};

const partsOf = (locale: Locale, set: WordSet, later?: readonly string[]): Words[] =>
  set === 'signIn'
    ? [signInWords[locale]()]
    : [signInWords[locale](), import('./adminWords').then((m) => m.adminWords(locale, later))];

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merges word trees: areas share branches such as `resources`, whose leaves each area adds. */
export function mergeWords(target: Record<string, unknown>, source: object): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    target[key] = isPlain(value) && isPlain(target[key]) ? mergeWords({ ...target[key] }, value) : value;
  }
  return target;
}

/** A language's words for an app; the admin's with the later areas `later` (all of them unless told). */
export async function loadMessages(
  locale: Locale,
  set: WordSet,
  later?: readonly string[],
): Promise<TranslationMessages> {
  const parts = (await Promise.all(partsOf(locale, set, later))).flat();
  return parts.reduce<Record<string, unknown>>(
    (words, part) => mergeWords(words, part.default),
    {},
  ) as TranslationMessages;
}

export const localeChoices = LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] }));

/** The pack's words over the built-in ones; the sign-in app takes only the areas it has (it stays light). */
function withPack(builtIn: TranslationMessages, pack: PackWords | null, set: WordSet): TranslationMessages {
  if (!pack) return builtIn;
  const words =
    set === 'admin' ? pack : Object.fromEntries(Object.entries(pack).filter(([k]) => k in builtIn));
  return mergeWords({ ...builtIn }, words) as TranslationMessages;
}

const wordListeners = new Set<() => void>();

/**
 * The i18nProvider of an app: its built-in words with the served language pack over them (langPack.ts). The admin
 * waits for the pack at most TIMEOUT.base before its first render (none when one younger than 24 h is kept); the
 * sign-in app renders with its built-in words at once and takes the pack when it arrives. A newer pack (an API reply
 * named another version) replaces the words of its language; `useLiveI18nProvider` re-renders the app with them.
 */
export async function createI18nProvider(set: WordSet): Promise<I18nProvider> {
  const initial = storedLocale();
  // The admin waits only for the later areas of the screen it starts on (i18n/areas.ts, read through adminWords.ts,
  // which the sign-in app does not load).
  const later = new Set<string>(
    set === 'admin' ? await (await import('./adminWords')).startAreas(window.location.pathname) : [],
  );
  const laterKey = () => [...later].sort().join(' ');
  const builtIn = new Map<string, Promise<TranslationMessages>>();
  const builtInOf = (locale: Locale) => {
    const key = `${locale} ${laterKey()}`;
    let words = builtIn.get(key);
    if (!words) {
      words = loadMessages(locale, set, [...later]);
      builtIn.set(key, words);
    }
    return words;
  };
  const current = new Map<Locale, TranslationMessages>();
  /** The pack each language's words were last merged with. */
  const packs = new Map<Locale, PackWords | null>();
  const use = (locale: Locale, words: TranslationMessages, pack: PackWords | null) => {
    const merged = withPack(words, pack, set);
    current.set(locale, merged);
    packs.set(locale, pack);
    return merged;
  };
  const firstPack = packWords(initial);
  // polyglot's answers (plurals too) without polyglot: plainI18nProvider.ts.
  const makeProvider = Promise.resolve(plainI18nProvider);
  use(initial, await builtInOf(initial), set === 'admin' ? await firstPack : null);
  const provider = (await makeProvider)(
    (locale) =>
      current.get(locale as Locale) ??
      Promise.all([builtInOf(locale as Locale), packWords(locale as Locale)]).then(([words, pack]) =>
        use(locale as Locale, words, pack),
      ),
    initial,
    localeChoices,
    { allowMissing: true },
  );
  const refresh = async (locale: Locale) => {
    if (provider.getLocale() !== locale) return;
    await provider.changeLocale(locale);
    for (const listener of wordListeners) listener();
  };
  const apply = async (locale: Locale, pack: PackWords) => {
    use(locale, await builtInOf(locale), pack);
    await refresh(locale);
  };
  onNewPack((locale, pack) => void apply(locale, pack));
  setCurrentWords((key, args) => provider.translate(key, args));
  if (set === 'signIn') void firstPack.then((pack) => pack && apply(initial, pack));
  if (set === 'admin') {
    for (const area of later) loadedAreas.add(area);
    // One after the other, so that words with fewer areas never replace words with more.
    let previous = Promise.resolve();
    loadAreas = (areas) => {
      const next = previous.then(async () => {
        if (areas.every((area) => later.has(area))) return;
        for (const area of areas) later.add(area);
        const locale = provider.getLocale() as Locale;
        // Another language chosen meanwhile loads again, with these areas, when chosen again.
        for (const other of [...current.keys()]) if (other !== locale) current.delete(other);
        use(locale, await builtInOf(locale), packs.get(locale) ?? null);
        await refresh(locale);
      });
      previous = next.catch(() => undefined);
      return next;
    };
  }
  return provider;
}

/** Adds later areas to the admin's words (set by the admin's i18nProvider). */
let loadAreas: ((areas: readonly string[]) => Promise<void>) | null = null;
/** The later areas the admin's words hold. */
const loadedAreas = new Set<string>();
/** The loads asked for, by their areas: one promise each, which `use()` can wait on across renders. */
const asked = new Map<string, Promise<void>>();

/** Whether the admin's words hold these later areas (no wait for them). */
export const hasAreas = (areas: readonly string[]) => areas.every((area) => loadedAreas.has(area));

/** The admin's words with these later areas (i18n/areas.ts), loaded once. */
export function loadLaterAreas(areas: readonly string[]): Promise<void> {
  const key = [...areas].sort().join(' ');
  let loading = asked.get(key);
  if (!loading) {
    loading = (loadAreas?.(areas) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        for (const area of areas) loadedAreas.add(area);
      });
    asked.set(key, loading);
  }
  return loading;
}

/**
 * The i18nProvider to hand to react-admin: a new object (the same functions) whenever a newer pack changed the
 * words, so every translated text renders again — without remounting anything.
 */
export function useLiveI18nProvider(provider: I18nProvider): I18nProvider {
  const [live, setLive] = useState(provider);
  useEffect(() => {
    setLive(provider);
    const refresh = () => setLive({ ...provider });
    wordListeners.add(refresh);
    return () => {
      wordListeners.delete(refresh);
    };
  }, [provider]);
  return live;
}
