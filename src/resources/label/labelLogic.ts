/**
 * The label screens' pure logic: the form's shape (one row per content language, zh-TW first), what is sent to
 * `label/save`, how the server's field errors find their way back to the form, and the preview path. No React here:
 * unit tests import it directly.
 */

import type { z } from 'zod';
import type { LangId } from '../../../contract/content';
import { LANG_IDS } from '../../../contract/contentConstants';
import type { label } from '../../../contract/entities/label';
import type { EntityRecord } from '../../../contract/entity';
import type { LabelType } from '../../../contract/labels';

/** zh-TW: the required language, the one the name and the slug come from. */
export const SOURCE_LANG = 1;

type LabelRecord = EntityRecord<typeof label>;

export interface LabelLangValues {
  lang_id: LangId;
  title: string | null;
  cover: string | null;
}

/** The form: `lang` always holds the five content languages, in LANG_IDS order (index 0 is zh-TW). */
export interface LabelFormValues {
  id: number;
  type: LabelType;
  slug: string | null;
  lang: LabelLangValues[];
  active: number[] | null;
}

export function toFormValues(type: LabelType, label?: Pick<LabelRecord, 'id' | 'slug' | 'lang' | 'active'>) {
  const byLang = new Map((label?.lang ?? []).map((l) => [l.lang_id, l]));
  const values: LabelFormValues = {
    id: label?.id ?? 0,
    type,
    slug: label?.slug ?? '',
    lang: LANG_IDS.map((lang_id) => ({
      lang_id,
      title: byLang.get(lang_id)?.title ?? '',
      cover: byLang.get(lang_id)?.cover ?? '',
    })),
    active: label ? LANG_IDS.filter((id) => label.active.includes(id)) : [SOURCE_LANG],
  };
  return values;
}

const text = (v: unknown) => (typeof v === 'string' ? v.replace(/[\r\n]+/g, ' ').trim() : '');

export interface PreparedLabelSave {
  body: z.input<typeof label.save>;
  /** For each entry of `body.lang`, its index in the form's `lang`. */
  formIndex: number[];
}

/**
 * What `label/save` receives: the languages that have a title or a cover (zh-TW always, first), the slug as typed
 * (empty: the server makes one), and the active languages in LANG_IDS order.
 */
export function toLabelSave(values: LabelFormValues): PreparedLabelSave {
  const rows = values.lang
    .map((l, index) => ({ index, lang_id: l.lang_id, title: text(l.title), cover: text(l.cover) }))
    .filter((l) => l.lang_id === SOURCE_LANG || l.title !== '' || l.cover !== '')
    .sort((a, b) => Number(b.lang_id === SOURCE_LANG) - Number(a.lang_id === SOURCE_LANG));
  const active = values.active ?? [];
  return {
    body: {
      id: values.id,
      type: values.type,
      slug: text(values.slug),
      lang: rows.map(({ lang_id, title, cover }) => ({ lang_id, title, cover })),
      active: LANG_IDS.filter((id) => active.includes(id)),
    },
    formIndex: rows.map((r) => r.index),
  };
}

/**
 * The server's field errors, keyed as the form is: `lang.<sent index>.<field>` becomes the form's index, and a
 * duplicate `name` (the zh-TW title) lands under the zh-TW title.
 */
export function toFormErrors(errors: Record<string, string>, formIndex: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^lang\.(\d+)(\..+)?$/.exec(key);
    let field = key;
    if (key === 'name') field = 'lang.0.title';
    else if (m) {
      const at = formIndex[Number(m[1])];
      field = at === undefined ? 'lang.0.title' : `lang.${at}${m[2] ?? '.title'}`;
    } else if (key === 'lang') field = 'lang.0.title';
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/** The address a label has on the site: tags by slug, categories by id. */
export function previewPath(type: LabelType, label: Pick<LabelRecord, 'id' | 'slug'>): string {
  return type === 'tag' ? `/tag/${label.slug || label.id}` : `/category/${label.id}`;
}

/** The label's page on the site: the site's address (session `site.current.url`) and the preview path. */
export const previewUrl = (
  siteUrl: string,
  type: LabelType,
  label: Pick<LabelRecord, 'id' | 'slug'>,
): string => `${siteUrl.replace(/\/+$/, '')}${previewPath(type, label)}`;

/** The languages a label is shown in, in LANG_IDS order. */
export const activeLanguages = (active: readonly number[] | null | undefined): number[] =>
  LANG_IDS.filter((id) => (active ?? []).includes(id));
