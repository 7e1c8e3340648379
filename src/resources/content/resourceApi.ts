/**
 * The dataProvider mapping of a content resource (src/dataProvider/resources.ts): every action is `press/<action>`
 * with the kind in `?t=`; deleting is publishing with mode -1.
 */
import { ContentSave, PUBLISH_MODE } from '../../../contract/content';
import type { ResourceApi } from '../../dataProvider/resources';
import { contentFilters } from './filters';
import { apiPath, type ContentKind } from './kinds';

export function contentResourceApi(kind: ContentKind): ResourceApi {
  return {
    list: apiPath(kind, 'list'),
    get: apiPath(kind, 'get'),
    create: apiPath(kind, 'save'),
    update: apiPath(kind, 'save'),
    delete: apiPath(kind, 'publish'),
    createInput: ContentSave,
    updateInput: ContentSave,
    filters: contentFilters,
    deleteBody: (id) => ({ id, mode: PUBLISH_MODE.DELETE }),
  };
}
