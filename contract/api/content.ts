/**
 * Articles (1), pages (3) and e-papers (4): every action is `press/<action>?t=<type>` (SPEC §7 Content), the type in
 * the query (`contentQuery`). The permission depends on the type, so the server checks it per call instead of the
 * endpoint naming one: list/get/search/history need `list`, writing needs `edit` (and `create` for a new item),
 * deleting (publish mode -1) `delete`, reordering the pinned items `reorder`. The actions on one existing item take
 * `?t=` optionally (the item has a type).
 */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import {
  ContentGet,
  ContentItem,
  ContentPublish,
  ContentRow,
  ContentSave,
  ContentSearch,
  ContentSorter,
  ContentTranslate,
  type ContentTypeId,
  Named,
  PinReply,
  PublishReply,
  Revision,
  RevisionGet,
  RevisionRow,
  SaveReply,
  SorterReply,
  Titled,
  TranslateReply,
} from '../content';
import { endpoint } from '../endpoint';
import { IdInput, ListInput, listResult } from '../list';

/** The query string of a content action: its type. */
export const contentQuery = (type: ContentTypeId) => ({ t: String(type) });

export const contentApi = {
  list: endpoint({
    path: 'press/list',
    input: ListInput,
    output: listResult(ContentRow),
    access: 'site',
    summary: 'The items of the type the caller sees, pinned articles first',
  }),
  get: endpoint({
    path: 'press/get',
    input: ContentGet,
    output: ContentItem,
    access: 'site',
    summary: 'One item (in another of its languages with `lang`)',
  }),
  save: endpoint({
    path: 'press/save',
    input: ContentSave,
    output: SaveReply,
    access: 'site',
    summary: 'Creates (id 0) or saves an item; a save on an older version answers 3001 with the conflict',
  }),
  publish: endpoint({
    path: 'press/publish',
    input: ContentPublish,
    output: PublishReply,
    access: 'site',
    timeout: TIMEOUT.long,
    summary: 'Publishes now, schedules, takes offline or deletes (mode 1, 2, 0, -1) an item',
  }),
  search: endpoint({
    path: 'press/search',
    input: ContentSearch,
    output: z.array(Titled),
    access: 'site',
    summary: 'Items whose title holds the keyword, for related items',
  }),
  history: endpoint({
    path: 'press/history',
    input: IdInput,
    output: z.array(RevisionRow),
    access: 'site',
    summary: "An item's saved versions the caller sees, the latest first",
  }),
  revision: endpoint({
    path: 'press/revision',
    input: RevisionGet,
    output: Revision,
    access: 'site',
    summary: 'One saved version of an item',
  }),
  restore: endpoint({
    path: 'press/restore',
    input: RevisionGet,
    output: SaveReply,
    access: 'site',
    summary: 'Makes a saved version the current draft',
  }),
  pin: endpoint({
    path: 'press/pin',
    input: IdInput,
    output: PinReply,
    access: 'site',
    summary: 'Pins an article to the top of the list, last among the pinned',
  }),
  unpin: endpoint({
    path: 'press/unpin',
    input: IdInput,
    output: PinReply,
    access: 'site',
    summary: 'Unpins an article',
  }),
  sorter: endpoint({
    path: 'press/sorter',
    input: ContentSorter,
    output: SorterReply,
    access: 'site',
    summary: 'Orders the pinned articles, first to last',
  }),
  translate: endpoint({
    path: 'press/translate',
    input: ContentTranslate,
    output: TranslateReply,
    access: 'site',
    timeout: TIMEOUT.long,
    summary: 'Makes the item in another language: a blank copy (machine translation is not yet available)',
  }),
  tags: endpoint({
    path: 'press/tag',
    input: IdInput,
    output: z.array(Named),
    access: 'site',
    summary: "An item's tags",
  }),
};
