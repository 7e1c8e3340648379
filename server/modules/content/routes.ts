/**
 * `/api/press/*?t=<type>`: articles (1), pages (3) and e-papers (4) (contract/api/content.ts). The permission depends
 * on the type, so each action checks it itself (scope.ts) instead of declaring one: list/get/history need `list`,
 * writing needs `edit` (and `create` for a new item), deleting needs `delete`, reordering the pinned items `reorder`.
 * An item the caller does not see (scope.ts visibleTo) is not found, as another site's.
 */
import type { z } from 'zod';
import { contentApi } from '../../../contract/api/content';
import { PUBLISH_MODE } from '../../../contract/contentConstants';
import type { Endpoint } from '../../../contract/endpoint';
import { action, type SiteContext } from '../../http/action';
import { translateItem, translatePairs, translateProgress } from '../translate/service';
import { listContents, searchContents } from './list';
import { setPinned, sortPinned } from './pins';
import { publishItem } from './publish';
import { getContent, itemTags } from './read';
import { getRevision, listRevisions } from './revisions';
import {
  assertAllowed,
  type ContentRecord,
  findItem,
  type Need,
  queryType,
  requireType,
  type Scope,
  scopeOf,
  viewerOf,
} from './scope';
import { restoreRevision, saveContent } from './service';

type SiteEndpoint<S extends z.ZodType, O extends z.ZodType> = Endpoint<S, O, 'site'>;

/** An action whose type must come with `?t=`. */
function typed<S extends z.ZodType, O extends z.ZodType>(
  endpoint: SiteEndpoint<S, O>,
  needs: (input: z.output<S>) => Need[],
  handler: (input: z.output<S>, scope: Scope) => Promise<z.input<O>>,
) {
  return action({
    ...endpoint,
    handler: (body, ctx: SiteContext) => {
      const type = requireType(ctx.query);
      assertAllowed(ctx, type, needs(body));
      return handler(body, scopeOf(ctx, type));
    },
  });
}

/**
 * An action on one existing item: `?t=` is optional (the item has a type), and when given the item must be of it.
 * With `?t=` the permission is checked first, so a refused role learns nothing about ids.
 */
function onItem<S extends z.ZodType, O extends z.ZodType>(
  endpoint: SiteEndpoint<S, O>,
  idOf: (input: z.output<S>) => number,
  needs: Need[],
  handler: (input: z.output<S>, scope: Scope, item: ContentRecord) => Promise<z.input<O>>,
) {
  return action({
    ...endpoint,
    handler: async (body, ctx: SiteContext) => {
      const type = queryType(ctx.query);
      if (type) assertAllowed(ctx, type, needs);
      const item = await findItem(viewerOf(ctx), idOf(body), type);
      if (!type) assertAllowed(ctx, item.type as Scope['type'], needs);
      return handler(body, scopeOf(ctx, item.type as Scope['type']), item);
    },
  });
}

const byId = (input: { id: number }) => input.id;

export const contentActions = [
  typed(
    contentApi.list,
    () => ['list'],
    (input, s) => listContents(s, input.query),
  ),
  typed(
    contentApi.save,
    (input) => (input.id === 0 ? ['create', 'edit'] : ['edit']),
    // An existing item must be in the caller's sight (checked where the save locks it), as for every other action.
    (input, s) => saveContent(s, input),
  ),
  typed(
    contentApi.get,
    () => ['list'],
    async (input, s) => getContent(s, await findItem(s, input.id, s.type), input.lang),
  ),
  typed(
    contentApi.publish,
    (input) => (input.mode === PUBLISH_MODE.DELETE ? ['delete'] : ['edit']),
    (input, s) => publishItem(s, input),
  ),
  typed(
    contentApi.search,
    () => ['list'],
    (input, s) => searchContents(s, input),
  ),
  onItem(contentApi.history, byId, ['list'], async (_input, s, item) => ({
    rows: await listRevisions(s, item.id),
  })),
  onItem(contentApi.revision, byId, ['list'], (input, s, item) => getRevision(s, item.id, input.revision_id)),
  onItem(contentApi.restore, byId, ['edit'], (input, s, item) =>
    restoreRevision(s, item.id, input.revision_id),
  ),
  onItem(contentApi.pin, byId, ['edit'], (_input, s, item) => setPinned(s, item.id, true)),
  onItem(contentApi.unpin, byId, ['edit'], (_input, s, item) => setPinned(s, item.id, false)),
  onItem(
    contentApi.sorter,
    (input) => input.ids[0],
    ['reorder'],
    (input, s) => sortPinned(s, input.ids),
  ),
  onItem(contentApi.translate, byId, ['create', 'edit'], (input, s, item) => translateItem(s, item, input)),
  onItem(contentApi.translateProgress, byId, ['list'], (input, s, item) =>
    translateProgress(s, item, input.lang_id),
  ),
  action({ ...contentApi.translatePairs, handler: async (_body, ctx: SiteContext) => translatePairs(ctx) }),
  onItem(contentApi.tags, byId, ['list'], (_input, s, item) => itemTags(s, item.id)),
];
