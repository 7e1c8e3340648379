/**
 * An OpenAI-compatible chat service (AI_BASE_URL, AI_API_KEY, AI_MODEL; the AI helper uses the same service through
 * its own client): POST {baseUrl}/chat/completions with the texts as a JSON array, asking for a JSON array of their
 * translations in the same order, tags kept. A reply that is not such an array is a failure.
 */
import type { OpenAiConfig } from '../../config';
import { LANGUAGES, postJson, TranslationError, type Translator } from './translator';

const instructions = (from: number, to: number, html: boolean) =>
  [
    `Translate each string of the JSON array from ${LANGUAGES[from].name} into ${LANGUAGES[to].name}.`,
    html
      ? 'The strings are inline HTML: keep every tag and attribute exactly as it is, translate only the text.'
      : 'The strings are plain text.',
    'Answer with a JSON array of the translations only, in the same order, one for each string.',
  ].join(' ');

/** The JSON array in a reply, with or without a code fence around it. */
function arrayIn(content: string): unknown {
  const start = content.indexOf('[');
  const end = content.lastIndexOf(']');
  if (start < 0 || end < start) return undefined;
  try {
    return JSON.parse(content.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

export function openAiTranslator(config: OpenAiConfig): Translator {
  return {
    name: 'openai',
    serves: (from, to) => from !== to && from in LANGUAGES && to in LANGUAGES,
    async translate({ texts, from, to, html }) {
      const reply = (await postJson(
        `${config.baseUrl}/chat/completions`,
        config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        {
          model: config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: instructions(from, to, html) },
            { role: 'user', content: JSON.stringify(texts) },
          ],
        },
        config.timeoutMs,
      )) as { choices?: { message?: { content?: unknown } }[] };
      const content = reply?.choices?.[0]?.message?.content;
      const result = typeof content === 'string' ? arrayIn(content) : undefined;
      if (
        !Array.isArray(result) ||
        result.length !== texts.length ||
        !result.every((t) => typeof t === 'string')
      )
        throw new TranslationError('the model did not answer a JSON array of the translations');
      return result as string[];
    },
  };
}
