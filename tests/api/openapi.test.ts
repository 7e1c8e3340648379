/**
 * GET /api/openapi.json: the OpenAPI 3.1 document generated from the endpoint catalogue. Every route the server
 * registered under /api (read from Fastify's own route table, not from the catalogue) is in it with its method, a
 * request schema and the envelope of its reply; public calls need no session. So is every route of the REST face
 * (/rest) that serves its resource; the others answer 405.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD_PATH } from '../../contract/videos';
import { createTestApp, type TestApp } from '../fixtures/testApp';

interface Operation {
  operationId: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: object } }> };
  parameters?: unknown[];
  responses: Record<
    string,
    { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;

/**
 * `/api/...` routes and their methods as Fastify registered them, read from its printed route tree (a child line
 * continues its parent's path; HEAD is Fastify's shadow of GET).
 */
function registeredRoutes(app: TestApp['app'], prefix = '/api/'): [string, string][] {
  const found: [string, string][] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = [...m[1]].length / 4;
    const full = (prefixes[depth - 1] ?? '') + m[2];
    prefixes[depth] = full;
    prefixes.length = depth + 1;
    // A reader action lives under /_site on the server and answers at <site>/api/… (as documented).
    const path = full.startsWith('/_site/api/') ? full.slice('/_site'.length) : full;
    if (!m[3] || !path.startsWith(prefix)) continue;
    for (const method of m[3].split(', '))
      if (method !== 'HEAD') found.push([path.replace(/:([a-z]+)/g, '{$1}'), method.toLowerCase()]);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(() => t.close());

describe('openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('holds every registered action with its method, input and enveloped reply', () => {
    // The document itself, and the tus protocol's video upload routes (docs/writer-helpers.md, "Videos"), are
    // outside the catalogue.
    const routes = registeredRoutes(t.app).filter(
      ([path]) => path !== '/api/openapi.json' && !path.startsWith(VIDEO_UPLOAD_PATH),
    );
    expect(routes.length).toBeGreaterThan(60);
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      if (method === 'post') expect(Object.keys(op.requestBody?.content ?? {})).toContain('application/json');
      expect(op.responses['200'].content['application/json'].schema).toBeDefined();
    }
    const documented = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual(routes.map(([p, m]) => `${m} ${p}`).sort());
  });

  it('holds every REST route that serves its resource; the others answer 405', async () => {
    const routes = registeredRoutes(t.app, '/rest/');
    expect(routes.length).toBeGreaterThan(50);
    const documented = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/rest/'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    const registered = routes.map(([p, m]) => `${m} ${p}`);
    expect(registered).toEqual(expect.arrayContaining(documented));
    for (const route of registered.filter((r) => !documented.includes(r))) {
      const [method, path] = route.split(' ');
      const res = await t.app.inject({
        method: method.toUpperCase() as 'PUT',
        url: path.replace('{id}', '1'),
      });
      expect(res.statusCode, route).toBe(405);
    }
  });

  it('describes inputs and replies from the contract', () => {
    const op = doc.paths['/api/dashboard/statistics'].post;
    const input = op.requestBody?.content['application/json'].schema;
    expect(input?.properties).toHaveProperty('query');
    const reply = op.responses['200'].content['application/json'].schema.properties ?? {};
    expect(reply).toHaveProperty('code');
    expect((reply.data as { properties?: object }).properties).toHaveProperty('series');
  });

  it('names the query string an action reads: the content type, required or (on one item) optional', () => {
    const typeParam = (path: string) =>
      (doc.paths[path].post.parameters as { name: string; in: string; required: boolean }[]).find(
        (p) => p.name === 't',
      );
    expect(typeParam('/api/press/list')).toMatchObject({ in: 'query', required: true });
    expect(typeParam('/api/press/history')).toMatchObject({ in: 'query', required: false });
    expect(doc.paths['/api/role/list'].post.parameters).toBeUndefined();
  });

  it('marks public calls as needing no session, and the others as needing one', () => {
    expect(doc.paths['/api/member/login'].post.security).toEqual([]);
    expect(doc.paths['/api/dashboard/statistics'].post.security).toBeUndefined();
  });
});
