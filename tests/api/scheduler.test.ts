/**
 * The publishing scheduler (server/jobs/scheduler.ts) on a clock that runs with real time: an item goes live within
 * about a second of its time, two server instances on one database publish it exactly once, and a scheduler started
 * after the moment (a restart) publishes what it missed at once.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishReply, SaveReply } from '../../contract/content';
import { contentRevisions, contents } from '../../server/modules/tables';
import { type Client, createTestApp, OWNER, ok, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The site's wall clock (Asia/Taipei) at an instant, as the publish form sends it. */
function taipei(ms: number): { date: string; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Taipei',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** A whole minute a few minutes ahead of the clock: schedules are given to the minute. */
const nextMinute = () => Math.ceil((t.clock.now + 120_000) / 60_000) * 60_000;

async function scheduled(title: string, at: number): Promise<number> {
  const made = ok(
    await owner.call<SaveReply>('press/save?t=1', {
      id: 0,
      title,
      content: { blocks: [{ type: 'paragraph', data: { text: title } }] },
      version: 0,
    }),
  );
  const r = ok(await owner.call<PublishReply>('press/publish?t=1', { id: made.id, mode: 2, ...taipei(at) }));
  expect(r).toMatchObject({ status: 2, publish_ts: new Date(at).toISOString() });
  return made.id;
}

const statusOf = async (ids: number[]) =>
  t.database.db
    .select({ id: contents.id, status: contents.status, updatedAt: contents.updatedAt })
    .from(contents)
    .where(inArray(contents.id, ids));

/** Waits until every item is published. */
async function untilPublished(ids: number[], timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await statusOf(ids)).every((r) => r.status === 1)) return;
    await sleep(25);
  }
  throw new Error(`not published within ${timeoutMs} ms: ${JSON.stringify(await statusOf(ids))}`);
}

/** Waits until the scheduler has told of `ids`: it tells after its tick ends, a moment after the rows commit. */
async function untilTold(told: () => number[], ids: number[], timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !ids.every((id) => told().includes(id))) await sleep(25);
}

/** Sets the running clock to `ms`. */
const clockTo = (ms: number) => t.clock.advance(ms - t.clock.now);

beforeAll(async () => {
  t = await createTestApp({ realTime: true });
  owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
});
afterAll(async () => {
  await t?.close();
});

describe('scheduler', () => {
  it('publishes an item scheduled one second ahead within about a second of its time', async () => {
    const at = nextMinute();
    const id = await scheduled('一秒後上線', at);
    clockTo(at - 1000);
    const published: number[] = [];
    const scheduler = t.startScheduler({ onPublished: (ids) => published.push(...ids) });
    try {
      await untilPublished([id]);
      await untilTold(() => published, [id]);
      const [row] = await t.database.db.select().from(contents).where(eq(contents.id, id));
      // The tick that published it (its clock is the row's updated_at) came not before the time, nor 1.5 s after.
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(at);
      expect(row.updatedAt.getTime() - at).toBeLessThanOrEqual(1500);
      expect(row).toMatchObject({ status: 1, isDraftChanged: false });
      expect(row.publishTs?.getTime()).toBe(at);
      expect(row.published).toMatchObject({ title: '一秒後上線', abstract: '一秒後上線' });
      expect(published).toEqual([id]);
      expect(ok(await owner.call('press/get?t=1', { id }))).toMatchObject({ status: 1 });
    } finally {
      await scheduler.stop();
    }
  });

  it('publishes each item exactly once with two server instances on the same database', async () => {
    const second = await createTestApp({ shareWith: t });
    try {
      const at = nextMinute();
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) ids.push(await scheduled(`同時上線 ${i}`, at));
      clockTo(at - 300);
      const byFirst: number[] = [];
      const bySecond: number[] = [];
      // Short intervals, so that both instances keep reaching for the same rows.
      const first = t.startScheduler({ intervalMs: 20, onPublished: (x) => byFirst.push(...x) });
      second.startScheduler({ intervalMs: 20, onPublished: (x) => bySecond.push(...x) });
      await untilPublished(ids);
      await untilTold(() => [...byFirst, ...bySecond], ids);
      await sleep(300);
      await first.stop();
      const all = [...byFirst, ...bySecond].sort((a, b) => a - b);
      expect(all).toEqual([...ids].sort((a, b) => a - b));
      // Publishing is not a save: versions and revisions stay as they were.
      const rows = await t.database.db.select().from(contents).where(inArray(contents.id, ids));
      expect(rows.every((r) => r.version === 1 && r.status === 1)).toBe(true);
      const revisions = await t.database.db
        .select()
        .from(contentRevisions)
        .where(inArray(contentRevisions.contentId, ids));
      expect(revisions).toHaveLength(ids.length);
    } finally {
      await second.close();
    }
  });

  it('publishes at once what a restart missed', async () => {
    const at = nextMinute();
    const id = await scheduled('重啟後補上', at);
    // The server was down over the moment: an hour later a scheduler starts.
    clockTo(at + 3_600_000);
    // Its next poll is ten minutes away: what it publishes now, its first tick did, at once (and a loaded machine
    // may take its time over that tick without failing the test).
    const scheduler = t.startScheduler({ intervalMs: 600_000 });
    await untilPublished([id], 30_000);
    await scheduler.stop();
    const [row] = await t.database.db.select().from(contents).where(eq(contents.id, id));
    expect(row.publishTs?.getTime()).toBe(at);
  });

  it('leaves cancelled and deleted schedules alone, and stops when told', async () => {
    const at = nextMinute();
    const cancelled = await scheduled('取消排程', at);
    const deleted = await scheduled('刪除排程', at);
    const waiting = await scheduled('停止後', at);
    ok(await owner.call('press/publish?t=1', { id: cancelled, mode: 0 }));
    ok(await owner.call('press/publish?t=1', { id: deleted, mode: -1 }));
    const scheduler = t.startScheduler({ intervalMs: 50 });
    await scheduler.stop();
    clockTo(at + 1000);
    await sleep(300);
    const status = async () =>
      Object.fromEntries((await statusOf([cancelled, deleted, waiting])).map((r) => [r.id, r.status]));
    expect(await status()).toEqual({ [cancelled]: 0, [deleted]: -1, [waiting]: 2 });
    t.startScheduler({ intervalMs: 50 });
    await untilPublished([waiting]);
    expect(await status()).toEqual({ [cancelled]: 0, [deleted]: -1, [waiting]: 1 });
  });
});
