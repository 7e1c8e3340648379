/**
 * The react-admin dataProvider over the envelope API: entity resources are driven by their declarations
 * (src/entities), the others by the resource table; both mapped, and their bodies made, by contract/resources.ts,
 * which the server's REST face shares. A method a resource does not serve (creating a site, say) is refused with
 * NotServedError before anything is sent.
 */
import type {
  DataProvider,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
} from 'ra-core';
import { Code } from '../../contract/codes';
import { PAGE_SIZE_MAX } from '../../contract/constants';
import type { AnyEndpoint } from '../../contract/endpoint';
import type { Filter, ListResult } from '../../contract/list';
import {
  createBody,
  deleteBody,
  getBody,
  idFilter,
  inputFields,
  listBody,
  NotServedError,
  pickFields,
  type ResourceApi,
  recordOf,
  toFilters,
  updateBody,
  type WriteMethod,
} from '../../contract/resources';
import { entityApiOf } from '../entities/api';
import { ApiError, call } from './client';
import { keepCursor, withCursor } from './cursors';
import { resourceApis } from './resources';

export { pickFields, toFilters };

/**
 * A list call with the kept cursor of its query (src/dataProvider/cursors.ts); answers react-admin's list result,
 * with `meta.approximate` when the total is the server's estimate (the pagination then says "about").
 */
async function sendList<R>(api: ResourceApi, body: { query?: object }, signal?: AbortSignal) {
  const path = `${api.list.path}?${new URLSearchParams(api.query ?? {})}`;
  const result = await send<ListResult<R>>(api, api.list, withCursor(path, body), signal);
  keepCursor(path, body, result.cursor);
  return {
    data: result.rows,
    total: result.total,
    ...(result.approximate ? { meta: { approximate: true } } : {}),
  };
}

/** Calls an endpoint of the resource with its query string (a content kind's `?t=`). */
function send<T>(api: ResourceApi, endpoint: AnyEndpoint, body: object, signal?: AbortSignal) {
  return call(endpoint, body, { signal, query: api.query }) as Promise<T>;
}

/** The mapping of a resource: an entity's (from its declaration) or the table's. */
export async function apiOf(resource: string): Promise<ResourceApi> {
  const api = (await entityApiOf(resource)) ?? (resourceApis as Record<string, ResourceApi>)[resource];
  if (!api) throw new Error(`No API mapping for resource "${resource}"`);
  return api;
}

/** The resource's endpoint for a write method, or NotServedError. */
function writer(resource: string, api: ResourceApi, method: WriteMethod): AnyEndpoint {
  const endpoint = api[method];
  if (!endpoint) throw new NotServedError(resource, method);
  return endpoint;
}

function listParams(params: Partial<GetListParams>, extra: Filter[] = [], api?: ResourceApi) {
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  return {
    page,
    size: perPage,
    sort: params.sort,
    filters: [...(api ? toFilters(api, params.filter) : []), ...extra],
  };
}

async function readOne<R>(api: ResourceApi, id: number, signal?: AbortSignal): Promise<R> {
  const reply = await send<unknown>(api, api.get ?? api.list, getBody(api, id), signal);
  const record = recordOf(api, reply);
  if (!record) throw new ApiError('errors.notFound', 404, { code: Code.NOT_FOUND, msg: '', data: null });
  return record as R;
}

/** What a save answered, or the record read again when the save answers a summary (press/save). */
async function saved(api: ResourceApi, reply: RaRecord): Promise<RaRecord> {
  return api.reread ? readOne<RaRecord>(api, Number(reply.id)) : reply;
}

export const dataProvider: DataProvider = {
  async getList<R extends RaRecord>(resource: string, params: GetListParams) {
    const api = await apiOf(resource);
    return sendList<R>(api, listBody(api, listParams(params, [], api)), params.signal);
  },
  async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
    const api = await apiOf(resource);
    return { data: await readOne<R>(api, Number(params.id), params.signal) };
  },
  async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>) {
    const api = await apiOf(resource);
    const ids = params.ids.map(Number);
    const data: R[] = [];
    // A page holds PAGE_SIZE_MAX rows at most: more ids are asked in several pages.
    for (let at = 0; at === 0 || at < ids.length; at += PAGE_SIZE_MAX) {
      const some = ids.slice(at, at + PAGE_SIZE_MAX);
      const body = listBody(api, { page: 1, size: Math.max(some.length, 1), filters: [idFilter(some)] });
      data.push(...(await send<ListResult<R>>(api, api.list, body, params.signal)).rows);
    }
    return { data };
  },
  async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
    const api = await apiOf(resource);
    const target: Filter = { col: params.target, value: [params.id as string | number], type: 'in' };
    return sendList<R>(api, listBody(api, listParams(params, [target], api)), params.signal);
  },
  async create(resource, params) {
    const api = await apiOf(resource);
    const endpoint = writer(resource, api, 'create');
    const body = createBody(api, pickFields(inputFields(endpoint), params.data));
    return { data: await saved(api, await send<RaRecord>(api, endpoint, body)) } as never;
  },
  async update(resource, params) {
    const api = await apiOf(resource);
    const endpoint = writer(resource, api, 'update');
    const body = updateBody(api, Number(params.id), pickFields(inputFields(endpoint), params.data));
    return { data: await saved(api, await send<RaRecord>(api, endpoint, body)) } as never;
  },
  async updateMany(resource, params) {
    const api = await apiOf(resource);
    const endpoint = writer(resource, api, 'update');
    for (const id of params.ids) {
      await send(api, endpoint, updateBody(api, Number(id), pickFields(inputFields(endpoint), params.data)));
    }
    return { data: params.ids };
  },
  async delete(resource, params) {
    const api = await apiOf(resource);
    const endpoint = writer(resource, api, 'delete');
    await send(api, endpoint, deleteBody(api, Number(params.id)));
    return { data: params.previousData ?? ({ id: params.id } as never) };
  },
  async deleteMany(resource, params) {
    const api = await apiOf(resource);
    const endpoint = writer(resource, api, 'delete');
    if (api.deleteManyBody) {
      await send(api, endpoint, { ...api.extra, ...api.deleteManyBody(params.ids.map(Number)) });
      return { data: params.ids };
    }
    for (const id of params.ids) await send(api, endpoint, deleteBody(api, Number(id)));
    return { data: params.ids };
  },
  supportAbortSignal: true,
};
