/**
 * Three server processes on one PostgreSQL database behind HAProxy (issue 32), started by tests/multi/cluster.ts:
 * a signed-in session works whichever instance answers; a rolling restart under load loses no request; a publish made
 * through one instance shows on the others' public pages at once; a role's permission removed through one instance is
 * refused by the others within 1 s.
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../bench/lib';
import { RESOURCE_PERMISSIONS } from '../../contract/permissions';
import { openDatabase } from '../../server/db/client';
import { hashPassword } from '../../server/modules/auth/passwords';
import { roles, siteStaff, sites, users } from '../../server/modules/tables';
import { call, data } from './api';
import { DEMO_HOST, type Instance, OWNER, requestWithHost, startCluster, until } from './cluster';

type Cluster = Awaited<ReturnType<typeof startCluster>>;
let cluster: Cluster;
let owner: string;

beforeAll(async () => {
  cluster = await startCluster(3);
  owner = await signIn(cluster.proxy.base, OWNER.password);
});
afterAll(async () => {
  await cluster?.close();
});

const CATEGORY_PAGE = { query: { page: 1, size: 10, filters: [] } };

describe('three instances behind HAProxy', () => {
  it('serves a signed-in session and the public site through the proxy, every instance answering some', async () => {
    const before = await cluster.proxy.servers();
    const base = cluster.proxy.base;
    const calls = [
      () => call(base, owner, 'member/status?t=writer'),
      () => call(base, owner, 'category/all', CATEGORY_PAGE),
      () => call(base, owner, 'role/list', CATEGORY_PAGE),
      async () => {
        const page = await requestWithHost(`${base}/`, DEMO_HOST);
        return { status: page.status, code: page.body.includes('<html') ? 1 : 0 };
      },
    ];
    for (let i = 0; i < 60; i++)
      expect(await calls[i % calls.length](), `call ${i}`).toEqual({ status: 200, code: 1 });
    const after = await cluster.proxy.servers();
    const answered = [...after].map(([name, s]) => [name, s.total - (before.get(name)?.total ?? 0)] as const);
    expect(answered.reduce((sum, [, n]) => sum + n, 0)).toBe(60);
    for (const [name, n] of answered) expect(n, `${name} answered none of the 60`).toBeGreaterThan(0);
    console.info(
      `60 calls through the proxy, answered by: ${answered.map(([n, c]) => `${n} ${c}`).join(', ')}`,
    );
  });

  it('loses no request while all three restart one after another under load', async () => {
    const base = cluster.proxy.base;
    const steady = [
      loadOf({
        url: `${base}/api/member/status?t=writer`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner },
        body: '{}',
        connections: 4,
        overallRate: 40,
      }),
      loadOf({ url: `${base}/`, headers: { host: DEMO_HOST }, connections: 2, overallRate: 20 }),
    ];
    const codes: (number | null)[] = [];
    const started = Date.now();
    try {
      for (const instance of cluster.instances) codes.push(await restart(instance));
    } finally {
      for (const load of steady) load.stop();
    }
    const results = await Promise.all(steady.map((load) => load.done));
    console.info(
      `rolling restart in ${((Date.now() - started) / 1000).toFixed(1)} s under load: ` +
        results.map((r) => `${r.url} ${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors`).join('; '),
    );
    expect(codes).toEqual([0, 0, 0]);
    for (const r of results) {
      expect({ errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }, r.url).toEqual({
        errors: 0,
        timeouts: 0,
        non2xx: 0,
      });
      expect(r['2xx'], r.url).toBeGreaterThan(0);
    }
  });

  it('shows a publish made through one instance on every instance at once, past their cached pages', async () => {
    const [a, ...others] = cluster.instances;
    const page = (instance: Instance) => requestWithHost(`${instance.base}/post/multi-publish`, DEMO_HOST);
    const content = { blocks: [{ type: 'paragraph', data: { text: 'x' } }] };
    // The seeded site is not yet published (its pages say 即將推出).
    await data(a.base, owner, 'site/publish', { publish: true });
    const made = await data<{ id: number; version: number }>(a.base, owner, 'press/save?t=1', {
      id: 0,
      title: '多機第一版',
      slug: 'multi-publish',
      content,
      version: 0,
    });
    await data(a.base, owner, 'press/publish?t=1', { id: made.id, mode: 1 });
    // Each instance renders the first version and keeps it in its own page cache.
    for (const instance of cluster.instances)
      for (let i = 0; i < 2; i++) expect((await page(instance)).body, instance.name).toContain('多機第一版');
    const again = await data<{ version: number }>(a.base, owner, 'press/save?t=1', {
      id: made.id,
      title: '多機第二版',
      slug: 'multi-publish',
      content,
      version: made.version,
    });
    expect(again.version).toBeGreaterThan(made.version);
    await data(a.base, owner, 'press/publish?t=1', { id: made.id, mode: 1 });
    // At once: no waiting, the very next request to each other instance.
    for (const instance of others) {
      const body = (await page(instance)).body;
      expect(body, instance.name).toContain('多機第二版');
      expect(body, instance.name).not.toContain('多機第一版');
    }
  });

  it("refuses a role's removed permission on the other instances within 1 s", async () => {
    const [a, b, c] = cluster.instances;
    const role = await listerRole();
    const lister = await signIn(a.base, 'lister-pass-1', 'lister@example.com');
    // Warm: each instance has the lister's session and role cached.
    for (const instance of [a, b, c])
      for (let i = 0; i < 2; i++)
        expect(await call(instance.base, lister, 'category/all', CATEGORY_PAGE)).toEqual({
          status: 200,
          code: 1,
        });
    const ownerOnA = await call(a.base, owner, 'role/save', {
      id: role.id,
      name: role.name,
      permissions: [RESOURCE_PERMISSIONS.page.list],
    });
    expect(ownerOnA).toEqual({ status: 200, code: 1 });
    const removedAt = Date.now();
    expect((await call(a.base, lister, 'category/all', CATEGORY_PAGE)).status).toBe(403);
    const refusedAfter = async (instance: Instance) => {
      await until(
        `${instance.name} refuses`,
        async () => (await call(instance.base, lister, 'category/all', CATEGORY_PAGE)).status === 403,
        1000,
      );
      return Date.now() - removedAt;
    };
    const delays = await Promise.all([refusedAfter(b), refusedAfter(c)]);
    console.info(
      `permission removed through ${a.name}: refused by ${b.name}, ${c.name} after ${delays.join(', ')} ms`,
    );
    for (const ms of delays) expect(ms).toBeLessThan(1000);
  });
});

/** A staff member of the demo site (lister@example.com) whose custom role holds only the category list. */
async function listerRole(): Promise<{ id: number; name: string }> {
  const database = await openDatabase({ url: cluster.database.url });
  try {
    const db = database.db;
    const [demo] = await db.select({ id: sites.id }).from(sites).where(eq(sites.slug, 'demo'));
    const name = 'Lister';
    const [role] = await db
      .insert(roles)
      .values({ siteId: demo.id, name, permissions: [RESOURCE_PERMISSIONS.category.list] })
      .returning({ id: roles.id });
    const [user] = await db
      .insert(users)
      .values({
        email: 'lister@example.com',
        passwordHash: await hashPassword('lister-pass-1'),
        nickname: 'Lister',
        isVerified: true,
      })
      .returning({ id: users.id });
    await db.insert(siteStaff).values({ siteId: demo.id, userId: user.id, roleId: role.id });
    return { id: role.id, name };
  } finally {
    await database.close();
  }
}

/** SIGTERM, wait for the exit, start again, wait until the proxy sends it traffic; answers the exit code. */
async function restart(instance: Instance): Promise<number | null> {
  const code = await instance.stop('SIGTERM');
  await instance.start();
  await until(`${instance.name} UP in HAProxy`, () => cluster.proxy.isUp(instance), 30_000);
  return code;
}

/** autocannon running until stopped. */
function loadOf(opts: autocannon.Options) {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ duration: 600, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
  return { done, stop: () => instance?.stop() };
}
