/** The content actions that are not plain CRUD, over the envelope client. */
import { contentApi, contentQuery } from '../../../contract/api/content';
import { PUBLISH_MODE } from '../../../contract/content';
import { call } from '../../dataProvider/client';
import type { ContentKind } from './kinds';

export interface PublishInput {
  id: number;
  mode: (typeof PUBLISH_MODE)[keyof typeof PUBLISH_MODE];
  /** For a schedule: the site's local date and time. */
  date?: string;
  time?: string;
}

/** Publishing waits up to 120 s (the endpoint's timeout). */
export const publish = (kind: ContentKind, input: PublishInput) =>
  call(contentApi.publish, input, { query: contentQuery(kind.t) });

export const withdraw = (kind: ContentKind, id: number) => publish(kind, { id, mode: PUBLISH_MODE.OFFLINE });

export const pin = (kind: ContentKind, id: number) =>
  call(contentApi.pin, { id }, { query: contentQuery(kind.t) });
export const unpin = (kind: ContentKind, id: number) =>
  call(contentApi.unpin, { id }, { query: contentQuery(kind.t) });

/** Saves the order of the pinned items, first to last. */
export const savePinOrder = (kind: ContentKind, ids: number[]) =>
  call(contentApi.sorter, { ids }, { query: contentQuery(kind.t) });
