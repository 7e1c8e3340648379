/**
 * Outgoing mail goes through the outbox (mail_outbox, server/jobs/mail.ts): a call queues its mail and answers, the
 * mail job sends it. So `member/forgot` answers an existing and an unknown account alike, without waiting for the
 * mail server, nor for the reset token and the mail, made after the reply; and the job sends at once, retries with
 * backoff, never sends a mail twice from two instances and holds no transaction while the mail server takes its time.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../server/adapters/mail';
import { mailQueue } from '../../server/adapters/outbox';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, mailRetryDelayMs, outboxMessageId } from '../../server/jobs/mail';
import { hashPassword } from '../../server/modules/auth/passwords';
import { mailOutbox, users } from '../../server/modules/tables';
import { createTestApp, OWNER, type TestApp } from '../fixtures/testApp';

describe('member/forgot', () => {
  /** A mail server that takes the message and never answers. */
  const stuck: Mail[] = [];
  let mailerCalled: () => void;
  const called = new Promise<'mailer'>((resolve) => {
    mailerCalled = () => resolve('mailer');
  });
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({
      mailer: {
        send: (m) => {
          stuck.push(m);
          mailerCalled();
          return new Promise(() => {});
        },
      },
    });
    await s.database.db
      .insert(users)
      .values({ email: 'known@example.com', passwordHash: await hashPassword('known-pass-1') });
  });
  afterAll(async () => {
    await s.close();
  });

  const forgot = async (account: string) => {
    const c = s.client();
    const { status, code, msg, data } = await c.call('member/forgot', { account, token: await c.captcha() });
    return { status, code, msg, data };
  };

  it('answers an existing and an unknown account alike, before the mail server is even asked', async () => {
    const known = forgot('known@example.com');
    // Waiting for the mail server here would answer an existing account later than an unknown one.
    expect(await Promise.race([known.then(() => 'reply' as const), called])).toBe('reply');
    expect(stuck).toEqual([]);
    const unknown = await forgot('ghost@example.com');
    expect(await known).toEqual(unknown);
    expect(unknown).toEqual({ status: 200, code: 1, msg: expect.any(String), data: null });
  });
});

describe('member/forgot, its mail held up', () => {
  /** The app's outbox waits for the test before queuing: the reset mail is held while the test looks. */
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const events: string[] = [];
  let reached!: () => void;
  const enqueued = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({
      outbox: (queue) => ({
        enqueue: async (m) => {
          events.push('enqueue');
          reached();
          await gate;
          await queue.enqueue(m);
        },
      }),
    });
    await s.database.db
      .insert(users)
      .values({ email: 'held@example.com', passwordHash: await hashPassword('held-pass-1') });
  });
  afterAll(async () => {
    release();
    await s.close();
  });

  it('answers an existing account before its token and mail are made; they follow, and the link works', async () => {
    const c = s.client();
    const reply = c
      .call('member/forgot', { account: 'held@example.com', token: await c.captcha() })
      .then((r) => {
        events.push('reply');
        return r;
      });
    // The outbox is reached (and holds the mail) only after the answer: it did not wait for the token or the mail.
    await enqueued;
    try {
      expect(events).toEqual(['reply', 'enqueue']);
      expect(await reply).toMatchObject({ status: 200, code: 1, data: null });
      expect(await s.database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      release();
    }
    const link = (await s.flushMail()).at(-1)?.text.match(/\/auth\/reset\?v=(\S+)/);
    expect(link).toBeTruthy();
    const reset = await c.call('member/reset', {
      password: 'held-pass-2',
      reset_token: decodeURIComponent(link?.[1] ?? ''),
      token: await c.captcha(),
    });
    expect(reset.code).toBe(1);
    expect((await s.client().login('held@example.com', 'held-pass-2')).code).toBe(1);
  });
});

describe('the mail job', () => {
  /** What the mail server does with each mail; a test swaps it. */
  let server: (m: Mail) => Promise<void>;
  const received: Mail[] = [];
  const accept = async (m: Mail) => void received.push(m);
  let t: TestApp;
  let second: TestApp;
  let queue: ReturnType<typeof mailQueue>;
  beforeAll(async () => {
    t = await createTestApp({ mailer: { send: (m) => server(m) } });
    second = await createTestApp({ shareWith: t, mailer: { send: (m) => server(m) } });
    queue = mailQueue(t.database.db, () => t.clock.now);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  beforeEach(() => {
    server = accept;
    received.length = 0;
  });
  const outbox = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
  const mail = (to: string): Mail => ({ to, subject: `to ${to}`, text: 'hello' });
  /** The mail server holds the next mail until `release()`; `inServer` resolves once it has it. */
  const holdNextMail = () => {
    let arrived = () => {};
    let done = () => {};
    const inServer = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server = (m) =>
      new Promise<void>((resolve) => {
        arrived();
        done = () => {
          received.push(m);
          resolve();
        };
      });
    return { inServer, release: () => done() };
  };

  it('sends a mail as soon as it is queued, then forgets it', async () => {
    // Polling once an hour: only the queue's wake-up can send it now.
    const job = t.startMailJob({ intervalMs: 3_600_000 });
    const sent = new Promise<Mail>((resolve) => {
      server = async (m) => resolve(m);
    });
    await t.database.db
      .insert(users)
      .values({ email: 'woken@example.com', passwordHash: await hashPassword('woken-pass-1') });
    const c = t.client();
    expect(
      (await c.call('member/forgot', { account: 'woken@example.com', token: await c.captcha() })).code,
    ).toBe(1);
    expect(await sent).toMatchObject({
      to: 'woken@example.com',
      text: expect.stringContaining('/auth/reset?v='),
    });
    await job.stop();
    // Not kept once sent: the table would otherwise hold every reset link.
    expect(await outbox()).toEqual([]);
  });

  it('tries a failed mail again later, waiting longer each time, and gives up in the end', async () => {
    server = async () => {
      throw new Error('421 try again later');
    };
    await queue.enqueue(mail('flaky@example.com'));
    await t.flushMail();
    const [first] = await outbox();
    expect(first).toMatchObject({ attempts: 1, lastError: 'Error: 421 try again later' });
    expect(first.nextAt.getTime()).toBe(t.clock.now + mailRetryDelayMs(1));
    // Not due before its time.
    t.clock.advance(mailRetryDelayMs(1) - 1000);
    await t.flushMail();
    expect((await outbox())[0].attempts).toBe(1);
    t.clock.advance(1000);
    await t.flushMail();
    const [again] = await outbox();
    expect(again.attempts).toBe(2);
    expect(again.nextAt.getTime()).toBe(t.clock.now + mailRetryDelayMs(2));
    expect(mailRetryDelayMs(2)).toBe(2 * mailRetryDelayMs(1));

    // The server comes back: the next try sends it.
    server = accept;
    t.clock.advance(mailRetryDelayMs(2));
    await t.flushMail();
    expect(received.map((m) => m.to)).toEqual(['flaky@example.com']);
    expect(await outbox()).toEqual([]);

    // A mail that never goes through is dropped after MAIL_MAX_ATTEMPTS tries.
    server = async () => {
      throw new Error('550 no such user');
    };
    await queue.enqueue(mail('never@example.com'));
    for (let i = 1; i <= MAIL_MAX_ATTEMPTS; i++) {
      expect((await outbox()).map((r) => r.attempts)).toEqual([i - 1]);
      await t.flushMail();
      t.clock.advance(mailRetryDelayMs(i));
    }
    expect(await outbox()).toEqual([]);
  });

  it('sends each mail once, with two instances sending at the same time', async () => {
    const many = Array.from({ length: 35 }, (_, i) => `many-${i}@example.com`);
    for (const to of many) await queue.enqueue(mail(to));
    await Promise.all([t.flushMail(), second.flushMail(), t.flushMail(), second.flushMail()]);
    expect(received.map((m) => m.to).sort()).toEqual([...many].sort());
    expect(await outbox()).toEqual([]);
  });

  it('holds no transaction while the mail server is slow: other calls go on meanwhile', async () => {
    const { inServer, release } = holdNextMail();
    await queue.enqueue(mail('slow@example.com'));
    const flushed = t.flushMail();
    await inServer;
    // On PGlite every request shares one connection: a transaction open here would hold these forever.
    await queue.enqueue(mail('meanwhile@example.com'));
    expect((await t.client().login(OWNER.email, OWNER.password)).code).toBe(1);
    server = accept;
    release();
    await flushed;
    expect(received.map((m) => m.to)).toEqual(['slow@example.com', 'meanwhile@example.com']);
  });

  it("keeps a send slower than the lease its own, and sends a dead sender's mail once the lease is over", async () => {
    const { inServer, release } = holdNextMail();
    await queue.enqueue(mail('slow-lease@example.com'));
    const flushed = t.flushMail();
    await inServer;
    const claimedAt = t.clock.now;
    // Ten seconds into the send, its sender renews the lease (every third of it, on the timer).
    t.clock.advance(10_000);
    await vi.waitUntil(async () => (await outbox())[0].nextAt.getTime() === t.clock.now + MAIL_LEASE_MS, {
      timeout: MAIL_LEASE_MS,
      interval: 100,
    });
    // Past the first lease, another instance still leaves it alone: it is not sent twice.
    t.clock.advance(10_000);
    expect(t.clock.now).toBeGreaterThan(claimedAt + MAIL_LEASE_MS);
    server = accept;
    await second.flushMail();
    expect(received).toEqual([]);
    release();
    await flushed;
    expect(received.map((m) => m.to)).toEqual(['slow-lease@example.com']);
    expect(await outbox()).toEqual([]);

    // A row as an instance that died mid-send leaves it: claimed (attempts 1), its lease never renewed.
    await t.database.db
      .insert(mailOutbox)
      .values({ ...mail('orphan@example.com'), attempts: 1, nextAt: new Date(t.clock.now + MAIL_LEASE_MS) });
    t.clock.advance(MAIL_LEASE_MS - 1);
    await second.flushMail();
    expect(received.map((m) => m.to)).toEqual(['slow-lease@example.com']);
    const [orphan] = await outbox();
    t.clock.advance(1);
    await second.flushMail();
    expect(received.map((m) => m.to)).toEqual(['slow-lease@example.com', 'orphan@example.com']);
    // Sent again with the Message-ID its first send had (the row's own), so receivers may show it once.
    expect(received[1].messageId).toBe(outboxMessageId(orphan));
    expect(received[0].messageId).not.toBe(received[1].messageId);
    expect(await outbox()).toEqual([]);
  });
});
