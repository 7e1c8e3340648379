/**
 * Every registered action against every kind of caller, read from the registry (server/app.ts allActions) so that
 * new modules are covered without editing this file. For each action with `access: 'site'` and a permission:
 * the owner, 管理員, 編輯, 電商人員 and a custom role holding only post.view, all staff of the demo site (plan TEAM+),
 * are refused with 403 exactly when their granted permissions (role AND plan) lack the action's permission; the owner
 * of a site without a plan is refused the feature-gated ones. Signed-out callers get 401 from every non-public action.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { ALL_PERMISSIONS, BUILTIN_ROLE_PERMISSIONS, ROLE } from '../../contract/permissions';
import { featureFor, featuresOf, grantedPermissions } from '../../contract/plans';
import { allActions } from '../../server/app';
import { roles, sites } from '../../server/db/schema';
import type { AnyAction } from '../../server/http/action';
import {
  type Client,
  createTestApp,
  register,
  signInOwner,
  staffOf,
  type TestApp,
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
  (a): a is AnyAction & { permission: string } => a.access === 'site' && Boolean(a.permission),
);

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

/** `path → 'refused' | 'allowed'` for one caller, and the same as expected from its granted permissions. */
async function matrix(c: Client, granted: readonly string[]) {
  const have = new Set(granted);
  const actual: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const def of gated) {
    const r = await hit(c, def);
    expect(r.status, `${def.path}: ${JSON.stringify(r)}`).toBeLessThan(500);
    actual[def.path] = r.status === 403 ? `refused ${r.code}` : 'allowed';
    expected[def.path] = have.has(def.permission) ? 'allowed' : `refused ${Code.FORBIDDEN}`;
  }
  return { actual, expected };
}

describe('the registry', () => {
  it('has site actions with permissions, each a leaf of the permission tree', () => {
    expect(gated.length).toBeGreaterThan(20);
    for (const def of gated) expect(ALL_PERMISSIONS, def.path).toContain(def.permission);
    expect(new Set(registry.map((a) => a.path)).size).toBe(registry.length);
  });
});

describe('staff of the demo site (plan TEAM+)', () => {
  const demoFeatures = featuresOf(4);
  let demoSiteId: number;
  beforeAll(async () => {
    ({ demoSiteId } = await signInOwner(t));
  });

  const cases: [string, number | 'custom'][] = [
    ['owner', ROLE.OWNER],
    ['管理員', ROLE.ADMIN],
    ['編輯', ROLE.EDITOR],
    ['電商人員', ROLE.ECOMMERCE],
    ['a custom role with post.view only', 'custom'],
  ];
  for (const [name, role] of cases) {
    it(`${name}: 403 exactly where the granted permissions lack the action's`, async () => {
      let roleId: number;
      let base: readonly string[];
      if (role === 'custom') {
        base = ['post.view'];
        const [row] = await t.database.db
          .insert(roles)
          .values({ siteId: demoSiteId, name: 'Only view', permissions: [...base] })
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
      const { actual, expected } = await matrix(c, granted);
      expect(actual).toEqual(expected);
      if (role === ROLE.OWNER) expect(Object.values(actual)).not.toContain(`refused ${Code.FORBIDDEN}`);
      if (role === 'custom') expect(Object.values(actual)).toContain('allowed');
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
    const { actual, expected } = await matrix(solo, granted);
    expect(actual).toEqual(expected);
    // Something is gated (the role actions need the team feature), so the check above can fail.
    const refused = gated.filter((a) => featureFor(a.permission)).map((a) => a.path);
    expect(refused).toContain('role/list');
    for (const path of refused) expect(actual[path], path).toBe(`refused ${Code.FORBIDDEN}`);
  });
});

describe('signed out', () => {
  it('answers 401 to every action that needs a user', async () => {
    const closed = registry.filter((a) => a.access !== 'public');
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
