/**
 * E-paper delivery (issue 14): the audience and its count, the monthly quota, the test send, a send scheduled and
 * fired exactly once by two app instances sharing the database, hard bounces and retries read from real SMTP
 * replies, the List-Unsubscribe headers and the one-click unsubscribe, sending again (nobody twice unless asked),
 * and who may do any of it.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpaperProgress } from '../../contract/api/epaperSend';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import { ROLE } from '../../contract/permissions';
import { wallTime } from '../../contract/zoned';
import type { EpaperSender } from '../../server/jobs/epaperSender';
import {
  contents,
  epaperDeliveries,
  epaperSends,
  plans,
  readerPlans,
  readerSubscriptions,
  readers,
  sites,
} from '../../server/modules/tables';
import { addReader, DEMO_HOST } from '../fixtures/readers';
import { parseMail } from '../fixtures/smtpSink';
import {
  type Client,
  createTestApp,
  OWNER,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

interface Received {
  to: string;
  raw: string;
  /** The raw message with quoted-printable undone (both parts' words readable). */
  decoded: string;
  messageId: string;
  subject: string;
}

/** The message with its base64 parts decoded (the e-paper's text and HTML readable). */
function decodeParts(raw: string): string {
  return raw.replace(
    /Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g,
    (_m, body: string) => Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
}

/** An SMTP sink whose replies to RCPT TO a test sets per address (e.g. 550 once, 451 twice). */
async function startSink() {
  const mails: Received[] = [];
  const rcpt = new Map<string, number[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const queue = rcpt.get(address.address.toLowerCase());
      const code = queue?.shift();
      if (code) {
        const err = Object.assign(new Error(code >= 500 ? 'No such user' : 'Try again later'), {
          responseCode: code,
        });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
        for (const r of session.envelope.rcptTo)
          mails.push({
            to: r.address.toLowerCase(),
            raw,
            decoded: decodeParts(raw),
            messageId: header('Message-ID'),
            subject: parseMail(raw, []).subject,
          });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    rcpt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Sink = Awaited<ReturnType<typeof startSink>>;

let sink: Sink;
let t: TestApp;
let owner: Client;
let siteId: number;

/** `what`'s first truthy answer, asked every 50 ms (vitest's own waitUntil). */
const until = <T>(what: () => Promise<T>, timeout = 15_000) => vi.waitUntil(what, { timeout, interval: 50 });

async function newEpaper(c: Client, title: string, blocks: unknown[] = []) {
  return ok(
    await c.call<SaveReply>('press/save?t=4', {
      id: 0,
      title,
      content: {
        blocks: blocks.length ? blocks : [{ type: 'paragraph', data: { text: `${title} 的內容` } }],
      },
      version: 0,
    }),
  );
}

const progress = (id: number) => owner.call<EpaperProgress | null>('epaper/progress', { id });

beforeAll(async () => {
  sink = await startSink();
  t = await createTestApp({ realTime: true, config: { smtpUrl: `smtp://127.0.0.1:${sink.port}` } });
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Senders a test started, stopped after it (so the next test's stats are its own sender's). */
const stopLater: EpaperSender[] = [];

afterEach(async () => {
  await Promise.all(stopLater.splice(0).map((s) => s.stop()));
});

beforeEach(async () => {
  // Each test its own members and sends (the month's quota counts them all).
  await t.database.db.delete(epaperSends);
  await t.database.db.delete(readers).where(eq(readers.siteId, siteId));
  sink.mails.length = 0;
  sink.rcpt.clear();
});

describe('audience and quota', () => {
  it('counts opted-in members for all, a tag and the paying ones; opted-out and bounced are left out', async () => {
    const a = await addReader(t, siteId, { email: 'a@example.com', tags: ['vip'] });
    await addReader(t, siteId, { email: 'b@example.com', tags: ['vip', 'tw'] });
    await addReader(t, siteId, { email: 'c@example.com' });
    await addReader(t, siteId, { email: 'd@example.com', tags: ['vip'], epaperOptIn: false });
    const e = await addReader(t, siteId, { email: 'e@example.com', tags: ['vip'] });
    await t.database.db.update(readers).set({ bouncedAt: new Date() }).where(eq(readers.id, e.id));
    const [plan] = await t.database.db
      .insert(readerPlans)
      .values({ siteId, name: '月訂', price: 100 })
      .returning();
    await t.database.db
      .insert(readerSubscriptions)
      .values({ siteId, readerId: a.id, planId: plan.id, status: 'active' });
    const paper = await newEpaper(owner, '對象');
    const count = async (audience: unknown) =>
      ok(await owner.call<{ count: number }>('epaper/audience', { id: paper.id, audience })).count;
    expect(await count({ kind: 'all' })).toBe(3);
    expect(await count({ kind: 'tag', tag: 'vip' })).toBe(2);
    expect(await count({ kind: 'tag', tag: 'tw' })).toBe(1);
    expect(await count({ kind: 'tag', tag: 'none' })).toBe(0);
    expect(await count({ kind: 'paid' })).toBe(1);
    const reply = ok(await owner.call('epaper/audience', { id: paper.id, audience: { kind: 'all' } }));
    expect(reply).toMatchObject({ quota: { used: 0, limit: 4000, remaining: 4000 } });
    expect(ok(await owner.call('epaper/tags', {}))).toEqual([
      { tag: 'vip', count: 2 },
      { tag: 'tw', count: 1 },
    ]);
    // Bounded, validated input.
    const long = await owner.call('epaper/audience', {
      id: paper.id,
      audience: { kind: 'tag', tag: 'x'.repeat(51) },
    });
    expect(long.code).toBe(Code.VALIDATION);
  });

  it('refuses a send beyond the month quota naming what remains, and a plan without newsletters', async () => {
    for (const n of [1, 2, 3]) await addReader(t, siteId, { email: `q${n}@example.com` });
    const paper = await newEpaper(owner, '額度');
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, siteId));
    const planId = site.serviceId as number;
    const [before] = await t.database.db.select().from(plans).where(eq(plans.id, planId));
    try {
      await t.database.db.update(plans).set({ newsletters: 2 }).where(eq(plans.id, planId));
      const refused = await owner.call('epaper/send', { id: paper.id, audience: { kind: 'all' } });
      expect(refused.code).toBe(Code.EPAPER_QUOTA);
      expect(refused.msg).toContain('2');
      expect(refused.msg).toContain('3');
      await t.database.db.update(plans).set({ newsletters: 0 }).where(eq(plans.id, planId));
      const none = await owner.call('epaper/send', { id: paper.id, audience: { kind: 'all' } });
      expect(none.code).toBe(Code.EPAPER_QUOTA);
      // Nothing was recorded, and the e-paper was not published.
      expect(await t.database.db.select().from(epaperSends)).toHaveLength(0);
    } finally {
      await t.database.db.update(plans).set({ newsletters: before.newsletters }).where(eq(plans.id, planId));
    }
  });
});

describe('sending', () => {
  it("sends a test to the caller's own e-mail only, marked [TEST], counting nothing", async () => {
    await addReader(t, siteId, { email: 'member@example.com' });
    const paper = await newEpaper(owner, '測試信');
    expect(ok(await owner.call('epaper/test_send', { id: paper.id }))).toEqual({ to: OWNER.email });
    expect(sink.mails.map((m) => m.to)).toEqual([OWNER.email]);
    expect(sink.mails[0].subject).toContain('[TEST]');
    expect(ok(await progress(paper.id))).toBeNull();
    const q = ok(await owner.call('epaper/audience', { id: paper.id, audience: { kind: 'all' } }));
    expect(q).toMatchObject({ quota: { used: 0 } });
  });

  it('fires a scheduled send once with two instances sending: each recipient gets exactly one mail', async () => {
    const second = await createTestApp({
      shareWith: t,
      config: { smtpUrl: `smtp://127.0.0.1:${sink.port}` },
    });
    try {
      const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
      for (const email of emails) await addReader(t, siteId, { email });
      await addReader(t, siteId, { email: 'out@example.com', epaperOptIn: false });
      const paper = await newEpaper(owner, '排程電子報', [
        { type: 'paragraph', data: { text: '免費的部分' } },
        { type: 'paid', data: {} },
        { type: 'paragraph', data: { text: '付費的部分' } },
      ]);
      // A time in the past is refused.
      const past = await owner.call('epaper/send', {
        id: paper.id,
        audience: { kind: 'all' },
        at: { date: '2020-01-01', time: '10:00' },
      });
      expect(past.code).toBe(Code.SCHEDULE_IN_PAST);
      // Scheduled two minutes ahead (the site's local time), then the clock moves past it.
      const ahead = new Date(Date.now() + 2 * 60_000 + 60_000);
      const { date, time } = wallTime(ahead, 'Asia/Taipei');
      const made = ok(
        await owner.call<EpaperProgress>('epaper/send', {
          id: paper.id,
          audience: { kind: 'all' },
          at: { date, time },
        }),
      );
      expect(made).toMatchObject({ status: 'scheduled', total: 3 });
      // The e-paper is scheduled (status 2) until its send starts; a second send is refused while one is active.
      const [scheduled] = await t.database.db.select().from(contents).where(eq(contents.id, paper.id));
      expect(scheduled.status).toBe(2);
      const again = await owner.call('epaper/send', { id: paper.id, audience: { kind: 'all' } });
      expect(again.code).toBe(Code.EPAPER_SEND_ACTIVE);

      const one = t.startEpaperSender({ intervalMs: 50 });
      const two = second.startEpaperSender({ intervalMs: 50 });
      stopLater.push(one, two);
      await new Promise((r) => setTimeout(r, 200));
      expect(sink.mails).toHaveLength(0);
      t.clock.advance(5 * 60_000);
      const done = await until(async () => {
        const p = ok(await progress(paper.id));
        return p?.status === 'done' && p;
      });
      expect(done).toMatchObject({ total: 3, sent: 3, failed: 0, remaining: 0 });
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.mails.map((m) => m.to).sort()).toEqual([...emails].sort());
      expect(one.stats.sent + two.stats.sent).toBe(3);
      // Sending published it; the free part only (the audience is not the paid one); a stable Message-ID each.
      const [sent] = await t.database.db.select().from(contents).where(eq(contents.id, paper.id));
      expect(sent.status).toBe(1);
      const mail = sink.mails[0];
      expect(mail.decoded).toContain('免費的部分');
      expect(mail.decoded).not.toContain('付費的部分');
      const deliveries = await t.database.db.select().from(epaperDeliveries);
      expect(deliveries).toHaveLength(3);
      const mine = deliveries.find((d) => d.email === mail.to);
      expect(mail.messageId).toBe(`<${mine?.id}.${mine?.sendId}@demo.sites.localhost>`);
    } finally {
      await second.close();
    }
  });

  it('turns opt-in off on a 5xx to RCPT, retries a 4xx and sends it', async () => {
    const hard = await addReader(t, siteId, { email: 'gone@example.com' });
    await addReader(t, siteId, { email: 'busy@example.com' });
    await addReader(t, siteId, { email: 'fine@example.com' });
    sink.rcpt.set('gone@example.com', [550]);
    sink.rcpt.set('busy@example.com', [451]);
    const paper = await newEpaper(owner, '退信');
    const sender = t.startEpaperSender({ intervalMs: 50 });
    stopLater.push(sender);
    ok(await owner.call('epaper/send', { id: paper.id, audience: { kind: 'all' } }));
    await until(async () => {
      const p = ok(await progress(paper.id));
      return p && p.sent === 1 && p.failed === 1 && p;
    });
    const [gone] = await t.database.db.select().from(readers).where(eq(readers.id, hard.id));
    expect(gone.epaperOptIn).toBe(false);
    expect(gone.bouncedAt).not.toBeNull();
    const waiting = ok(await progress(paper.id));
    expect(waiting).toMatchObject({ status: 'sending', remaining: 1 });
    expect(waiting?.failures).toEqual([{ email: 'gone@example.com', error: expect.stringContaining('550') }]);
    // The 451 waits its back-off (30 s), then goes.
    t.clock.advance(31_000);
    const done = await until(async () => {
      const p = ok(await progress(paper.id));
      return p?.status === 'done' && p;
    });
    expect(done).toMatchObject({ total: 3, sent: 2, failed: 1 });
    expect(sender.stats).toMatchObject({ bounced: 1, retried: 1 });
    expect(sink.mails.map((m) => m.to).sort()).toEqual(['busy@example.com', 'fine@example.com']);
    // The bounced member is no longer in the audience.
    const n = ok(
      await owner.call<{ count: number }>('epaper/audience', { id: paper.id, audience: { kind: 'all' } }),
    );
    expect(n.count).toBe(2);
  });

  it('carries List-Unsubscribe headers, and the one-click POST (no Origin) opts the member out', async () => {
    const member = await addReader(t, siteId, { email: 'leaver@example.com' });
    const paper = await newEpaper(owner, '退訂');
    stopLater.push(t.startEpaperSender({ intervalMs: 50 }));
    ok(await owner.call('epaper/send', { id: paper.id, audience: { kind: 'all' } }));
    await until(async () => sink.mails.length === 1);
    const raw = sink.mails[0].raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    const url = raw.match(/^List-Unsubscribe: <([^>]+)>, <mailto:[^>]+>/im)?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/demo\.sites\.localhost:8080\/unsubscribe\?token=/);
    const path = url.slice(url.indexOf('/unsubscribe'));
    // The confirmation page.
    const page = await t.app.inject({ method: 'GET', url: path, headers: { host: DEMO_HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-state="confirm"');
    // A forged token does nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `${path}x`,
      headers: { host: DEMO_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    // The provider's one-click POST: no Origin of the site, a form body.
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        host: DEMO_HOST,
        origin: 'https://mail.example.net',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(readers).where(eq(readers.id, member.id));
    expect(row.epaperOptIn).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: path, headers: { host: DEMO_HOST } });
    expect(after.body).toContain('data-state="done"');
    // Other POSTs on the site's host are still checked for their Origin.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { host: DEMO_HOST, origin: 'https://mail.example.net', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(403);
  });

  it('cancels a scheduled send, and the e-paper goes back to a draft', async () => {
    await addReader(t, siteId, { email: 'x@example.com' });
    const paper = await newEpaper(owner, '取消');
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    ok(
      await owner.call('epaper/send', {
        id: paper.id,
        audience: { kind: 'all' },
        at: { date: ahead, time: '09:00' },
      }),
    );
    expect(ok(await owner.call('epaper/cancel', { id: paper.id }))).toMatchObject({ status: 'cancelled' });
    const [row] = await t.database.db.select().from(contents).where(eq(contents.id, paper.id));
    expect(row.status).toBe(0);
    expect((await owner.call('epaper/cancel', { id: paper.id })).code).toBe(Code.EPAPER_NOT_SCHEDULED);
  });

  it('withdrawing or deleting a scheduled e-paper from the list cancels its send: nobody is mailed', async () => {
    await addReader(t, siteId, { email: 'withdrawn@example.com' });
    for (const mode of [0, -1]) {
      const paper = await newEpaper(owner, `收回 ${mode}`);
      const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      ok(
        await owner.call('epaper/send', {
          id: paper.id,
          audience: { kind: 'all' },
          at: { date: ahead, time: '09:00' },
        }),
      );
      // The list's 取消排程 (mode 0) or 刪除 (mode -1) goes through press/publish, not epaper/cancel.
      ok(await owner.call('press/publish?t=4', { id: paper.id, mode }));
      const sends = await t.database.db.select().from(epaperSends).where(eq(epaperSends.contentId, paper.id));
      expect(sends.map((r) => r.status)).toEqual(['cancelled']);
    }
  });
});

describe('sending again (issue 27)', () => {
  type Audience = { count: number; received: number; last_send: { at: string; count: number } | null };
  const audienceOf = async (id: number) =>
    ok(
      await owner.call<Audience & { quota: { used: number } }>('epaper/audience', {
        id,
        audience: { kind: 'all' },
      }),
    );
  const sendAll = (id: number, extra: object = {}) =>
    owner.call<EpaperProgress>('epaper/send', { id, audience: { kind: 'all' }, ...extra });
  const finished = (id: number) =>
    until(async () => {
      const p = ok(await progress(id));
      return p?.status === 'done' && p;
    });
  /** How many mails each address got, once the sink has what the last send reached. */
  const mailsTo = (emails: string[]) =>
    Object.fromEntries(emails.map((e) => [e, sink.mails.filter((m) => m.to === e).length]));

  it('reaches nobody twice, refuses a send to nobody new, and counts the quota once per mail', async () => {
    const first = ['again-1@example.com', 'again-2@example.com', 'again-3@example.com'];
    for (const email of first) await addReader(t, siteId, { email });
    const paper = await newEpaper(owner, '再寄一次');
    stopLater.push(t.startEpaperSender({ intervalMs: 50 }));
    expect(await audienceOf(paper.id)).toMatchObject({ count: 3, received: 0, last_send: null });
    ok(await sendAll(paper.id));
    const done = await finished(paper.id);
    await until(async () => sink.mails.length === 3);

    // The screen is told who has it, when it went and to how many.
    const told = await audienceOf(paper.id);
    expect(told).toMatchObject({ count: 3, received: 3, last_send: { at: done.started_at, count: 3 } });
    expect(told.quota.used).toBe(3);
    // Everyone has it: refused with its own code, nothing recorded, nothing counted.
    const again = await sendAll(paper.id);
    expect(again.code).toBe(Code.EPAPER_ALREADY_RECEIVED);
    expect(again.msg).toContain('全部重寄');
    expect(await t.database.db.select().from(epaperSends)).toHaveLength(1);
    expect((await audienceOf(paper.id)).quota.used).toBe(3);

    // A member who joined since gets it, alone; the quota counts that one mail.
    await addReader(t, siteId, { email: 'again-4@example.com' });
    expect(await audienceOf(paper.id)).toMatchObject({ count: 4, received: 3 });
    expect(ok(await sendAll(paper.id)).total).toBe(1);
    expect(await finished(paper.id)).toMatchObject({ total: 1, sent: 1 });
    await until(async () => sink.mails.length === 4);
    expect(mailsTo([...first, 'again-4@example.com'])).toEqual({
      'again-1@example.com': 1,
      'again-2@example.com': 1,
      'again-3@example.com': 1,
      'again-4@example.com': 1,
    });
    expect(await audienceOf(paper.id)).toMatchObject({
      received: 4,
      last_send: { count: 1 },
      quota: { used: 4 },
    });
  });

  it('mails the e-paper as last edited, not the copy sent before, and keeps its first send time', async () => {
    await addReader(t, siteId, { email: 'edited-1@example.com' });
    const paper = await newEpaper(owner, '改過再寄');
    stopLater.push(t.startEpaperSender({ intervalMs: 50 }));
    ok(await sendAll(paper.id));
    await finished(paper.id);
    await until(async () => sink.mails.some((m) => m.to === 'edited-1@example.com'));
    const [sent] = await t.database.db.select().from(contents).where(eq(contents.id, paper.id));
    const saved = ok(
      await owner.call<SaveReply>('press/save?t=4', {
        id: paper.id,
        title: '改過再寄',
        content: { blocks: [{ type: 'paragraph', data: { text: '更正後的第二版內容' } }] },
        version: paper.version,
      }),
    );
    expect(saved.is_draft_changed).toBe(true);
    await addReader(t, siteId, { email: 'edited-2@example.com' });
    ok(await sendAll(paper.id));
    await finished(paper.id);
    const mail = await until(async () => sink.mails.find((m) => m.to === 'edited-2@example.com'));
    expect(mail.decoded).toContain('更正後的第二版內容');
    const [after] = await t.database.db.select().from(contents).where(eq(contents.id, paper.id));
    expect(after).toMatchObject({ isDraftChanged: false, publishTs: sent.publishTs });
  });

  it('sends to everyone again only when asked (resend_all), counting each mail', async () => {
    const emails = ['all-1@example.com', 'all-2@example.com'];
    for (const email of emails) await addReader(t, siteId, { email });
    const paper = await newEpaper(owner, '全部重寄');
    stopLater.push(t.startEpaperSender({ intervalMs: 50 }));
    ok(await sendAll(paper.id));
    await finished(paper.id);
    expect((await sendAll(paper.id, { resend_all: false })).code).toBe(Code.EPAPER_ALREADY_RECEIVED);
    expect(ok(await sendAll(paper.id, { resend_all: true })).total).toBe(2);
    await finished(paper.id);
    await until(async () => sink.mails.length === 4);
    expect(mailsTo(emails)).toEqual({ 'all-1@example.com': 2, 'all-2@example.com': 2 });
    expect((await audienceOf(paper.id)).quota.used).toBe(4);
    // Bad input is a validation error, not a send.
    expect((await sendAll(paper.id, { resend_all: 'yes' })).code).toBe(Code.VALIDATION);
  });

  it('counts a failed delivery as not received, and a changed address as received', async () => {
    const kept = await addReader(t, siteId, { email: 'kept@example.com' });
    await addReader(t, siteId, { email: 'lost@example.com' });
    const paper = await newEpaper(owner, '失敗再寄');
    stopLater.push(t.startEpaperSender({ intervalMs: 50 }));
    ok(await sendAll(paper.id));
    await finished(paper.id);
    await until(async () => sink.mails.length === 2);
    // One delivery failed for good (as after its three attempts); the other member changed address since.
    await t.database.db
      .update(epaperDeliveries)
      .set({ status: 'failed', error: '451 try later' })
      .where(eq(epaperDeliveries.email, 'lost@example.com'));
    await t.database.db.update(readers).set({ email: 'kept-new@example.com' }).where(eq(readers.id, kept.id));
    expect(await audienceOf(paper.id)).toMatchObject({ count: 2, received: 1 });
    expect(ok(await sendAll(paper.id)).total).toBe(1);
    await finished(paper.id);
    await until(async () => sink.mails.length === 3);
    expect(mailsTo(['lost@example.com', 'kept@example.com', 'kept-new@example.com'])).toEqual({
      'lost@example.com': 2,
      'kept@example.com': 1,
      'kept-new@example.com': 0,
    });
  });

  it('lets one of two sends at once through: each member gets one mail, counted once', async () => {
    const emails = ['twice-1@example.com', 'twice-2@example.com', 'twice-3@example.com'];
    for (const email of emails) await addReader(t, siteId, { email });
    const paper = await newEpaper(owner, '同時寄出');
    stopLater.push(t.startEpaperSender({ intervalMs: 50 }));
    const replies = await Promise.all([sendAll(paper.id), sendAll(paper.id)]);
    expect(replies.map((r) => r.code).sort()).toEqual([Code.OK, Code.EPAPER_SEND_ACTIVE].sort());
    await finished(paper.id);
    // Once that send is done, two more at once: nobody is new, so both are refused.
    const later = await Promise.all([sendAll(paper.id), sendAll(paper.id)]);
    expect(later.map((r) => r.code)).toEqual([Code.EPAPER_ALREADY_RECEIVED, Code.EPAPER_ALREADY_RECEIVED]);
    // One send was made (a done send has every mail in the sink), so no mail can come later.
    expect(await t.database.db.select().from(epaperSends)).toHaveLength(1);
    expect(mailsTo(emails)).toEqual(Object.fromEntries(emails.map((e) => [e, 1])));
    expect((await audienceOf(paper.id)).quota.used).toBe(3);
  });
});

describe('who may send', () => {
  it("refuses another site's e-paper, a role without post.edit, and a plan without the newsletter feature", async () => {
    const other = await register(t, 'other-owner@example.com', 'secret-pass-1', 'Other');
    const theirs = await newEpaper(other, '別人的');
    for (const path of ['epaper/progress', 'epaper/test_send', 'epaper/cancel']) {
      expect((await owner.call(path, { id: theirs.id })).code).toBe(Code.NOT_FOUND);
    }
    for (const extra of [{}, { resend_all: true }]) {
      const send = await owner.call('epaper/send', { id: theirs.id, audience: { kind: 'all' }, ...extra });
      expect(send.code).toBe(Code.NOT_FOUND);
    }
    const told = await owner.call('epaper/audience', { id: theirs.id, audience: { kind: 'all' } });
    expect(told.code).toBe(Code.NOT_FOUND);
    // Their own site's plan has no newsletter feature.
    const mine = await other.call('epaper/audience', { id: theirs.id, audience: { kind: 'all' } });
    expect(mine.code).toBe(Code.FORBIDDEN);
    // E-commerce staff on the demo site have no post.edit.
    const paper = await newEpaper(owner, '權限');
    const shop = await staffOf(t, siteId, 'shop@example.com', ROLE.ECOMMERCE);
    for (const extra of [{}, { resend_all: true }]) {
      const refused = await shop.call('epaper/send', { id: paper.id, audience: { kind: 'all' }, ...extra });
      expect(refused.code).toBe(Code.FORBIDDEN);
    }
    expect((await shop.call('epaper/audience', { id: paper.id, audience: { kind: 'all' } })).code).toBe(
      Code.FORBIDDEN,
    );
  });
});
