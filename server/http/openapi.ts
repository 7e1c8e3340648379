/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint catalogue (contract/endpoint.ts): one operation
 * per action with its input as the JSON request body (GET actions: query parameters), its output inside the
 * `{code, msg, data}` envelope, and its access and permission; and the REST face (rest.ts), each route naming the
 * action it runs. Served at GET /api/openapi.json for integrators.
 */
import { z } from 'zod';
import { Code } from '../../contract/codes';
import type { AnyEndpoint } from '../../contract/endpoint';
import type { ResourceApi } from '../../contract/resources';
import { REST_PREFIX, REST_QUERY_MAX, type RestResource } from './rest';
import { SESSION_COOKIE } from './session';

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema; what JSON cannot express (a file, a custom check) is left open rather than failing. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer', description: `${Code.OK} on success; the error catalogue otherwise` },
      msg: { type: 'string' },
      data,
    },
  };
}

const ERROR_REPLY = {
  description: "A failure: `code` names it, `msg` is in the caller's language (Accept-Language)",
  content: { 'application/json': { schema: envelope({}) } },
};

function access(e: AnyEndpoint): string {
  if (e.access === 'public') return 'Public.';
  if (e.access === 'user') return 'A signed-in user.';
  const needed = e.permission === undefined ? [] : [e.permission].flat();
  const holding = (list: string[]) => list.map((p) => `\`${p}\``).join(' or ');
  const creating = e.createPermission
    ? ` Id 0 creates, which also needs ${holding([e.createPermission].flat())}.`
    : '';
  const plan = e.feature ? ` The site's plan must have the \`${e.feature}\` feature.` : '';
  return needed.length
    ? `Staff of the current site holding ${holding(needed)}.${creating}${plan}`
    : `Staff of the current site.${plan}`;
}

/** An object schema's properties as query parameters. */
const queryParameters = (object: JsonSchema) =>
  Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: ((object.required as string[] | undefined) ?? []).includes(name),
    schema,
  }));

function operation(e: AnyEndpoint, path = e.path) {
  const input = jsonSchema(e.input, 'input');
  const query = e.query ? queryParameters(jsonSchema(e.query, 'input')) : [];
  const body =
    e.method === 'GET'
      ? { parameters: [...query, ...queryParameters(input)] }
      : {
          ...(query.length ? { parameters: query } : {}),
          requestBody: {
            required: true,
            content: {
              [e.multipart ? 'multipart/form-data' : 'application/json']: { schema: input },
              ...(e.multipart ? { 'application/json': { schema: input } } : {}),
            },
          },
        };
  const data = jsonSchema(e.output, 'output');
  return {
    operationId: path.replace(/[^a-zA-Z0-9]+/g, '_'),
    tags: [e.path.split('/')[0]],
    summary: e.summary ?? e.path,
    description: [
      path === e.path ? '' : `Another name of \`${e.path}\`.`,
      access(e),
      e.captcha ? 'Needs a solved bot challenge in `token`.' : '',
    ]
      .filter(Boolean)
      .join(' '),
    ...(e.access === 'public' ? { security: [] } : {}),
    ...body,
    responses: {
      '200': {
        description: e.raw ? 'The data itself (a third-party protocol), not an envelope' : 'Success',
        content: { 'application/json': { schema: e.raw ? data : envelope(data) } },
      },
      '400': ERROR_REPLY,
      '401': ERROR_REPLY,
      '403': ERROR_REPLY,
      '404': ERROR_REPLY,
    },
  };
}

const REST_FAILURE = {
  description:
    "A failure: `message` in the caller's language (Accept-Language), `code` of the error catalogue, `fields` (and " +
    '`errors`, the same) the field messages of bad input. 400 bad input, 401 signed out, 403 forbidden (a plan ' +
    'without the feature too), 404, 405 a method the resource lacks, 409 a conflict, 422 another refusal',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['message', 'code'],
        properties: {
          message: { type: 'string' },
          code: { type: 'integer' },
          fields: { type: 'object', additionalProperties: { type: 'string' } },
          errors: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
};
const restFailures = Object.fromEntries(
  ['400', '401', '403', '404', '405', '409', '422'].map((s) => [s, REST_FAILURE]),
);

/** The record schema of a resource: its get's output, or its list's row. */
function recordSchema(api: ResourceApi): JsonSchema {
  const list = jsonSchema(api.list.output, 'output') as { properties?: { rows?: { items?: JsonSchema } } };
  return api.get ? jsonSchema(api.get.output, 'output') : (list.properties?.rows?.items ?? {});
}

const runs = (e: AnyEndpoint) => `Runs \`${e.path}\` (the same checks and rules). ${access(e)}`;
const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const jsonParameter = (name: keyof typeof REST_QUERY_MAX, example: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  description: `${description} (JSON, at most ${REST_QUERY_MAX[name]} characters)`,
  schema: { type: 'string', maxLength: REST_QUERY_MAX[name] },
  example,
});

/** The REST face's paths of one resource (rest.ts), in ra-data-simple-rest's conventions. */
function restPaths({ name, api }: RestResource): Record<string, Record<string, unknown>> {
  const record = recordSchema(api);
  const op = (id: string, e: AnyEndpoint, more: object) => ({
    operationId: `rest_${name}_${id}`,
    tags: [`rest ${name}`],
    description: runs(e),
    ...more,
    responses: { ...(more as { responses?: object }).responses, ...restFailures },
  });
  const collection: Record<string, unknown> = {
    get: op('list', api.list, {
      summary: `Lists ${name}: a page (range), filters and a sort`,
      parameters: [
        jsonParameter('sort', '["id","DESC"]', 'A field and ASC or DESC'),
        jsonParameter('range', '[0,24]', 'First and last row, a whole page of at most 100'),
        jsonParameter('filter', '{"q":"台北"}', 'Filter values by name; `id` takes ids'),
      ],
      responses: {
        '200': {
          description: 'The rows; `Content-Range: <resource> <first>-<last>/<total>` gives the total',
          headers: { 'Content-Range': { schema: { type: 'string' } } },
          ...json({ type: 'array', items: record }),
        },
      },
    }),
  };
  if (api.create)
    collection.post = op('create', api.create, {
      summary: `Adds a ${name} record`,
      requestBody: { required: true, ...json(jsonSchema(api.create.input, 'input')) },
      responses: { '201': { description: 'The new record', ...json(record) } },
    });
  const one: Record<string, unknown> = {
    get: op('get', api.get ?? api.list, {
      summary: `One ${name} record`,
      parameters: [idParameter],
      responses: { '200': { description: 'The record', ...json(record) } },
    }),
  };
  if (api.update)
    one.put = op('update', api.update, {
      summary: `Changes a ${name} record (a record as read is taken back unchanged: its read-only fields are left out)`,
      parameters: [idParameter],
      requestBody: { required: true, ...json(jsonSchema(api.update.input, 'input')) },
      responses: { '200': { description: 'The record', ...json(record) } },
    });
  if (api.delete)
    one.delete = op('delete', api.delete, {
      summary: `Deletes a ${name} record`,
      parameters: [idParameter],
      responses: { '200': { description: 'The record as it was', ...json(record) } },
    });
  return { [`${REST_PREFIX}/${name}`]: collection, [`${REST_PREFIX}/${name}/{id}`]: one };
}

export function openApiDocument(
  endpoints: readonly AnyEndpoint[],
  info: { version: string },
  rest: readonly RestResource[] = [],
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints)
    for (const path of [e.path, ...(e.aliases ?? [])]) {
      const at = `/api/${path}`;
      paths[at] = { ...paths[at], [(e.method ?? 'POST').toLowerCase()]: operation(e, path) };
    }
  for (const resource of rest) Object.assign(paths, restPaths(resource));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Publishing admin API',
      version: info.version,
      description:
        'Every call is POST /api/<module>/<action> with JSON, answered {code, msg, data}; code 1 is success. ' +
        'Calls of a site act on the site chosen with site/switch, with the session cookie. ' +
        'The same resources as the envelope dataProvider are also served under /rest/<resource> in the conventions ' +
        'of ra-data-simple-rest, each route running the named action.',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
    security: [{ session: [] }],
    paths,
  };
}
