/**
 * Labels (SPEC §3): tags and categories with a title and cover per content language, a slug and the languages
 * they are active in. The category resource of the foundation is the category label seen in zh-TW (`name`).
 */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { LangId } from './content';
import { f } from './fields';

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

/**
 * SPEC §7's flat `label/edit {id, slug, cover, title, lang_id, type}`: one language's title and cover. Id 0 makes a
 * label in that language (shown in it); otherwise the label's other languages, and its slug and cover when left
 * out, stay as they are. The declaration's whole save body (`lang`, `active`) is taken too.
 */
export const LabelFlatEdit = z.strictObject({
  id: f.uint(),
  type: LabelType,
  title: f.requiredText(NAME_MAX),
  lang_id: LangId.default(1),
  cover: f.linkOrEmpty().optional(),
  slug: f.slugOrEmpty().optional(),
});
export type LabelFlatEdit = z.output<typeof LabelFlatEdit>;
