/**
 * The REST face (server/http/rest.ts) run by `ra-data-simple-rest` itself — its default export, with an httpClient
 * that adds the session cookie — against the real server, on every name the dataProvider serves: the same CRUD as the
 * envelope dataProvider's test. And its checks, which are the envelope actions' own: another site's id, a role
 * without the permission, a plan without the feature, bad input answered 400 with the message in zh-TW, en and ja,
 * the bounds of its query, the origin check of a cookie session, and the OpenAPI document.
 */

import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fetchUtils, HttpError } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { Locale } from '../../contract/constants';
import { ROLE } from '../../contract/permissions';
import { REST_QUERY_MAX } from '../../server/http/rest';
import { setSiteCallLimits, siteCallTurn } from '../../server/http/siteTurns';
import { t as translate } from '../../server/i18n';
import { sites } from '../../server/modules/tables';
import { resourceNames } from '../../src/dataProvider/package';
import { resourceCases, runCrud } from '../fixtures/integrator';
import {
  type Client,
  createTestApp,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let origin: string;

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** ra-data-simple-rest over /rest, as `who` in `lang` (none: signed out). */
function restAs(who: Client | null, lang: Locale = 'zh-TW') {
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (who) headers.set('cookie', cookieOf(who));
    headers.set('accept-language', lang);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return simpleRestProvider(`${origin}/rest`, httpClient);
}

/** What a call rejected with (an HttpError), or a failure of the test when it did not. */
async function failure(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call is refused').toBeInstanceOf(HttpError);
  return error as HttpError;
}

/** A raw request to the face, with the owner's cookie unless told. */
const raw = (path: string, init: RequestInit & { who?: Client | null } = {}) => {
  const headers = new Headers(init.headers);
  const who = init.who === undefined ? owner : init.who;
  if (who) headers.set('cookie', cookieOf(who));
  return fetch(`${origin}${path}`, { ...init, headers });
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

describe('ra-data-simple-rest on every resource name', () => {
  const checks = {
    refused: async (call: Promise<unknown>, resource: string, method: string) => {
      const error = await failure(call);
      expect(error.status, `${resource} ${method}`).toBe(405);
      expect(error.message).toBe(translate('zh-TW', 'errors.notServed'));
    },
    notFound: async (call: Promise<unknown>) => {
      const error = await failure(call);
      expect(error.status).toBe(404);
      expect(error.body).toEqual({ message: '資源不存在', code: Code.NOT_FOUND });
    },
  };
  for (const name of resourceNames) {
    it(name, async () => {
      await runCrud(restAs(owner), name, resourceCases(t, owner, demoSiteId)[name], checks);
    });
  }
});

describe('the REST conventions', () => {
  it('answers a list with Content-Range and a method a resource lacks with 405 and Allow', async () => {
    for (const title of ['範圍一', '範圍二', '範圍三'])
      ok(await owner.call('author/save', { id: 0, name: `${title}作者` }));
    const res = await raw(
      `/rest/author?${new URLSearchParams({ sort: '["name","ASC"]', range: '[0,1]', filter: '{"name":"範圍"}' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('author 0-1/3');
    expect(((await res.json()) as { name: string }[]).map((r) => r.name)).toEqual([
      '範圍一作者',
      '範圍三作者',
    ]);
    const empty = await raw(`/rest/author?${new URLSearchParams({ filter: '{"name":"沒有這種作者"}' })}`);
    expect(empty.headers.get('content-range')).toBe('author */0');

    const post = await raw('/rest/site', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await raw('/rest/orders/1', { method: 'PUT', body: '{}' })).headers.get('allow')).toBe('GET');
    expect((await raw('/rest/member/1', { method: 'PUT', body: '{}' })).headers.get('allow')).toBe(
      'GET, DELETE',
    );
  });

  it('bounds its query before parsing it: range, sort and filter', async () => {
    const fields = async (query: Record<string, string>) => {
      const res = await raw(`/rest/tag?${new URLSearchParams(query)}`);
      expect(res.status, JSON.stringify(query)).toBe(400);
      return ((await res.json()) as { fields: Record<string, string> }).fields;
    };
    expect(await fields({ range: '[0,100]' })).toEqual({ range: '格式錯誤' });
    expect(await fields({ range: '[3,9]' })).toEqual({ range: '格式錯誤' });
    expect(await fields({ range: '[0' })).toEqual({ range: '格式錯誤' });
    expect(await fields({ range: `[0,${'9'.repeat(REST_QUERY_MAX.range)}]` })).toEqual({ range: '格式錯誤' });
    expect(await fields({ sort: '["name","UP"]' })).toEqual({ sort: '格式錯誤' });
    expect(await fields({ filter: '[1,2]' })).toEqual({ filter: '格式錯誤' });
    expect(await fields({ filter: JSON.stringify({ name: 'x'.repeat(REST_QUERY_MAX.filter) }) })).toEqual({
      filter: '格式錯誤',
    });
    // A filter the list does not take is refused by the list action, as over the envelope.
    expect(Object.keys(await fields({ filter: '{"nonsense":1}' }))).toEqual(['query.filters.0.col']);
    expect((await raw('/rest/tag/abc')).status).toBe(404);
  });

  it('a busy site is 429 with Retry-After, in its own shape', async () => {
    setSiteCallLimits({ perSite: 1, queuePerSite: 0, queueWaitMs: 50 });
    const turn = siteCallTurn({} as FastifyRequest, demoSiteId);
    try {
      expect(turn).toBeTypeOf('function');
      const res = await raw('/rest/tag', { headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        code: Code.SITE_BUSY,
        message: 'Your site has too much in progress at once; please try again in a moment.',
      });
    } finally {
      if (typeof turn === 'function') turn();
      setSiteCallLimits(undefined);
    }
    expect((await raw('/rest/tag')).status).toBe(200);
  });

  it('a broken body and a body that is no object are 400, in its own shape', async () => {
    for (const body of ['{', '[1]', '"text"']) {
      const res = await raw('/rest/author', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ code: Code.BAD_REQUEST, message: expect.any(String) });
    }
  });
});

describe('the same checks as the envelope actions', () => {
  it("another site's id is not found", async () => {
    const stranger = await register(t, 'rest-stranger@example.com');
    const theirs = ok(await stranger.call<{ id: number }>('author/save', { id: 0, name: '別站作者' }));
    const rest = restAs(owner);
    expect((await failure(rest.getOne('author', { id: theirs.id }))).status).toBe(404);
    expect(
      (
        await failure(
          rest.update('author', { id: theirs.id, data: { name: '改掉' }, previousData: { id: theirs.id } }),
        )
      ).status,
    ).toBe(404);
    expect((await failure(rest.delete('author', { id: theirs.id }))).status).toBe(404);
    expect((await rest.getMany('author', { ids: [theirs.id] })).data).toEqual([]);
    expect(ok(await stranger.call<{ name: string }>('author/get', { id: theirs.id })).name).toBe('別站作者');
  });

  it('a role without the permission is refused (403), its message in its language', async () => {
    const shop = await staffOf(t, demoSiteId, 'rest-shop@example.com', ROLE.ECOMMERCE);
    for (const lang of ['zh-TW', 'en', 'ja'] as const) {
      const error = await failure(
        restAs(shop, lang).getList('press', { pagination: { page: 1, perPage: 5 } } as never),
      );
      expect(error.status).toBe(403);
      expect(error.body).toEqual({ message: translate(lang, 'errors.1009'), code: Code.FORBIDDEN });
    }
    const editor = await staffOf(t, demoSiteId, 'rest-editor@example.com', ROLE.EDITOR);
    const role = await failure(
      restAs(editor).create('role', { data: { name: '不可', permissions: ['post.view'] } }),
    );
    expect(role.status).toBe(403);
    // Signed out.
    const anonymous = await failure(restAs(null).getOne('author', { id: 1 }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: Code.UNAUTHORIZED });
  });

  it('a plan without the feature is refused (403, as the envelope answers it)', async () => {
    const [site] = await t.database.db
      .select({ serviceId: sites.serviceId })
      .from(sites)
      .where(eq(sites.id, demoSiteId));
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, demoSiteId));
    try {
      const error = await failure(
        restAs(owner).getList('goods', { pagination: { page: 1, perPage: 5 } } as never),
      );
      expect(error.status).toBe(403);
      expect(error.body).toMatchObject({ code: Code.FORBIDDEN });
      expect((await raw('/rest/orders')).status).toBe(403);
    } finally {
      await t.database.db.update(sites).set({ serviceId: site.serviceId }).where(eq(sites.id, demoSiteId));
    }
  });

  it('bad input is 400 with the field messages, in zh-TW, en and ja', async () => {
    for (const lang of ['zh-TW', 'en', 'ja'] as const) {
      const error = await failure(
        restAs(owner, lang).create('tag', {
          data: { slug: 'Not A Slug', lang: [{ lang_id: 1, title: '' }], active: [1] },
        }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toBe(translate(lang, 'errors.1001'));
      expect(error.body).toMatchObject({
        code: Code.VALIDATION,
        fields: { 'lang.0.title': translate(lang, 'validation.required') },
      });
      expect(error.body.fields.slug).toEqual(expect.any(String));
      // react-admin's forms read the same messages from `errors`.
      expect(error.body.errors).toEqual(error.body.fields);
    }
    // An unknown field is refused, as over the envelope; the record's read-only fields are not.
    const made = (await restAs(owner).create('author', { data: { name: '唯讀欄位' } })).data;
    expect(
      (
        await failure(
          restAs(owner).update('author', { id: made.id, data: { ...made, nonsense: 1 }, previousData: made }),
        )
      ).body.fields,
    ).toEqual({ nonsense: '不接受的欄位' });
    expect(
      (await restAs(owner).update('author', { id: made.id, data: made, previousData: made })).data,
    ).toMatchObject({
      id: made.id,
      name: '唯讀欄位',
    });
  });

  it('a cookie session writes only from the app’s own origin', async () => {
    const res = await raw('/rest/author', {
      method: 'POST',
      body: JSON.stringify({ name: '跨站' }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: Code.FORBIDDEN, message: '你沒有執行這個動作的權限。' });
    for (const method of ['PUT', 'DELETE']) {
      const r = await raw('/rest/author/1', { method, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(r.status, method).toBe(403);
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the REST routes of every resource name, each naming the action it runs', async () => {
    const doc = (await (await fetch(`${origin}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description: string; responses: Record<string, unknown> }>>;
    };
    const cases = resourceCases(t, owner, demoSiteId);
    for (const name of resourceNames) {
      const writes = cases[name].writes;
      expect(Object.keys(doc.paths[`/rest/${name}`]).sort(), name).toEqual(
        ['get', ...(writes.includes('create') ? ['post'] : [])].sort(),
      );
      expect(Object.keys(doc.paths[`/rest/${name}/{id}`]).sort(), name).toEqual(
        [
          'get',
          ...(writes.includes('update') ? ['put'] : []),
          ...(writes.includes('delete') ? ['delete'] : []),
        ].sort(),
      );
      expect(doc.paths[`/rest/${name}`].get.description).toMatch(/^Runs `[a-z_]+\/[a-z_]+`/);
      expect(doc.paths[`/rest/${name}`].get.responses).toHaveProperty('403');
    }
    expect(doc.paths['/rest/press'].get.description).toContain('press/list');
    expect(doc.paths['/rest/tag/{id}'].put.description).toContain('label/save');
  });
});
