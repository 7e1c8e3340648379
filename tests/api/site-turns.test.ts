/**
 * One site's admin calls in flight are bounded on an instance (server/http/siteTurns.ts): past its share a site's
 * calls wait for its own turns while another site's go through at once; a full queue, or a wait that runs out, is
 * refused with 1012 in the caller's language; a call run within one that holds a turn (label/edit runs label/get and
 * label/save) needs no turn of its own, nor one waiting on a provider (an AI suggestion). The test holds the turns
 * itself, as calls in flight would.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { SITE_CALL_LIMITS, setSiteCallLimits, siteCallTurn } from '../../server/http/siteTurns';
import type { Release } from '../../server/http/turns';
import { type Client, createTestApp, register, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let other: Client;
const held: Release[] = [];

/** Takes every turn of `siteId`, as that many calls in flight would. */
async function holdAll(siteId: number, perSite: number) {
  for (let i = 0; i < perSite; i++) {
    const turn = await siteCallTurn({} as FastifyRequest, siteId);
    if (typeof turn !== 'function') throw new Error('a turn was not free');
    held.push(turn);
  }
}

const categories = (c: Client) => c.call('category/all', { query: { page: 1, size: 10, filters: [] } });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  other = await register(t, 'other-site-owner@example.com');
});
afterEach(() => {
  for (const release of held.splice(0)) release();
  setSiteCallLimits(undefined);
});
afterAll(async () => {
  await t?.close();
});

describe("a site's calls in flight", () => {
  it('leave most of the pool to the others by default', () => {
    expect(SITE_CALL_LIMITS.perSite).toBeGreaterThanOrEqual(2);
    expect(SITE_CALL_LIMITS.perSite).toBeLessThan(10);
  });

  it("wait past the site's share while another site's call goes through", async () => {
    setSiteCallLimits({ perSite: 2, queuePerSite: 8, queueWaitMs: 30_000 });
    await holdAll(demoSiteId, 2);
    let answered = false;
    const waiting = categories(owner).then((r) => {
      answered = true;
      return r;
    });
    const elsewhere = await categories(other);
    expect(elsewhere.code).toBe(Code.OK);
    expect(answered).toBe(false);
    held.shift()?.();
    expect((await waiting).code).toBe(Code.OK);
  });

  it('are refused once the queue is full, in the caller’s language, and the queued ones then answer', async () => {
    setSiteCallLimits({ perSite: 1, queuePerSite: 3, queueWaitMs: 30_000 });
    await holdAll(demoSiteId, 1);
    const english = t.client({ lang: 'en' });
    english.cookies = owner.cookies;
    const calls = [categories(owner), categories(owner), categories(owner), categories(english)];
    // One of the four finds the queue full (whichever reaches it last), at once: the turn is still held.
    const refused = await Promise.race(calls);
    expect(refused.code).toBe(Code.SITE_BUSY);
    expect(refused.msg).toMatch(/網站同時進行的工作太多|too much in progress/);
    held.shift()?.();
    const replies = await Promise.all(calls);
    expect(replies.filter((r) => r.code === Code.OK)).toHaveLength(3);
    expect(replies.filter((r) => r.code === Code.SITE_BUSY)).toEqual([refused]);
  });

  it('are refused when the wait runs out', async () => {
    setSiteCallLimits({ perSite: 1, queuePerSite: 8, queueWaitMs: 50 });
    await holdAll(demoSiteId, 1);
    const english = t.client({ lang: 'en' });
    english.cookies = owner.cookies;
    const r = await categories(english);
    expect(r.code).toBe(Code.SITE_BUSY);
    expect(r.msg).toBe('Your site has too much in progress at once; please try again in a moment.');
  });

  it('leave out a call that waits on a provider rather than the database (an AI suggestion)', async () => {
    setSiteCallLimits({ perSite: 1, queuePerSite: 8, queueWaitMs: 50 });
    await holdAll(demoSiteId, 1);
    const slug = await owner.call<{ result: string[] }>('intelligence/slug', {
      content: '台北市今天舉辦了一場關於城市交通與公共運輸的座談會。',
    });
    expect(slug.code).toBe(Code.OK);
    expect(slug.data.result.length).toBeGreaterThan(0);
    // The same site's list call is held: its turn is what is taken.
    expect((await categories(owner)).code).toBe(Code.SITE_BUSY);
  });

  it('run the calls made within one in its own turn', async () => {
    setSiteCallLimits({ perSite: 1, queuePerSite: 8, queueWaitMs: 2_000 });
    const made = await owner.call<{ id: number }>('label/edit', {
      id: 0,
      type: 'tag',
      slug: '',
      lang: [{ lang_id: 1, title: '一次一個', cover: '' }],
      active: [1],
    });
    expect(made.code).toBe(Code.OK);
    // The flat form reads the label first (label/get) and then saves it (label/save), both within label/edit.
    const edited = await owner.call('label/edit', {
      id: made.data.id,
      type: 'tag',
      lang_id: 1,
      title: '改名',
    });
    expect(edited.code).toBe(Code.OK);
    expect(
      (await owner.call<{ name: string }>('label/show', { id: made.data.id, type: 'tag' })).data.name,
    ).toBe('改名');
  });
});
