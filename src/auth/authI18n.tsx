/**
 * The sign-in screens' words: the i18nProvider (src/i18n) in a context of their own, with the two hooks they use
 * under react-admin's names. ra-core's I18nContextProvider and store bring lodash and react-admin's store (about
 * 5 kB gzip of the sign-in page) for a translate function and a locale.
 */
import type { I18nProvider } from 'ra-core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Words {
  translate: Translate;
  locale: string;
  setLocale: (locale: string) => void;
}

const WordsContext = createContext<Words>({
  translate: (key) => key,
  locale: 'zh-TW',
  setLocale: () => undefined,
});

/** Provides the words of `provider`; a new provider object (a newer language pack) renders every text again. */
export function AuthI18n({ provider, children }: { provider: I18nProvider; children: ReactNode }) {
  const [locale, setShown] = useState(() => provider.getLocale());
  const setLocale = useCallback(
    (next: string) => {
      // The screen keeps the old words until the new ones have come, then shows them all at once.
      void Promise.resolve(provider.changeLocale(next)).then(() => setShown(next));
    },
    [provider],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new locale's words are the same function's answers
  const translate = useCallback<Translate>(
    (key, options) => provider.translate(key, options),
    [provider, locale],
  );
  const words = useMemo(() => ({ translate, locale, setLocale }), [translate, locale, setLocale]);
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

export const useTranslate = (): Translate => useContext(WordsContext).translate;

export function useLocaleState(): [string, (locale: string) => void] {
  const { locale, setLocale } = useContext(WordsContext);
  return [locale, setLocale];
}
