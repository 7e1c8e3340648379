/** The content actions that are not plain CRUD, over the envelope client. */
import { PUBLISH_MODE, type PublishReply } from '../../../contract/content';
import { call } from '../../dataProvider/client';
import { apiPath, type ContentKind } from './kinds';

export interface PublishInput {
  id: number;
  mode: (typeof PUBLISH_MODE)[keyof typeof PUBLISH_MODE];
  /** For a schedule: the site's local date and time. */
  date?: string;
  time?: string;
}

/** `press/publish?t=`: the client gives it the 120 s publish timeout. */
export const publish = (kind: ContentKind, input: PublishInput) =>
  call<PublishReply>(apiPath(kind, 'publish'), input);

export const withdraw = (kind: ContentKind, id: number) => publish(kind, { id, mode: PUBLISH_MODE.OFFLINE });

export const pin = (kind: ContentKind, id: number) => call(apiPath(kind, 'pin'), { id });
export const unpin = (kind: ContentKind, id: number) => call(apiPath(kind, 'unpin'), { id });

/** Saves the order of the pinned items, first to last. */
export const savePinOrder = (kind: ContentKind, ids: number[]) => call(apiPath(kind, 'sorter'), { ids });
