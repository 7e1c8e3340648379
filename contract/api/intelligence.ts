/** The AI helper's endpoints (contract/intelligence.ts): suggestions per kind, the generic `suggest`, the month's usage. */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { AiAsk, AiStatusInput, AiStreamInput, AiSuggest, AiSuggestion, AiUsage } from '../intelligence';

const perm = 'post.edit';

const ask = (kind: 'slug' | 'tags' | 'summary', summary: string) =>
  endpoint({
    path: `intelligence/${kind}`,
    input: AiAsk,
    output: AiSuggestion,
    access: 'site',
    permission: perm,
    timeout: TIMEOUT.long,
    summary,
  });

export const intelligenceApi = {
  slug: ask(
    'slug',
    "A slug for the article's text (pinyin of its key phrase offline); counts one of the month's quota",
  ),
  tags: ask('tags', "Tags for the article's text: the site's own tags first, then new ones; counts one"),
  summary: ask('summary', "A summary of the article's text within the abstract's 120 characters; counts one"),
  suggest: endpoint({
    path: 'intelligence/suggest',
    input: AiSuggest,
    output: AiSuggestion,
    access: 'site',
    permission: perm,
    timeout: TIMEOUT.long,
    summary: 'A suggestion for one field type (slug, tags or summary) from a value; counts one',
  }),
  /**
   * The same suggestion streamed (text/event-stream, contract/intelligence.ts AI_STREAM_PATH): `delta` events as the
   * provider writes, then `result` (an AiSuggestion) or `error`. Refusals before the stream starts are envelopes.
   */
  stream: endpoint({
    path: 'intelligence/stream',
    input: AiStreamInput,
    output: z.custom<NodeJS.ReadableStream>((v) => typeof v === 'object' && v !== null && 'pipe' in v),
    raw: true,
    access: 'site',
    permission: perm,
    timeout: TIMEOUT.long,
    summary: 'A suggestion streamed as server-sent events (delta, then result or error); counts one',
  }),
  status: endpoint({
    path: 'intelligence/status',
    input: AiStatusInput,
    output: AiUsage,
    access: 'site',
    permission: perm,
    summary: "The month's AI helper usage and what remains of the plan's quota",
  }),
};
