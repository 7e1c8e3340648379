/** The content actions that are not plain CRUD, over the envelope client. */
import { contentApi } from '../../../contract/api/content';
import { contentQuery, PUBLISH_MODE } from '../../../contract/contentConstants';
import type { BodyOf } from '../../../contract/endpoint';
import { call } from '../../dataProvider/client';
import type { ContentKind } from './kinds';

/** A publish call's body; a schedule's date and time are the site's local ones. */
export type PublishInput = BodyOf<typeof contentApi.publish>;

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
