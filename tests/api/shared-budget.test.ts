/**
 * The clients' budgets shared by the instances (issue 32, shared/sharedBudget.ts) on two server instances on one
 * database (two pools on PostgreSQL with TEST_DATABASE_URL, one PGlite otherwise): the analytics counter's bound per
 * client holds across instances, the bucket refills continuously, budgets and clients are apart, a flood of new keys
 * costs a client nothing of what it spent, full buckets' rows are pruned, and concurrent takes never overspend.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopReply } from '../../contract/analytics';
import { ANALYTICS_CLIENT_PER_MINUTE } from '../../contract/analytics';
import { clientBudgets, sites } from '../../server/modules/tables';
import { SharedBudget } from '../../server/shared/sharedBudget';
import { themeFolder } from '../fixtures/publicSite';
import { type Client, createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

const HOST = 'demo.sites.localhost:8080';

let a: TestApp;
let b: TestApp;
let owner: Client;

beforeAll(async () => {
  const publicSite = { builtinThemeDir: await themeFolder() };
  a = await createTestApp({ publicSite });
  b = await createTestApp({ shareWith: a, publicSite });
  let demoSiteId: number;
  ({ owner, demoSiteId } = await signInOwner(a));
  await a.database.db.update(sites).set({ published: true }).where(eq(sites.id, demoSiteId));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Posts a batch of `n` views of `path` to instance `t` from `ip`, as a visitor's browser would. */
const send = (t: TestApp, ip: string, path: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/_analytics',
    headers: { host: HOST, 'content-type': 'text/plain;charset=UTF-8' },
    remoteAddress: ip,
    payload: JSON.stringify({ events: Array.from({ length: n }, () => ({ k: 'v', p: path })) }),
  });

const counted = async (path: string) =>
  ok(await owner.call<TopReply>('dashboard/top', { days: 7 })).pages.find((p) => p.path === path)?.count ?? 0;

describe('the analytics budget on two instances', () => {
  it('one client spreading its batches over A and B is counted ANALYTICS_CLIENT_PER_MINUTE in all', async () => {
    const batches = ANALYTICS_CLIENT_PER_MINUTE / 20;
    // Alternately on A and B, one batch more than the budget holds on each.
    for (let i = 0; i < batches + 2; i++)
      expect((await send(i % 2 ? b : a, '192.0.2.70', '/spread', 20)).statusCode).toBe(204);
    expect(await counted('/spread')).toBe(ANALYTICS_CLIENT_PER_MINUTE);
    // Half a minute later, half the budget again, wherever it is asked.
    a.clock.advance(30_000);
    expect((await send(b, '192.0.2.70', '/spread', 20)).statusCode).toBe(204);
    expect((await send(a, '192.0.2.70', '/spread', 20)).statusCode).toBe(204);
    expect((await send(b, '192.0.2.70', '/spread', 20)).statusCode).toBe(204);
    expect((await send(a, '192.0.2.70', '/spread', 20)).statusCode).toBe(204);
    expect(await counted('/spread')).toBe(ANALYTICS_CLIENT_PER_MINUTE * 1.5);
  });
});

describe('SharedBudget', () => {
  const onA = (name: string, perMinute: number) => new SharedBudget(a.database.db, name, perMinute);
  const onB = (name: string, perMinute: number) => new SharedBudget(b.database.db, name, perMinute);

  it('refills continuously, one bucket whichever instance takes', async () => {
    const now = a.clock.now;
    expect(await onA('refill', 60).take('k', 60, now)).toBe(60);
    expect(await onB('refill', 60).take('k', 60, now + 10_000)).toBe(10);
    expect(await onA('refill', 60).take('k', 100, now + 10_000 + 120_000)).toBe(60);
  });

  it('keeps budgets and clients apart', async () => {
    const now = a.clock.now;
    expect(await onA('one', 10).take('k', 10, now)).toBe(10);
    expect(await onB('one', 10).take('k', 1, now)).toBe(0);
    expect(await onB('two', 10).take('k', 10, now)).toBe(10);
    expect(await onA('one', 10).take('other', 10, now)).toBe(10);
  });

  it('keeps a spent budget through a flood of new keys', async () => {
    const now = a.clock.now;
    expect(await onA('flood', 10).take('regular', 10, now)).toBe(10);
    for (let i = 0; i < 200; i++) await onB('flood', 10).take(`rotating-${i}`, 1, now);
    expect(await onA('flood', 10).take('regular', 10, now)).toBe(0);
  });

  it('prunes the rows of buckets full again, which changes nothing a client gets', async () => {
    const now = a.clock.now + 10 * 60_000;
    expect(await onA('prune', 10).take('old', 10, now)).toBe(10);
    const later = now + 61_000;
    // This process prunes at most once a minute per database: the take a minute and more later does.
    expect(await onB('prune', 10).take('new', 1, later)).toBe(1);
    const rows = await a.database.db.select().from(clientBudgets).where(eq(clientBudgets.key, 'prune:old'));
    expect(rows).toEqual([]);
    expect(await onA('prune', 10).take('old', 10, later)).toBe(10);
  });

  it('never grants more than the bucket holds to takes racing on both instances', async () => {
    const now = a.clock.now;
    const takes = Array.from({ length: 20 }, (_, i) => (i % 2 ? onB : onA)('race', 30).take('k', 3, now));
    const granted = await Promise.all(takes);
    expect(granted.reduce((sum, g) => sum + g, 0)).toBe(30);
  });
});
