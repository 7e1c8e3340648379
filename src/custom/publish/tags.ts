/**
 * Tags after publishing. The item's tags come from `press/tag`; adding one makes the tag (`press/save_tag`, 2+
 * characters) and re-saves the item with it: read with `press/get`, set `tag`, save with `press/save` on the
 * version that was read (a newer save by someone else answers 3001 rather than being overwritten).
 */
import { contentApi } from '../../../contract/api/content';
import { tagApi } from '../../../contract/api/labels';
import type { ContentItem, ContentSave, LangId, Named } from '../../../contract/content';
import { contentQuery, TAGS_MAX } from '../../../contract/contentConstants';
import { rules } from '../../../contract/validation';
import { call } from '../../dataProvider/client';
import type { ContentKind } from '../../resources/content/kinds';

export const itemTags = (kind: ContentKind, id: number) =>
  call(contentApi.tags, { id }, { query: contentQuery(kind.t) });

/** The save body of an item as `press/get` answered it, with other tags. */
export function saveBodyWithTags(item: ContentItem, tagIds: number[]): ContentSave {
  return {
    id: item.id,
    uuid: item.uuid,
    lang_id: item.lang_id as LangId,
    title: item.title,
    subtitle: item.subtitle,
    content: item.content,
    cover: item.cover,
    seo: item.seo,
    related: item.related === 4 ? 4 : 1,
    custom: item.custom.map((c) => c.id),
    tag: tagIds,
    category_id: item.category_id,
    author: item.author,
    slug: item.slug,
    version: item.version,
    force: false,
  };
}

/** The tag ids after adding one (kept once), or the 已達到 N 個標籤上限 failure. */
export function withTag(current: readonly number[], id: number) {
  const next = current.includes(id) ? [...current] : [...current, id];
  return { ids: next, failure: rules.tagsCheck(next, TAGS_MAX) };
}

export class TagLimitError extends Error {}

export async function addTagToItem(kind: ContentKind, id: number, name: string): Promise<Named> {
  const query = contentQuery(kind.t);
  const tag = await call(tagApi.save, { name: name.trim() });
  const item = await call(contentApi.get, { id }, { query });
  const { ids, failure } = withTag(
    item.tag.map((t) => t.id),
    tag.id,
  );
  if (failure) throw new TagLimitError(failure.message);
  await call(contentApi.save, saveBodyWithTags(item, ids), { query });
  return tag;
}
