/**
 * The integrator's dataProvider tells the truth: `publishing-admin/dataProvider`, as an integrator imports it, runs
 * react-admin's CRUD on every name of its `resourceNames` against the real server (listening on a port; the client's
 * `fetch('/api/…')` is given the server's origin and the session cookie, as a page of that origin would send them).
 * A method a resource lacks is refused with NotServedError, before anything is sent; `resourceMethods` says which.
 * Also here: the writes a record read can be sent back with (press/save takes what press/get answers, label/edit
 * SPEC's flat body) and press/history's `{rows}`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentItem } from '../../contract/content';
import { ROLE } from '../../contract/permissions';
import {
  ApiError,
  dataProvider,
  NotServedError,
  resourceMethods,
  resourceNames,
} from '../../src/dataProvider/package';
import { resourceCases, runCrud } from '../fixtures/integrator';
import { type Client, createTestApp, ok, signInOwner, staffOf, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
/** Whose session the page holds. */
let session: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  session = owner;
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const serverFetch = globalThis.fetch;
  // The page's origin is the server's; the browser would send the session cookie with `credentials: 'include'`.
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', [...session.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    return serverFetch(new URL(String(input), origin), { ...init, headers });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t?.close();
});

const notServed = async (call: Promise<unknown>, resource: string, method: string) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${resource} ${method}`).toBeInstanceOf(NotServedError);
  expect(error).toMatchObject({ resource, method });
  expect((error as Error).message).toContain(`"${resource}"`);
};

const notFound = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(404);
};

describe('resourceNames', () => {
  it('are exactly the resources the dataProvider maps, no more (the names that threw are gone)', () => {
    const cases = resourceCases(t, owner, demoSiteId);
    expect([...resourceNames].sort()).toEqual(Object.keys(cases).sort());
    for (const gone of ['setting', 'theme', 'design', 'profile', 'subscription', 'plan', 'label'])
      expect(resourceNames).not.toContain(gone);
    expect(new Set(resourceNames).size).toBe(resourceNames.length);
  });

  it('say which methods each serves, as the cases expect', () => {
    const cases = resourceCases(t, owner, demoSiteId);
    for (const name of resourceNames) {
      const { writes } = cases[name];
      expect(resourceMethods(name), name).toEqual({
        read: true,
        create: writes.includes('create'),
        update: writes.includes('update'),
        delete: writes.includes('delete'),
      });
    }
  });
});

describe("react-admin's CRUD through the exported dataProvider", () => {
  const cases = () => resourceCases(t, owner, demoSiteId);
  for (const name of resourceNames) {
    it(name, async () => {
      await runCrud(dataProvider, name, cases()[name], { refused: notServed, notFound });
    });
  }

  it('a method a read-only resource lacks is refused before anything is sent', async () => {
    const sent = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', sent);
    try {
      await notServed(dataProvider.create('site', { data: { name: 'x' } }), 'site', 'create');
      await notServed(
        dataProvider.update('orders', { id: 1, data: {}, previousData: { id: 1 } }),
        'orders',
        'update',
      );
      await notServed(dataProvider.updateMany('customer', { ids: [1], data: {} }), 'customer', 'update');
      expect(sent).not.toHaveBeenCalled();
    } finally {
      vi.stubGlobal('fetch', sent.getMockImplementation());
    }
  });

  it('a name it does not serve is said so', async () => {
    await expect(dataProvider.getList('setting', { pagination: { page: 1, perPage: 10 } })).rejects.toThrow(
      'No API mapping for resource "setting"',
    );
  });

  it('the server refuses what the role may not do, through the dataProvider too', async () => {
    session = await staffOf(t, demoSiteId, 'integrator-shop@example.com', ROLE.ECOMMERCE);
    try {
      const error = await dataProvider
        .getList('press', { pagination: { page: 1, perPage: 5 } })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(403);
    } finally {
      session = owner;
    }
  });
});

describe('a record read can be written back', () => {
  it('press/save takes what press/get answers: read-only fields ignored, tags and related items as objects', async () => {
    const tag = ok(await owner.call<{ id: number }>('press/save_tag', { name: '回寫標籤' }));
    const related = ok(
      await owner.call<{ id: number }>('press/save?t=1', {
        id: 0,
        title: '相關文章',
        content: { blocks: [] },
        version: 0,
      }),
    );
    const made = ok(
      await owner.call<{ id: number }>('press/save?t=1', {
        id: 0,
        title: '回寫測試',
        content: { blocks: [] },
        version: 0,
        tag: [tag.id],
        custom: [related.id],
      }),
    );
    const item = ok(await owner.call<ContentItem>('press/get?t=1', { id: made.id }));
    expect(item.tag).toEqual([{ id: tag.id, name: '回寫標籤' }]);
    expect(item.custom).toEqual([{ id: related.id, title: '相關文章' }]);
    const saved = ok(
      await owner.call<{ version: number }>('press/save?t=1', { ...item, title: '回寫測試（改）' }),
    );
    expect(saved.version).toBe(item.version + 1);
    const after = ok(await owner.call<ContentItem>('press/get?t=1', { id: made.id }));
    expect(after).toMatchObject({
      title: '回寫測試（改）',
      tag: item.tag,
      custom: item.custom,
      status: item.status,
    });
    // Still strict about what is neither the item's nor the save's.
    const unknown = await owner.call('press/save?t=1', { ...after, nonsense: 1 });
    expect(unknown.code).toBe(Code.VALIDATION);
    // The same for a page and an e-paper (the same content module).
    for (const type of [3, 4]) {
      const other = ok(
        await owner.call<{ id: number }>(`press/save?t=${type}`, {
          id: 0,
          title: `類型 ${type}`,
          content: { blocks: [] },
          version: 0,
        }),
      );
      const read = ok(await owner.call<ContentItem>(`press/get?t=${type}`, { id: other.id }));
      expect(ok(await owner.call(`press/save?t=${type}`, read))).toMatchObject({ id: other.id });
    }
  });

  it('press/history answers {rows}', async () => {
    const made = ok(
      await owner.call<{ id: number }>('press/save?t=1', {
        id: 0,
        title: '歷史',
        content: { blocks: [] },
        version: 0,
      }),
    );
    const history = ok(
      await owner.call<{ rows: { version: number }[] }>('press/history?t=1', { id: made.id }),
    );
    expect(history.rows.map((r) => r.version)).toEqual([1]);
  });

  it("label/edit takes SPEC's flat body {id, slug, cover, title, lang_id, type} and the save body", async () => {
    type Label = {
      id: number;
      slug: string;
      name: string;
      active: number[];
      lang: { lang_id: number; title: string; cover: string }[];
    };
    const made = ok(
      await owner.call<Label>('label/edit', {
        id: 0,
        type: 'tag',
        title: '扁平標籤',
        lang_id: 1,
        slug: 'flat-tag',
        cover: '',
      }),
    );
    expect(made).toMatchObject({
      slug: 'flat-tag',
      name: '扁平標籤',
      active: [1],
      lang: [{ lang_id: 1, title: '扁平標籤', cover: '' }],
    });
    // Another language joins; the first stays, as do the slug and the languages shown.
    const english = ok(
      await owner.call<Label>('label/edit', { id: made.id, type: 'tag', title: 'Flat tag', lang_id: 2 }),
    );
    expect(english).toMatchObject({ slug: 'flat-tag', active: [1] });
    expect(english.lang).toEqual([
      { lang_id: 1, title: '扁平標籤', cover: '' },
      { lang_id: 2, title: 'Flat tag', cover: '' },
    ]);
    const renamed = ok(
      await owner.call<Label>('label/edit', {
        id: made.id,
        type: 'tag',
        title: '新名字',
        lang_id: 1,
        slug: '',
      }),
    );
    expect(renamed.lang[0].title).toBe('新名字');
    // The save body, as label/save takes it.
    const full = ok(
      await owner.call<Label>('label/edit', {
        id: made.id,
        type: 'tag',
        slug: 'full-body',
        lang: [{ lang_id: 1, title: '整包', cover: '' }],
        active: [1],
      }),
    );
    expect(full).toMatchObject({ slug: 'full-body', name: '整包' });
    // Its rules are label/save's: a flat body without a title, another site's id, a role without the permission.
    const blank = await owner.call('label/edit', { id: 0, type: 'tag', title: '', lang_id: 1 });
    expect(blank.code).toBe(Code.VALIDATION);
    expect(
      (await owner.call('label/edit', { id: 999999, type: 'tag', title: '不存在', lang_id: 1 })).status,
    ).toBe(404);
    const shop = await staffOf(t, demoSiteId, 'integrator-label-shop@example.com', ROLE.ECOMMERCE);
    expect(
      (await shop.call('label/edit', { id: made.id, type: 'tag', title: '不可', lang_id: 1 })).status,
    ).toBe(403);
  });
});
