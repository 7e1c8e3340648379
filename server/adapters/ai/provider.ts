/**
 * The AI helper's provider interface: given an article's text, answer suggestions of one kind (raw: the service
 * bounds, cleans and checks them). `extractive.ts` is the offline default; `openai.ts` an OpenAI-compatible chat
 * completions endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL). A provider never acts: it only answers text.
 */
import type { AiKind } from '../../../contract/intelligence';

export interface AiRequest {
  kind: AiKind;
  /** The article's title ('' when none). */
  title: string;
  /** The article's text (already bounded by the contract). */
  text: string;
  /** BCP 47 language of the text (zh-TW, zh-CN, en, ja, ko). */
  lang: string;
  /** The site's tag names (tags are suggested from these first). */
  siteTags: readonly string[];
  /** The site's published articles' texts, for word statistics (read only if the provider needs them). */
  corpus: () => Promise<string[]>;
  /** Names the corpus (site and language): a provider may keep what it computed of it for a while under this key. */
  corpusKey: string;
}

export interface AiProvider {
  name: 'extractive' | 'openai';
  /**
   * The suggestions (one slug phrase, one summary, or tags). `onDelta` receives the suggestion's text as it grows,
   * when the provider streams. Throws AiProviderError when the provider fails or answers something unusable.
   */
  suggest(req: AiRequest, onDelta?: (text: string) => void, signal?: AbortSignal): Promise<string[]>;
}

/** The provider failed (network, status, timeout) or answered what does not parse: nothing is suggested. */
export class AiProviderError extends Error {}
