/**
 * Every registered action against every kind of caller, read from the registry (server/app.ts allActions) so that
 * new modules are covered without editing this file. For each action with `access: 'site'` and a permission (or a
 * list, any one of which will do): the owner, 管理員, 編輯, 電商人員, a custom role holding only post.view and one
 * holding only settings, all staff of the demo site (plan TEAM+), are refused with 403 exactly when their granted
 * permissions (role AND plan) lack the action's permission; the owner of a site without a plan is refused the
 * feature-gated ones. Signed-out callers get 401 from every non-public action.
 *
 * The permissions that widen or guard others rather than open an action (contract/permissions.ts PERM) are checked
 * pairwise at the end: two roles alike but for one of them, the same call, a different answer.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import {
  ALL_PERMISSIONS,
  BUILTIN_ROLE_PERMISSIONS,
  holdsAny,
  type Needed,
  PERM,
  ROLE,
} from '../../contract/permissions';
import { type Feature, featureFor, featuresOf, grantedPermissions, hasFeature } from '../../contract/plans';
import { allActions } from '../../server/app';
import type { AnyAction } from '../../server/http/action';
import { roles, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  OWNER,
  register,
  signInOwner,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const registry: readonly AnyAction[] = allActions;
const gated = registry.filter(
  (a): a is AnyAction & { permission: Needed } => a.access === 'site' && Boolean(a.permission),
);
/** The permissions an action names: one, or the list any one of which will do. */
const named = (needed: Needed): readonly string[] => (typeof needed === 'string' ? [needed] : needed);

/** Calls an action as the browser would, with an empty body (or query), and answers the HTTP status and code. */
async function hit(c: Client | null, def: AnyAction): Promise<{ status: number; code: number }> {
  const cookie = c?.cookies.size ? [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const res = await t.app.inject({
    method: def.method ?? 'POST',
    url: `/api/${def.path}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(def.method === 'GET' ? {} : { payload: '{}' }),
  });
  // Raw actions (a CSV export) answer their own format when allowed; refusals are always envelopes.
  const code = String(res.headers['content-type']).startsWith('application/json')
    ? (res.json() as { code: number }).code
    : Code.OK;
  return { status: res.statusCode, code };
}

/**
 * `path → 'refused' | 'allowed'` for one caller, and the same as expected from its granted permissions and its
 * site's plan features (an action naming a feature).
 */
async function matrix(c: Client, granted: readonly string[], features: readonly Feature[]) {
  const have = new Set(granted);
  const actual: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const def of gated) {
    const r = await hit(c, def);
    expect(r.status, `${def.path}: ${JSON.stringify(r)}`).toBeLessThan(500);
    actual[def.path] = r.status === 403 ? `refused ${r.code}` : 'allowed';
    const open = holdsAny(have, def.permission) && (!def.feature || hasFeature(features, def.feature));
    expected[def.path] = open ? 'allowed' : `refused ${Code.FORBIDDEN}`;
  }
  return { actual, expected };
}

describe('the registry', () => {
  it('has site actions with permissions, each a leaf of the permission tree', () => {
    expect(gated.length).toBeGreaterThan(20);
    for (const def of gated) {
      expect(named(def.permission).length, def.path).toBeGreaterThan(0);
      for (const p of named(def.permission)) expect(ALL_PERMISSIONS, def.path).toContain(p);
    }
    // The image upload and the library serve every screen with an image field.
    const upload = gated.find((a) => a.path === 'element/upload/image');
    expect(named(upload?.permission ?? '')).toEqual([
      'post.edit',
      'page.add',
      'page.edit',
      'setting.edit',
      'goods.edit',
    ]);
    expect(registry.find((a) => a.path === 'element/upload/avatar')).toMatchObject({ access: 'site' });
    expect(registry.find((a) => a.path === 'element/upload/avatar')?.permission).toBeUndefined();
    expect(new Set(registry.map((a) => a.path)).size).toBe(registry.length);
  });
});

describe('staff of the demo site (plan TEAM+)', () => {
  const demoFeatures = featuresOf(4);
  let demoSiteId: number;
  beforeAll(async () => {
    ({ demoSiteId } = await signInOwner(t));
  });

  const cases: [string, number | readonly string[]][] = [
    ['owner', ROLE.OWNER],
    ['管理員', ROLE.ADMIN],
    ['編輯', ROLE.EDITOR],
    ['電商人員', ROLE.ECOMMERCE],
    ['a custom role with post.view only', ['post.view']],
    ['a custom role with setting.view and setting.edit only', ['setting.view', 'setting.edit']],
  ];
  for (const [name, role] of cases) {
    it(`${name}: 403 exactly where the granted permissions lack the action's`, async () => {
      let roleId: number;
      let base: readonly string[];
      if (typeof role !== 'number') {
        base = role;
        const [row] = await t.database.db
          .insert(roles)
          .values({ siteId: demoSiteId, name, permissions: [...base] })
          .returning();
        roleId = row.id;
      } else {
        roleId = role;
        base = BUILTIN_ROLE_PERMISSIONS[role];
      }
      const c =
        role === ROLE.OWNER
          ? (await signInOwner(t)).owner
          : await staffOf(t, demoSiteId, `matrix-${roleId}@example.com`, roleId);
      const granted = grantedPermissions(base, demoFeatures);
      const { actual, expected } = await matrix(c, granted, demoFeatures);
      expect(actual).toEqual(expected);
      if (role === ROLE.OWNER) expect(Object.values(actual)).not.toContain(`refused ${Code.FORBIDDEN}`);
      if (typeof role !== 'number') expect(Object.values(actual)).toContain('allowed');
      // Any one of an action's permissions opens it: the image upload for the settings and for 電商人員's products,
      // not for a role that only reads.
      if (name.includes('setting.edit')) expect(actual['element/upload/image']).toBe('allowed');
      if (role === ROLE.ECOMMERCE) expect(actual['element/upload/image']).toBe('allowed');
      if (name.includes('post.view only'))
        expect(actual['element/upload/image']).toBe(`refused ${Code.FORBIDDEN}`);
    });
  }
});

describe('a site without a plan', () => {
  it('refuses its own owner the feature-gated actions, and only those', async () => {
    const solo = await register(t, 'matrix-solo@example.com');
    const status = await solo.call<{ site: { current: { id: number } } }>('member/status');
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, status.data.site.current.id));
    expect(site.serviceId).toBeNull();
    const granted = grantedPermissions(BUILTIN_ROLE_PERMISSIONS[ROLE.OWNER], []);
    const { actual, expected } = await matrix(solo, granted, []);
    expect(actual).toEqual(expected);
    // Something is gated (the role actions need the team feature), so the check above can fail.
    const refused = gated.filter((a) => named(a.permission).every((p) => featureFor(p))).map((a) => a.path);
    expect(refused).toContain('role/list');
    for (const path of refused) expect(actual[path], path).toBe(`refused ${Code.FORBIDDEN}`);
  });
});

describe('signed out', () => {
  it('answers 401 to every action that needs a user', async () => {
    // Reader actions answer on a site's host only (404 here; tests/api/readers-public.test.ts).
    const closed = registry.filter((a) => a.access !== 'public' && a.access !== 'reader');
    expect(closed.length).toBeGreaterThan(gated.length);
    const answers = Object.fromEntries(
      await Promise.all(closed.map(async (a) => [a.path, await hit(null, a)] as const)),
    );
    const expected = Object.fromEntries(
      closed.map((a) => [a.path, { status: 401, code: Code.UNAUTHORIZED }] as const),
    );
    expect(answers).toEqual(expected);
  });
});

describe('the permissions that widen or guard others: with and without, the same call answers differently', () => {
  let demoSiteId: number;
  let owner: Client;
  beforeAll(async () => {
    ({ owner, demoSiteId } = await signInOwner(t));
  });

  /** A staff member of the demo site holding a custom role with exactly `permissions`. */
  let n = 0;
  async function holder(permissions: readonly string[]): Promise<Client> {
    n += 1;
    const [row] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: `pair ${n}`, permissions: [...permissions] })
      .returning();
    return staffOf(t, demoSiteId, `pair-${n}@example.com`, row.id);
  }
  const outcome = (r: { status: number; code: number }) => (r.code === 1 ? 'ok' : `${r.status} ${r.code}`);

  /** [permission, the role without it, the call, what it answers without, and with it]. */
  type Pair = [
    string,
    readonly string[],
    (c: Client) => Promise<{ status: number; code: number }>,
    string,
    string,
  ];

  it('answers as SPEC §6 says for each of them', async () => {
    const draft = (
      await owner.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '成對草稿',
        content: { blocks: [] },
        version: 0,
      })
    ).data.id;
    const live = (
      await owner.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '成對已發佈',
        content: { blocks: [] },
        version: 0,
      })
    ).data.id;
    await owner.call('press/publish?t=1', { id: live, mode: 1 });
    await staffOf(t, demoSiteId, 'pair-shop@example.com', ROLE.ECOMMERCE);
    const shopId = await userIdOf(t, 'pair-shop@example.com');
    await staffOf(t, demoSiteId, 'pair-admin@example.com', ROLE.ADMIN);
    const adminId = await userIdOf(t, 'pair-admin@example.com');
    const ownerId = await userIdOf(t, OWNER.email);
    const staffRole = [
      'staff.view',
      'staff.edit',
      'staff.delete',
      ...BUILTIN_ROLE_PERMISSIONS[ROLE.ECOMMERCE],
    ];
    const notFound = `404 ${Code.NOT_FOUND}`;
    const forbidden = `403 ${Code.FORBIDDEN}`;
    const pairs: Pair[] = [
      [PERM.postViewSite, ['post.view'], (c) => c.call('press/get?t=1', { id: live }), notFound, 'ok'],
      [
        PERM.postViewAll,
        ['post.view', PERM.postViewSite],
        (c) => c.call('press/get?t=1', { id: draft }),
        notFound,
        'ok',
      ],
      [
        PERM.postViewAll,
        ['post.view', 'post.edit'],
        (c) => c.call('press/sorter?t=1', { ids: [live] }),
        forbidden,
        'ok',
      ],
      [PERM.staffViewAll, staffRole, (c) => c.call('admin/get', { id: ownerId }), notFound, 'ok'],
      [
        PERM.settingPermission,
        staffRole,
        (c) => c.call('admin/save', { id: shopId, roles: ROLE.ECOMMERCE }),
        forbidden,
        'ok',
      ],
      [
        PERM.settingAdmin,
        BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN].filter((p) => p !== PERM.settingAdmin),
        (c) => c.call('admin/delete', { id: adminId }),
        forbidden,
        'ok',
      ],
    ];
    for (const [permission, without, call, refused, allowed] of pairs) {
      expect(outcome(await call(await holder(without))), `without ${permission}`).toBe(refused);
      expect(outcome(await call(await holder([...without, permission]))), `with ${permission}`).toBe(allowed);
    }
  });
});
