/**
 * Discount codes on the site's plan (contract/discounts.ts) over HTTP with the sandbox gateway: plan/quote's answer
 * and each refusal's reason; a discounted first payment charged price − discount at the gateway; a single-use code
 * raced by two buyers at once (one discount, the other refused 19023) and given back by a failed payment; an `every`
 * code on each renewal while valid and a `first` one not; plan/change's preview and charge with a code.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentReply, SubscriptionReply } from '../../contract/billing';
import { Code } from '../../contract/codes';
import { DEFAULT_TIMEZONE } from '../../contract/constants';
import { DISCOUNT_CHECKS_PER_MINUTE, type PlanQuote } from '../../contract/discounts';
import { wallTime } from '../../contract/zoned';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { reserveUse, usesOf } from '../../server/modules/plans/discounts';
import { addCode, endCode, parseCode } from '../../server/modules/plans/operator';
import { discountCodes, payments, siteSubscriptions } from '../../server/modules/tables';
import { answer3ds, payerFor, paymentByOrder, subscriptionOf } from '../fixtures/billing';
import { type Client, createTestApp, fieldErrors, ok, register, type TestApp } from '../fixtures/testApp';

const PASSWORD = 'secret-pass-1';
const DAY = 86_400_000;
let t: TestApp;
let buyer: Client;

/** A day of the platform's calendar `days` from the test clock's now (YYYY-MM-DD). */
const dayFromNow = (days: number) => wallTime(t.clock.now + days * DAY, DEFAULT_TIMEZONE).date;

/** Adds a code as the operator's `npm run plans -- code add …` does. */
async function code(...words: string[]) {
  const parsed = parseCode(words);
  if ('error' in parsed) throw new Error(parsed.error);
  const added = await addCode(t.database.db, parsed.code);
  if ('error' in added) throw new Error(added.error);
}

const quote = (c: Client, body: { plan: number; code: string; site?: number }) =>
  c.call<PlanQuote>('plan/quote', body);

const init = (c: Client, slug: string, discount_code?: string, card?: string, plan = 3) =>
  c.call<PaymentReply>('site/init', {
    slug,
    site_name: `Site ${slug}`,
    plan,
    ...payerFor(t, card),
    ...(discount_code !== undefined && { discount_code }),
  });

/** The buyer confirms on the sandbox's 3-D Secure page; then the window's site/payment says paid. */
async function confirm(c: Client, reply: PaymentReply) {
  await answer3ds(t, reply.redirect_url as string, true);
  expect(ok(await c.call<PaymentReply>('site/payment', { order_number: reply.order_number })).status).toBe(
    'paid',
  );
}

/** What the gateway recorded for a payment of ours. */
async function chargedAtGateway(orderNumber: string) {
  const record = await t.sandbox.queryByOrder(orderNumber);
  return record?.amount;
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await register(t, 'buyer@example.com', PASSWORD, 'Buyer');
  await code('SPRING20', 'percent=20', 'plans=2,3', 'uses=100', 'applies=first');
  await code('minus100', 'amount=100');
  await code('FREE', 'percent=100', 'applies=every');
  await code('LATER', 'percent=10', `from=${dayFromNow(3)}`);
  await code('OVER', 'percent=10', `from=${dayFromNow(-30)}`, `until=${dayFromNow(-2)}`);
  await code('ENDED', 'percent=10');
  await endCode(t.database.db, 'ended', new Date(t.clock.now - 1000));
  await code('BUSINESS', 'amount=500', 'plans=5');
  await code('ONCE', 'percent=50', 'uses=1');
  await code('ONCE-TOO', 'percent=50', 'uses=1');
});
afterAll(async () => {
  await t?.close();
});

describe('the operator’s rules', () => {
  it('refuses what is wrong, word by word, and a taken code in any case', async () => {
    expect(parseCode(['x'])).toEqual({ error: expect.stringContaining('code: 3–20') });
    expect(parseCode(['GOOD', 'percent=0'])).toEqual({ error: 'percent: from 1 to 100' });
    expect(parseCode(['GOOD', 'percent=101'])).toMatchObject({ error: expect.stringMatching(/^percent:/) });
    expect(parseCode(['GOOD', 'percent=10', 'amount=5'])).toMatchObject({
      error: expect.stringContaining('one of'),
    });
    expect(parseCode(['GOOD'])).toMatchObject({ error: expect.stringContaining('one of') });
    expect(parseCode(['GOOD', 'amount=-5'])).toMatchObject({ error: expect.stringMatching(/^amount:/) });
    expect(parseCode(['GOOD', 'percent=5', 'applies=sometimes'])).toMatchObject({
      error: expect.stringMatching(/^applies:/),
    });
    expect(parseCode(['GOOD', 'percent=5', 'from=2026-02-30'])).toMatchObject({
      error: 'from: not a day of the calendar',
    });
    expect(parseCode(['GOOD', 'percent=5', 'from=2027-02-01', 'until=2027-01-31'])).toEqual({
      error: 'until: before from',
    });
    expect(parseCode(['GOOD', 'percent=5', 'colour=red'])).toMatchObject({
      error: expect.stringContaining('unknown key'),
    });
    const parsed = parseCode(['spring20', 'percent=5']);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(await addCode(t.database.db, parsed.code)).toEqual({ error: 'code: SPRING20 exists already' });
    const noPlan = parseCode(['NOPLAN', 'percent=5', 'plans=99']);
    if ('error' in noPlan) throw new Error(noPlan.error);
    expect(await addCode(t.database.db, noPlan.code)).toEqual({ error: 'plans: there is no plan 99' });
  });
});

describe('plan/quote', () => {
  it('answers the price, the discount and what is charged, the code read without case', async () => {
    expect(ok(await quote(buyer, { plan: 3, code: ' spring20 ' }))).toEqual({
      plan: 3,
      price: 799,
      discount: 159, // 20 % of 799 = 159.8, rounded down
      amount: 640,
      code: { code: 'SPRING20', percent: 20, amount_off: null, applies: 'first', until: null },
    });
    expect(ok(await quote(buyer, { plan: 2, code: 'MINUS100' }))).toMatchObject({
      discount: 100,
      amount: 199,
    });
    // 100 % off still charges 1 TWD: the gateway refuses 0, and the card is kept for renewals.
    expect(ok(await quote(buyer, { plan: 3, code: 'FREE' }))).toMatchObject({ discount: 798, amount: 1 });
  });

  it('refuses with the reason: unknown, not yet, expired, ended, not for the plan, malformed', async () => {
    expect((await quote(buyer, { plan: 3, code: 'NOPE' })).code).toBe(Code.DISCOUNT_UNKNOWN);
    const later = await quote(buyer, { plan: 3, code: 'LATER' });
    expect(later.code).toBe(Code.DISCOUNT_NOT_YET);
    expect(later.msg).toContain(dayFromNow(3));
    expect((await quote(buyer, { plan: 3, code: 'OVER' })).code).toBe(Code.DISCOUNT_EXPIRED);
    expect((await quote(buyer, { plan: 3, code: 'ENDED' })).code).toBe(Code.DISCOUNT_EXPIRED);
    expect((await quote(buyer, { plan: 3, code: 'BUSINESS' })).code).toBe(Code.DISCOUNT_NOT_FOR_PLAN);
    expect((await quote(buyer, { plan: 4, code: 'SPRING20' })).code).toBe(Code.DISCOUNT_NOT_FOR_PLAN);
    const bad = await quote(buyer, { plan: 3, code: 'no spaces!' });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(fieldErrors(bad)).toHaveProperty('code');
    expect((await quote(buyer, { plan: 3, code: 'X'.repeat(21) })).code).toBe(Code.VALIDATION);
    // Signed out: no quote.
    expect((await quote(t.client(), { plan: 3, code: 'SPRING20' })).status).toBe(401);
  });

  it(`holds guessing to ${DISCOUNT_CHECKS_PER_MINUTE} look-ups a minute per user (19026), a valid code too`, async () => {
    const guesser = await register(t, 'guesser@example.com', PASSWORD, 'Guesser');
    const codes = [];
    for (let i = 0; i < DISCOUNT_CHECKS_PER_MINUTE; i++)
      codes.push((await quote(guesser, { plan: 3, code: `GUESS${i}` })).code);
    expect(new Set(codes)).toEqual(new Set([Code.DISCOUNT_UNKNOWN]));
    const held = await quote(guesser, { plan: 3, code: 'SPRING20' });
    expect(held.code).toBe(Code.DISCOUNT_TOO_MANY_CHECKS);
    expect(held.msg).toBe('折扣碼查詢太頻繁，請一分鐘後再試。');
    // Someone else is not held back; a minute later the guesser may look again.
    expect(ok(await quote(buyer, { plan: 3, code: 'SPRING20' })).amount).toBe(640);
    t.clock.advance(60_000);
    expect(ok(await quote(guesser, { plan: 3, code: 'SPRING20' })).amount).toBe(640);
  });
});

describe('a discounted first payment', () => {
  let siteId: number;

  it('charges price − discount at the gateway, and records the code and the discount', async () => {
    const reply = ok(await init(buyer, 'spring-shop', 'spring20'));
    siteId = reply.site;
    await confirm(buyer, reply);
    expect(await paymentByOrder(t, reply.order_number)).toMatchObject({
      amount: 640,
      discount: 159,
      status: 'paid',
    });
    expect(await chargedAtGateway(reply.order_number)).toBe(640);
    ok(await buyer.call('site/switch', { id: siteId }));
    const current = ok(await buyer.call<SubscriptionReply>('plan/current', {}));
    expect(current.payments[0]).toMatchObject({ amount: 640, status: 'paid' });
  });

  it('a `first` code is refused once the site has paid, and on a site of someone else', async () => {
    expect((await quote(buyer, { plan: 3, code: 'SPRING20', site: siteId })).code).toBe(
      Code.DISCOUNT_FIRST_ONLY,
    );
    const other = await register(t, 'other@example.com', PASSWORD, 'Other');
    expect((await quote(other, { plan: 3, code: 'SPRING20', site: siteId })).status).toBe(404);
  });

  it('a code that does not apply refuses the payment before any site is made', async () => {
    expect((await init(buyer, 'never-made', 'BUSINESS')).code).toBe(Code.DISCOUNT_NOT_FOR_PLAN);
    expect((await init(buyer, 'never-made', 'NOPE')).code).toBe(Code.DISCOUNT_UNKNOWN);
    expect((await buyer.call('site/check_new', { slug: 'never-made' })).code).toBe(1);
  });
});

describe('a single-use code', () => {
  it('raced by two buyers at once gives one discount; the other is refused 19023, nothing charged', async () => {
    const [a, b] = await Promise.all([
      register(t, 'race-a@example.com', PASSWORD, 'A'),
      register(t, 'race-b@example.com', PASSWORD, 'B'),
    ]);
    const replies = await Promise.all([init(a, 'race-a', 'ONCE'), init(b, 'race-b', 'ONCE')]);
    const won = replies.filter((r) => r.code === 1);
    const lost = replies.filter((r) => r.code !== 1);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => r.code)).toEqual([Code.DISCOUNT_USED_UP]);
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'ONCE'));
    const taken = await t.database.db.select().from(payments).where(eq(payments.discountCodeId, row.id));
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ amount: 400, discount: 399, status: 'pending' });
    expect((await quote(a, { plan: 3, code: 'ONCE' })).code).toBe(Code.DISCOUNT_USED_UP);
  });

  it('two reservations at once, both past the first check: the code row’s lock lets one through', async () => {
    await code('LOCKED', 'percent=10', 'uses=1');
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'LOCKED'));
    const [a, b] = await Promise.all(
      ['lock-a', 'lock-b'].map(async (slug) => ok(await init(buyer, slug)).site),
    );
    const use = { planId: 3, first: true, at: new Date(t.clock.now) };
    const reserve = (siteId: number, n: number) =>
      t.database.db.transaction(async (tx) => {
        await reserveUse(tx, row.id, use);
        await tx.insert(payments).values({
          siteId,
          orderNumber: `LOCK-${n}`,
          kind: 'init',
          planId: 3,
          amount: 720,
          discount: 79,
          discountCodeId: row.id,
          purpose: `lock-test-${n}`,
        });
      });
    const outcomes = await Promise.allSettled([reserve(a, 1), reserve(b, 2)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: Code.DISCOUNT_USED_UP });
    expect(await usesOf(t.database.db, row.id)).toBe(1);
  });

  it('is given back when its payment fails, and then taken by another', async () => {
    const c = await register(t, 'fails@example.com', PASSWORD, 'Fails');
    const reply = ok(await init(c, 'fails-3ds', 'ONCE-TOO'));
    expect((await quote(c, { plan: 3, code: 'ONCE-TOO' })).code).toBe(Code.DISCOUNT_USED_UP);
    await answer3ds(t, reply.redirect_url as string, false);
    expect(ok(await c.call<PaymentReply>('site/payment', { order_number: reply.order_number })).status).toBe(
      'failed',
    );
    expect(ok(await quote(c, { plan: 3, code: 'ONCE-TOO', site: reply.site }))).toMatchObject({
      amount: 400,
    });
    // A declined card fails at once: the use comes back too.
    const declined = ok(
      await c.call<PaymentReply>('site/retry', {
        site: reply.site,
        ...payerFor(t, SANDBOX_CARDS.declined),
        discount_code: 'once-too',
      }),
    );
    expect(declined.status).toBe('failed');
    const again = ok(
      await c.call<PaymentReply>('site/retry', {
        site: reply.site,
        ...payerFor(t),
        discount_code: 'ONCE-TOO',
      }),
    );
    await confirm(c, again);
    expect(await chargedAtGateway(again.order_number)).toBe(400);
    expect((await quote(buyer, { plan: 3, code: 'ONCE-TOO' })).code).toBe(Code.DISCOUNT_USED_UP);
  });
});

describe('renewals', () => {
  it('an `every` code discounts each renewal while valid; a `first` one only the first payment', async () => {
    await code('EVERY30', 'percent=30', 'applies=every');
    const owner = await register(t, 'renews@example.com', PASSWORD, 'Renews');
    const every = ok(await init(owner, 'renew-every', 'EVERY30'));
    await confirm(owner, every);
    const first = ok(await init(owner, 'renew-first', 'SPRING20'));
    await confirm(owner, first);
    expect(await paymentByOrder(t, every.order_number)).toMatchObject({ amount: 560, discount: 239 });
    const sites = [every.site, first.site];
    // Only these two are due: the other cases' sites are out of the way.
    await t.database.db
      .update(siteSubscriptions)
      .set({ nextAttemptAt: null })
      .where(eq(siteSubscriptions.status, 'active'));
    const due = (await subscriptionOf(t, every.site)).periodEnd as Date;
    for (const id of sites)
      await t.database.db
        .update(siteSubscriptions)
        .set({ nextAttemptAt: (await subscriptionOf(t, id)).periodEnd })
        .where(eq(siteSubscriptions.siteId, id));
    const renewalsOf = (id: number) =>
      t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.siteId, id), eq(payments.kind, 'renewal')))
        .orderBy(payments.id);
    const job = t.startRenewals({ intervalMs: 3_600_000 });
    try {
      t.clock.advance(due.getTime() + 60_000 - t.clock.now);
      await job.pass();
      const [everyRenewal] = await renewalsOf(every.site);
      const [firstRenewal] = await renewalsOf(first.site);
      expect(everyRenewal).toMatchObject({ status: 'paid', amount: 560, discount: 239 });
      expect(await chargedAtGateway(everyRenewal.orderNumber)).toBe(560);
      expect(firstRenewal).toMatchObject({ status: 'paid', amount: 799, discount: 0, discountCodeId: null });
      // Renewals continue the use: the code's one use is still the first payment's.
      const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'EVERY30'));
      expect(await usesOf(t.database.db, row.id)).toBe(1);
      // Ended, the code discounts no more renewals.
      await endCode(t.database.db, 'EVERY30', new Date(t.clock.now));
      const next = (await subscriptionOf(t, every.site)).periodEnd as Date;
      t.clock.advance(next.getTime() + 60_000 - t.clock.now);
      await job.pass();
      const renewals = await renewalsOf(every.site);
      expect(renewals.map((p) => [p.amount, p.discount])).toEqual([
        [560, 239],
        [799, 0],
      ]);
    } finally {
      await job.stop();
    }
  });
});

describe('plan/change with a code', () => {
  it('the preview’s charge is discounted, and so is the upgrade’s charge; an `every` code is kept', async () => {
    await code('UPGRADE50', 'percent=50', 'applies=every');
    const owner = await register(t, 'upgrade@example.com', PASSWORD, 'Upgrade');
    const paid = ok(await init(owner, 'upgrade-shop', undefined, undefined, 2));
    await confirm(owner, paid);
    ok(await owner.call('site/switch', { id: paid.site }));
    const sub = await subscriptionOf(t, paid.site);
    // Ten days into the period.
    await t.database.db
      .update(siteSubscriptions)
      .set({
        periodStart: new Date(t.clock.now - 10 * DAY),
        periodEnd: new Date(t.clock.now + 20 * DAY),
        nextAttemptAt: new Date(t.clock.now + 20 * DAY),
      })
      .where(eq(siteSubscriptions.id, sub.id));
    const plain = ok(await owner.call<SubscriptionReply>('plan/change', { id: 3 }));
    expect(plain).toMatchObject({ charge: 333, discount: 0, applied: false }); // 500 × 20/30
    expect((await owner.call('plan/change', { id: 3, discount_code: 'SPRING20' })).code).toBe(
      Code.DISCOUNT_FIRST_ONLY,
    );
    expect((await owner.call('plan/change', { id: 3, discount_code: 'NOPE' })).code).toBe(
      Code.DISCOUNT_UNKNOWN,
    );
    const preview = ok(
      await owner.call<SubscriptionReply>('plan/change', { id: 3, discount_code: 'upgrade50' }),
    );
    expect(preview).toMatchObject({ charge: 167, discount: 166, applied: false });
    const done = ok(
      await owner.call<SubscriptionReply>('plan/change', { id: 3, force: true, discount_code: 'UPGRADE50' }),
    );
    expect(done).toMatchObject({ plan: 3, charge: 167, discount: 166, applied: true });
    expect(done.payments[0]).toMatchObject({ kind: 'change', amount: 167, status: 'paid' });
    expect(await chargedAtGateway(done.payments[0].order_number)).toBe(167);
    const [kept] = await t.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'UPGRADE50'));
    expect((await subscriptionOf(t, paid.site)).discountCodeId).toBe(kept.id);
  });
});
