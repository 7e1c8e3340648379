/**
 * Articles (1), pages (3) and e-papers (4): every action is `press/<action>?t=<type>` (SPEC §7 Content), the type in
 * the query (`contentQuery`, contract/content.ts). The permission depends on the type, so the server checks it per
 * call instead of the endpoint naming one: list/get/search/history need `list`, writing needs `edit` (and `create`
 * for a new item), deleting (publish mode -1) `delete`, reordering the pinned items `reorder`.
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
  ContentTypeParam,
  Named,
  PinReply,
  PublishReply,
  Revision,
  RevisionGet,
  RevisionList,
  SaveReply,
  SorterReply,
  TitledAgenda,
  TranslatePairs,
  TranslateProgress,
  TranslateProgressInput,
  TranslateReply,
} from '../content';
import { endpoint } from '../endpoint';
import { IdInput, ListInput, listResult } from '../list';

/** The type the action is for. */
const OfType = z.strictObject({ t: ContentTypeParam });
/** An action on one existing item: the item has a type, so `t` may be left out; when given, the item must be of it. */
const OnItem = z.strictObject({ t: ContentTypeParam.optional() });

export const contentApi = {
  list: endpoint({
    path: 'press/list',
    input: ListInput,
    query: OfType,
    output: listResult(ContentRow),
    access: 'site',
    summary: 'The items of the type the caller sees, pinned articles first',
  }),
  get: endpoint({
    path: 'press/get',
    input: ContentGet,
    query: OfType,
    output: ContentItem,
    access: 'site',
    summary: 'One item (in another of its languages with `lang`)',
  }),
  save: endpoint({
    path: 'press/save',
    input: ContentSave,
    query: OfType,
    output: SaveReply,
    access: 'site',
    summary: 'Creates (id 0) or saves an item; a save on an older version answers 3001 with the conflict',
  }),
  publish: endpoint({
    path: 'press/publish',
    input: ContentPublish,
    query: OfType,
    output: PublishReply,
    access: 'site',
    timeout: TIMEOUT.long,
    summary: 'Publishes now, schedules, takes offline or deletes (mode 1, 2, 0, -1) an item',
  }),
  search: endpoint({
    path: 'press/search',
    input: ContentSearch,
    query: OfType,
    output: z.array(TitledAgenda),
    access: 'site',
    summary: 'Items whose title holds the keyword, for related items (with their agenda excerpt)',
  }),
  history: endpoint({
    path: 'press/history',
    input: IdInput,
    query: OnItem,
    output: RevisionList,
    access: 'site',
    summary: "An item's saved versions the caller sees, the latest first, as `{rows}`",
  }),
  revision: endpoint({
    path: 'press/revision',
    input: RevisionGet,
    query: OnItem,
    output: Revision,
    access: 'site',
    summary: 'One saved version of an item',
  }),
  restore: endpoint({
    path: 'press/restore',
    input: RevisionGet,
    query: OnItem,
    output: SaveReply,
    access: 'site',
    summary: 'Makes a saved version the current draft',
  }),
  pin: endpoint({
    path: 'press/pin',
    input: IdInput,
    query: OnItem,
    output: PinReply,
    access: 'site',
    summary: 'Pins an article to the top of the list, last among the pinned',
  }),
  unpin: endpoint({
    path: 'press/unpin',
    input: IdInput,
    query: OnItem,
    output: PinReply,
    access: 'site',
    summary: 'Unpins an article',
  }),
  sorter: endpoint({
    path: 'press/sorter',
    input: ContentSorter,
    query: OnItem,
    output: SorterReply,
    access: 'site',
    summary: 'Orders the pinned articles, first to last',
  }),
  translate: endpoint({
    path: 'press/translate',
    input: ContentTranslate,
    query: OnItem,
    output: TranslateReply,
    access: 'site',
    timeout: TIMEOUT.long,
    summary:
      'Makes the item in another language: machine translated (whole item, blocks kept) or a blank copy; exactly once',
  }),
  translateProgress: endpoint({
    path: 'press/translate_progress',
    input: TranslateProgressInput,
    query: OnItem,
    output: TranslateProgress,
    access: 'site',
    summary: 'How far the machine translation of an item into a language is (batches done of total)',
  }),
  translatePairs: endpoint({
    path: 'press/translate_pairs',
    input: z.strictObject({}),
    output: TranslatePairs,
    access: 'site',
    summary: 'The language pairs machine translation serves, and by which service',
  }),
  tags: endpoint({
    path: 'press/tag',
    input: IdInput,
    query: OnItem,
    output: z.array(Named),
    access: 'site',
    summary: "An item's tags",
  }),
};
