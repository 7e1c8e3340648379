/**
 * The status machine through HTTP (SPEC §4): publish now, schedule in the site's time zone, update by re-sending the
 * status, take offline, cancel a schedule, delete; the published snapshot and is_draft_changed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentItem, ContentRow, PublishReply, SaveReply } from '../../contract/content';
import type { ListResult } from '../../contract/list';
import type { Session } from '../../contract/session';
import { contents, sites } from '../../server/modules/tables';
import { type Client, createTestApp, OWNER, ok, type TestApp } from '../fixtures/testApp';

/** The frozen clock of this file: 2026-11-30 08:00 in Taipei. */
const NOW = Date.parse('2026-11-30T00:00:00Z');
const para = (text: string) => ({ type: 'paragraph', data: { text } });
const doc = (...texts: string[]) => ({ blocks: texts.map(para) });

let t: TestApp;
let owner: Client;
let siteId: number;

const create = async (body: Record<string, unknown>, type = 1) =>
  ok(
    await owner.call<SaveReply>(`press/save?t=${type}`, {
      id: 0,
      title: '',
      content: doc(),
      version: 0,
      ...body,
    }),
  );
const update = async (item: { id: number; version: number }, body: Record<string, unknown>, type = 1) =>
  ok(
    await owner.call<SaveReply>(`press/save?t=${type}`, {
      title: '',
      content: doc(),
      ...body,
      id: item.id,
      version: item.version,
    }),
  );
const publish = (id: number, mode: number, extra: Record<string, unknown> = {}, type = 1) =>
  owner.call<PublishReply>(`press/publish?t=${type}`, { id, mode, ...extra });
const get = async (id: number, type = 1) => ok(await owner.call<ContentItem>(`press/get?t=${type}`, { id }));
const stored = async (id: number) => {
  const [row] = await t.database.db.select().from(contents).where(eq(contents.id, id));
  return row;
};
const listIds = async (filters: unknown[] = []) =>
  ok(await owner.call<ListResult<ContentRow>>('press/list?t=1', { query: { size: 100, filters } })).rows.map(
    (r) => r.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW - t.clock.now);
  owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
  siteId = (await owner.call<Session>('member/status')).data.site.current?.id as number;
});
afterAll(async () => {
  await t?.close();
});

describe('publish now and update', () => {
  it('publishes: status 1, the publish time, the address and a snapshot of the draft', async () => {
    const made = await create({
      title: '上線文章',
      subtitle: '副',
      content: doc('內文'),
      slug: 'live-post',
      cover: '/uploads/c.jpg',
      seo: { title: 'S', content: 'D' },
    });
    const r = ok(await publish(made.id, 1));
    expect(r).toEqual({
      url: 'http://demo.sites.localhost:8080/post/live-post',
      status: 1,
      publish_ts: new Date(NOW).toISOString(),
    });
    expect(await get(made.id)).toMatchObject({
      status: 1,
      publish_ts: r.publish_ts,
      is_draft_changed: false,
    });
    expect((await stored(made.id)).published).toEqual({
      title: '上線文章',
      subtitle: '副',
      content: doc('內文'),
      cover: '/uploads/c.jpg',
      abstract: '內文',
      seo: { title: 'S', content: 'D' },
    });
    expect(await listIds([{ col: 'status', value: [1], type: 'in' }])).toContain(made.id);
  });

  it('marks the draft changed when a published item is edited, and keeps the snapshot until the update', async () => {
    const made = await create({ title: '第一版', content: doc('一') });
    const first = ok(await publish(made.id, 1));
    const edited = await update(made, { title: '第二版', content: doc('二') });
    expect(edited).toMatchObject({ status: 1, is_draft_changed: true, version: 2 });
    expect((await stored(made.id)).published).toMatchObject({ title: '第一版', content: doc('一') });
    expect(await get(made.id)).toMatchObject({ title: '第二版', status: 1, is_draft_changed: true });
    const row = ok(
      await owner.call<ListResult<ContentRow>>('press/list?t=1', {
        query: { filters: [{ col: 'id', value: [made.id], type: 'in' }] },
      }),
    ).rows[0];
    expect(row).toMatchObject({ status: 1, is_draft_changed: true, title: '第二版' });

    // Update: the client re-sends the current status. The first publication time stays.
    t.clock.advance(60_000);
    const again = ok(await publish(made.id, 1));
    expect(again).toMatchObject({ status: 1, publish_ts: first.publish_ts });
    expect((await stored(made.id)).published).toMatchObject({
      title: '第二版',
      content: doc('二'),
      abstract: '二',
    });
    expect(await get(made.id)).toMatchObject({ is_draft_changed: false, version: 2 });

    // Editing, then editing back to what readers see, leaves nothing to publish.
    const third = await update({ id: made.id, version: 2 }, { title: '第三版', content: doc('三') });
    expect(third.is_draft_changed).toBe(true);
    const back = await update({ id: made.id, version: 3 }, { title: '第二版', content: doc('二') });
    expect(back.is_draft_changed).toBe(false);
  });

  it('pins when publishing with pin', async () => {
    const made = await create({ title: '置頂發佈' });
    ok(await publish(made.id, 1, { pin: true }));
    expect(await get(made.id)).toMatchObject({ to_top: true, status: 1 });
    expect((await listIds())[0]).toBe(made.id);
  });
});

describe('schedule', () => {
  it('reads date and time in the site time zone: 2026-12-01 09:00 Asia/Taipei is 01:00Z', async () => {
    const made = await create({ title: '排程' });
    const r = ok(await publish(made.id, 2, { date: '2026-12-01', time: '09:00' }));
    expect(r).toMatchObject({ status: 2, publish_ts: '2026-12-01T01:00:00.000Z' });
    expect(await get(made.id)).toMatchObject({ status: 2, publish_ts: '2026-12-01T01:00:00.000Z' });
    expect((await stored(made.id)).published).toBeNull();

    await t.database.db.update(sites).set({ timezone: 'America/New_York' }).where(eq(sites.id, siteId));
    try {
      const ny = ok(await publish(made.id, 2, { date: '2026-12-01', time: '09:00' }));
      expect(ny.publish_ts).toBe('2026-12-01T14:00:00.000Z');
    } finally {
      await t.database.db.update(sites).set({ timezone: 'Asia/Taipei' }).where(eq(sites.id, siteId));
    }
  });

  it('refuses a time that is not in the future with 3002 排程發佈時間不能是過去', async () => {
    const made = await create({ title: '過去的排程' });
    // The clock reads 2026-11-30 08:01 in Taipei by now (an earlier test moved it a minute).
    for (const [date, time] of [
      ['2026-11-30', '07:59'],
      ['2026-11-30', '08:01'],
      ['2025-01-01', '12:00'],
    ]) {
      const r = await publish(made.id, 2, { date, time });
      expect(r, `${date} ${time}`).toMatchObject({ status: 200, code: Code.SCHEDULE_IN_PAST, data: null });
      expect(r.msg).toBe('排程發佈時間不能是過去');
    }
    expect(await get(made.id)).toMatchObject({ status: 0, publish_ts: null });
    expect(ok(await publish(made.id, 2, { date: '2026-11-30', time: '08:02' })).status).toBe(2);
  });

  it('needs a date and a time that exist', async () => {
    const made = await create({ title: '缺日期' });
    const errors = async (extra: Record<string, unknown>) => {
      const r = await publish(made.id, 2, extra);
      expect(r.code).toBe(Code.VALIDATION);
      return (r.data as unknown as { errors: Record<string, string> }).errors;
    };
    expect(await errors({})).toEqual({ date: '此欄位為必填', time: '此欄位為必填' });
    expect(await errors({ date: '2026-12-24' })).toEqual({ time: '此欄位為必填' });
    expect(await errors({ date: '2027-02-30', time: '10:00' })).toEqual({ date: '格式錯誤' });
    expect(await errors({ date: '2026-12-24', time: '24:00' })).toEqual({ time: '時間格式錯誤' });
    expect((await get(made.id)).status).toBe(0);
  });

  it('reschedules when the schedule is re-sent, and cancels it with mode 0', async () => {
    const made = await create({ title: '改期' });
    ok(await publish(made.id, 2, { date: '2026-12-24', time: '18:00' }));
    const moved = ok(await publish(made.id, 2, { date: '2026-12-25', time: '07:30' }));
    expect(moved).toMatchObject({ status: 2, publish_ts: '2026-12-24T23:30:00.000Z' });
    expect(await listIds([{ col: 'status', value: [2], type: 'in' }])).toContain(made.id);
    const cancelled = ok(await publish(made.id, 0));
    expect(cancelled).toMatchObject({ status: 0, publish_ts: null });
    expect(await listIds([{ col: 'status', value: [2], type: 'in' }])).not.toContain(made.id);
  });

  it('marks an edited scheduled item as changed', async () => {
    const made = await create({ title: '排程中' });
    ok(await publish(made.id, 2, { date: '2026-12-24', time: '18:00' }));
    expect(await update(made, { title: '排程中（改）' })).toMatchObject({
      status: 2,
      is_draft_changed: true,
    });
  });
});

describe('offline and delete', () => {
  it('takes a published item offline, keeping its snapshot and publish time, and can publish it again', async () => {
    const made = await create({ title: '下架', content: doc('文') });
    const live = ok(await publish(made.id, 1));
    const off = ok(await publish(made.id, 0));
    expect(off).toMatchObject({ status: 0, publish_ts: live.publish_ts });
    expect((await stored(made.id)).published).toMatchObject({ title: '下架' });
    expect(await listIds([{ col: 'status', value: [1], type: 'in' }])).not.toContain(made.id);
    expect(await listIds([{ col: 'status', value: [0], type: 'in' }])).toContain(made.id);
    t.clock.advance(3_600_000);
    const back = ok(await publish(made.id, 1));
    expect(back).toMatchObject({ status: 1, publish_ts: new Date(t.clock.now).toISOString() });
  });

  it('deletes: gone from lists and every action, and its slug is free again', async () => {
    const made = await create({ title: '要刪的', slug: 'to-delete' });
    ok(await publish(made.id, 1));
    const r = ok(await publish(made.id, -1));
    expect(r.status).toBe(-1);
    expect(await listIds()).not.toContain(made.id);
    expect(await listIds([{ col: 'status', value: [-1], type: 'in' }])).toEqual([]);
    for (const [path, body] of [
      ['press/get?t=1', { id: made.id }],
      ['press/save?t=1', { id: made.id, title: 'x', content: doc(), version: 1 }],
      ['press/publish?t=1', { id: made.id, mode: 1 }],
      ['press/publish?t=1', { id: made.id, mode: -1 }],
      ['press/history?t=1', { id: made.id }],
      ['press/pin?t=1', { id: made.id }],
      ['press/tag?t=1', { id: made.id }],
    ] as const) {
      expect((await owner.call(path, body)).status, path).toBe(404);
    }
    expect((await stored(made.id)).status).toBe(-1);
    const reused = await create({ title: '新的', slug: 'to-delete' });
    expect(reused.slug).toBe('to-delete');
    expect((await create({ title: '要刪的' })).slug).toBe('yao-shan-de');
  });
});

describe('pages and e-papers', () => {
  it('publish the same way, at their own addresses', async () => {
    const page = await create({ title: '關於我們', slug: 'about' }, 3);
    expect(ok(await publish(page.id, 1, {}, 3))).toMatchObject({
      url: 'http://demo.sites.localhost:8080/about',
      status: 1,
    });
    const paper = await create({ title: '週報' }, 4);
    expect(ok(await publish(paper.id, 1, {}, 4)).url).toBe(
      `http://demo.sites.localhost:8080/epaper/${paper.slug}`,
    );
    const noSlug = await create({ title: '' }, 4);
    expect(ok(await publish(noSlug.id, 2, { date: '2026-12-31', time: '20:00' }, 4))).toMatchObject({
      url: `http://demo.sites.localhost:8080/epaper/${noSlug.id}`,
      status: 2,
    });
    // A type mismatch is another item: 404.
    expect((await publish(page.id, 1, {}, 1)).status).toBe(404);
  });

  it('use the site own domain when it has one', async () => {
    await t.database.db.update(sites).set({ domain: 'news.example.com' }).where(eq(sites.id, siteId));
    try {
      const made = await create({ title: '自有網域', slug: 'own-domain' });
      expect(ok(await publish(made.id, 1)).url).toBe('https://news.example.com/post/own-domain');
      expect((await get(made.id)).preview_url).toMatch(
        /^https:\/\/news\.example\.com\/post\/own-domain\?preview=[\w-]+\.[\w-]+$/,
      );
    } finally {
      await t.database.db.update(sites).set({ domain: '' }).where(eq(sites.id, siteId));
    }
  });
});
