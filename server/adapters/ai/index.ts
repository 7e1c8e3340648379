/** The AI provider chosen by configuration: OpenAI-compatible when AI_BASE_URL is set, else the extractive one. */
import { AI_SUMMARY_MAX, AI_TAGS_MAX } from '../../../contract/intelligence';
import { extractiveProvider } from './extractive';
import { type OpenAiConfig, openAiProvider } from './openai';
import type { AiProvider } from './provider';

export type AiConfig = { provider: 'extractive' } | { provider: 'openai'; openai: OpenAiConfig };

const limits = { summaryMax: AI_SUMMARY_MAX, tagsMax: AI_TAGS_MAX };

export function aiProvider(config: AiConfig | undefined): AiProvider {
  return config?.provider === 'openai' ? openAiProvider(config.openai, limits) : extractiveProvider(limits);
}
