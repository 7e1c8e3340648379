/**
 * Labels (SPEC §3): tags and categories with a title and cover per content language, a slug and the languages
 * they are active in. The category resource of the foundation is the category label seen in zh-TW (`name`).
 */
import { z } from 'zod';
import { label } from './entities/label';
import type { EntityRecord } from './entity';

export const LABEL_TYPES = ['tag', 'category'] as const;
export const LabelType = z.enum(LABEL_TYPES);
export type LabelType = z.infer<typeof LabelType>;

export interface LabelLang {
  lang_id: number;
  title: string;
  cover: string;
}

/** A label as the label entity answers it (contract/entities/label.ts); `active` as the label screens keep it. */
export type Label = Omit<EntityRecord<typeof label>, 'active'> & { active: number[] };

// TRANSITION (issue 11): the SPA's label screens import these until they are generated from the declaration.
export const LabelSave = label.save;
export type LabelSave = z.input<typeof LabelSave>;

export const labelColumns = label.columns;
