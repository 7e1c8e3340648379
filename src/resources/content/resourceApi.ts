/**
 * The dataProvider mapping of a content resource (src/dataProvider/resources.ts): the content endpoints with the
 * kind in `?t=`; deleting is publishing with mode -1.
 */
import { contentApi } from '../../../contract/api/content';
import { contentQuery, PUBLISH_MODE } from '../../../contract/contentConstants';
import type { ResourceApi } from '../../dataProvider/resourceApi';
import { contentFilters } from './filters';
import type { ContentKind } from './kinds';

export function contentResourceApi(kind: ContentKind): ResourceApi {
  return {
    list: contentApi.list,
    get: contentApi.get,
    create: contentApi.save,
    update: contentApi.save,
    delete: contentApi.publish,
    query: contentQuery(kind.t),
    filters: contentFilters,
    deleteBody: (id) => ({ id, mode: PUBLISH_MODE.DELETE }),
  };
}
