/**
 * The AI helper (issue 16): suggestions of a slug, tags and a summary for an article's text, counted against the
 * site plan's monthly quota (plans.ai_per_month, in the site's time zone). Only ever suggestions: the writer accepts
 * one (fills the field) or dismisses it; the server changes nothing on the helper's say.
 */
import { z } from 'zod';
import { ABSTRACT_LENGTH } from './blockText';
import { SLUG_MAX, TAGS_MAX } from './contentConstants';
import { f } from './fields';

export const AI_KINDS = ['slug', 'tags', 'summary'] as const;
export const AiKind = z.enum(AI_KINDS);
export type AiKind = z.infer<typeof AiKind>;

/** The longest source text read (characters); longer text is refused as a field error. */
export const AI_SOURCE_MAX = 50_000;
/** A suggested tag is at most this long (the tag name's own limit is longer; suggestions stay short). */
export const AI_TAG_MAX = 30;
/** Tags suggested at most (the writer's own cap). */
export const AI_TAGS_MAX = TAGS_MAX;
/** A summary suggestion is at most the abstract's length. */
export const AI_SUMMARY_MAX = ABSTRACT_LENGTH;
export const AI_SLUG_MAX = SLUG_MAX;

/** The article's language, as the writer knows it (content language ids: 1 zh-TW, 2 zh-CN, 3 en, 4 ja, 5 kr). */
const langId = z.number().int().min(1).max(5);

/** The source text: required (此欄位為必填, SPEC §5 "AI generate needs a non-empty source value"). */
const source = () => f.requiredText(AI_SOURCE_MAX);

/**
 * `intelligence/{kind}` and `intelligence/tags`: the article (its id when saved) and its text — only the part before
 * the paid section: what the helper suggests becomes public (slug, tags, the SEO description).
 */
export const AiAsk = z.strictObject({
  /** The content type (1 article, 3 page, 4 e-paper); with `id`, the item must be of it. */
  type: z.number().int().min(1).max(4).optional(),
  /**
   * The saved item the text is from (the site's, in the caller's sight, else 404): its language is the text's unless
   * lang_id says, and no sentence of its paid part is read, whatever `content` holds.
   */
  id: f.id().optional(),
  title: f.text(200).optional(),
  content: source(),
  lang_id: langId.optional(),
});
export type AiAsk = z.infer<typeof AiAsk>;

/** `intelligence/suggest {type, value, lang}` (SPEC §7): one field type's suggestion for a value. */
export const AiSuggest = z.strictObject({
  type: AiKind,
  value: source(),
  lang: langId.optional(),
  id: f.id().optional(),
});

export const AiStatusInput = z.strictObject({ type: z.number().int().min(1).max(4).optional() });

/** The month's usage: used and what remains of the plan's quota. */
export const AiUsage = z.object({
  month: z.string(),
  usage: z.number().int(),
  quota: z.number().int(),
  remain: z.number().int(),
});
export type AiUsage = z.infer<typeof AiUsage>;

/**
 * A suggestion: `result` the suggested values (one slug, one summary, or up to AI_TAGS_MAX tags), `additional` which
 * of the tags are the site's own already, and the month's usage after this call.
 */
export const AiSuggestion = AiUsage.extend({
  kind: AiKind,
  result: z.array(z.string()),
  additional: z.object({ existing: z.array(z.string()) }),
  provider: z.enum(['extractive', 'openai']),
});
export type AiSuggestion = z.infer<typeof AiSuggestion>;

/**
 * The streamed form (intelligenceApi.stream, text/event-stream): `event: delta` with `{text}` (the suggestion
 * as it grows), then `event: result` with an AiSuggestion, or `event: error` with `{code, msg}`. A refusal before
 * anything is streamed (quota, validation, permission) is the usual JSON envelope.
 */
export const AiStreamInput = AiAsk.extend({ kind: AiKind });
/** A suggestion's request as the server reads it (also what `intelligence/{kind}` becomes, its kind added). */
export type AiStreamInput = z.infer<typeof AiStreamInput>;
