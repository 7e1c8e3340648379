/**
 * Labels (SPEC §3): tags and categories with a title and cover per content language, a slug and the languages
 * they are active in. The category resource of the foundation is the category label seen in zh-TW (`name`).
 */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { LangId } from './content';
import { f } from './fields';
import type { ListColumns } from './list';

export const LABEL_TYPES = ['tag', 'category'] as const;
export const LabelType = z.enum(LABEL_TYPES);
export type LabelType = z.infer<typeof LabelType>;

export interface LabelLang {
  lang_id: number;
  title: string;
  cover: string;
}

export interface Label {
  id: number;
  type: LabelType;
  slug: string;
  /** The zh-TW title (or the first one there is). */
  name: string;
  lang: LabelLang[];
  /** Content languages the label is shown in. */
  active: number[];
  /** Items using it. */
  count: number;
  created_at: string;
  updated_at: string;
}

const LangEntry = z.strictObject({
  lang_id: LangId,
  title: f.text(NAME_MAX),
  cover: f.linkOrEmpty().default(''),
});

export const LabelSave = z
  .strictObject({
    id: f.uint(),
    type: LabelType,
    /** Empty: made from the title. */
    slug: f.slugOrEmpty().default(''),
    lang: z.array(LangEntry).min(1).max(5),
    active: z.array(LangId).max(5).default([1]),
  })
  .superRefine((label, ctx) => {
    if (!label.lang.some((l) => l.title.trim() !== '')) {
      ctx.addIssue({ code: 'custom', path: ['lang', '0', 'title'], message: 'validation.required' });
    }
    const ids = label.lang.map((l) => l.lang_id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['lang'], message: 'validation.duplicate' });
    }
  });
export type LabelSave = z.input<typeof LabelSave>;

export const labelColumns: ListColumns = {
  filter: ['id', 'name', 'slug'],
  sort: ['id', 'name', 'slug', 'created_at', 'updated_at'],
};
