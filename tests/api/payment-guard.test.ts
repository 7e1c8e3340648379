/**
 * Against charging twice, without trapping the buyer: one open window payment per site (two attempts at once: one is
 * refused 19004), an open payment settled first and, when it still waits on 3-D Secure, superseded at once by a new
 * attempt; a gateway call that throws leaving its payment pending (19005) to be settled later (found by its order
 * number, or failed PAYMENT_UNCONFIRMED_SECONDS on when the gateway has no record of it), and a payment we no longer
 * count that the gateway reports paid refunded, never kept. Each failure says why (declined, 3-D Secure, …).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_UNCONFIRMED_SECONDS, type PaymentReply } from '../../contract/billing';
import { Code } from '../../contract/codes';
import { type ChargeResult, PaymentGatewayError } from '../../server/adapters/payment/gateway';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { payments } from '../../server/modules/tables';
import { answer3ds, payerFor, subscriptionOf } from '../fixtures/billing';
import { type Client, createTestApp, ok, register, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let buyer: Client;

const UNCONFIRMED_MS = PAYMENT_UNCONFIRMED_SECONDS * 1000;

const init = (slug: string, number?: string) =>
  buyer.call<PaymentReply>('site/init', { slug, site_name: `Site ${slug}`, plan: 3, ...payerFor(t, number) });
const retry = (site: number, number?: string) =>
  buyer.call<PaymentReply>('site/retry', { site, ...payerFor(t, number) });

const paymentsOf = (siteId: number) =>
  t.database.db.select().from(payments).where(eq(payments.siteId, siteId)).orderBy(payments.id);
/** A retry whose charge goes through at the gateway, but whose answer is lost on the way back. */
async function retryWithAnswerLost(site: number) {
  const payByPrime = t.sandbox.payByPrime;
  let charged: ChargeResult | undefined;
  t.sandbox.payByPrime = async (charge) => {
    charged = await payByPrime(charge);
    throw new Error('socket hang up');
  };
  const lost = await retry(site).finally(() => {
    t.sandbox.payByPrime = payByPrime;
  });
  return { lost, charged: charged as ChargeResult | undefined };
}

/** A site waiting for its first payment/** A site waiting for its first payment, whose first attempt was declined. */
async function waitingSite(slug: string): Promise<number> {
  const r = ok(await init(slug, SANDBOX_CARDS.declined));
  expect(r.status).toBe('failed');
  return r.site;
}

let buyers = 0;
beforeAll(async () => {
  t = await createTestApp();
});
// A buyer of each case's own: a user may keep only a few sites waiting for their first payment.
beforeEach(async () => {
  buyers++;
  buyer = await register(t, `buyer${buyers}@example.com`, 'secret-pass-1', `Buyer ${buyers}`);
});
afterAll(async () => {
  await t?.close();
});

describe('one open payment per site', () => {
  it('two retries at once with different primes: one window stays open, the other is refused (19004) or superseded', async () => {
    const site = await waitingSite('twice-shop');
    const [a, b] = await Promise.all([retry(site), retry(site)]);
    for (const r of [a, b]) expect([Code.OK, Code.PAYMENT_IN_PROGRESS]).toContain(r.code);
    const open = (await paymentsOf(site)).filter((p) => p.status === 'pending');
    expect(open).toHaveLength(1);
    // An attempt that went ahead and is not the open one was superseded: expired, never to be kept if paid.
    for (const r of [a, b])
      if (r.code === Code.OK && (r.data as PaymentReply).order_number !== open[0].orderNumber)
        expect(
          (await paymentsOf(site)).find((p) => p.orderNumber === (r.data as PaymentReply).order_number)
            ?.status,
        ).toBe('expired');
    // A third attempt, after them, supersedes the one waiting on 3-D Secure: still one open.
    const third = ok(await retry(site));
    const rows = await paymentsOf(site);
    expect(rows.filter((p) => p.status === 'pending').map((p) => p.orderNumber)).toEqual([
      third.order_number,
    ]);
    expect(rows.find((p) => p.id === open[0].id)).toMatchObject({ status: 'expired', failure: 'expired' });
  });

  it('an open payment already paid at the gateway is settled first: the retry answers 19003, one paid', async () => {
    const site = await waitingSite('settled-first-shop');
    const open = ok(await retry(site));
    // The buyer confirms, but neither the window's message nor the notification arrives.
    await answer3ds(t, open.redirect_url as string, true);
    expect((await retry(site)).code).toBe(Code.PLAN_ALREADY_PAID);
    const rows = await paymentsOf(site);
    expect(rows.filter((p) => p.status === 'paid').map((p) => p.orderNumber)).toEqual([open.order_number]);
    expect(await subscriptionOf(t, site)).toMatchObject({ status: 'active', planId: 3 });
    expect(t.invoices.filter((i) => i.siteId === site)).toHaveLength(1);
  });

  it('a window closed seconds ago traps nobody: the next attempt goes ahead at once, the left one expires', async () => {
    const site = await waitingSite('expire-shop');
    const first = ok(await retry(site));
    t.clock.advance(2000);
    const second = ok(await retry(site));
    expect(second.status).toBe('pending');
    const rows = await paymentsOf(site);
    expect(rows.find((p) => p.orderNumber === first.order_number)?.status).toBe('expired');
    expect(rows.find((p) => p.orderNumber === second.order_number)?.status).toBe('pending');
    // The window's question about the left one says it was superseded; the new one pays.
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: first.order_number })),
    ).toMatchObject({
      status: 'expired',
      failure: 'expired',
    });
    await answer3ds(t, second.redirect_url as string, true);
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: second.order_number })).status,
    ).toBe('paid');
    expect(await subscriptionOf(t, site)).toMatchObject({ status: 'active' });
  });
});

describe('a failure says why', () => {
  it('a declined card: failed at once, with the gateway’s reason', async () => {
    const r = ok(await init('declined-why-shop', SANDBOX_CARDS.declined));
    expect(r).toMatchObject({ status: 'failed', failure: 'declined' });
    expect(r.gateway_message).toMatch(/\S/);
    expect(r.redirect_url).toBeUndefined();
  });

  it('3-D Secure that fails: failed, as 3-D Secure', async () => {
    const site = await waitingSite('three-ds-why-shop');
    const open = ok(await retry(site, SANDBOX_CARDS.fails3ds));
    expect(open.status).toBe('pending');
    await answer3ds(t, open.redirect_url as string, false);
    const asked = ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.order_number }));
    expect(asked).toMatchObject({ status: 'failed', failure: 'three_ds' });
  });
});

describe('a payment we no longer count, paid at the gateway after all', () => {
  it('is refunded when its notification arrives, and changes nothing of the site', async () => {
    const site = await waitingSite('late-shop');
    const late = ok(await retry(site));
    const next = ok(await retry(site));
    // The buyer finishes the first window long after: the gateway takes the money and notifies.
    await answer3ds(t, late.redirect_url as string, true);
    const [n] = t.notifications.filter((x) => x.body.includes(late.order_number));
    expect((await t.deliver(n)).status).toBe(200);
    const rows = await paymentsOf(site);
    expect(rows.find((p) => p.orderNumber === late.order_number)?.status).toBe('refunded');
    const tradeId = rows.find((p) => p.orderNumber === late.order_number)?.recTradeId as string;
    expect(await t.sandbox.query(tradeId)).toMatchObject({ status: 'refunded', refunded: 799 });
    expect(await subscriptionOf(t, site)).toMatchObject({ status: 'pending' });
    expect(t.invoices.filter((i) => i.orderNumber === late.order_number)).toEqual([]);
    // The window's message of it answers what it is now; asking again refunds nothing more.
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: late.order_number })).status,
    ).toBe('refunded');
    expect((await t.sandbox.query(tradeId))?.refunded).toBe(799);
    // The open one still pays normally.
    await answer3ds(t, next.redirect_url as string, true);
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: next.order_number })).status,
    ).toBe('paid');
    expect(await subscriptionOf(t, site)).toMatchObject({ status: 'active' });
  });
});

describe('a gateway call that throws', () => {
  it('leaves the payment pending (19005); the notification later settles it as paid', async () => {
    const site = await waitingSite('lost-answer-shop');
    const { lost, charged } = await retryWithAnswerLost(site);
    expect(lost.code).toBe(Code.PAYMENT_UNCONFIRMED);
    const [open] = (await paymentsOf(site)).filter((p) => p.status === 'pending');
    expect(open).toMatchObject({ recTradeId: null });
    if (charged?.status !== 'pending') throw new Error('the sandbox should have opened a 3-D Secure window');
    await answer3ds(t, charged.redirectUrl, true);
    const [n] = t.notifications.filter((x) => x.body.includes(open.orderNumber));
    expect((await t.deliver(n)).status).toBe(200);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.id, open.id));
    expect(paid).toMatchObject({ status: 'paid', recTradeId: charged.tradeId });
    expect(await subscriptionOf(t, site)).toMatchObject({ status: 'active' });
  });

  it('with no notification either, the window’s question finds the charge by its order number and settles it paid', async () => {
    const site = await waitingSite('found-by-order-shop');
    const { lost, charged } = await retryWithAnswerLost(site);
    expect(lost.code).toBe(Code.PAYMENT_UNCONFIRMED);
    const [open] = (await paymentsOf(site)).filter((p) => p.status === 'pending');
    if (charged?.status !== 'pending') throw new Error('the sandbox should have opened a 3-D Secure window');
    // Still waiting for 3-D Secure: found, given its trade id, and still pending.
    const asked = ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.orderNumber }));
    expect(asked.status).toBe('pending');
    expect((await paymentsOf(site)).find((p) => p.id === open.id)?.recTradeId).toBe(charged.tradeId);
    // The buyer confirms; the notification is lost, the window's question settles it (also after the window).
    await answer3ds(t, charged.redirectUrl, true);
    t.clock.advance(UNCONFIRMED_MS + 1000);
    const settled = ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.orderNumber }));
    expect(settled.status).toBe('paid');
    expect(await subscriptionOf(t, site)).toMatchObject({ status: 'active', planId: 3 });
    expect(t.invoices.filter((i) => i.orderNumber === open.orderNumber)).toHaveLength(1);
    // Asked again, nothing more happens.
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.orderNumber })).status,
    ).toBe('paid');
    expect(t.invoices.filter((i) => i.orderNumber === open.orderNumber)).toHaveLength(1);
  });

  it('a charge that never reached the gateway: holds a new attempt back (19004) for PAYMENT_UNCONFIRMED_SECONDS, then fails, and the buyer may pay again', async () => {
    const site = await waitingSite('no-answer-shop');
    const payByPrime = t.sandbox.payByPrime;
    t.sandbox.payByPrime = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const lost = await retry(site).finally(() => {
      t.sandbox.payByPrime = payByPrime;
    });
    expect(lost.code).toBe(Code.PAYMENT_UNCONFIRMED);
    const [open] = (await paymentsOf(site)).filter((p) => p.status === 'pending');
    // The gateway has no record of the order yet, but the call may still be on its way: no new charge.
    t.clock.advance(UNCONFIRMED_MS - 1000);
    expect((await retry(site)).code).toBe(Code.PAYMENT_IN_PROGRESS);
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.orderNumber })).status,
    ).toBe('pending');
    t.clock.advance(2000);
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.orderNumber })).status,
    ).toBe('failed');
    expect(ok(await retry(site)).status).toBe('pending');
    const statuses = (await paymentsOf(site)).map((p) => p.status);
    expect(statuses).toEqual(['failed', 'failed', 'pending']);
    expect(await t.sandbox.queryByOrder(open.orderNumber)).toBeNull();
  });

  it('refused by the gateway before any charge: failed at once, and the buyer may pay again', async () => {
    const site = await waitingSite('refused-shop');
    const payByPrime = t.sandbox.payByPrime;
    t.sandbox.payByPrime = async () => {
      throw new PaymentGatewayError('refused (10003 invalid arguments)', 'refused', '10003');
    };
    const refused = await retry(site).finally(() => {
      t.sandbox.payByPrime = payByPrime;
    });
    expect(ok(refused).status).toBe('failed');
    expect(ok(await retry(site)).status).toBe('pending');
  });

  it('a record query that throws keeps the payment as it is, for the window and for a new attempt', async () => {
    const site = await waitingSite('no-query-shop');
    const open = ok(await retry(site));
    const query = t.sandbox.query;
    t.sandbox.query = async () => {
      throw new Error('timeout');
    };
    try {
      t.clock.advance(UNCONFIRMED_MS + 1000);
      const asked = ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.order_number }));
      expect(asked.status).toBe('pending');
      // Its window outlived, but the gateway cannot say whether it was paid: no new charge yet.
      expect((await retry(site)).code).toBe(Code.PAYMENT_UNCONFIRMED);
    } finally {
      t.sandbox.query = query;
    }
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.siteId, site), eq(payments.status, 'pending')));
    expect(rows.map((p) => p.orderNumber)).toEqual([open.order_number]);
  });
});
