/**
 * Readers paying for a reader plan on the site's host (reader/subscription/*), through the sandbox gateway: the first
 * payment with 3-D Secure (the window comes back to the site's /subscribe), the signed notification (idempotent; a
 * forged one is 400), a declined card, one open payment per reader, renewals exactly once across two instances, a
 * failed renewal's grace (past_due) then lapse, and cancelling at the period's end.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ReaderPaymentReply, ReaderPlan, ReaderStatusReply } from '../../contract/subscription';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { renewDueReaders } from '../../server/jobs/readerRenewal';
import { readerPaymentEvents, readerPayments, readerSubscriptions } from '../../server/modules/tables';
import { answer3ds, tradeOf } from '../fixtures/billing';
import { addReader, DEMO_HOST, readerCall, readerCookie, sitePage } from '../fixtures/readers';
import { type Client, createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

const DAY = 86_400_000;
let t: TestApp;
let owner: Client;
let demoSiteId: number;
let plan: ReaderPlan;

const primeFor = (number: string = SANDBOX_CARDS.success) => {
  const answer = t.sandbox.createPrime({ number, expiry: '12/30', ccv: '123' });
  if ('error' in answer) throw new Error(answer.error);
  return answer.prime;
};

async function newReader(email: string) {
  const reader = await addReader(t, demoSiteId, { email, name: email.split('@')[0] });
  return { reader, cookie: await readerCookie(t, reader) };
}

const pay = (cookie: string, number?: string, planId = plan.id) =>
  readerCall(
    t,
    'reader/subscription/pay',
    { plan_id: planId, prime: primeFor(number), cardholder: { name: '王小明' } },
    { cookie },
  );

const subOf = async (readerId: number) =>
  (
    await t.database.db.select().from(readerSubscriptions).where(eq(readerSubscriptions.readerId, readerId))
  )[0];
const renewalsOf = (readerId: number) =>
  t.database.db
    .select()
    .from(readerPayments)
    .where(and(eq(readerPayments.readerId, readerId), isNotNull(readerPayments.purpose)));
const jobDeps = (app: TestApp) => ({
  db: app.database.db,
  now: () => t.clock.now,
  log: app.app.log,
  payment: t.sandbox,
});

/** A reader who has paid with `number` (3-D Secure confirmed, the notification delivered). */
async function paidReader(email: string, number?: string) {
  const r = await newReader(email);
  const reply = (await pay(r.cookie, number)).data as ReaderPaymentReply;
  await answer3ds(t, reply.redirect_url as string, true);
  const [n] = t.notifications.filter((x) => x.body.includes(reply.order_number));
  expect((await t.deliver(n)).status).toBe(200);
  expect((await subOf(r.reader.id)).status).toBe('active');
  return r;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  plan = ok(
    await owner.call<ReaderPlan>('subscription/save_plan', {
      id: 0,
      lang_id: 1,
      price: 150,
      status: 1,
      name: '月方案',
      freq: 1,
    }),
  );
  ok(await owner.call('site/publish', { publish: true }));
});
afterAll(async () => {
  await t?.close();
});

describe('the first payment', () => {
  it('lists the plans on sale to anyone on the site', async () => {
    const r = await readerCall(t, 'reader/subscription/plans', { lang_id: 1 });
    expect(r.code).toBe(1);
    expect((r.data as { rows: { id: number }[] }).rows.map((p) => p.id)).toEqual([plan.id]);
  });

  it('pays with 3-D Secure: back to the site’s /subscribe, settled once from the signed notification', async () => {
    const { reader, cookie } = await newReader('pays@example.com');
    const r = await pay(cookie);
    expect(r.code).toBe(1);
    const reply = r.data as ReaderPaymentReply;
    expect(reply.status).toBe('pending');
    expect(reply.order_number).toMatch(/^R\d+-/);
    expect(reply.redirect_url).toContain('/sandbox-gateway/3ds/');
    const back = await answer3ds(t, reply.redirect_url as string, true);
    const url = new URL(back);
    expect(url.host).toBe('demo.sites.localhost:8080');
    expect(url.pathname).toBe('/subscribe');
    expect(url.searchParams.get('order_number')).toBe(reply.order_number);
    // Not paid until the gateway is asked.
    expect(await subOf(reader.id)).toBeUndefined();
    const [n] = t.notifications.filter((x) => x.body.includes(reply.order_number));
    expect((await t.deliver(n)).status).toBe(200);
    expect((await t.deliver(n)).status).toBe(200);
    const events = await t.database.db.select().from(readerPaymentEvents);
    expect(events.filter((e) => e.eventId.includes(tradeOf(reply.redirect_url as string)))).toHaveLength(1);
    const sub = await subOf(reader.id);
    expect(sub).toMatchObject({
      status: 'active',
      planId: plan.id,
      renewAttempts: 0,
      cancelAtPeriodEnd: false,
    });
    expect(sub.card?.lastFour).toBe('4242');
    expect(sub.nextAttemptAt?.getTime()).toBe(sub.periodEnd?.getTime());
    const status = await readerCall(
      t,
      'reader/subscription/status',
      { order_number: reply.order_number },
      { cookie },
    );
    expect(status.data).toMatchObject({ status: 'active', paying: true, payment: { status: 'paid' } });
    // Paying already: a second payment is refused.
    expect((await pay(cookie)).code).toBe(Code.READER_ALREADY_PAYING);
  });

  it('refuses a forged notification and changes nothing', async () => {
    const { reader, cookie } = await newReader('forged@example.com');
    const reply = (await pay(cookie)).data as ReaderPaymentReply;
    const body = JSON.stringify({
      event_id: 'forged-1',
      rec_trade_id: tradeOf(reply.redirect_url as string),
      order_number: reply.order_number,
      amount: plan.price,
      status: 'paid',
    });
    const url = t.notifications[0]?.url ?? `${t.config.publicUrl}/payment-gateway/notify`;
    expect((await t.deliver({ url, body, headers: { 'x-sandbox-signature': 'ab'.repeat(32) } })).status).toBe(
      400,
    );
    expect((await t.deliver({ url, body, headers: {} })).status).toBe(400);
    expect(await subOf(reader.id)).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(readerPayments)
      .where(eq(readerPayments.orderNumber, reply.order_number));
    expect(row.status).toBe('pending');
    // One open payment per reader: a second attempt supersedes the one left waiting on 3-D Secure.
    const next = (await pay(cookie)).data as ReaderPaymentReply;
    const rows = await t.database.db
      .select()
      .from(readerPayments)
      .where(eq(readerPayments.readerId, reader.id));
    expect(rows.filter((r) => r.status === 'pending').map((r) => r.orderNumber)).toEqual([next.order_number]);
    expect(rows.find((r) => r.orderNumber === reply.order_number)?.status).toBe('expired');
  });

  it('records a declined card as failed, and a failed 3-D Secure too; the reader stays free', async () => {
    const { reader, cookie } = await newReader('declined@example.com');
    const r = await pay(cookie, SANDBOX_CARDS.declined);
    expect(r.code).toBe(1);
    expect((r.data as ReaderPaymentReply).status).toBe('failed');
    const again = (await pay(cookie)).data as ReaderPaymentReply;
    await answer3ds(t, again.redirect_url as string, false);
    const status = await readerCall(
      t,
      'reader/subscription/status',
      { order_number: again.order_number },
      { cookie },
    );
    expect(status.data).toMatchObject({ status: 'none', paying: false, payment: { status: 'failed' } });
    expect(await subOf(reader.id)).toBeUndefined();
  });

  it('needs a signed-in reader, a plan on sale, and one’s own order', async () => {
    expect(
      (
        await readerCall(t, 'reader/subscription/pay', {
          plan_id: plan.id,
          prime: primeFor(),
          cardholder: { name: 'x' },
        })
      ).status,
    ).toBe(401);
    const { cookie } = await newReader('nosale@example.com');
    ok(await owner.call('subscription/status', { id: plan.id, status: 0 }));
    try {
      expect((await pay(cookie)).code).toBe(Code.READER_PLAN_UNAVAILABLE);
    } finally {
      ok(await owner.call('subscription/status', { id: plan.id, status: 1 }));
    }
    expect((await pay(cookie, undefined, 999_999)).code).toBe(Code.READER_PLAN_UNAVAILABLE);
    const [someone] = await t.database.db.select().from(readerPayments).limit(1);
    const r = await readerCall(
      t,
      'reader/subscription/status',
      { order_number: someone.orderNumber },
      { cookie },
    );
    expect(r.status).toBe(404);
  });
});

describe('the /subscribe page', () => {
  it('offers the plans; a signed-in reader gets the card form, whose prime the site’s own host gives', async () => {
    const anonymous = await sitePage(t, '/subscribe');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain(plan.name);
    expect(anonymous.body).toContain('/signin"');
    expect(anonymous.body).not.toContain('name="number"');
    const { cookie } = await newReader('form@example.com');
    const page = await sitePage(t, '/subscribe', { cookie });
    expect(page.body).toContain('name="number"');
    expect(page.body).toContain('data-prime="/sandbox-gateway/prime"');
    expect(page.body).toContain('data-pay="/api/reader/subscription/pay"');
    expect(page.body).toMatch(/<script src="[^"]*subscribe\.js"/);
    const prime = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/prime',
      headers: { host: DEMO_HOST, origin: `http://${DEMO_HOST}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ number: SANDBOX_CARDS.success, expiry: '12/30', ccv: '123' }),
    });
    expect(prime.statusCode).toBe(200);
    expect(prime.json().prime).toBeTruthy();
    // Another origin may not ask for one on the site's host.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/prime',
      headers: { host: DEMO_HOST, origin: 'http://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ number: SANDBOX_CARDS.success, expiry: '12/30', ccv: '123' }),
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('renewals', () => {
  it('two instances renew a subscription exactly once, from the old period’s end', async () => {
    const { reader } = await paidReader('renews@example.com');
    const before = await subOf(reader.id);
    const oldEnd = before.periodEnd as Date;
    const second = await createTestApp({ shareWith: t });
    try {
      t.clock.advance(oldEnd.getTime() - t.clock.now + 1000);
      await Promise.all([
        renewDueReaders(jobDeps(t)),
        renewDueReaders(jobDeps(second)),
        renewDueReaders(jobDeps(t)),
      ]);
      await Promise.all([renewDueReaders(jobDeps(t)), renewDueReaders(jobDeps(second))]);
    } finally {
      await second.close();
    }
    const paid = await renewalsOf(reader.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'paid', kind: 'renewal', amount: plan.price });
    const after = await subOf(reader.id);
    expect(after.status).toBe('active');
    expect(after.periodStart?.getTime()).toBe(oldEnd.getTime());
    expect(after.periodEnd?.getTime()).toBeGreaterThan(oldEnd.getTime() + 27 * DAY);
  });

  it('a failed renewal leaves the reader past_due (still reading), retried, then lapsed', async () => {
    const { reader } = await paidReader('fails@example.com', SANDBOX_CARDS.tokenDeclined);
    // Sessions end as the clock moves on by weeks: a fresh one each time.
    const cookie = () => readerCookie(t, reader);
    const end = (await subOf(reader.id)).periodEnd as Date;
    const outcomes: string[] = [];
    for (const day of [0, 1, 3, 7]) {
      t.clock.advance(end.getTime() + day * DAY + 1000 - t.clock.now);
      const results = await renewDueReaders(jobDeps(t));
      outcomes.push(...results.filter((r) => r.readerId === reader.id).map((r) => r.outcome));
      if (day < 7) {
        const status = await readerCall(t, 'reader/subscription/status', {}, { cookie: await cookie() });
        expect(status.data).toMatchObject({ status: 'past_due', paying: true });
      }
    }
    expect(outcomes).toEqual(['past_due', 'past_due', 'past_due', 'lapsed']);
    expect(await subOf(reader.id)).toMatchObject({ status: 'lapsed', nextAttemptAt: null, renewAttempts: 4 });
    expect((await renewalsOf(reader.id)).map((p) => p.status)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    const status = await readerCall(t, 'reader/subscription/status', {}, { cookie: await cookie() });
    expect(status.data).toMatchObject({ status: 'lapsed', paying: false });
  });

  it('cancel stops renewing: paid to the period’s end, then cancelled without a charge', async () => {
    const { reader, cookie } = await paidReader('cancels@example.com');
    const r = await readerCall(t, 'reader/subscription/cancel', {}, { cookie });
    expect(r.data as ReaderStatusReply).toMatchObject({
      status: 'active',
      paying: true,
      cancel_at_period_end: true,
    });
    const end = (await subOf(reader.id)).periodEnd as Date;
    t.clock.advance(end.getTime() + 1000 - t.clock.now);
    await renewDueReaders(jobDeps(t));
    expect(await subOf(reader.id)).toMatchObject({ status: 'cancelled' });
    expect(await renewalsOf(reader.id)).toEqual([]);
    expect((await readerCall(t, 'reader/subscription/cancel', {}, { cookie })).code).toBe(
      Code.READER_NO_SUBSCRIPTION,
    );
  });
});
