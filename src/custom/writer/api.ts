/** The writer's calls, all through the envelope client (uploads through the same error mapping). */
import { Code, codeMessageKey } from '../../../contract/codes';
import {
  CONTENT_TYPE,
  type ContentItem,
  type ContentRow,
  type ContentSave,
  type ContentTypeName,
  type Revision,
  type RevisionRow,
  type SaveReply,
} from '../../../contract/content';
import { IMAGE_MAX_BYTES, type UploadReply } from '../../../contract/files';
import type { Filter, ListQuery, ListResult } from '../../../contract/list';
import { type UploadOptions, uploadFile } from '../../components/upload';
import { ApiError, call } from '../../dataProvider/client';

const t = (type: ContentTypeName) => `?t=${CONTENT_TYPE[type]}`;

export interface TagOption {
  id: number;
  name: string;
  slug?: string;
}
export interface AuthorOption {
  id: number;
  name: string;
  title?: string;
  avatar?: string;
}
export interface VideoOption {
  id: number;
  title: string;
  cover: string;
}
export interface TitleOption {
  id: number;
  title: string;
}

const search = (col: string, value: string): Filter[] =>
  value.trim() === '' ? [] : [{ col, value: value.trim(), type: 'search' }];

const listQuery = (col: string, keyword: string, size = 50): ListQuery => ({
  page: 1,
  size,
  filters: search(col, keyword),
});

export const api = {
  get: (type: ContentTypeName, id: number, lang?: number) =>
    call<ContentItem>(`press/get${t(type)}`, lang ? { id, lang } : { id }),
  save: (type: ContentTypeName, body: ContentSave) => call<SaveReply>(`press/save${t(type)}`, body),
  history: (type: ContentTypeName, id: number) => call<RevisionRow[]>(`press/history${t(type)}`, { id }),
  revision: (type: ContentTypeName, id: number, revision_id: number) =>
    call<Revision>(`press/revision${t(type)}`, { id, revision_id }),
  restore: (type: ContentTypeName, id: number, revision_id: number) =>
    call<SaveReply>(`press/restore${t(type)}`, { id, revision_id }),
  search: (type: ContentTypeName, query: string, id?: number) =>
    call<TitleOption[]>(`press/search${t(type)}`, id ? { query, id } : { query }),
  recent: (type: ContentTypeName) =>
    call<ListResult<ContentRow>>(`press/list${t(type)}`, {
      query: { page: 1, size: 50, filters: [], sort: { col: 'updated_at', order: 'desc' } },
    }),
  translate: (type: ContentTypeName, id: number, translate: boolean, lang_id: number, from?: number) =>
    call<{ id: number; lang_id: number }>(
      `press/translate${t(type)}`,
      from ? { id, translate, lang_id, from } : { id, translate, lang_id },
    ),
  tags: () => call<TagOption[]>('tag/all'),
  saveTag: (name: string) => call<TagOption>('press/save_tag', { name }),
  authors: (keyword = '') =>
    call<ListResult<AuthorOption>>('author/list', { query: listQuery('name', keyword, 100) }),
  myAuthor: () => call<AuthorOption | null>('member/author'),
  categories: (keyword = '') =>
    call<ListResult<{ id: number; name: string }>>('category/all', {
      query: listQuery('name', keyword, 100),
    }),
  videos: (keyword = '') =>
    call<ListResult<VideoOption>>('video/list', { query: listQuery('title', keyword, 50) }),
};

/** The client-side size rule of editor images: 5 MB or more is refused before sending. */
export const tooLarge = (file: Blob) => file.size >= IMAGE_MAX_BYTES;

/**
 * Uploads an image (multipart field `file`) through the app's one upload client, which reports progress and maps
 * failures as the envelope client does; a file of 5 MB or more is refused before sending.
 */
export function uploadImage(
  file: Blob,
  name = 'image',
  opts: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<UploadReply> {
  if (tooLarge(file)) {
    const code = Code.FILE_TOO_LARGE;
    return Promise.reject(new ApiError(codeMessageKey(code) as string, 0, { code, msg: '', data: null }));
  }
  return uploadFile(file, { ...opts, name });
}

export const isNetworkError = (e: unknown) => e instanceof ApiError && e.status === 0;
export const isConflict = (e: unknown) => e instanceof ApiError && e.code === Code.CONFLICT;

/** The message of a failure as a toast shows it: an i18n key, or the server's own text. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message || error.body.msg || 'errors.generic' : 'errors.generic';
