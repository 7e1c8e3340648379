/**
 * One site's theme cannot slow the others (issue 28): a theme that loops or writes a hundred megabytes renders in a
 * worker thread, within RENDER_LIMITS, while the admin API and another site keep answering at their usual pace; its
 * visitors get the error page (or 503 when too many of its renders wait), and its owner sees why on the theme
 * screen.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDetail } from '../../contract/themes';
import { sites } from '../../server/db/schema';
import { RENDER_LIMITS } from '../../server/public/renderLimits';
import { FIXTURE_THEME, storeTheme, themeFolder } from '../fixtures/publicSite';
import { type Client, createTestApp, ok, register, signInOwner, type TestApp } from '../fixtures/testApp';

const HOST = 'demo.sites.localhost:8080';
/** What the admin and another site must answer within while the hostile theme renders. */
const USUAL_MS = 200;

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let otherHost: string;

const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const setSite = (id: number, values: Partial<typeof sites.$inferInsert>) =>
  t.database.db.update(sites).set(values).where(eq(sites.id, id));

beforeAll(async () => {
  t = await createTestApp({ publicSite: { builtinThemeDir: await themeFolder() } });
  ({ owner, demoSiteId } = await signInOwner(t));
  // Another customer: registering makes their own site.
  await register(t, 'neighbour@example.com', 'secret-pass-1', 'Neighbour');
  const [other] = (await t.database.db.select().from(sites)).filter((s) => s.id !== demoSiteId);
  await setSite(other.id, { published: true });
  await setSite(demoSiteId, { published: true });
  otherHost = `${other.slug}.sites.localhost:8080`;
  // Warm: the other site's pages and the workers are ready, as on a running server.
  expect((await get(otherHost, '/')).statusCode).toBe(200);
  expect((await get(otherHost, '/search?q=warm')).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** Applies a theme whose `file` is `body` (the fixture theme otherwise) on the demo site. */
async function applyHostile(name: string, file: string, body: string) {
  const { themeId } = await storeTheme(t.database.db, demoSiteId, { ...FIXTURE_THEME, [file]: body }, name);
  await setSite(demoSiteId, { themeId, renderVersion: Date.now() % 1_000_000 });
  return themeId;
}

/**
 * Sends 8 hostile requests at once and, while they are still being answered, times the admin's member/status, the
 * other site's cached home and its uncached search page. Answers the hostile answers and the slowest of each.
 */
async function underAttack(path: string) {
  let pending = 8;
  const rssBefore = process.memoryUsage().rss;
  let rssMax = rssBefore;
  const hostile = Array.from({ length: 8 }, () =>
    get(HOST, path).then((res) => {
      pending -= 1;
      return res;
    }),
  );
  const slowest = { status: 0, home: 0, search: 0 };
  const time = async (
    what: keyof typeof slowest,
    call: () => Promise<{ statusCode?: number; code?: number }>,
  ) => {
    const started = performance.now();
    const res = await call();
    slowest[what] = Math.max(slowest[what], performance.now() - started);
    expect(res.statusCode ?? (res.code === 1 ? 200 : res.code)).toBe(200);
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
  };
  // Rounds while the hostile renders are still in flight (a round started after they all ended does not count).
  let rounds = 0;
  while (pending > 0 && rounds < 50) {
    await time('status', () => owner.call('member/status'));
    await time('home', () => get(otherHost, '/'));
    await time('search', () => get(otherHost, `/search?q=r${rounds}`));
    rounds += 1;
  }
  const answers = await Promise.all(hostile);
  rssMax = Math.max(rssMax, process.memoryUsage().rss);
  return { answers, slowest, rounds, rssGrowthMb: (rssMax - rssBefore) / 2 ** 20 };
}

describe('a hostile theme on one site', () => {
  it('loops in its worker until its time is up, while the admin and another site answer as usual', async () => {
    const themeId = await applyHostile(
      'Loop',
      'templates/404.liquid',
      '{% for i in (1..5000) %}{% for j in (1..5000) %}{{ j }}{% endfor %}{% endfor %}',
    );
    const run = await underAttack('/no-such-page');
    expect(run.rounds).toBeGreaterThanOrEqual(3);
    expect(run.slowest.status).toBeLessThan(USUAL_MS);
    expect(run.slowest.home).toBeLessThan(USUAL_MS);
    expect(run.slowest.search).toBeLessThan(USUAL_MS);
    // Each visitor got the error page, or was asked to come back when too many of the site's renders waited.
    for (const res of run.answers) {
      expect([500, 503]).toContain(res.statusCode);
      if (res.statusCode === 500) expect(res.body).toContain('頁面暫時無法顯示');
      else expect(res.headers['retry-after']).toBe(String(RENDER_LIMITS.retryAfterS));
    }
    expect(run.answers.some((r) => r.statusCode === 500)).toBe(true);
    // The owner sees why on the theme screen.
    const detail = ok(await owner.call<ThemeDetail>('theme/get', { id: themeId }));
    expect(detail.render_error).toMatchObject({ failure: 'time', path: '/no-such-page' });
  });

  it('stops at the output cap: a 2 KB theme cannot answer 100 MB, nor take the memory', async () => {
    // 900 kB of text, 120 times over: 103 MB were it not capped.
    const text = 'x'.repeat(900_000);
    const themeId = await applyHostile(
      'Huge',
      'templates/index.liquid',
      `{% for i in (1..120) %}${text}{% endfor %}`,
    );
    const run = await underAttack('/');
    expect(run.slowest.status).toBeLessThan(USUAL_MS);
    expect(run.slowest.home).toBeLessThan(USUAL_MS);
    expect(run.slowest.search).toBeLessThan(USUAL_MS);
    for (const res of run.answers) {
      expect([500, 503]).toContain(res.statusCode);
      expect(res.body.length).toBeLessThan(100_000);
    }
    // Eight renders of 103 MB each would take the process gigabytes; capped, the workers' heaps bound it.
    expect(run.rssGrowthMb).toBeLessThan(RENDER_LIMITS.threads * RENDER_LIMITS.workerHeapMb);
    const detail = ok(await owner.call<ThemeDetail>('theme/get', { id: themeId }));
    expect(detail.render_error).toMatchObject({ failure: 'output', path: '/' });
  });

  it("is the site's own trouble: a good theme again renders at once, and the other site never noticed", async () => {
    await setSite(demoSiteId, { themeId: null });
    expect((await get(HOST, '/')).statusCode).toBe(200);
    expect((await get(otherHost, '/search?q=after')).statusCode).toBe(200);
  });
});
