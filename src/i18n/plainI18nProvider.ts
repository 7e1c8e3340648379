/**
 * The SPA's i18nProvider, the sign-in screens' and the admin's: ra-i18n-polyglot's behaviour without node-polyglot and
 * its polyfills (about 7 kB gzip of every screen). The same call, and the same answers as polyglot with
 * `allowMissing` (tests/unit/plain-i18n.test.ts, for every key of the admin's words): a key's phrase, or the `_`
 * default, or the key itself, with `%{name}` filled in from the options (an unknown name left as written)
 * and, given `smart_count`, the plural form (`a |||| b`) of the locale (one form in Chinese and Japanese).
 */
import type { I18nProvider, TranslationMessages } from 'ra-core';

type Options = Record<string, unknown>;

function flatten(tree: object, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else if (typeof value === 'object' && value !== null) flatten(value, path, into);
  }
  return into;
}

function transform(phrase: string, options: Options, locale: string): string {
  let text = phrase;
  const count = options.smart_count;
  // As polyglot: any count picks a form (the whole phrase when it has one), trimmed.
  if (count != null && text) {
    const forms = text.split('||||');
    const form = /^(en|de|nl|sv|da|no|nb|fi|it|es|pt)/.test(locale) && count !== 1 ? 1 : 0;
    text = (forms[form] || forms[0]).trim();
  }
  return text.replace(/%\{(.*?)\}/g, (token, name: string) =>
    Object.hasOwn(options, name) && options[name] != null ? String(options[name]) : token,
  );
}

export function plainI18nProvider(
  getMessages: (locale: string) => TranslationMessages | Promise<TranslationMessages>,
  initialLocale: string,
  locales: { locale: string; name: string }[],
  /** polyglot's options: `allowMissing` is how this one always behaves. */
  _options?: { allowMissing?: boolean },
): I18nProvider {
  let locale = initialLocale;
  let phrases = flatten(getMessages(initialLocale) as TranslationMessages);
  return {
    translate: (key: string, options: Options = {}) => {
      const phrase = phrases.get(key) ?? (typeof options._ === 'string' ? options._ : key);
      return transform(phrase, options, locale);
    },
    changeLocale: (next: string) =>
      Promise.resolve(getMessages(next)).then((messages) => {
        locale = next;
        phrases = flatten(messages);
      }),
    getLocale: () => locale,
    getLocales: () => locales,
  };
}
