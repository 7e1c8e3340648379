/**
 * The three kinds of content and where each lives: the react-admin resource (the list), the writer's type in
 * /edit/<type>/<id>, and the API's `?t=` number. Every content screen derives its paths from here.
 */
import { CONTENT_TYPE, type ContentTypeId, type ContentTypeName } from '../../../contract/contentConstants';

export type ContentResource = 'press' | 'page' | 'epaper';

export interface ContentKind {
  resource: ContentResource;
  /** The writer's route type and the i18n key of the kind's words. */
  type: ContentTypeName;
  /** The API's content type number (`?t=`, contentQuery in contract/content.ts). */
  t: ContentTypeId;
  /** Articles only can be pinned to the top (SPEC §4). */
  pinnable: boolean;
}

export const CONTENT_KINDS: Record<ContentResource, ContentKind> = {
  press: { resource: 'press', type: 'post', t: CONTENT_TYPE.post, pinnable: true },
  page: { resource: 'page', type: 'page', t: CONTENT_TYPE.page, pinnable: false },
  epaper: { resource: 'epaper', type: 'epaper', t: CONTENT_TYPE.epaper, pinnable: false },
};

export const isContentResource = (name: string | undefined): name is ContentResource =>
  name === 'press' || name === 'page' || name === 'epaper';

export function kindOf(resource: string | undefined): ContentKind {
  if (!isContentResource(resource)) throw new Error(`Not a content resource: ${resource}`);
  return CONTENT_KINDS[resource];
}

/** The writer (built elsewhere); id 0 opens a new item. */
export const writerPath = (kind: ContentKind, id: number | string = 0) => `/edit/${kind.type}/${id}`;

export type PublishStep = 'setting' | 'success' | 'tags';
export const publishPath = (kind: ContentKind, id: number | string, step: PublishStep) =>
  `/${kind.resource}/${id}/publish/${step}`;

export const sendPath = (id: number | string) => `/epaper/${id}/send`;
export const listPath = (kind: ContentKind) => `/${kind.resource}`;
