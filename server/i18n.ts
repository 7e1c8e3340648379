/** Server-side words: the same message files as the SPA (i18n/), for mail and reply messages. */
import type { Locale } from '../contract/constants';
import en from '../i18n/en';
import ja from '../i18n/ja';
import zhTW, { type Messages } from '../i18n/zh-TW';

const catalogues: Record<Locale, Messages> = { 'zh-TW': zhTW, en, ja };

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Polyglot-style interpolation: `%{name}` takes `args.name`. */
export function interpolate(text: string, args?: Record<string, unknown>): string {
  if (!args) return text;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

// Kept in the contract so that the theme workers read it without loading every word (server/workers/engine.ts).
export { localeOfLanguage } from '../contract/constants';

/** Translates a key; an unknown key is answered as itself, so plain text passes through. */
export function t(lang: Locale, key: string, args?: Record<string, unknown>): string {
  const text = lookup(catalogues[lang], key) ?? lookup(zhTW, key) ?? key;
  return interpolate(text, args);
}
