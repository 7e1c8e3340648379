/** The item of a publish-flow screen: the route's :id, read with `press/get?t=` through the dataProvider. */
import { useGetOne } from 'ra-core';
import { useParams } from 'react-router';
import type { ContentItem } from '../../../contract/content';
import { CONTENT_KINDS, type ContentResource } from '../../resources/content/kinds';

export function useContentItem(resource: ContentResource) {
  const kind = CONTENT_KINDS[resource];
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetOne<ContentItem>(resource, { id }, { enabled: valid, retry: false });
  return {
    kind,
    id,
    item: query.data,
    isPending: valid && query.isPending,
    error: valid ? query.error : true,
  };
}
