/**
 * The buyers' checkout on a site's host (reader/shop/*): the cart priced from the database (the fee waived at the
 * threshold), orders with the server's total and their stock reserved, another site's goods and logistics refused,
 * a plan without the shop refused, the stock given back on expiry (the job, on a moved clock), and the payment with
 * 3-D Secure through the sandbox: paid once when the notification and the order page race, forged notifications
 * refused, repeated ones ignored, the mails queued once, and a late payment of an order gone refunded.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { BuyerOrder, PayOrderReply as PayReply, QuoteReply } from '../../contract/api/shopReader';
import { Code } from '../../contract/codes';
import { ROLE } from '../../contract/permissions';
import { ORDER_PAYMENT_MINUTES } from '../../contract/shop';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { expireDueOrders } from '../../server/jobs/orderExpiry';
import { moveOrder } from '../../server/modules/shop/moves';
import {
  goodsSkus,
  orderEvents,
  orderItems,
  orderPaymentEvents,
  orderPayments,
  orders,
  sites,
} from '../../server/modules/tables';
import { answer3ds, tradeOf } from '../fixtures/billing';
import { DEMO_HOST, readerCall } from '../fixtures/readers';
import { addGoods, addLogistics, BUYER, placeOrder } from '../fixtures/shop';
import { createTestApp, OWNER, ok, signInOwner, staffOf, type TestApp } from '../fixtures/testApp';

const MINUTE = 60_000;
let t: TestApp;
let demoSiteId: number;
let otherSiteId: number;
let otherHost: string;
let skuA: number;
let skuB: number;
let offlineSku: number;
let logisticId: number;

const quote = (body: Record<string, unknown>, host = DEMO_HOST) =>
  readerCall(t, 'reader/shop/quote', body, { host });
const getOrder = (orderNumber: string, host = DEMO_HOST) =>
  readerCall(t, 'reader/shop/get', { order_number: orderNumber }, { host });
const primeFor = (number: string = SANDBOX_CARDS.success) => {
  const answer = t.sandbox.createPrime({ number, expiry: '12/30', ccv: '123' });
  if ('error' in answer) throw new Error(answer.error);
  return answer.prime;
};
const pay = (orderNumber: string, number?: string) =>
  readerCall(t, 'reader/shop/pay', {
    order_number: orderNumber,
    prime: primeFor(number),
    cardholder: { name: '陳買家' },
  });
const qtyOf = async (skuId: number) =>
  (await t.database.db.select({ qty: goodsSkus.qty }).from(goodsSkus).where(eq(goodsSkus.id, skuId)))[0].qty;
const orderRow = async (orderNumber: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];
const eventsOf = (orderId: number) =>
  t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
const jobDeps = () => ({
  db: t.database.db,
  now: () => t.clock.now,
  log: t.app.log,
  payment: t.sandbox,
  config: t.config,
});

/** A fresh order of `qty` of SKU A (300 each) with the 60 fee logistics. */
async function newOrder(qty = 1, email = BUYER.email): Promise<BuyerOrder> {
  return ok(await placeOrder(t, [{ sku_id: skuA, qty }], logisticId, { buyer: { email } })) as BuyerOrder;
}

beforeAll(async () => {
  t = await createTestApp();
  const signed = await signInOwner(t);
  demoSiteId = signed.demoSiteId;
  ok(await signed.owner.call('site/publish', { publish: true }));
  const a = await addGoods(t, demoSiteId, {
    name: '帆布袋',
    cover: `/uploads/${demoSiteId}/bag.jpg`,
    skus: [
      { name: '米白', price: 300, qty: 100 },
      { name: '黑', price: 450, qty: 100 },
      { name: '絕版', price: 10, qty: 100, status: 'offline' },
    ],
  });
  [skuA, skuB, offlineSku] = a.skus.map((s) => s.id);
  logisticId = (await addLogistics(t, demoSiteId, { name: '宅配', fee: 60, freeThreshold: 1000 })).id;
  await addLogistics(t, demoSiteId, { name: '停用', fee: 0, status: 'offline' });
  const [demo] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
  const [other] = await t.database.db
    .insert(sites)
    .values({ name: '另一個網站', slug: 'other', serviceId: demo.serviceId, published: true })
    .returning();
  otherSiteId = other.id;
  otherHost = `${other.slug}.sites.localhost:8080`;
});
afterAll(async () => {
  await t?.close();
});

describe('the quote', () => {
  it('prices the cart from the database and waives the fee at the threshold', async () => {
    const r = ok(
      await quote({
        items: [
          { sku_id: skuA, qty: 2 },
          { sku_id: offlineSku, qty: 1 },
        ],
        logistic_id: logisticId,
      }),
    ) as QuoteReply;
    expect(r.lines).toEqual([
      expect.objectContaining({
        sku_id: skuA,
        goods_name: '帆布袋',
        sku_name: '米白',
        // As the site's page loads it: uploads are on the admin's address, not the site's host.
        cover: `${t.config.publicUrl}/uploads/${demoSiteId}/bag.jpg`,
        price: 300,
        qty: 2,
        amount: 600,
      }),
    ]);
    expect(r.unavailable).toEqual([offlineSku]);
    expect(r.logistics.map((l) => l.name)).toEqual(['宅配']);
    expect(r).toMatchObject({ subtotal: 600, shipping: 60, total: 660 });
    const free = ok(
      await quote({
        items: [
          { sku_id: skuA, qty: 2 },
          { sku_id: skuB, qty: 1 },
        ],
        logistic_id: logisticId,
      }),
    ) as QuoteReply;
    expect(free).toMatchObject({ subtotal: 1050, shipping: 0, total: 1050 });
    // No option chosen yet: no shipping.
    expect(ok(await quote({ items: [{ sku_id: skuA, qty: 1 }] }))).toMatchObject({
      shipping: null,
      total: 300,
    });
  });

  it('refuses a client-sent price, an offline or another site’s logistics option', async () => {
    expect((await quote({ items: [{ sku_id: skuA, qty: 1, price: 1 }] })).code).toBe(Code.VALIDATION);
    const [offline] = (ok(await quote({ items: [{ sku_id: skuA, qty: 1 }] })) as QuoteReply).logistics;
    expect(offline.name).toBe('宅配');
    const foreign = await addLogistics(t, otherSiteId, { fee: 1 });
    expect((await quote({ items: [{ sku_id: skuA, qty: 1 }], logistic_id: foreign.id })).code).toBe(
      Code.LOGISTICS_UNAVAILABLE,
    );
  });
});

describe('an order', () => {
  it('has the server’s total, copies the lines, reserves the stock and records its making', async () => {
    const before = await qtyOf(skuA);
    // A price sent by the client is refused by the strict schema, before anything is made.
    const priced = await placeOrder(t, [{ sku_id: skuA, qty: 2, price: 1 } as never], logisticId);
    expect(priced.code).toBe(Code.VALIDATION);
    const sneaky = await placeOrder(t, [{ sku_id: skuA, qty: 2 }], logisticId, { extra: { total: 1 } });
    expect(sneaky.code).toBe(Code.VALIDATION);
    expect(await qtyOf(skuA)).toBe(before);
    const order = ok(await placeOrder(t, [{ sku_id: skuA, qty: 2 }], logisticId)) as BuyerOrder;
    expect(order.order_number).toMatch(/^O\d+-[0-9a-z]+-[0-9a-f]{16}$/);
    expect(order).toMatchObject({
      status: 0,
      subtotal: 600,
      logistic_name: '宅配',
      logistic_fee: 60,
      total: 660,
      payment: null,
      lines: [{ goods_name: '帆布袋', sku_name: '米白', price: 300, qty: 2, amount: 600 }],
    });
    const row = await orderRow(order.order_number);
    expect(row).toMatchObject({ siteId: demoSiteId, total: 660, buyerEmail: BUYER.email, langId: 1 });
    expect(row.expiresAt?.getTime()).toBe(t.clock.now + ORDER_PAYMENT_MINUTES * MINUTE);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    expect(items).toEqual([
      expect.objectContaining({ skuId: skuA, skuCode: expect.stringMatching(/^SKU-/) }),
    ]);
    expect(await qtyOf(skuA)).toBe(before - 2);
    expect(await eventsOf(row.id)).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 0, actor: 'buyer' }),
    ]);
    // The buyer reads it back by its number; another site's host does not know it.
    expect(ok(await getOrder(order.order_number))).toMatchObject({
      order_number: order.order_number,
      total: 660,
    });
    expect((await getOrder(order.order_number, otherHost)).status).toBe(404);
    expect((await getOrder('O1-nope-0000')).status).toBe(404);
  });

  it('of NT$0 (a free sample, free shipping) is paid at once: there is nothing to charge', async () => {
    await t.flushMail();
    const sent = t.mails.length;
    const { skus } = await addGoods(t, demoSiteId, {
      name: '試用包',
      skus: [{ name: '小', price: 0, qty: 5 }],
    });
    const free = await addLogistics(t, demoSiteId, { name: '自取', fee: 0 });
    const order = ok(
      await placeOrder(t, [{ sku_id: skus[0].id, qty: 1 }], free.id, {
        buyer: { email: 'free@example.com' },
      }),
    ) as BuyerOrder;
    expect(order).toMatchObject({ status: 1, total: 0, payment: null, expires_at: null });
    const row = await orderRow(order.order_number);
    expect(await eventsOf(row.id)).toEqual([
      expect.objectContaining({ toStatus: 0, actor: 'buyer' }),
      expect.objectContaining({ fromStatus: 0, toStatus: 1, actor: 'system', detail: 'free' }),
    ]);
    expect(await qtyOf(skus[0].id)).toBe(4);
    expect((await pay(order.order_number)).code).toBe(Code.ORDER_NOT_PAYABLE);
    const mails = (await t.flushMail()).slice(sent);
    expect(mails.map((m) => m.to)).toContain('free@example.com');
  });

  it('refuses another site’s SKU (3502) and logistics (3510), an offline SKU, and takes nothing', async () => {
    const before = await qtyOf(skuA);
    const { skus } = await addGoods(t, otherSiteId, { skus: [{ price: 1, qty: 10 }] });
    const foreignSku = await placeOrder(
      t,
      [
        { sku_id: skuA, qty: 1 },
        { sku_id: skus[0].id, qty: 1 },
      ],
      logisticId,
    );
    expect(foreignSku.code).toBe(Code.GOODS_UNAVAILABLE);
    expect(foreignSku.data).toMatchObject({ sku_id: skus[0].id });
    expect((await placeOrder(t, [{ sku_id: offlineSku, qty: 1 }], logisticId)).code).toBe(
      Code.GOODS_UNAVAILABLE,
    );
    const foreign = await addLogistics(t, otherSiteId, { fee: 0 });
    expect((await placeOrder(t, [{ sku_id: skuA, qty: 1 }], foreign.id)).code).toBe(
      Code.LOGISTICS_UNAVAILABLE,
    );
    expect(await qtyOf(skuA)).toBe(before);
    expect(await qtyOf(skus[0].id)).toBe(10);
  });

  it('is refused on a site whose plan has no shop', async () => {
    const [demo] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, demoSiteId));
    try {
      expect((await quote({ items: [{ sku_id: skuA, qty: 1 }] })).code).toBe(Code.GOODS_UNAVAILABLE);
      expect((await placeOrder(t, [{ sku_id: skuA, qty: 1 }], logisticId)).code).toBe(Code.GOODS_UNAVAILABLE);
    } finally {
      await t.database.db.update(sites).set({ serviceId: demo.serviceId }).where(eq(sites.id, demoSiteId));
    }
  });
});

describe('expiry', () => {
  it('gives the stock back when the payment time is over, and the order can no longer be paid', async () => {
    // Orders made before are due too: this one's own product shows what it gives back.
    const { skus } = await addGoods(t, demoSiteId, { name: '限時', skus: [{ price: 100, qty: 5 }] });
    const sku = skus[0].id;
    const order = ok(await placeOrder(t, [{ sku_id: sku, qty: 3 }], logisticId)) as BuyerOrder;
    expect(await qtyOf(sku)).toBe(2);
    // Not yet due: nothing happens.
    expect((await expireDueOrders(jobDeps())).map((r) => r.outcome)).toEqual([]);
    t.clock.advance(ORDER_PAYMENT_MINUTES * MINUTE + 1);
    // Past its time but not yet taken by the job: refused as expired.
    expect((await pay(order.order_number)).code).toBe(Code.ORDER_EXPIRED);
    const row = await orderRow(order.order_number);
    const results = await expireDueOrders(jobDeps());
    expect(results.filter((r) => r.orderId === row.id)).toEqual([{ orderId: row.id, outcome: 'expired' }]);
    expect(await qtyOf(sku)).toBe(5);
    expect((await orderRow(order.order_number)).status).toBe(-1);
    expect((await eventsOf(row.id)).at(-1)).toMatchObject({
      fromStatus: 0,
      toStatus: -1,
      actor: 'system',
      detail: 'expired',
    });
    expect((await pay(order.order_number)).code).toBe(Code.ORDER_NOT_PAYABLE);
    // Run again: nothing more is given back.
    await expireDueOrders(jobDeps());
    expect(await qtyOf(sku)).toBe(5);
  });
});

describe('payment', () => {
  it('with no e-commerce staff, the new-order notice goes to the owner', async () => {
    await t.flushMail();
    const sent = t.mails.length;
    const order = await newOrder(1, 'first.payer@example.com');
    const r = ok(await pay(order.order_number)) as z.infer<typeof PayReply>;
    await answer3ds(t, r.redirect_url as string, true);
    expect(ok(await getOrder(order.order_number))).toMatchObject({ status: 1, payment: { status: 'paid' } });
    const mails = (await t.flushMail()).slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual(['first.payer@example.com', OWNER.email]);
    expect(mails.find((m) => m.to === OWNER.email)?.text).toContain(`${t.config.publicUrl}/orders/`);
  });

  it('pays with 3-D Secure, back to the order page; paid once when the notification and the page race; mails once', async () => {
    const shopStaff = 'shop.staff@example.com';
    await staffOf(t, demoSiteId, shopStaff, ROLE.ECOMMERCE, '電商');
    await t.flushMail();
    const sent = t.mails.length;
    const order = await newOrder(1, 'payer@example.com');
    const r = ok(await pay(order.order_number)) as z.infer<typeof PayReply>;
    expect(r).toMatchObject({ order_number: order.order_number, status: 'pending' });
    const back = new URL(await answer3ds(t, r.redirect_url as string, true));
    expect(back.host).toBe(DEMO_HOST);
    expect(back.pathname).toBe('/order');
    // The window comes back with the charge's own number; the order page's get answers the order by it.
    expect(back.searchParams.get('order_number')).toBe(`${order.order_number}-p1`);
    const [payment] = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderNumber, `${order.order_number}-p1`));
    expect(payment).toMatchObject({ status: 'pending', amount: 360 });
    const [n] = t.notifications.filter((x) => x.body.includes(payment.orderNumber));
    // Both callers find it pending and ask the gateway before either records the answer.
    const query = t.sandbox.query;
    let arrived = 0;
    let release = () => {};
    const bothAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.sandbox.query = async (tradeId) => {
      if (++arrived === 2) release();
      await bothAsked;
      return query(tradeId);
    };
    const [notified, page] = await Promise.all([t.deliver(n), getOrder(`${order.order_number}-p1`)]).finally(
      () => {
        t.sandbox.query = query;
      },
    );
    expect(arrived).toBe(2);
    expect(notified.status).toBe(200);
    expect(ok(page)).toMatchObject({
      order_number: order.order_number,
      status: 1,
      payment: { status: 'paid' },
      expires_at: null,
    });
    const row = await orderRow(order.order_number);
    expect(row.paidAt).not.toBeNull();
    expect((await eventsOf(row.id)).filter((e) => e.toStatus === 1)).toEqual([
      expect.objectContaining({ fromStatus: 0, actor: 'gateway', detail: payment.orderNumber }),
    ]);
    // A repeated notification does nothing more.
    expect((await t.deliver(n)).status).toBe(200);
    const events = await t.database.db
      .select()
      .from(orderPaymentEvents)
      .where(eq(orderPaymentEvents.paymentId, payment.id));
    expect(events).toHaveLength(1);
    expect(events[0].eventId).toContain(tradeOf(r.redirect_url as string));
    // The mails: the buyer's confirmation and the e-commerce staff's notice, once each (not the owner's).
    const mails = (await t.flushMail()).slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual(['payer@example.com', shopStaff]);
    const buyerMail = mails.find((m) => m.to === 'payer@example.com');
    expect(buyerMail?.subject).toContain(order.order_number);
    expect(buyerMail?.text).toContain('NT$360');
    expect(buyerMail?.text).toContain(`http://${DEMO_HOST}/order?order_number=${order.order_number}`);
    // Paid: not payable again.
    expect((await pay(order.order_number)).code).toBe(Code.ORDER_NOT_PAYABLE);
  });

  it('a forged notification changes nothing', async () => {
    const order = await newOrder();
    const r = ok(await pay(order.order_number)) as z.infer<typeof PayReply>;
    const number = `${order.order_number}-p1`;
    const body = JSON.stringify({
      event_id: 'forged-shop-1',
      rec_trade_id: tradeOf(r.redirect_url as string),
      order_number: number,
      amount: 360,
      status: 'paid',
    });
    const url = `${t.config.publicUrl}/payment-gateway/notify`;
    expect((await t.deliver({ url, body, headers: { 'x-sandbox-signature': 'ab'.repeat(32) } })).status).toBe(
      400,
    );
    expect((await orderRow(order.order_number)).status).toBe(0);
    const [payment] = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderNumber, number));
    expect(payment.status).toBe('pending');
    // One open charge per order: another attempt supersedes the one left waiting on 3-D Secure.
    ok(await pay(order.order_number));
    const rows = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, payment.orderId));
    expect(rows.filter((p) => p.status === 'pending')).toHaveLength(1);
    expect(rows.find((p) => p.orderNumber === number)?.status).toBe('expired');
  });

  it('a declined card fails the charge and the buyer may pay again', async () => {
    const order = await newOrder();
    expect(ok(await pay(order.order_number, SANDBOX_CARDS.declined))).toMatchObject({ status: 'failed' });
    expect(ok(await getOrder(order.order_number))).toMatchObject({
      status: 0,
      payment: { status: 'failed' },
    });
    const again = ok(await pay(order.order_number)) as z.infer<typeof PayReply>;
    expect(again.status).toBe('pending');
    const numbers = (
      await t.database.db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.orderId, (await orderRow(order.order_number)).id))
    ).map((p) => p.orderNumber);
    expect(numbers).toEqual([`${order.order_number}-p1`, `${order.order_number}-p2`]);
  });

  it('money paid for an order no longer awaiting payment is refunded, and the order stays as it is', async () => {
    const before = await qtyOf(skuA);
    const order = await newOrder();
    const r = ok(await pay(order.order_number)) as z.infer<typeof PayReply>;
    await answer3ds(t, r.redirect_url as string, true);
    const row = await orderRow(order.order_number);
    // Staff invalidated it meanwhile.
    await t.database.db.transaction((tx) =>
      moveOrder(tx, {
        siteId: demoSiteId,
        orderId: row.id,
        from: 0,
        to: -1,
        actor: 'staff',
        at: new Date(t.clock.now),
      }),
    );
    expect(await qtyOf(skuA)).toBe(before);
    const [n] = t.notifications.filter((x) => x.body.includes(`${order.order_number}-p1`));
    expect((await t.deliver(n)).status).toBe(200);
    const [payment] = await t.database.db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, row.id)));
    expect(payment.status).toBe('refunded');
    expect((await t.sandbox.query(tradeOf(r.redirect_url as string)))?.status).toBe('refunded');
    expect((await orderRow(order.order_number)).status).toBe(-1);
  });

  it('an order waits for a payment still in its 3-D Secure window, and is paid if it goes through', async () => {
    const order = await newOrder();
    t.clock.advance((ORDER_PAYMENT_MINUTES - 1) * MINUTE);
    const r = ok(await pay(order.order_number)) as z.infer<typeof PayReply>;
    t.clock.advance(2 * MINUTE);
    const row = await orderRow(order.order_number);
    const first = await expireDueOrders(jobDeps());
    expect(first.filter((x) => x.orderId === row.id)).toEqual([{ orderId: row.id, outcome: 'waiting' }]);
    await answer3ds(t, r.redirect_url as string, true);
    t.clock.advance(3 * MINUTE);
    const second = await expireDueOrders(jobDeps());
    expect(second.filter((x) => x.orderId === row.id)).toEqual([{ orderId: row.id, outcome: 'paid' }]);
    expect((await orderRow(order.order_number)).status).toBe(1);
  });
});
