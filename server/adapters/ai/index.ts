/** The AI provider chosen by configuration: OpenAI-compatible when AI_BASE_URL is set, else the extractive one. */
import { AI_SUMMARY_MAX, AI_TAGS_MAX } from '../../../contract/intelligence';
import type { AiConfig } from '../../config';
import { extractiveProvider } from './extractive';
import { openAiProvider } from './openai';
import type { AiProvider } from './provider';

const limits = { summaryMax: AI_SUMMARY_MAX, tagsMax: AI_TAGS_MAX };

export function aiProvider(config: AiConfig | undefined): AiProvider {
  return config?.provider === 'openai' ? openAiProvider(config.openai, limits) : extractiveProvider(limits);
}
