/**
 * The calls SPEC §7 names twice (issue 18): `site/home` and `site/set_home` for `home/get` and `home/save`,
 * `label/edit` for `label/save`, `author/show` for `author/get`, `navigation/*` for `menu/*`. Each alias is the same
 * declaration (contract/endpoint.ts `aliases`): the same answer, the same permission, the same validation, and the
 * OpenAPI document names it. `label/edit` is an action of its own, which also takes SPEC's flat body and runs
 * `label/save` (tests/api/integrator-dataprovider.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { ROLE } from '../../contract/permissions';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
});
afterAll(() => t?.close());

describe('aliases', () => {
  it('site/home and site/set_home are home/get and home/save', async () => {
    const home = ok(await owner.call('home/get', {}));
    expect(ok(await owner.call('site/home', {}))).toEqual(home);
    // The same answer to the same body (here the seeded home, which lacks the articles a save needs).
    const viaSave = await owner.call('home/save', { ...(home as object) });
    const viaAlias = await owner.call('site/set_home', { ...(home as object) });
    expect(viaAlias.code).toBe(viaSave.code);
    expect(viaAlias.data).toEqual(viaSave.data);
    // The same validation: an unknown field is refused under either name.
    expect((await owner.call('site/set_home', { nonsense: 1 })).code).toBe(Code.VALIDATION);
  });

  it('label/edit is label/save and author/show is author/get', async () => {
    const made = ok(
      await owner.call<{ id: number }>('label/edit', {
        id: 0,
        type: 'tag',
        slug: '',
        lang: [{ lang_id: 1, title: '別名測試', cover: '' }],
        active: [1],
      }),
    );
    expect(ok(await owner.call('label/show', { id: made.id, type: 'tag' }))).toMatchObject({
      id: made.id,
      name: '別名測試',
    });
    const author = ok(await owner.call<{ id: number }>('author/save', { id: 0, name: '別名作者' }));
    expect(ok(await owner.call('author/show', { id: author.id }))).toEqual(
      ok(await owner.call('author/get', { id: author.id })),
    );
  });

  it('an alias needs the same permission', async () => {
    const reader = await staffOf(
      t,
      demoSiteId,
      'alias-reader@example.com',
      await customRole(t, demoSiteId, '唯讀', ['post.view']),
    );
    for (const [path, body] of [
      ['site/set_home', {}],
      [
        'label/edit',
        { id: 0, type: 'tag', slug: '', lang: [{ lang_id: 1, title: '不可', cover: '' }], active: [1] },
      ],
    ] as const) {
      const r = await reader.call(path, body);
      expect(r.status, path).toBe(403);
      expect(r.code, path).toBe(Code.FORBIDDEN);
    }
    const shop = await staffOf(t, demoSiteId, 'alias-shop@example.com', ROLE.ECOMMERCE);
    expect((await shop.call('site/home', {})).status).toBe(403);
  });

  it('the OpenAPI document names each alias as another name of its action', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json().paths as Record<string, { post?: { description: string } }>;
    for (const [alias, of] of [
      ['site/home', 'home/get'],
      ['site/set_home', 'home/save'],
      ['author/show', 'author/get'],
      ['navigation/get', 'menu/get'],
    ]) {
      expect(paths[`/api/${alias}`]?.post?.description, alias).toContain(`Another name of \`${of}\``);
    }
  });
});
