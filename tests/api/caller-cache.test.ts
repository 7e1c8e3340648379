/**
 * The caller cache (issue 31) across two server instances on one database (two pools on PostgreSQL with
 * TEST_DATABASE_URL, one PGlite otherwise): a change made through instance A holds on A's very next request and on B
 * within a second; so does one written past both apps (raw SQL, as psql or a CLI script would), and, on PostgreSQL,
 * one written while the instances' LISTEN connections were cut.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { RESOURCE_PERMISSIONS } from '../../contract/permissions';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  rawSql,
  sameSessionOn,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let a: TestApp;
let b: TestApp;
let owner: Client;
let siteId: number;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ shareWith: a });
  ({ owner, demoSiteId: siteId } = await signInOwner(a));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const LIST = RESOURCE_PERMISSIONS.category.list;
/** A permission that has nothing to do with categories. */
const OTHER = RESOURCE_PERMISSIONS.page.list;
const categories = (c: Client) => c.call('category/all', { query: { page: 1, size: 10, filters: [] } });

/** The same browser session on instance B. */
const onB = (c: Client): Client => sameSessionOn(b, c);

/** Polls `c`'s category list until it answers `status`; fails after 1 s. Answers the time it took. */
async function within1s(c: Client, status: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const r = await categories(c);
    if (r.status === status) return Date.now() - start;
    if (Date.now() - start > 1000) throw new Error(`still ${r.status} after 1 s: ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A staff member of the demo site holding a custom role with the category list, warm on both instances. */
async function lister(email: string) {
  const role = await customRole(a, siteId, `Lister ${email}`, [LIST]);
  const onA = await staffOf(a, siteId, email, role);
  const twin = onB(onA);
  ok(await categories(onA));
  ok(await categories(twin));
  ok(await categories(twin)); // served from B's cache now
  return { role, onA, onB: twin };
}

describe('two instances on one database', () => {
  it('a role permission removed through A is refused on A at once and on B within 1 s', async () => {
    const { role, onA, onB: twin } = await lister('cache-role@example.com');
    ok(
      await owner.call('role/save', {
        id: role,
        name: 'Lister cache-role@example.com',
        permissions: [OTHER],
      }),
    );
    expect((await categories(onA)).status).toBe(403);
    expect(await within1s(twin, 403)).toBeLessThan(1000);
    // And given back, both see it again.
    ok(
      await owner.call('role/save', { id: role, name: 'Lister cache-role@example.com', permissions: [LIST] }),
    );
    ok(await categories(onA));
    expect(await within1s(twin, 200)).toBeLessThan(1000);
  });

  it('a session signed out on A is 401 on A at once and on B within 1 s', async () => {
    const { onA, onB: twin } = await lister('cache-logout@example.com');
    const leftCookie = new Map(onA.cookies);
    ok(await onA.call('member/logout'));
    onA.cookies = leftCookie; // the same cookie, sent again after sign-out
    const again = await categories(onA);
    expect({ status: again.status, code: again.code }).toEqual({ status: 401, code: Code.UNAUTHORIZED });
    expect(await within1s(twin, 401)).toBeLessThan(1000);
  });

  it('a change written past both apps (raw SQL) reaches both within 1 s through the notifications', async () => {
    const { role, onA, onB: twin } = await lister('cache-raw@example.com');
    await rawSql(a, `UPDATE roles SET permissions = '[]'::jsonb WHERE id = $1`, [role]);
    expect(await within1s(onA, 403)).toBeLessThan(1000);
    expect(await within1s(twin, 403)).toBeLessThan(1000);
    // Sessions ended by hand (as `npm run reset-password` does): 401 everywhere.
    await rawSql(a, 'DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = $1)', [
      'cache-raw@example.com',
    ]);
    expect(await within1s(onA, 401)).toBeLessThan(1000);
    expect(await within1s(twin, 401)).toBeLessThan(1000);
  });

  it('B answers from its cache: a change nobody announces is not seen (the control of the tests above)', async () => {
    const { role, onB: twin } = await lister('cache-control@example.com');
    await rawSql(a, 'ALTER TABLE roles DISABLE TRIGGER roles_callers', []);
    try {
      await rawSql(a, `UPDATE roles SET permissions = '[]'::jsonb WHERE id = $1`, [role]);
      ok(await categories(twin));
      ok(await categories(twin));
    } finally {
      await rawSql(a, 'ALTER TABLE roles ENABLE TRIGGER roles_callers', []);
    }
    await rawSql(a, `UPDATE roles SET permissions = '[]'::jsonb WHERE id = $1`, [role]);
    expect(await within1s(twin, 403)).toBeLessThan(1000);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'with the LISTEN connections cut, a change is still seen within 1 s, and notifications resume',
    async () => {
      const { role, onB: twin } = await lister('cache-cut@example.com');
      const killed = await a.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
            WHERE application_name = 'callers-listen' AND datname = current_database()`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBe(2); // one per instance
      await rawSql(a, `UPDATE roles SET permissions = '[]'::jsonb WHERE id = $1`, [role]);
      expect(await within1s(twin, 403)).toBeLessThan(1000);
      // Reconnected (with backoff, well under a second here): a later change comes through the notifications again.
      const start = Date.now();
      for (;;) {
        const listening = await a.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE application_name = 'callers-listen' AND datname = current_database()`,
        );
        if ((listening as unknown as { rows: { n: number }[] }).rows[0].n === 2) break;
        if (Date.now() - start > 5000) throw new Error('the LISTEN connections did not come back');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await rawSql(a, `UPDATE roles SET permissions = $2::jsonb WHERE id = $1`, [
        role,
        JSON.stringify([LIST]),
      ]);
      expect(await within1s(twin, 200)).toBeLessThan(1000);
      ok(await categories(twin));
      await rawSql(a, `UPDATE roles SET permissions = '[]'::jsonb WHERE id = $1`, [role]);
      expect(await within1s(twin, 403)).toBeLessThan(1000);
    },
  );
});
