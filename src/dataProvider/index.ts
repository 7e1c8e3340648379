/**
 * The react-admin dataProvider over the envelope API: entity resources are driven by their declarations
 * (src/entities), the others by the resource table (resources.ts).
 */
import type {
  DataProvider,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
} from 'ra-core';
import type { AnyEndpoint } from '../../contract/endpoint';
import type { Filter, ListResult } from '../../contract/list';
import { entityApiOf } from '../entities/api';
import { call } from './client';
import { inputFields, type ResourceApi } from './resourceApi';
import { resourceApis } from './resources';

/**
 * Calls an endpoint of the resource with its query string (a content kind's `?t=`); a read-only resource has no
 * write endpoints. The table's endpoints are typed only as AnyEndpoint: the caller names the reply it reads.
 */
function send<T>(api: ResourceApi, endpoint: AnyEndpoint | undefined, body: object, signal?: AbortSignal) {
  if (!endpoint) throw new Error('The resource has no such action');
  return call(endpoint, body, { signal, query: api.query }) as Promise<T>;
}

async function apiOf(resource: string): Promise<ResourceApi> {
  const api = (await entityApiOf(resource)) ?? (resourceApis as Record<string, ResourceApi>)[resource];
  if (!api) throw new Error(`No API mapping for resource "${resource}"`);
  return api;
}

/** Keeps only the fields an endpoint's input declares (inputFields). */
export function pickFields(
  fields: readonly string[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(fields.filter((k) => k in data).map((k) => [k, data[k]]));
}

export function toFilters(api: ResourceApi, filter: Record<string, unknown> = {}): Filter[] {
  const filters: Filter[] = [];
  for (const [name, value] of Object.entries(filter)) {
    const mapped = api.filters[name]?.(value);
    if (mapped) filters.push(mapped);
  }
  return filters;
}

function listQuery(api: ResourceApi, params: Partial<GetListParams>, extra: Filter[] = []) {
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  const sort = params.sort?.field
    ? { col: params.sort.field, order: params.sort.order === 'ASC' ? 'asc' : 'desc' }
    : undefined;
  return {
    ...api.extra,
    query: {
      page,
      size: perPage,
      filters: [...toFilters(api, params.filter), ...extra],
      ...(sort ? { sort } : {}),
    },
  };
}

export const dataProvider: DataProvider = {
  async getList<R extends RaRecord>(resource: string, params: GetListParams) {
    const api = await apiOf(resource);
    const result = await send<ListResult<R>>(api, api.list, listQuery(api, params), params.signal);
    return { data: result.rows, total: result.total };
  },
  async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
    const api = await apiOf(resource);
    const data = await send<R>(api, api.get, { ...api.extra, id: Number(params.id) }, params.signal);
    return { data };
  },
  async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>) {
    const api = await apiOf(resource);
    const ids = params.ids.map(Number);
    const query = listQuery(api, { pagination: { page: 1, perPage: Math.max(ids.length, 1) } }, [
      { col: 'id', value: ids, type: 'in' },
    ]);
    const result = await send<ListResult<R>>(api, api.list, query, params.signal);
    return { data: result.rows };
  },
  async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
    const api = await apiOf(resource);
    const extra: Filter[] = [{ col: params.target, value: [params.id as string | number], type: 'in' }];
    const result = await send<ListResult<R>>(api, api.list, listQuery(api, params, extra), params.signal);
    return { data: result.rows, total: result.total };
  },
  async create(resource, params) {
    const api = await apiOf(resource);
    const data = await send<RaRecord>(api, api.create, {
      ...pickFields(inputFields(api.create), params.data),
      ...api.extra,
    });
    return { data } as never;
  },
  async update(resource, params) {
    const api = await apiOf(resource);
    const data = await send<RaRecord>(api, api.update, {
      ...pickFields(inputFields(api.update), { ...params.data, id: Number(params.id) }),
      ...api.extra,
    });
    return { data } as never;
  },
  async updateMany(resource, params) {
    const api = await apiOf(resource);
    for (const id of params.ids) {
      await send(api, api.update, {
        ...pickFields(inputFields(api.update), { ...params.data, id: Number(id) }),
        ...api.extra,
      });
    }
    return { data: params.ids };
  },
  async delete(resource, params) {
    const api = await apiOf(resource);
    const id = Number(params.id);
    await send(api, api.delete, api.deleteBody ? api.deleteBody(id) : { ...api.extra, id });
    return { data: params.previousData ?? ({ id: params.id } as never) };
  },
  async deleteMany(resource, params) {
    const api = await apiOf(resource);
    if (api.deleteManyBody) {
      await send(api, api.delete, { ...api.extra, ...api.deleteManyBody(params.ids.map(Number)) });
      return { data: params.ids };
    }
    for (const raw of params.ids) {
      const id = Number(raw);
      await send(api, api.delete, api.deleteBody ? api.deleteBody(id) : { ...api.extra, id });
    }
    return { data: params.ids };
  },
  supportAbortSignal: true,
};
