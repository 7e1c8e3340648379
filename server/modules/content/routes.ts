/**
 * `/api/press/*?t=<type>`: articles (1), pages (3) and e-papers (4) (contract/api/content.ts) — all but list, get and
 * save, which are the content entity's (contract/entities/content.ts, server/entities/content.ts). The permission
 * depends on the type, so each action checks it itself (scope.ts) instead of declaring one: history needs `list`,
 * writing needs `edit`, deleting (publishing with mode -1: the entity's delete) `delete`, reordering the pinned items
 * `reorder`. An item the caller does not see (scope.ts visibleTo) is not found, as another site's.
 */
import { contentApi } from '../../../contract/api/content';
import { PUBLISH_MODE } from '../../../contract/contentConstants';
import { byId, onItem, typed } from './actions';
import { searchContents } from './list';
import { setPinned, sortPinned } from './pins';
import { publishItem } from './publish';
import { itemTags } from './read';
import { getRevision, listRevisions } from './revisions';
import { restoreRevision } from './service';

export const contentActions = [
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
  onItem(contentApi.tags, byId, ['list'], (_input, s, item) => itemTags(s, item.id)),
];
