/**
 * A DeepL-compatible service: POST {baseUrl}/v2/translate with `text[]`, `source_lang`, `target_lang` and, for
 * inline HTML, `tag_handling: 'html'`; the key in `Authorization: DeepL-Auth-Key …`. Answers
 * `{translations: [{text}]}` in order.
 */
import type { DeepLConfig } from '../../config';
import { LANGUAGES, postJson, TranslationError, type Translator } from './translator';

export function deeplTranslator(config: DeepLConfig): Translator {
  return {
    name: 'deepl',
    serves: (from, to) => from !== to && from in LANGUAGES && to in LANGUAGES,
    async translate({ texts, from, to, html }) {
      const reply = (await postJson(
        `${config.baseUrl}/v2/translate`,
        { authorization: `DeepL-Auth-Key ${config.apiKey}` },
        {
          text: texts,
          source_lang: LANGUAGES[from].deeplSource,
          target_lang: LANGUAGES[to].deeplTarget,
          ...(html ? { tag_handling: 'html' } : {}),
        },
        config.timeoutMs,
      )) as { translations?: unknown };
      const out = Array.isArray(reply?.translations) ? reply.translations : [];
      const result = out.map((t) => (t as { text?: unknown })?.text);
      if (result.length !== texts.length || !result.every((t) => typeof t === 'string'))
        throw new TranslationError('DeepL answered a different number of texts');
      return result as string[];
    },
  };
}
