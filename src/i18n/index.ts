/**
 * The i18nProvider. Each app loads only its own words before its first render: the sign-in screens (/auth/*) the
 * areas they use, the admin the whole dictionary with react-admin's own words and every entity's words
 * (i18n/<lang>/entities/<name>.ts, found by the bundler: a new entity adds only its files); other locales load on a
 * switch. The locale the user chose last comes first. The served language pack (langPack.ts) goes over them.
 */

import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { useEffect, useState } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../contract/constants';
import { setCurrentWords } from './currentWords';
import { onNewPack, type PackWords, packWords } from './langPack';
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
    admin: () => Promise.all([import('./ra/zh-TW'), import('./ra/tiptap-zh-TW'), import('../../i18n/zh-TW')]),
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
    admin: () => Promise.all([import('./ra/ja'), import('./ra/tiptap-ja'), import('../../i18n/ja')]),
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
  const builtIn = new Map<Locale, Promise<TranslationMessages>>();
  const builtInOf = (locale: Locale) => {
    let words = builtIn.get(locale);
    if (!words) {
      words = loadMessages(locale, set);
      builtIn.set(locale, words);
    }
    return words;
  };
  const current = new Map<Locale, TranslationMessages>();
  const firstPack = packWords(initial);
  current.set(initial, withPack(await builtInOf(initial), set === 'admin' ? await firstPack : null, set));
  const provider = polyglotI18nProvider(
    (locale) =>
      current.get(locale as Locale) ??
      Promise.all([builtInOf(locale as Locale), packWords(locale as Locale)]).then(([words, pack]) => {
        const merged = withPack(words, pack, set);
        current.set(locale as Locale, merged);
        return merged;
      }),
    initial,
    localeChoices,
    { allowMissing: true },
  );
  const apply = async (locale: Locale, pack: PackWords) => {
    current.set(locale, withPack(await builtInOf(locale), pack, set));
    if (provider.getLocale() !== locale) return;
    await provider.changeLocale(locale);
    for (const listener of wordListeners) listener();
  };
  onNewPack((locale, pack) => void apply(locale, pack));
  setCurrentWords((key, args) => provider.translate(key, args));
  if (set === 'signIn') void firstPack.then((pack) => pack && apply(initial, pack));
  return provider;
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
