/**
 * Labels (SPEC §3): tags and categories with a title and cover per content language, a slug and the languages
 * they are active in. The category resource of the foundation is the category label seen in zh-TW (`name`).
 */
import { z } from 'zod';

export const LABEL_TYPES = ['tag', 'category'] as const;
export const LabelType = z.enum(LABEL_TYPES);
export type LabelType = z.infer<typeof LabelType>;

/** A tag as the writer's picker lists it. */
export const TagBrief = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type TagBrief = z.infer<typeof TagBrief>;

export interface LabelLang {
  lang_id: number;
  title: string;
  cover: string;
}
