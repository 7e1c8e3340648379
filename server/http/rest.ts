/**
 * The REST face for ra-data-simple-rest: every resource of the shared mapping (contract/resources.ts — the table and
 * the entities' resources, the same names the envelope dataProvider serves) at
 *   GET    /rest/<resource>?sort=["title","ASC"]&range=[0,24]&filter={...}   → a JSON array, Content-Range
 *   GET    /rest/<resource>/<id>                                            → the record
 *   POST   /rest/<resource>                                                 → 201, the new record
 *   PUT    /rest/<resource>/<id>                                            → the record
 *   DELETE /rest/<resource>/<id>                                            → the record as it was
 * Each route runs the resource's declared endpoints through the registered action's pipeline (action.ts
 * runEndpoint): session, site, permission, plan feature, sight, input rules and handler are the envelope action's
 * own, not a copy. A write method the resource lacks answers 405.
 *
 * Failures answer `{message, code, fields?, errors?}`: `message` is the envelope's `msg` (the caller's language,
 * Accept-Language), `code` the error catalogue's, `fields` (and `errors`, the same, where react-admin's forms read
 * them) the field messages. Statuses: the envelope's (401 signed out, 403 forbidden — a plan without the feature
 * too, as the envelope answers it —, 404, 413), 400 for bad input, 409 for a conflict (a newer version, a taken
 * value), 422 for any other refusal by a business rule, 405 for a method not served.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import { PAGE_SIZE_MAX, pickLocale } from '../../contract/constants';
import type { AnyEndpoint } from '../../contract/endpoint';
import type { Filter } from '../../contract/list';
import {
  createBody,
  deleteBody,
  getBody,
  idFilter,
  inputFields,
  listBody,
  type ResourceApi,
  recordOf,
  updateBody,
  type WriteMethod,
} from '../../contract/resources';
import type { Deps } from '../deps';
import { t } from '../i18n';
import { registeredAction, runEndpoint } from './action';
import { AppError, FieldError } from './errors';
import { failureOf } from './reply';

export const REST_PREFIX = '/rest';

/** A resource the REST face serves: its name and its mapping. */
export interface RestResource {
  name: string;
  api: ResourceApi;
}

/** The longest `sort`, `range` and `filter` read, checked before they are parsed. */
export const REST_QUERY_MAX = { sort: 200, range: 64, filter: 8000 } as const;

const CONFLICTS = new Set<number>([Code.CONFLICT, Code.DUPLICATE, Code.SLUG_TAKEN, Code.ALREADY_STAFF]);

/** The HTTP status of a failure on the REST face: the envelope's where it has one; never 200. */
export function restStatus(code: number, envelopeStatus: number): number {
  if (envelopeStatus !== 200) return envelopeStatus;
  if (code === Code.VALIDATION || code === Code.BAD_REQUEST) return 400;
  if (code === Code.NO_SITE) return 403;
  if (CONFLICTS.has(code)) return 409;
  // The site has too much in progress on this server for now (siteTurns.ts): a client may try again shortly.
  if (code === Code.SITE_BUSY) return 429;
  return 422;
}

export interface RestFailure {
  message: string;
  code: number;
  fields?: Record<string, string>;
  errors?: Record<string, string>;
}

/** Writes a thrown value as a REST failure. */
export function sendRestError(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const { status, body } = failureOf(req, err);
  const fields = (body.data as { errors?: Record<string, string> } | null)?.errors;
  const failure: RestFailure = {
    message: body.msg,
    code: body.code,
    ...(fields ? { fields, errors: fields } : {}),
  };
  const restCode = restStatus(body.code, status);
  if (restCode === 429) reply.header('retry-after', String(SITE_BUSY_RETRY_AFTER_S));
  return reply.code(restCode).send(failure);
}

/** How long a client told the site is busy should wait before it tries again (a turn's wait is 15 s at most). */
const SITE_BUSY_RETRY_AFTER_S = 5;

const bad = (field: string) => new FieldError({ [field]: { message: 'validation.format' } });

/** A JSON query parameter, bounded before it is parsed. */
function jsonParam(query: Record<string, unknown>, name: keyof typeof REST_QUERY_MAX): unknown {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.length > REST_QUERY_MAX[name]) throw bad(name);
  try {
    return JSON.parse(raw);
  } catch {
    throw bad(name);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `sort=["title","ASC"]`. */
function sortOf(query: Record<string, unknown>) {
  const sort = jsonParam(query, 'sort');
  if (sort === undefined) return undefined;
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    typeof sort[0] !== 'string' ||
    sort[0].length > 64 ||
    (sort[1] !== 'ASC' && sort[1] !== 'DESC')
  )
    throw bad('sort');
  return { field: sort[0], order: sort[1] as 'ASC' | 'DESC' };
}

/** `range=[0,24]`: a whole page of the API (its start a multiple of its size, at most PAGE_SIZE_MAX rows). */
function rangeOf(query: Record<string, unknown>): { start: number; size: number } | undefined {
  const range = jsonParam(query, 'range');
  if (range === undefined) return undefined;
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n)))
    throw bad('range');
  const [start, end] = range as [number, number];
  const size = end - start + 1;
  if (start < 0 || size < 1 || size > PAGE_SIZE_MAX || start % size !== 0) throw bad('range');
  return { start, size };
}

/**
 * `filter={...}`: each name the resource maps (as the dataProvider's), `id` (getMany's ids), and any other name as a
 * filter on that column (getManyReference's target), which the list action takes or refuses like any filter.
 */
function filtersOf(api: ResourceApi, query: Record<string, unknown>): Filter[] {
  const filter = jsonParam(query, 'filter') ?? {};
  if (!isRecord(filter)) throw bad('filter');
  const filters: Filter[] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (api.filters[name]) {
      const mapped = api.filters[name](value);
      if (mapped) filters.push(mapped);
    } else if (name === 'id') filters.push(idFilter(value));
    else filters.push({ col: name, value: (Array.isArray(value) ? value : [value]) as never, type: 'in' });
  }
  return filters;
}

/** A path's id: a positive whole number, else no record is named (404). */
function idOf(req: FastifyRequest): number {
  const raw = (req.params as { id?: string }).id ?? '';
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw new AppError(Code.NOT_FOUND);
  return Number(raw);
}

/** The fields of the record a read answers. */
function recordFields(api: ResourceApi): string[] {
  const list = (api.list.output as { shape?: { rows?: { element?: { shape?: object } } } }).shape;
  const record = (api.get?.output as { shape?: object } | undefined)?.shape ?? list?.rows?.element?.shape;
  return record ? Object.keys(record) : [];
}

/**
 * A write's body: a JSON object, less the fields the record has and the save does not take (a count, a date), so
 * that a record read can be written back unchanged. Any other unknown field is refused by the action's input.
 */
function writeData(req: FastifyRequest, api: ResourceApi, endpoint: AnyEndpoint): Record<string, unknown> {
  if (!isRecord(req.body)) throw new AppError(Code.BAD_REQUEST);
  const takes = new Set(inputFields(endpoint));
  const readOnly = new Set(recordFields(api).filter((k) => !takes.has(k)));
  return Object.fromEntries(Object.entries(req.body).filter(([k]) => !readOnly.has(k)));
}

/** Registers the REST face of `resources` (every endpoint they name must be a registered action). */
export function registerRest(app: FastifyInstance, deps: Deps, resources: readonly RestResource[]) {
  for (const { name, api } of resources) {
    for (const endpoint of [api.list, api.get, api.create, api.update, api.delete])
      if (endpoint && !registeredAction(deps, endpoint))
        throw new Error(`REST /rest/${name}: no registered action serves ${endpoint.path}`);
    registerResource(app, deps, name, api);
  }
}

function registerResource(app: FastifyInstance, deps: Deps, name: string, api: ResourceApi) {
  const query = api.query ?? {};
  const run = (req: FastifyRequest, reply: FastifyReply, endpoint: AnyEndpoint, body: object) =>
    runEndpoint({ deps, req, reply }, endpoint, { body, query });
  const read = async (req: FastifyRequest, reply: FastifyReply, id: number) => {
    const record = recordOf(api, await run(req, reply, api.get ?? api.list, getBody(api, id)));
    if (!record) throw new AppError(Code.NOT_FOUND);
    return record;
  };
  /** The record a save answered, or read again when the save answers a summary. */
  const saved = async (req: FastifyRequest, reply: FastifyReply, answer: unknown) =>
    api.reread ? read(req, reply, Number((answer as { id: number }).id)) : answer;

  const route = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    served: WriteMethod | null,
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url: `${REST_PREFIX}/${name}${url}`,
      handler: async (req, reply) => {
        try {
          if (served && !api[served]) {
            const lang = pickLocale(req.headers['accept-language']);
            return reply
              .code(405)
              .header('allow', allowed(api, url !== ''))
              .send({ message: t(lang, 'errors.notServed'), code: Code.BAD_REQUEST } satisfies RestFailure);
          }
          return await handler(req, reply);
        } catch (err) {
          return sendRestError(req, reply, err);
        }
      },
    });

  route('GET', '', null, async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const filters = filtersOf(api, q);
    const sort = sortOf(q);
    let range = rangeOf(q);
    if (!range) {
      // getMany has no range: the ids asked for, on one page.
      const asked = filters.find((f) => f.col === 'id');
      const n = Array.isArray(asked?.value) ? asked.value.length : 0;
      if (n > PAGE_SIZE_MAX) throw bad('filter');
      range = { start: 0, size: n || 10 };
    }
    const page = range.start / range.size + 1;
    const result = (await run(
      req,
      reply,
      api.list,
      listBody(api, { page, size: range.size, sort, filters }),
    )) as {
      rows: unknown[];
      total: number;
    };
    const end = range.start + result.rows.length - 1;
    const span = result.rows.length ? `${range.start}-${end}` : '*';
    return reply
      .header('content-range', `${name} ${span}/${result.total}`)
      .header('access-control-expose-headers', 'Content-Range')
      .send(result.rows);
  });

  route('GET', '/:id', null, async (req, reply) => reply.send(await read(req, reply, idOf(req))));

  route('POST', '', 'create', async (req, reply) => {
    const endpoint = api.create as AnyEndpoint;
    const answer = await run(req, reply, endpoint, createBody(api, writeData(req, api, endpoint)));
    return reply.code(201).send(await saved(req, reply, answer));
  });

  route('PUT', '/:id', 'update', async (req, reply) => {
    const id = idOf(req);
    const endpoint = api.update as AnyEndpoint;
    const answer = await run(req, reply, endpoint, updateBody(api, id, writeData(req, api, endpoint)));
    return reply.send(await saved(req, reply, answer));
  });

  route('DELETE', '/:id', 'delete', async (req, reply) => {
    const id = idOf(req);
    // The record as it was, for react-admin; a caller who may delete without reading gets its id.
    const before = await read(req, reply, id).catch(() => ({ id }));
    await run(req, reply, api.delete as AnyEndpoint, deleteBody(api, id));
    return reply.send(before);
  });
}

/** The Allow header of a collection (`/rest/<r>`) or a record (`/rest/<r>/<id>`). */
function allowed(api: ResourceApi, record: boolean): string {
  if (!record) return ['GET', ...(api.create ? ['POST'] : [])].join(', ');
  return ['GET', ...(api.update ? ['PUT'] : []), ...(api.delete ? ['DELETE'] : [])].join(', ');
}
