/**
 * The translation services the configuration allows (server/config.ts `translation`), chosen per pair: OpenCC for
 * zh-TW ↔ zh-CN (offline, always), else DeepL when DEEPL_API_KEY is set, else the OpenAI-compatible service when
 * AI_BASE_URL or AI_API_KEY is set, else none (the writer then offers a blank copy).
 */
import type { TranslationConfig } from '../../config';
import { deeplTranslator } from './deepl';
import { openAiTranslator } from './openai';
import { openccTranslator } from './opencc';
import type { Translator } from './translator';

export interface Translators {
  /** The service for from → to, or undefined when none serves it. */
  pick(from: number, to: number): Translator | undefined;
}

export function translators(config: TranslationConfig): Translators {
  const list: Translator[] = [openccTranslator()];
  if (config.deepl) list.push(deeplTranslator(config.deepl));
  if (config.openai) list.push(openAiTranslator(config.openai));
  return { pick: (from, to) => list.find((t) => t.serves(from, to)) };
}

const cache = new WeakMap<TranslationConfig, Translators>();

/** One set of services per configuration (the app's config object lives as long as the app). */
export function translatorsOf(config: TranslationConfig): Translators {
  let t = cache.get(config);
  if (!t) {
    t = translators(config);
    cache.set(config, t);
  }
  return t;
}
