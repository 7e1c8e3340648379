/**
 * Machine translation behind one small interface (server/modules/translate/ uses it): each service translates a
 * batch of texts between two content languages (1 zh-TW, 2 zh-CN, 3 en, 4 ja, 5 kr), answering them in order.
 * `html` texts are inline HTML: tags and attributes come back as they were, only text nodes are translated.
 */

export type ProviderName = 'opencc' | 'deepl' | 'openai';

export interface TranslateBatch {
  texts: string[];
  from: number;
  to: number;
  html: boolean;
}

export interface Translator {
  name: ProviderName;
  /** Whether this service translates from → to. */
  serves(from: number, to: number): boolean;
  /** The texts translated, in order; a TranslationError when the service fails or does not answer in time. */
  translate(batch: TranslateBatch): Promise<string[]>;
}

/** A service refused, failed or did not answer: the translation stops and nothing is created. */
export class TranslationError extends Error {}

/** The content languages by id, as the services name them. */
export const LANGUAGES: Record<number, { deeplSource: string; deeplTarget: string; name: string }> = {
  1: { deeplSource: 'ZH', deeplTarget: 'ZH-HANT', name: 'Traditional Chinese as used in Taiwan' },
  2: { deeplSource: 'ZH', deeplTarget: 'ZH-HANS', name: 'Simplified Chinese as used in mainland China' },
  3: { deeplSource: 'EN', deeplTarget: 'EN-US', name: 'English' },
  4: { deeplSource: 'JA', deeplTarget: 'JA', name: 'Japanese' },
  5: { deeplSource: 'KO', deeplTarget: 'KO', name: 'Korean' },
};

export const isLanguage = (id: number) => id in LANGUAGES;

/** A POST of JSON with a time limit: the answer's JSON, or a TranslationError saying what went wrong. */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new TranslationError(timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${String(err)}`);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new TranslationError(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new TranslationError('the answer is not JSON');
  }
}
