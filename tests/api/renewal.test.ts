/**
 * Renewals (server/jobs/renewal.ts) through HTTP on the test clock: sites paid through the wizard with the sandbox
 * gateway are charged by card token when their period ends — exactly once with two instances on one database (also
 * PostgreSQL, TEST_DATABASE_URL), and after a restart that missed the moment; a failed charge puts the site past_due
 * (features stay, owner mailed) and is retried after 1, 3 and 7 days, then the plan lapses (features close, data
 * kept) until plan/choose pays again; a waiting downgrade is charged and applied; an unsubscribed plan ends unpaid;
 * a charge whose answer is lost is found by its order number (or failed when the gateway never had it) and never
 * made twice.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentReply, RETRY_AFTER_DAYS, type SubscriptionReply } from '../../contract/billing';
import type { SaveReply } from '../../contract/content';
import type { Session } from '../../contract/session';
import { PaymentGatewayError, type TokenCharge } from '../../server/adapters/payment/gateway';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { RENEWAL_LEASE_MS, type RenewalResult } from '../../server/jobs/renewal';
import { nextPeriodEnd, periodEnd } from '../../server/modules/plans/payments';
import { paymentCards, payments, siteSubscriptions, sites } from '../../server/modules/tables';
import { answer3ds, payerFor, subscriptionOf } from '../fixtures/billing';
import { type Client, createTestApp, ok, register, type TestApp } from '../fixtures/testApp';

const PASSWORD = 'secret-pass-1';
const DAY = 86_400_000;

let t: TestApp;
/** Order numbers of every card-token charge the gateway received, repeats included. */
const charges: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The buyer confirms on the sandbox's 3-D Secure page; then the window's site/payment says paid. */
async function confirm3ds(c: Client, reply: PaymentReply) {
  await answer3ds(t, reply.redirect_url as string, true);
  expect(ok(await c.call<PaymentReply>('site/payment', { order_number: reply.order_number })).status).toBe(
    'paid',
  );
}

/** A new site through the wizard, paid with `card` for `plan`; the client works on it afterwards. */
async function buySite(c: Client, slug: string, card?: string, plan = 3): Promise<number> {
  const r = ok(
    await c.call<PaymentReply>('site/init', { slug, site_name: `Site ${slug}`, plan, ...payerFor(t, card) }),
  );
  await confirm3ds(c, r);
  ok(await c.call('site/switch', { id: r.site }));
  return r.site;
}

/** The owner signed in again (sessions idle out over the days the clock jumps), working on `siteId`. */
async function signIn(email: string, siteId: number): Promise<Client> {
  const c = t.client();
  ok(await c.login(email, PASSWORD));
  ok(await c.call('site/switch', { id: siteId }));
  return c;
}

const renewalsOf = (siteId: number) =>
  t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.siteId, siteId), eq(payments.kind, 'renewal')))
    .orderBy(payments.id);
async function serviceOf(siteId: number) {
  const [row] = await t.database.db
    .select({ serviceId: sites.serviceId })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row.serviceId;
}
/** Token charges of the site's renewal payments, a repeat of one counted again. */
async function chargesOf(siteId: number): Promise<number> {
  const orders = new Set((await renewalsOf(siteId)).map((p) => p.orderNumber));
  return charges.filter((o) => orders.has(o)).length;
}
const end = async (siteId: number) => (await subscriptionOf(t, siteId)).periodEnd as Date;
/** Where the period after the site's current one ends (its day of the month is the first period's). */
async function nextEnd(siteId: number) {
  const sub = await subscriptionOf(t, siteId);
  return nextPeriodEnd(sub.periodStart, sub.periodEnd as Date);
}
const clockTo = (ms: number) => t.clock.advance(ms - t.clock.now);
const outcomeFor = (results: RenewalResult[], siteId: number) =>
  results.filter((r) => r.siteId === siteId).map((r) => r.outcome);

/** Waits for `check` to hold, polling. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(20);
  }
}

/** The plan mails sent to `email` (not the codes of its registration). */
const mailsTo = async (email: string) =>
  (await t.flushMail()).filter((m) => m.to === email && m.subject.includes('方案'));

/**
 * Holds the site's first card-token charge until released: `before` it reaches the sandbox (no record of it yet), or
 * `after` (the money taken, the answer late). The test puts the sandbox's own payByToken back.
 */
function holdCharge(siteId: number, when: 'before' | 'after') {
  const payByToken = t.sandbox.payByToken;
  const held = { reached: false, release: () => {} };
  const released = new Promise<void>((resolve) => {
    held.release = resolve;
  });
  t.sandbox.payByToken = async (charge) => {
    const first = charge.orderNumber.startsWith(`S${siteId}-`) && !held.reached;
    if (first) held.reached = true;
    if (first && when === 'before') await released;
    const result = await payByToken(charge);
    if (first && when === 'after') await released;
    return result;
  };
  return held;
}

/** A renewal job whose first pass is over (its next is an hour away): the test runs the passes. */
async function renewalJob() {
  const job = t.startRenewals({ intervalMs: 3_600_000 });
  await job.pass();
  return job;
}

beforeAll(async () => {
  t = await createTestApp();
  const payByToken = t.sandbox.payByToken;
  t.sandbox.payByToken = (charge: TokenCharge) => {
    charges.push(charge.orderNumber);
    return payByToken(charge);
  };
});
afterAll(async () => {
  await t?.close();
});

describe('the period’s day of the month', () => {
  it('renewals keep the first period’s day: 31 Jan → 28/29 Feb → 31 Mar → 30 Apr → 31 May', async () => {
    const owner = await register(t, 'anchor@example.com', PASSWORD, 'Anchor');
    const id = await buySite(owner, 'renew-anchor');
    // The first period was paid on a 31 January (later than now: the test's clock then goes there).
    const year = new Date(t.clock.now).getUTCFullYear() + 1;
    const start = new Date(Date.UTC(year, 0, 31, 8));
    await t.database.db
      .update(siteSubscriptions)
      .set({ periodStart: start, periodEnd: periodEnd(start), nextAttemptAt: periodEnd(start) })
      .where(eq(siteSubscriptions.siteId, id));
    const job = await renewalJob();
    const ends = [await end(id)];
    try {
      for (let i = 0; i < 3; i++) {
        clockTo(ends[i].getTime());
        expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
        expect(await subscriptionOf(t, id)).toMatchObject({ status: 'active', periodStart: ends[i] });
        ends.push(await end(id));
      }
    } finally {
      await job.stop();
    }
    const february = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    expect(ends.map((d) => [d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours()])).toEqual([
      [2, february, 8],
      [3, 31, 8],
      [4, 30, 8],
      [5, 31, 8],
    ]);
    expect(await chargesOf(id)).toBe(3);
    // Out of the way of the other cases' passes.
    await t.database.db
      .update(siteSubscriptions)
      .set({ status: 'cancelled', nextAttemptAt: null })
      .where(eq(siteSubscriptions.siteId, id));
  });
});

describe('at the period’s end', () => {
  it('two instances renew each site exactly once, from the old period’s end, at the same price', async () => {
    const owner = await register(t, 'twice@example.com', PASSWORD, 'Twice');
    const ids: number[] = [];
    for (const slug of ['renew-a', 'renew-b', 'renew-c']) ids.push(await buySite(owner, slug));
    const oldEnd = await end(ids[0]);
    const newEnd = await nextEnd(ids[0]);
    // Paid: the next charge is due when the period ends.
    expect(await subscriptionOf(t, ids[0])).toMatchObject({ nextAttemptAt: oldEnd, renewAttempts: 0 });

    const second = await createTestApp({ shareWith: t });
    try {
      const told: RenewalResult[] = [];
      const onRenewed = (r: RenewalResult[]) => told.push(...r);
      // Short intervals, so that both keep reaching for the same rows; before the end, nothing is due.
      clockTo(oldEnd.getTime() - 1000);
      const first = t.startRenewals({ intervalMs: 10, onRenewed });
      const other = second.startRenewals({ intervalMs: 10, onRenewed, gateway: t.sandbox });
      await first.pass();
      await other.pass();
      for (const id of ids) expect(await renewalsOf(id)).toEqual([]);

      clockTo(oldEnd.getTime());
      await until(
        async () =>
          (await Promise.all(ids.map((id) => subscriptionOf(t, id)))).every(
            (s) => s.periodStart?.getTime() === oldEnd.getTime(),
          ),
        'all three renewed',
      );
      // A few more passes of each, which must find nothing.
      await first.pass();
      await other.pass();
      await first.stop();

      for (const id of ids) {
        const paid = await renewalsOf(id);
        expect(paid).toHaveLength(1);
        expect(paid[0]).toMatchObject({
          status: 'paid',
          amount: 799,
          planId: 3,
          purpose: `renewal:${oldEnd.toISOString()}:0`,
          invoice: { mode: 'donation' },
        });
        expect(await chargesOf(id)).toBe(1);
        // Its e-invoice is asked for once, by whichever instance recorded it paid.
        const issued = [...t.invoices, ...second.invoices].filter(
          (i) => i.orderNumber === paid[0].orderNumber,
        );
        expect(issued).toHaveLength(1);
        expect(await subscriptionOf(t, id)).toMatchObject({
          status: 'active',
          planId: 3,
          periodStart: oldEnd,
          periodEnd: newEnd,
          nextAttemptAt: newEnd,
          renewAttempts: 0,
        });
        expect(await serviceOf(id)).toBe(3);
      }
      expect(told.filter((r) => ids.includes(r.siteId)).map((r) => r.outcome)).toEqual([
        'renewed',
        'renewed',
        'renewed',
      ]);
      // Nobody is mailed for a renewal that went through.
      expect(await mailsTo('twice@example.com')).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('a charge slower than the claim’s lease: the other instance takes the site again, finds the charge by its order number and renews it; nothing is charged twice', async () => {
    const owner = await register(t, 'slow@example.com', PASSWORD, 'Slow');
    const id = await buySite(owner, 'renew-slow');
    const oldEnd = await end(id);
    const second = await createTestApp({ shareWith: t });
    const payByToken = t.sandbox.payByToken;
    try {
      const first = await renewalJob();
      const other = second.startRenewals({ intervalMs: 3_600_000, gateway: t.sandbox });
      await other.pass();
      // The bank takes the money at once; its answer reaches the first instance only when released.
      const held = holdCharge(id, 'after');
      clockTo(oldEnd.getTime());
      const slow = first.pass();
      await until(async () => held.reached, 'the first instance charging');
      clockTo(oldEnd.getTime() + RENEWAL_LEASE_MS);
      // The lease is over: the other instance claims the site, finds this attempt's payment without a trade id,
      // and the gateway's record of its order number: paid.
      expect(outcomeFor(await other.pass(), id)).toEqual(['renewed']);
      held.release();
      // The first instance's answer comes too late to do anything.
      expect(outcomeFor(await slow, id)).toEqual(['skipped']);
      expect(await chargesOf(id)).toBe(1);
      const [paid] = await renewalsOf(id);
      expect(paid).toMatchObject({ status: 'paid', recTradeId: expect.any(String) });
      expect(await t.sandbox.queryByOrder(paid.orderNumber)).toMatchObject({
        tradeId: paid.recTradeId,
        status: 'paid',
      });
      expect(
        [...t.invoices, ...second.invoices].filter((i) => i.orderNumber === paid.orderNumber),
      ).toHaveLength(1);
      expect(await subscriptionOf(t, id)).toMatchObject({ status: 'active', periodStart: oldEnd });
      await first.stop();
    } finally {
      t.sandbox.payByToken = payByToken;
      await second.close();
    }
  });

  it('a charge that reaches the gateway only after the lease: the attempt is failed meanwhile, the late money given back, the retry renews', async () => {
    const owner = await register(t, 'later-still@example.com', PASSWORD, 'Later still');
    const id = await buySite(owner, 'renew-late-bank');
    const oldEnd = await end(id);
    const second = await createTestApp({ shareWith: t });
    const payByToken = t.sandbox.payByToken;
    try {
      const first = await renewalJob();
      const other = second.startRenewals({ intervalMs: 3_600_000, gateway: t.sandbox });
      await other.pass();
      // The first attempt's request is held on its way to the bank: no record of it yet.
      const held = holdCharge(id, 'before');
      clockTo(oldEnd.getTime());
      const slow = first.pass();
      await until(async () => held.reached, 'the first instance charging');
      clockTo(oldEnd.getTime() + RENEWAL_LEASE_MS);
      expect(outcomeFor(await other.pass(), id)).toEqual(['past_due']);
      held.release();
      expect(outcomeFor(await slow, id)).toEqual(['skipped']);
      const [late] = await renewalsOf(id);
      expect(late).toMatchObject({ status: 'refunded', recTradeId: expect.any(String) });
      expect(await t.sandbox.query(late.recTradeId as string)).toMatchObject({
        status: 'refunded',
        refunded: 799,
      });
      expect(await subscriptionOf(t, id)).toMatchObject({ status: 'past_due', renewAttempts: 1 });

      clockTo(oldEnd.getTime() + DAY);
      expect(outcomeFor(await first.pass(), id)).toEqual(['renewed']);
      await first.stop();
      const tried = await renewalsOf(id);
      expect(tried.map((p) => p.status)).toEqual(['refunded', 'paid']);
      expect(await chargesOf(id)).toBe(2);
      expect(await subscriptionOf(t, id)).toMatchObject({ status: 'active', periodStart: oldEnd });
    } finally {
      t.sandbox.payByToken = payByToken;
      await second.close();
    }
  });

  it('an instance started after the moment (a restart) renews what it missed, once', async () => {
    const owner = await register(t, 'restart@example.com', PASSWORD, 'Restart');
    const id = await buySite(owner, 'renew-restart', undefined, 2);
    const oldEnd = await end(id);
    const newEnd = await nextEnd(id);
    // Down over the moment: an hour later a new instance starts, with its next pass an hour away.
    clockTo(oldEnd.getTime() + 3_600_000);
    const restarted = await createTestApp({ shareWith: t });
    try {
      restarted.startRenewals({ intervalMs: 3_600_000, gateway: t.sandbox });
      await until(
        async () => (await subscriptionOf(t, id)).periodStart?.getTime() === oldEnd.getTime(),
        'renewed',
      );
      expect(await renewalsOf(id)).toMatchObject([{ status: 'paid', amount: 299 }]);
      expect(await chargesOf(id)).toBe(1);
      // The new period runs from the old end, not from the late pass.
      expect((await subscriptionOf(t, id)).periodEnd).toEqual(newEnd);
    } finally {
      await restarted.close();
    }
  });
});

describe('a failed charge', () => {
  it('past_due with features kept and the owner mailed, retried after 1, 3 and 7 days, then the plan lapses; data kept; plan/choose pays again', async () => {
    expect(RETRY_AFTER_DAYS).toEqual([1, 3, 7]);
    const email = 'declined@example.com';
    let owner = await register(t, email, PASSWORD, 'Declined');
    // This card pays in the window (3-D Secure) but its token charges are declined.
    const id = await buySite(owner, 'renew-fail', SANDBOX_CARDS.tokenDeclined);
    const article = ok(
      await owner.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '留下來的文章',
        content: { blocks: [{ type: 'paragraph', data: { text: '資料要留著' } }] },
        version: 0,
      }),
    );
    expect(ok(await owner.call<{ rows: unknown[] }>('site/staff', {})).rows.length).toBeGreaterThan(0);
    const oldEnd = await end(id);
    const job = await renewalJob();

    const attempts: [number, string][] = [
      [0, 'past_due'],
      [1, 'past_due'],
      [3, 'past_due'],
      [7, 'lapsed'],
    ];
    for (const [i, [days, outcome]] of attempts.entries()) {
      const at = oldEnd.getTime() + days * DAY;
      // A moment before its time a retry is not made.
      clockTo(at - 1000);
      expect(outcomeFor(await job.pass(), id)).toEqual([]);
      clockTo(at);
      expect(outcomeFor(await job.pass(), id)).toEqual([outcome]);
      const tried = await renewalsOf(id);
      expect(tried).toHaveLength(i + 1);
      expect(tried[i]).toMatchObject({
        status: 'failed',
        amount: 799,
        purpose: `renewal:${oldEnd.toISOString()}:${i}`,
      });
      const next = RETRY_AFTER_DAYS[i];
      expect(await subscriptionOf(t, id)).toMatchObject({
        status: outcome,
        renewAttempts: i + 1,
        periodEnd: oldEnd,
        nextAttemptAt: next === undefined ? null : new Date(oldEnd.getTime() + next * DAY),
      });
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(i + 1);
      if (outcome === 'past_due') {
        // Grace: the plan's features stay.
        expect(await serviceOf(id)).toBe(3);
        expect(mails[i].subject).toBe('「Site renew-fail」的方案續約扣款失敗');
        expect(mails[i].text).toContain('0341');
        expect(mails[i].text).toContain('NT$799');
      } else {
        expect(mails[i].subject).toBe('「Site renew-fail」的方案已停止');
        expect(mails[i].text).toContain('4 次');
        expect(mails[i].text).toContain('/plan');
      }
    }
    expect(await chargesOf(id)).toBe(4);
    // Lapsed: no more tries.
    clockTo(oldEnd.getTime() + 30 * DAY);
    expect(outcomeFor(await job.pass(), id)).toEqual([]);

    // The features are closed, the site and its data are not.
    expect(await serviceOf(id)).toBeNull();
    owner = await signIn(email, id);
    const session = ok(await owner.call<Session>('member/status'));
    expect(session.site.current).toMatchObject({ id, service: null, features: [] });
    expect((await owner.call('site/staff', {})).status).toBe(403);
    expect(ok(await owner.call<{ title: string }>('press/get?t=1', { id: article.id })).title).toBe(
      '留下來的文章',
    );
    expect(ok(await owner.call<SubscriptionReply>('plan/current', {}))).toMatchObject({
      plan: 3,
      status: 'lapsed',
    });

    // Paying again with another card restores the plan, for a period from now, renewed at its end; a site its
    // owner took offline stays offline (only a site's first paid plan publishes it).
    await t.database.db.update(sites).set({ published: false }).where(eq(sites.id, id));
    const again = ok(await owner.call<PaymentReply>('plan/choose', { plan: 2, ...payerFor(t) }));
    await confirm3ds(owner, again);
    const now = t.clock.now;
    expect(await subscriptionOf(t, id)).toMatchObject({
      status: 'active',
      planId: 2,
      periodStart: new Date(now),
      periodEnd: periodEnd(new Date(now)),
      nextAttemptAt: periodEnd(new Date(now)),
      renewAttempts: 0,
    });
    expect(await serviceOf(id)).toBe(2);
    expect((await t.database.db.select().from(sites).where(eq(sites.id, id)))[0].published).toBe(false);
    expect(ok(await owner.call<Session>('member/status')).site.current?.features).toContain('team');
    const [card] = await t.database.db.select().from(paymentCards).where(eq(paymentCards.siteId, id));
    expect(card.lastFour).toBe('4242');
    clockTo(periodEnd(new Date(now)).getTime());
    expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
    await job.stop();
  });

  it('a card that fails once pays on the first retry: the period still runs from the old end', async () => {
    const owner = await register(t, 'retry@example.com', PASSWORD, 'Retry');
    const id = await buySite(owner, 'renew-retry');
    const [card] = await t.database.db.select().from(paymentCards).where(eq(paymentCards.siteId, id));
    t.sandbox.failTokens(card.cardKey);
    const oldEnd = await end(id);
    const newEnd = await nextEnd(id);
    const job = await renewalJob();
    clockTo(oldEnd.getTime());
    expect(outcomeFor(await job.pass(), id)).toEqual(['past_due']);
    t.sandbox.failTokens(card.cardKey, false);
    clockTo(oldEnd.getTime() + DAY);
    expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
    await job.stop();
    expect((await renewalsOf(id)).map((p) => [p.status, p.purpose])).toEqual([
      ['failed', `renewal:${oldEnd.toISOString()}:0`],
      ['paid', `renewal:${oldEnd.toISOString()}:1`],
    ]);
    expect(await subscriptionOf(t, id)).toMatchObject({
      status: 'active',
      periodStart: oldEnd,
      periodEnd: newEnd,
      renewAttempts: 0,
    });
    expect(await mailsTo('retry@example.com')).toHaveLength(1);
  });
});

describe('what the period’s end applies', () => {
  it('a waiting downgrade is charged at the new plan’s price and applied', async () => {
    const owner = await register(t, 'downgrade@example.com', PASSWORD, 'Downgrade');
    const id = await buySite(owner, 'renew-down', undefined, 4);
    await t.database.db
      .update(siteSubscriptions)
      .set({ nextPlanId: 2 })
      .where(eq(siteSubscriptions.siteId, id));
    const oldEnd = await end(id);
    const job = await renewalJob();
    clockTo(oldEnd.getTime());
    expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
    await job.stop();
    expect(await renewalsOf(id)).toMatchObject([{ status: 'paid', planId: 2, amount: 299 }]);
    expect(await subscriptionOf(t, id)).toMatchObject({ status: 'active', planId: 2, nextPlanId: null });
    expect(await serviceOf(id)).toBe(2);
    const session = ok(await (await signIn('downgrade@example.com', id)).call<Session>('member/status'));
    expect(session.site.current?.service?.id).toBe(2);
  });

  it('an unsubscribed plan ends at its period’s end with no charge', async () => {
    const owner = await register(t, 'leaving@example.com', PASSWORD, 'Leaving');
    const id = await buySite(owner, 'renew-cancel');
    ok(await owner.call('plan/unsubscribe', { force: true }));
    const oldEnd = await end(id);
    const job = await renewalJob();
    clockTo(oldEnd.getTime() - 1000);
    expect(outcomeFor(await job.pass(), id)).toEqual([]);
    clockTo(oldEnd.getTime());
    expect(outcomeFor(await job.pass(), id)).toEqual(['cancelled']);
    clockTo(oldEnd.getTime() + 10 * DAY);
    expect(outcomeFor(await job.pass(), id)).toEqual([]);
    await job.stop();
    expect(await renewalsOf(id)).toEqual([]);
    expect(await subscriptionOf(t, id)).toMatchObject({ status: 'cancelled', nextAttemptAt: null });
    expect(await serviceOf(id)).toBeNull();
  });
});

describe('a charge whose outcome is not known at once', () => {
  it('a charge whose answer is lost after the gateway recorded it is settled paid by its order number on a later pass, once', async () => {
    const owner = await register(t, 'unknown@example.com', PASSWORD, 'Unknown');
    const id = await buySite(owner, 'renew-unknown');
    const oldEnd = await end(id);
    const newEnd = await nextEnd(id);
    const payByToken = t.sandbox.payByToken;
    // The charge reaches the bank, the answer is lost: no trade id for us.
    t.sandbox.payByToken = async (charge) => {
      await payByToken(charge);
      throw new Error('socket hang up');
    };
    const job = await renewalJob();
    try {
      clockTo(oldEnd.getTime());
      expect(outcomeFor(await job.pass(), id)).toEqual(['unknown']);
      expect(await renewalsOf(id)).toMatchObject([{ status: 'pending', recTradeId: null }]);
      // Held by the claim's lease; then the gateway is asked by our order number.
      expect(outcomeFor(await job.pass(), id)).toEqual([]);
      clockTo(oldEnd.getTime() + RENEWAL_LEASE_MS);
      expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
      // Nothing more to do for this period.
      clockTo(oldEnd.getTime() + 8 * DAY);
      expect(outcomeFor(await job.pass(), id)).toEqual([]);
    } finally {
      t.sandbox.payByToken = payByToken;
      await job.stop();
    }
    expect(await chargesOf(id)).toBe(1);
    const [paid] = await renewalsOf(id);
    const record = await t.sandbox.queryByOrder(paid.orderNumber);
    expect(paid).toMatchObject({ status: 'paid', recTradeId: record?.tradeId });
    expect(t.invoices.filter((i) => i.orderNumber === paid.orderNumber)).toHaveLength(1);
    expect(await subscriptionOf(t, id)).toMatchObject({
      status: 'active',
      periodStart: oldEnd,
      periodEnd: newEnd,
      renewAttempts: 0,
    });
    expect(await mailsTo('unknown@example.com')).toEqual([]);
  });

  it('a charge that threw before reaching the gateway fails once the lease is over and is retried on schedule, never charged twice', async () => {
    const email = 'unreached@example.com';
    const owner = await register(t, email, PASSWORD, 'Unreached');
    const id = await buySite(owner, 'renew-unreached');
    const oldEnd = await end(id);
    const payByToken = t.sandbox.payByToken;
    t.sandbox.payByToken = async (charge) => {
      if (charge.orderNumber.startsWith(`S${id}-`)) throw new Error('connect ECONNREFUSED');
      return payByToken(charge);
    };
    const job = await renewalJob();
    try {
      clockTo(oldEnd.getTime());
      expect(outcomeFor(await job.pass(), id)).toEqual(['unknown']);
      // A moment before the lease is over the attempt is neither asked again nor failed.
      clockTo(oldEnd.getTime() + RENEWAL_LEASE_MS - 1000);
      expect(outcomeFor(await job.pass(), id)).toEqual([]);
      clockTo(oldEnd.getTime() + RENEWAL_LEASE_MS);
      expect(outcomeFor(await job.pass(), id)).toEqual(['past_due']);
      expect(await renewalsOf(id)).toMatchObject([{ status: 'failed', recTradeId: null }]);
      expect(await subscriptionOf(t, id)).toMatchObject({
        status: 'past_due',
        renewAttempts: 1,
        nextAttemptAt: new Date(oldEnd.getTime() + RETRY_AFTER_DAYS[0] * DAY),
      });
      expect(await serviceOf(id)).toBe(3);
      expect(await mailsTo(email)).toHaveLength(1);
      // The gateway answers again: the first retry, on its schedule, pays.
      t.sandbox.payByToken = payByToken;
      clockTo(oldEnd.getTime() + RETRY_AFTER_DAYS[0] * DAY - 1000);
      expect(outcomeFor(await job.pass(), id)).toEqual([]);
      clockTo(oldEnd.getTime() + RETRY_AFTER_DAYS[0] * DAY);
      expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
    } finally {
      t.sandbox.payByToken = payByToken;
      await job.stop();
    }
    const tried = await renewalsOf(id);
    expect(tried.map((p) => [p.status, p.purpose])).toEqual([
      ['failed', `renewal:${oldEnd.toISOString()}:0`],
      ['paid', `renewal:${oldEnd.toISOString()}:1`],
    ]);
    // One trade at the gateway in all: the retry's.
    const records = await Promise.all(tried.map((p) => t.sandbox.queryByOrder(p.orderNumber)));
    expect(records.map((r) => r?.status ?? null)).toEqual([null, 'paid']);
    expect(await chargesOf(id)).toBe(1);
    expect(await subscriptionOf(t, id)).toMatchObject({
      status: 'active',
      periodStart: oldEnd,
      renewAttempts: 0,
    });
  });

  it('a charge the gateway refused as a request (our keys) is made again after the lease, not counted as failed', async () => {
    const owner = await register(t, 'refused@example.com', PASSWORD, 'Refused');
    const id = await buySite(owner, 'renew-refused');
    const oldEnd = await end(id);
    const payByToken = t.sandbox.payByToken;
    t.sandbox.payByToken = async (charge) => {
      if (charge.orderNumber.startsWith(`S${id}-`))
        throw new PaymentGatewayError('TapPay: refused (80 Invalid x-api-key)', 'refused', '80');
      return payByToken(charge);
    };
    const job = await renewalJob();
    try {
      clockTo(oldEnd.getTime());
      expect(outcomeFor(await job.pass(), id)).toEqual(['refused']);
      expect(await renewalsOf(id)).toEqual([]);
      expect(await subscriptionOf(t, id)).toMatchObject({ status: 'active', renewAttempts: 0 });
      // The operator fixes the keys; the same attempt is made once the lease is over.
      t.sandbox.payByToken = payByToken;
      clockTo(oldEnd.getTime() + RENEWAL_LEASE_MS);
      expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
    } finally {
      t.sandbox.payByToken = payByToken;
      await job.stop();
    }
    expect(await renewalsOf(id)).toMatchObject([
      { status: 'paid', purpose: `renewal:${oldEnd.toISOString()}:0` },
    ]);
  });

  it('a charge the gateway has not recorded yet is settled on a later pass by its record', async () => {
    const owner = await register(t, 'later@example.com', PASSWORD, 'Later');
    const id = await buySite(owner, 'renew-later');
    const oldEnd = await end(id);
    const query = t.sandbox.query;
    let asked = 0;
    // The first question about this site's trade finds no record yet.
    t.sandbox.query = async (tradeId) => {
      const record = await query(tradeId);
      return record?.orderNumber.startsWith(`S${id}-`) && ++asked === 1 ? null : record;
    };
    const job = await renewalJob();
    try {
      clockTo(oldEnd.getTime());
      expect(outcomeFor(await job.pass(), id)).toEqual(['pending']);
      expect(await renewalsOf(id)).toMatchObject([{ status: 'pending', recTradeId: expect.any(String) }]);
      // The claim's lease holds it for a while; then the record is asked again.
      expect(outcomeFor(await job.pass(), id)).toEqual([]);
      clockTo(oldEnd.getTime() + 3_600_000);
      expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
    } finally {
      t.sandbox.query = query;
      await job.stop();
    }
    expect(await chargesOf(id)).toBe(1);
    expect(await renewalsOf(id)).toMatchObject([{ status: 'paid' }]);
    expect(await subscriptionOf(t, id)).toMatchObject({ status: 'active', periodStart: oldEnd });
  });
});
