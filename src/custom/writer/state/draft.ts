/**
 * What the writer holds of an item: the draft (every field a writer changes) and how it becomes the save request.
 * Pure data, no React.
 */
import type { BlockDocument } from '../../../../contract/blocks';
import { emptyDocument } from '../../../../contract/blockText';
import type { ContentItem, ContentSave, LangId } from '../../../../contract/content';
import { CONTENT_TYPE, type ContentTypeName, RELATED } from '../../../../contract/contentConstants';

export interface Draft {
  title: string;
  subtitle: string;
  content: BlockDocument;
  cover: string;
  seo: { title: string; content: string };
  related: 1 | 4;
  custom: { id: number; title: string }[];
  tag: { id: number; name: string }[];
  category_id: number | null;
  /** The place the item is about (place/list), or null. */
  place_id: number | null;
  author: number[];
  slug: string;
}

/** The draft without the document (the editor holds that). */
export type Meta = Omit<Draft, 'content'>;

export const emptyMeta = (): Meta => ({
  title: '',
  subtitle: '',
  cover: '',
  seo: { title: '', content: '' },
  related: RELATED.DEFAULT,
  custom: [],
  tag: [],
  category_id: null,
  place_id: null,
  author: [],
  slug: '',
});

export const emptyDraft = (): Draft => ({ ...emptyMeta(), content: emptyDocument() });

export function draftFromItem(item: ContentItem): Draft {
  return {
    title: item.title ?? '',
    subtitle: item.subtitle ?? '',
    content: item.content ?? emptyDocument(),
    cover: item.cover ?? '',
    seo: { title: item.seo?.title ?? '', content: item.seo?.content ?? '' },
    related: item.related === RELATED.CUSTOM ? RELATED.CUSTOM : RELATED.DEFAULT,
    custom: (item.custom ?? []).map(({ id, title }) => ({ id, title })),
    tag: (item.tag ?? []).map(({ id, name }) => ({ id, name })),
    category_id: item.category_id ?? null,
    place_id: item.place_id ?? null,
    author: [...(item.author ?? [])],
    slug: item.slug ?? '',
  };
}

/** Title and subtitle are one line: newlines typed or pasted become spaces. */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

export interface SaveTarget {
  id: number;
  lang_id: number;
  version: number;
  force: boolean;
}

/** The save request for `draft`. */
export function toSave(draft: Draft, target: SaveTarget): ContentSave {
  return {
    id: target.id,
    lang_id: target.lang_id as LangId,
    title: oneLine(draft.title).trim(),
    subtitle: oneLine(draft.subtitle).trim(),
    content: draft.content,
    cover: draft.cover.trim(),
    seo: { title: draft.seo.title.trim(), content: draft.seo.content.trim() },
    related: draft.related,
    custom: draft.related === RELATED.CUSTOM ? draft.custom.map((c) => c.id) : [],
    tag: draft.tag.map((t) => t.id),
    category_id: draft.category_id,
    place_id: draft.place_id ?? null,
    author: draft.author,
    slug: draft.slug.trim(),
    version: target.version,
    force: target.force,
  };
}

/** JSON with sorted keys: two drafts with the same fields give the same string. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What is compared between two copies: the fields the server stores, as it would store them. */
export function fingerprint(draft: Draft): string {
  const {
    version: _v,
    force: _f,
    id: _i,
    lang_id: _l,
    ...fields
  } = toSave(draft, {
    id: 0,
    lang_id: 1,
    version: 0,
    force: false,
  });
  return stableJson(fields);
}

export const TYPE_NAMES = Object.keys(CONTENT_TYPE) as ContentTypeName[];
export const isTypeName = (value: unknown): value is ContentTypeName =>
  typeof value === 'string' && (TYPE_NAMES as string[]).includes(value);

/** Where the publish flow and the lists of each type live. */
export const LIST_PATH: Record<ContentTypeName, string> = { post: 'press', page: 'page', epaper: 'epaper' };
