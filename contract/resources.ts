/**
 * The resource mapping: how each react-admin resource maps onto the endpoint catalogue — which endpoint serves which
 * data method, the list filters it takes, the fields every call carries — and the bodies those methods send. Both
 * integrator faces are made from it, so they serve the same names the same way:
 * - the envelope dataProvider (src/dataProvider: `publishing-admin/dataProvider`), in the browser;
 * - the REST face for ra-data-simple-rest (server/http/rest.ts: GET/POST/PUT/DELETE /rest/<resource>).
 * Entity resources come from their declarations (`entityResourceApi`, contract/entities); the others from the table
 * below. A resource without `create`, `update` or `delete` does not serve that method (the dataProvider refuses it
 * with NotServedError, the REST face answers 405).
 */
import { customerApi } from './api/customers';
import { fileApi } from './api/files';
import { followerApi } from './api/followers';
import { roleApi } from './api/roles';
import { siteApi } from './api/sites';
import type { AnyEndpoint } from './endpoint';
import {
  type EntityResource,
  type EntityView,
  type FilterKind,
  type FilterSpec,
  rangeField,
  updates,
} from './entityBrief';
import type { Filter } from './list';

export interface ResourceApi {
  list: AnyEndpoint;
  /** Absent: one record is read through the list, filtered on its id (followers have no record action). */
  get?: AnyEndpoint;
  /** A read-only resource (the user's sites) or one filled another way (the library, by upload) names none. */
  create?: AnyEndpoint;
  update?: AnyEndpoint;
  delete?: AnyEndpoint;
  /** The query string of every call, e.g. a content kind's `{t: '1'}` (contract/api/content.ts). */
  query?: Record<string, string>;
  /** react-admin filter values → API filter objects. `q` is the keyword of the list's search box. */
  filters: Record<string, (value: unknown) => Filter | undefined>;
  /** The delete action's body when it is not `{id}` (e.g. articles are deleted by publishing with mode -1). */
  deleteBody?: (id: number) => object;
  /** Bulk deletion in ONE call of the delete action, when it takes several ids (all or nothing on the server). */
  deleteManyBody?: (ids: number[]) => object;
  /** Fields sent with every call of the resource (e.g. a label's `type`); they win over the record's. */
  extra?: Record<string, unknown>;
  /** The save answers a summary, not the record (press/save): create and update read the record again. */
  reread?: boolean;
}

/** The write methods a resource may lack. */
export type WriteMethod = 'create' | 'update' | 'delete';

/** A resource's write method that it does not serve: the message names the resource and the method. */
export class NotServedError extends Error {
  constructor(
    readonly resource: string,
    readonly method: WriteMethod,
  ) {
    super(`The resource "${resource}" is read-only for ${method}: the API has no such action for it`);
    this.name = 'NotServedError';
  }
}

/** The methods a resource serves: reading always, writing as its mapping names. */
export function methodsOf(api: ResourceApi): { read: true } & Record<WriteMethod, boolean> {
  return { read: true, create: !!api.create, update: !!api.update, delete: !!api.delete };
}

/** A date of a DateInput (YYYY-MM-DD) as a range bound: `from` or `to`, days of the site's time zone. */
const day =
  (col: 'from' | 'to') =>
  (value: unknown): Filter | undefined =>
    typeof value === 'string' && value.trim() !== ''
      ? { col, value: value.trim(), type: 'search' }
      : undefined;

const keyword =
  (col: string) =>
  (value: unknown): Filter | undefined =>
    typeof value === 'string' && value.trim() !== ''
      ? { col, value: value.trim(), type: 'search' }
      : undefined;

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isInteger(v));

const inFilter =
  (col: string) =>
  (value: unknown): Filter | undefined => {
    const list = ids(value);
    return list.length ? { col, value: list, type: 'in' } : undefined;
  };

/** A flag: true or false as `[1]` or `[0]` (the list of pinned items asks for `to_top` true). */
const flag =
  (col: string) =>
  (value: unknown): Filter | undefined =>
    typeof value === 'boolean' ? { col, value: [value ? 1 : 0], type: 'in' } : undefined;

/** Values of an `in` field: an enum's as its choices are (a number sent as text in an address is the number). */
const oneOf =
  (col: string, choices: readonly (string | number)[] | null) =>
  (value: unknown): Filter | undefined => {
    // A number sent as text in an address is the number of the choices; a blank value is none (a cleared filter).
    const values = (Array.isArray(value) ? value : [value])
      .filter(
        (v): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number',
      )
      .map((v) => (choices && !choices.includes(v) ? choices.find((c) => String(c) === String(v)) : v))
      .filter((v): v is string | number => v !== undefined);
    return values.length > 0 ? { col, value: values, type: 'in' } : undefined;
  };

const KINDS: Record<FilterKind, (col: string) => (value: unknown) => Filter | undefined> = {
  keyword,
  ids: inFilter,
  flag,
};

/** The resources that are not entities. */
export const resourceApis = {
  /** The image library. Files are added by multipart upload (components/upload.ts), never through the dataProvider. */
  file: {
    list: fileApi.list,
    get: fileApi.get,
    delete: fileApi.delete,
    filters: { q: keyword('name') },
  },
  /** `role/save` with id 0 creates a custom role. */
  role: {
    list: roleApi.list,
    get: roleApi.get,
    create: roleApi.save,
    update: roleApi.save,
    delete: roleApi.delete,
    filters: { q: keyword('name') },
  },
  /**
   * Followers: listed, exported and removed only (subscribers/remove takes the ids). There is no record action: one
   * is read through the list, by its id.
   */
  follower: {
    list: followerApi.list,
    delete: followerApi.remove,
    deleteBody: (id) => ({ ids: [id] }),
    deleteManyBody: (ids) => ({ ids }),
    filters: { q: keyword('keyword'), source: keyword('source'), from: day('from'), to: day('to') },
  },
  /**
   * Customer messages: `customer/get` takes `{id}` as well as SPEC's `{request_id}`, and opening marks the message
   * read. Replies and the status are the record page's own calls (resources/customer/api.ts): read-only here.
   */
  customer: {
    list: customerApi.list,
    get: customerApi.get,
    filters: {
      q: keyword('keyword'),
      status: (value) =>
        value === 1 || value === 2 || value === '1' || value === '2'
          ? { col: 'status', value: [Number(value)], type: 'in' }
          : undefined,
      from: day('from'),
      to: day('to'),
    },
  },
  /**
   * The user's own sites: listed and read only. Sites are made by the wizard and changed in the settings, never
   * through the dataProvider.
   */
  site: {
    list: siteApi.list,
    get: siteApi.get,
    filters: { q: keyword('name') },
  },
} as const satisfies Record<string, ResourceApi>;

/** The names of the resources that are not entities. */
export type TableResourceName = keyof typeof resourceApis;
export const tableResourceNames = Object.keys(resourceApis) as TableResourceName[];

/**
 * The filters of an entity's List as data, by name: its fields' (`search`, `in`), its searches (keywords over several
 * fields, or its own), its day range (`from`, `to`) and its declared `filters`.
 */
export function filterSpecs(
  entity: Pick<EntityView, 'fields' | 'searches' | 'filters'>,
): Record<string, FilterSpec> {
  const { fields } = entity;
  const own = (name: string): FilterSpec[] =>
    fields[name].filter === 'search'
      ? ['keyword']
      : fields[name].filter === 'in'
        ? [{ in: fields[name].choices ?? null }]
        : [];
  // `q`, react-admin's usual name of a list's keyword box, is the first of its searches.
  const [first] = Object.keys(entity.searches ?? {});
  return {
    ...(first ? { q: { keyword: first } } : {}),
    // A field's filter goes by its `filterAs`, if it has one (the API's column).
    ...Object.fromEntries(
      Object.keys(fields).flatMap((name) => own(name).map((spec) => [fields[name].filterAs ?? name, spec])),
    ),
    ...Object.fromEntries(Object.keys(entity.searches ?? {}).map((name) => [name, 'keyword' as const])),
    ...(rangeField(fields) ? { from: 'day' as const, to: 'day' as const } : {}),
    ...entity.filters,
  };
}

/** Filters as data → react-admin filter values → the API's filter objects. */
export function filtersFrom(specs: Record<string, FilterSpec>): ResourceApi['filters'] {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      typeof spec === 'object'
        ? 'keyword' in spec
          ? keyword(spec.keyword)
          : oneOf(name, spec.in)
        : spec === 'day'
          ? day(name as 'from' | 'to')
          : KINDS[spec](name),
    ]),
  );
}

/** The filters of an entity's List, by name, as the API takes them (filterSpecs). */
export const entityFilters = (
  entity: Pick<EntityView, 'fields' | 'searches' | 'filters'>,
): ResourceApi['filters'] => filtersFrom(filterSpecs(entity));

/**
 * An entity resource: the entity's actions — list and get, and save (id 0 creates) and delete where it serves them
 * —, its filters, its fixed fields (in the body, or in the query string: `query`). A save of the catalogue
 * (`endpoints.save`) answers a summary, so the record is read again; `deleteWith` makes the delete's body. From the
 * declaration, or from its view (the SPA: no schemas).
 */
export function entityResourceApi(
  entity: EntityView,
  resource?: Pick<EntityResource, 'fixed' | 'query'>,
): ResourceApi {
  const { fixed, query } = resource ?? {};
  const { api, deleteWith } = entity;
  return {
    list: api.list as AnyEndpoint,
    get: api.get,
    // An entity whose records are made elsewhere (`creates: false`) changes them only; one whose save only makes
    // them (`updates: false`) makes them only.
    create: entity.creates === false ? undefined : api.save,
    update: updates(entity) ? api.save : undefined,
    delete: api.delete,
    filters: entityFilters(entity),
    ...(entity.deleteMany ? { deleteManyBody: (ids: number[]) => ({ ids }) } : {}),
    ...(query
      ? { query: Object.fromEntries(Object.entries(fixed ?? {}).map(([k, v]) => [k, String(v)])) }
      : { extra: fixed }),
    ...(deleteWith ? { deleteBody: (id: number) => ({ id, ...deleteWith }) } : {}),
    ...(entity.endpoints?.save ? { reread: true } : {}),
  };
}

// ——— the bodies of the data methods, the same for both faces ———

/**
 * The names of an endpoint's input fields. The SPA's catalogue endpoints carry them as `fields` (vite.config.ts gives
 * them instead of the schemas, which stay out of the bundle); elsewhere the schema is there to read them from.
 */
export function inputFields(endpoint: AnyEndpoint | undefined): string[] {
  if (!endpoint) return [];
  const given = (endpoint as { fields?: string[] }).fields;
  if (given) return given;
  const shape = (endpoint.input as { shape?: object }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Keeps only the fields an endpoint's input declares. */
export function pickFields(
  fields: readonly string[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(fields.filter((k) => k in data).map((k) => [k, data[k]]));
}

/**
 * react-admin filter values → API filter objects: each name the resource maps, and `id` (one or several ids, as
 * getMany asks) for every resource. Other names are left out (the List's own, such as a tab).
 */
export function toFilters(api: ResourceApi, filter: Record<string, unknown> = {}): Filter[] {
  const filters: Filter[] = [];
  for (const [name, value] of Object.entries(filter)) {
    const mapped = name === 'id' && !api.filters.id ? idFilter(value) : api.filters[name]?.(value);
    if (mapped) filters.push(mapped);
  }
  return filters;
}

/** The ids asked for (react-admin's getMany, a filter on `id`). */
export function idFilter(value: unknown): Filter {
  return { col: 'id', value: ids(value), type: 'in' };
}

export interface ListParams {
  page: number;
  size: number;
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  /** Filters already made (toFilters, a reference's target). */
  filters: Filter[];
}

/** The list action's body: the resource's fixed fields and the query. */
export function listBody(api: ResourceApi, { page, size, sort, filters }: ListParams): object {
  return {
    ...api.extra,
    query: {
      page,
      size,
      filters,
      ...(sort?.field ? { sort: { col: sort.field, order: sort.order === 'ASC' ? 'asc' : 'desc' } } : {}),
    },
  };
}

/** One record: the get action's body, or (without one) the list's, on its id. */
export function getBody(api: ResourceApi, id: number): object {
  return api.get
    ? { ...api.extra, id }
    : listBody(api, { page: 1, size: 1, filters: [{ col: 'id', value: [id], type: 'in' }] });
}

/** The record `getBody` asked for, out of the reply (undefined: not there). */
export function recordOf(api: ResourceApi, reply: unknown): Record<string, unknown> | undefined {
  if (api.get) return reply as Record<string, unknown>;
  return (reply as { rows: Record<string, unknown>[] }).rows[0];
}

/** A new record: id 0 creates, when the save takes an id. `data` holds only fields the face lets through. */
export function createBody(api: ResourceApi, data: Record<string, unknown>): object {
  const withId = inputFields(api.create).includes('id') ? { id: 0 } : {};
  return { ...data, ...withId, ...api.extra };
}

/** A change of record `id`. */
export function updateBody(api: ResourceApi, id: number, data: Record<string, unknown>): object {
  return { ...data, id, ...api.extra };
}

export function deleteBody(api: ResourceApi, id: number): object {
  return api.deleteBody ? api.deleteBody(id) : { ...api.extra, id };
}
