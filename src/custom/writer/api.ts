/** The writer's calls, all through the envelope client (its uploads, ./imageUpload.ts, through the same error mapping). */
import { authorApi } from '../../../contract/api/authors';
import { categoryApi } from '../../../contract/api/categories';
import { contentApi } from '../../../contract/api/content';
import { fileApi } from '../../../contract/api/files';
import { tagApi } from '../../../contract/api/labels';
import { placeApi } from '../../../contract/api/places';
import { Code } from '../../../contract/codes';
import type { ContentSave, LangId } from '../../../contract/content';
import { CONTENT_TYPE, type ContentTypeName, contentQuery } from '../../../contract/contentConstants';
import type { Filter, ListQuery } from '../../../contract/list';
import { ApiError, call } from '../../dataProvider/client';

/** The call options of a content action on `type`: its `?t=`. */
const of = (type: ContentTypeName) => ({ query: contentQuery(CONTENT_TYPE[type]) });

const search = (col: string, value: string): Filter[] =>
  value.trim() === '' ? [] : [{ col, value: value.trim(), type: 'search' }];

const listQuery = (col: string, keyword: string, size = 50): ListQuery => ({
  page: 1,
  size,
  filters: search(col, keyword),
});

export const api = {
  // The writer holds languages as the replies give them (numbers); the server checks they are content languages.
  get: (type: ContentTypeName, id: number, lang?: number) =>
    call(contentApi.get, lang ? { id, lang: lang as LangId } : { id }, of(type)),
  save: (type: ContentTypeName, body: ContentSave) => call(contentApi.save, body, of(type)),
  history: (type: ContentTypeName, id: number) =>
    call(contentApi.history, { id }, of(type)).then((r) => r.rows),
  revision: (type: ContentTypeName, id: number, revision_id: number) =>
    call(contentApi.revision, { id, revision_id }, of(type)),
  restore: (type: ContentTypeName, id: number, revision_id: number) =>
    call(contentApi.restore, { id, revision_id }, of(type)),
  search: (type: ContentTypeName, query: string, id?: number) =>
    call(contentApi.search, id ? { query, id } : { query }, of(type)),
  recent: (type: ContentTypeName) =>
    call(
      contentApi.list,
      { query: { page: 1, size: 50, filters: [], sort: { col: 'updated_at', order: 'desc' } } },
      of(type),
    ),
  translate: (type: ContentTypeName, id: number, translate: boolean, lang: number, from?: number) => {
    const body = { id, translate, lang_id: lang as LangId };
    return call(contentApi.translate, from ? { ...body, from: from as LangId } : body, of(type));
  },
  translateProgress: (type: ContentTypeName, id: number, lang: number) =>
    call(contentApi.translateProgress, { id, lang_id: lang as LangId }, of(type)),
  translatePairs: () => call(contentApi.translatePairs, {}),
  tags: () => call(tagApi.all),
  saveTag: (name: string) => call(tagApi.save, { name }),
  authors: (keyword = '') => call(authorApi.list, { query: listQuery('name', keyword, 100) }),
  myAuthor: () => call(authorApi.mine),
  categories: (keyword = '') => call(categoryApi.all, { query: listQuery('name', keyword, 100) }),
  places: (keyword = '') => call(placeApi.list, { query: listQuery('name', keyword, 100) }),
  videos: (keyword = '') => call(fileApi.videos, { query: listQuery('title', keyword, 50) }),
};

/** Nothing answered: the network, or a gateway in front of the server while it restarts (502–504). */
export const isNetworkError = (e: unknown) =>
  e instanceof ApiError && (e.status === 0 || (e.status >= 502 && e.status <= 504));
/** The site has too much in progress on the server for now (1012): worth trying again in a moment. */
export const isBusy = (e: unknown) => e instanceof ApiError && e.code === Code.SITE_BUSY;
export const isConflict = (e: unknown) => e instanceof ApiError && e.code === Code.CONFLICT;

/** The message of a failure as a toast shows it: an i18n key, or the server's own text. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message || error.body.msg || 'errors.generic' : 'errors.generic';
