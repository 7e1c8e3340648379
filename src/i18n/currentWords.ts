/**
 * The running app's words for texts made outside React: the envelope client composes an HTTP 500's message (SPEC
 * §8's 糟糕！發生錯誤 with the server's msg) when the failure happens, for every screen and toast that shows it.
 */
type Translate = (key: string, args?: Record<string, unknown>) => string;

let current: Translate | null = null;

/** Set by the i18nProvider once it is made (index.ts): its translate follows the locale in use. */
export function setCurrentWords(translate: Translate): void {
  current = translate;
}

/** `key` in the interface language, or null before the app has its words. */
export function currentWords(key: string, args?: Record<string, unknown>): string | null {
  return current ? current(key, args) : null;
}
