/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint catalogue (contract/endpoint.ts): one operation
 * per action with its input as the JSON request body (GET actions: query parameters), its output inside the
 * `{code, msg, data}` envelope, and its access and permission. Served at GET /api/openapi.json for integrators.
 */
import { z } from 'zod';
import { Code } from '../../contract/codes';
import type { AnyEndpoint } from '../../contract/endpoint';
import { SESSION_COOKIE } from '../modules/auth/session';

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

export function openApiDocument(endpoints: readonly AnyEndpoint[], info: { version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints)
    for (const path of [e.path, ...(e.aliases ?? [])]) {
      const at = `/api/${path}`;
      paths[at] = { ...paths[at], [(e.method ?? 'POST').toLowerCase()]: operation(e, path) };
    }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Publishing admin API',
      version: info.version,
      description:
        'Every call is POST /api/<module>/<action> with JSON, answered {code, msg, data}; code 1 is success. ' +
        'Calls of a site act on the site chosen with site/switch, with the session cookie.',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
    security: [{ session: [] }],
    paths,
  };
}
