/**
 * Orders in the back-office through HTTP (issue 15): the list's filters (status, dates in the site's time zone, a
 * CJK keyword, SKU), one order with its items, events and payments, every illegal move refused with nothing changed,
 * shipping (the tracking code required, stored, in the event with the staff member, the buyer mailed in the order's
 * language), completing, invalidating (stock back; a paid order refunded once at the sandbox gateway, a refused
 * refund leaving it paid), concurrent saves, the CSV export, permissions and plan, another site's orders never
 * visible, and bad input never a 500. Orders are made directly in the database as the checkout makes them
 * (tests/fixtures/shop.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { OrderDetail, OrderRow } from '../../contract/entities/orders';
import type { Filter, ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { orderEvents, orderPayments, orders, sites } from '../../server/modules/tables';
import { addGoods, addLogistics, addOrder, type Order, payOrder, type Sku, stockOf } from '../fixtures/shop';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let other: Client;
let otherSiteId: number;
let skus: Sku[];
let otherOrder: Order;
let logistic: Awaited<ReturnType<typeof addLogistics>>;
const named: Record<string, Order> = {};

const expectCode = (r: Reply<unknown>, code: number, status = 200) => {
  expect({ status: r.status, code: r.code }, JSON.stringify(r)).toEqual({ status, code });
};

const list = (c: Client, filters: Filter[] = [], extra: Record<string, unknown> = {}) =>
  c.call<ListResult<OrderRow>>('order/list', { query: { size: 100, filters, ...extra } });
const numbers = (r: Reply<ListResult<OrderRow>>) => ok(r).rows.map((row) => row.order_number);
const get = (c: Client, id: number) => c.call<OrderDetail>('order/get', { id });
const save = (c: Client, body: Record<string, unknown>) => c.call<OrderDetail>('order/save', body);

const order = (fields: Partial<Parameters<typeof addOrder>[2]> & { qty?: number; sku?: number }) =>
  addOrder(t, demoSiteId, {
    lines: [{ sku: skus[fields.sku ?? 0], qty: fields.qty ?? 1, goodsName: '經典帆布袋' }],
    logistic,
    ...fields,
  });

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function eventsOf(id: number) {
  return t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
}

async function exportCsv(c: Client, body: object = {}, lang = 'zh-TW') {
  return t.app.inject({
    method: 'POST',
    url: '/api/order/export',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  await t.database.db.update(sites).set({ timezone: 'Asia/Taipei' }).where(eq(sites.id, demoSiteId));
  other = await register(t, 'shop.other@example.com');
  const status = await other.call<{ site: { current: { id: number } } }>('member/status');
  otherSiteId = status.data.site.current.id;
  // The other site sells too (a plan with the shop), so only the site scope hides its orders.
  await t.database.db.update(sites).set({ serviceId: 4 }).where(eq(sites.id, otherSiteId));

  ({ skus } = await addGoods(t, demoSiteId, {
    name: '經典帆布袋',
    skus: [
      { name: '黑色', code: 'BAG-BLK', price: 590, qty: 50 },
      { name: '白色', code: 'BAG-WHT', price: 620, qty: 50 },
    ],
  }));
  logistic = await addLogistics(t, demoSiteId, { name: '宅配', fee: 100, freeThreshold: 1000 });
  const mug = await addGoods(t, demoSiteId, {
    name: '馬克杯',
    skus: [{ name: '標準', code: 'MUG-01', price: 350, qty: 20 }],
  });

  named.april = await order({
    at: '2026-04-01T02:00:00Z',
    buyer: { name: '陳美玲', email: 'mei@example.com', phone: '0912345678' },
  });
  // 2026-04-02 23:30 in Taipei (15:30 UTC): the 2nd there, though UTC is on the same day.
  named.lateNight = await order({
    at: '2026-04-02T15:30:00Z',
    buyer: { name: 'John Smith', email: 'john@example.com' },
    lines: [{ sku: mug.skus[0], qty: 2, goodsName: '馬克杯' }],
  });
  // 2026-04-03 00:30 in Taipei (04-02 16:30 UTC).
  named.third = await order({
    at: '2026-04-02T16:30:00Z',
    buyer: { name: '林志明', email: 'lin@example.com' },
    sku: 1,
    qty: 2,
  });

  const { skus: otherSkus } = await addGoods(t, otherSiteId, {
    name: '別人的商品',
    skus: [{ name: '單一', code: 'BAG-BLK', price: 100, qty: 5 }],
  });
  const otherLogistic = await addLogistics(t, otherSiteId, { name: '超商', fee: 60 });
  otherOrder = await addOrder(t, otherSiteId, {
    lines: [{ sku: otherSkus[0], qty: 1, goodsName: '別人的商品' }],
    logistic: otherLogistic,
    buyer: { name: '陳美玲', email: 'mei@example.com' },
    at: '2026-04-01T03:00:00Z',
  });
});

afterAll(() => t.close());

describe('order/list', () => {
  it('lists the site’s orders newest first, with units and totals', async () => {
    const rows = ok(await list(owner)).rows;
    expect(rows.map((r) => r.order_number)).toEqual([
      named.third.orderNumber,
      named.lateNight.orderNumber,
      named.april.orderNumber,
    ]);
    expect(rows[0]).toMatchObject({ status: 0, items: 2, total: 1240, buyer_name: '林志明' });
    // 590 + 100 shipping under the 1000 threshold; 1240 ships free.
    expect(rows[2]).toMatchObject({ items: 1, total: 690 });
  });

  it('filters by status (one or several)', async () => {
    const paid = await order({ buyer: { name: '已付款', email: 'paid@example.com' } });
    await payOrder(t, paid);
    expect(numbers(await list(owner, [{ col: 'status', value: [1], type: 'in' }]))).toEqual([
      paid.orderNumber,
    ]);
    const both = numbers(await list(owner, [{ col: 'status', value: [0, 1], type: 'in' }]));
    expect(both).toContain(paid.orderNumber);
    expect(both).toContain(named.april.orderNumber);
    expect(numbers(await list(owner, [{ col: 'status', value: [-1, 3], type: 'in' }]))).toEqual([]);
  });

  it('filters by a date range in the site’s time zone, both days included', async () => {
    const second = numbers(
      await list(owner, [
        { col: 'from', value: '2026-04-02', type: 'search' },
        { col: 'to', value: '2026-04-02', type: 'search' },
      ]),
    );
    expect(second).toEqual([named.lateNight.orderNumber]);
    const firstTwo = numbers(
      await list(owner, [
        { col: 'from', value: '2026-04-01', type: 'search' },
        { col: 'to', value: '2026-04-02', type: 'search' },
      ]),
    );
    expect(firstTwo).toEqual([named.lateNight.orderNumber, named.april.orderNumber]);
    const bad = await list(owner, [{ col: 'from', value: '2026-13-40', type: 'search' }]);
    expect(fieldErrors(bad)).toHaveProperty(['query.filters.0.value']);
  });

  it('finds by keyword: CJK name, e-mail, phone, order number', async () => {
    const search = (value: string) => list(owner, [{ col: 'keyword', value, type: 'search' }]);
    expect(numbers(await search('美玲'))).toEqual([named.april.orderNumber]);
    expect(numbers(await search('JOHN@'))).toEqual([named.lateNight.orderNumber]);
    expect(numbers(await search('0912'))).toEqual([named.april.orderNumber]);
    expect(numbers(await search(named.third.orderNumber.slice(2, 12)))).toEqual([named.third.orderNumber]);
    // LIKE wildcards are literal.
    expect(numbers(await search('%'))).toEqual([]);
  });

  it('finds by SKU: code, SKU name or product name in its items', async () => {
    const sku = (value: string) => list(owner, [{ col: 'sku', value, type: 'search' }]);
    expect(numbers(await sku('mug-01'))).toEqual([named.lateNight.orderNumber]);
    expect(numbers(await sku('白色'))).toEqual([named.third.orderNumber]);
    expect(numbers(await sku('馬克'))).toEqual([named.lateNight.orderNumber]);
    const bags = numbers(await sku('BAG-'));
    expect(bags).toContain(named.april.orderNumber);
    expect(bags).toContain(named.third.orderNumber);
    expect(bags).not.toContain(named.lateNight.orderNumber);
  });

  it('sorts by total and status; unknown columns are field errors, not 500s', async () => {
    const byTotal = ok(await list(owner, [], { sort: { col: 'total', order: 'asc' } })).rows.map(
      (r) => r.total,
    );
    expect(byTotal).toEqual([...byTotal].sort((a, b) => a - b));
    ok(await list(owner, [], { sort: { col: 'status', order: 'desc' } }));
    expect(fieldErrors(await list(owner, [], { sort: { col: 'buyer_email', order: 'asc' } }))).toHaveProperty(
      ['query.sort.col'],
    );
    expect(fieldErrors(await list(owner, [{ col: 'site_id', value: [1], type: 'in' }]))).toHaveProperty([
      'query.filters.0.col',
    ]);
    expect(fieldErrors(await list(owner, [{ col: 'status', value: 'x', type: 'search' }]))).toHaveProperty([
      'query.filters.0.col',
    ]);
    expectCode(await list(owner, [{ col: 'status', value: ['paid'], type: 'in' }]), Code.VALIDATION);
  });
});

describe('order/get', () => {
  it('answers the order with items, events, payments and the moves staff may make', async () => {
    const o = ok(await get(owner, named.third.id));
    expect(o).toMatchObject({
      order_number: named.third.orderNumber,
      status: 0,
      buyer_name: '林志明',
      address: '台北市中正區重慶南路一段 122 號',
      logistic_name: '宅配',
      logistic_fee: 0,
      subtotal: 1240,
      total: 1240,
      moves: [-1],
    });
    expect(o.lines).toEqual([
      expect.objectContaining({ sku_code: 'BAG-WHT', sku_name: '白色', price: 620, qty: 2, amount: 1240 }),
    ]);
    expect(o.events).toEqual([
      expect.objectContaining({ from_status: null, to_status: 0, actor: 'buyer', staff: null }),
    ]);
    expect(o.payments).toEqual([]);
  });

  it('is 404 for another site’s order and for none', async () => {
    expectCode(await get(owner, otherOrder.id), Code.NOT_FOUND, 404);
    expectCode(await get(owner, 999_999), Code.NOT_FOUND, 404);
    expectCode(await get(other, named.april.id), Code.NOT_FOUND, 404);
    expectCode(await owner.call('order/get', { id: 'x' }), Code.VALIDATION);
    expectCode(await owner.call('order/get', { id: 2 ** 40 }), Code.VALIDATION);
  });
});

describe('order/save', () => {
  it('refuses every illegal move and changes nothing', async () => {
    const created = await order({});
    const paid = await order({});
    await payOrder(t, paid);
    const shipped = await order({});
    await payOrder(t, shipped);
    ok(await save(owner, { id: shipped.id, status: 2, code: 'SHIP-1' }));
    const completed = await order({});
    await payOrder(t, completed);
    ok(await save(owner, { id: completed.id, status: 2, code: 'SHIP-2' }));
    ok(await save(owner, { id: completed.id, status: 3 }));
    const invalid = await order({});
    ok(await save(owner, { id: invalid.id, status: -1 }));

    const cases: [Order, number, number][] = [
      [created, 0, 2],
      [created, 0, 3],
      [created, 0, 1],
      [created, 0, 0],
      [paid, 1, 3],
      [paid, 1, 1],
      [paid, 1, 0],
      [shipped, 2, 1],
      [shipped, 2, -1],
      [shipped, 2, 0],
      [completed, 3, 0],
      [completed, 3, 1],
      [completed, 3, 2],
      [completed, 3, -1],
      [invalid, -1, 0],
      [invalid, -1, 1],
      [invalid, -1, 2],
      [invalid, -1, 3],
    ];
    for (const [o, from, to] of cases) {
      const before = await statusOf(o.id);
      const events = (await eventsOf(o.id)).length;
      const r = await save(owner, { id: o.id, status: to, ...(to === 2 ? { code: 'X-1' } : {}) });
      expectCode(r, Code.ORDER_ILLEGAL_MOVE);
      expect(await statusOf(o.id)).toEqual(before);
      expect(before.status).toBe(from);
      expect(await eventsOf(o.id)).toHaveLength(events);
    }
    // The statuses are named in the caller's language.
    const zh = await save(owner, { id: created.id, status: 2, code: 'X' });
    expect(zh.msg).toBe('訂單無法從「待付款」改為「已出貨」。');
    const enOwner = t.client({ lang: 'en' });
    enOwner.cookies = owner.cookies;
    expect((await save(enOwner, { id: completed.id, status: -1 })).msg).toContain('Completed');
  });

  it('needs the tracking code to ship (3521), and refuses one with any other move', async () => {
    const paid = await order({});
    await payOrder(t, paid);
    expectCode(await save(owner, { id: paid.id, status: 2 }), Code.ORDER_CODE_REQUIRED);
    expectCode(await save(owner, { id: paid.id, status: 2, code: '   ' }), Code.ORDER_CODE_REQUIRED);
    expect(fieldErrors(await save(owner, { id: paid.id, status: 2, code: 'x'.repeat(101) }))).toHaveProperty(
      'code',
    );
    expect(fieldErrors(await save(owner, { id: paid.id, status: -1, code: 'ABC' }))).toHaveProperty('code');
    // Anything besides {id, status, code} is refused.
    expect(fieldErrors(await save(owner, { id: paid.id, status: 2, code: 'A', total: 1 }))).toHaveProperty(
      'total',
    );
    expectCode(await save(owner, { id: paid.id, status: 5 }), Code.VALIDATION);
    expectCode(await save(owner, { id: paid.id }), Code.VALIDATION);
    expect((await statusOf(paid.id)).status).toBe(1);
  });

  it('ships with the code: stored, in the event with the staff member, the buyer mailed in the order’s language', async () => {
    const paid = await order({ buyer: { name: 'Amy', email: 'amy@example.com' }, langId: 3, qty: 2 });
    await payOrder(t, paid);
    await t.flushMail();
    const before = t.mails.length;
    const o = ok(await save(owner, { id: paid.id, status: 2, code: '  TW123456789  ' }));
    expect(o).toMatchObject({ status: 2, logistic_code: 'TW123456789', moves: [3] });
    expect(o.shipped_at).not.toBeNull();
    const last = o.events[o.events.length - 1];
    expect(last).toMatchObject({
      from_status: 1,
      to_status: 2,
      actor: 'staff',
      staff: 'Owner',
      detail: 'TW123456789',
    });
    const mails = (await t.flushMail()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('amy@example.com');
    expect(mails[0].subject).toContain(paid.orderNumber);
    expect(mails[0].subject).toContain('shipped');
    expect(mails[0].text).toContain('TW123456789');
    expect(mails[0].text).toContain('經典帆布袋 (黑色) × 2');
    expect(mails[0].text).toContain('NT$1,180');

    // A zh-TW buyer reads Chinese.
    const zh = await order({ buyer: { name: '王', email: 'wang@example.com' } });
    await payOrder(t, zh);
    ok(await save(owner, { id: zh.id, status: 2, code: 'B-1' }));
    const zhMail = (await t.flushMail()).find((m) => m.to === 'wang@example.com');
    expect(zhMail?.subject).toContain('已出貨');

    // 2 → 3.
    const done = ok(await save(owner, { id: paid.id, status: 3 }));
    expect(done).toMatchObject({ status: 3, moves: [] });
    expect(done.completed_at).not.toBeNull();
  });

  it('invalidating an unpaid order gives its stock back', async () => {
    const before = await stockOf(t, skus[1].id);
    const o = await order({ sku: 1, qty: 3 });
    expect(await stockOf(t, skus[1].id)).toBe(before - 3);
    const r = ok(await save(owner, { id: o.id, status: -1 }));
    expect(r).toMatchObject({ status: -1, moves: [] });
    expect(r.invalid_at).not.toBeNull();
    expect(r.events[r.events.length - 1]).toMatchObject({ from_status: 0, to_status: -1, actor: 'staff' });
    expect(await stockOf(t, skus[1].id)).toBe(before);
    // Not twice.
    expectCode(await save(owner, { id: o.id, status: -1 }), Code.ORDER_ILLEGAL_MOVE);
    expect(await stockOf(t, skus[1].id)).toBe(before);
  });

  it('invalidating a paid order refunds it once at the gateway, then gives the stock back', async () => {
    const before = await stockOf(t, skus[0].id);
    const o = await order({ qty: 2 });
    const { tradeId } = await payOrder(t, o);
    const r = ok(await save(owner, { id: o.id, status: -1 }));
    expect(r.status).toBe(-1);
    expect(r.payments).toEqual([expect.objectContaining({ status: 'refunded', trade_id: tradeId })]);
    expect(r.events[r.events.length - 1]).toMatchObject({
      from_status: 1,
      to_status: -1,
      detail: 'refunded',
    });
    const trade = await t.sandbox.query(tradeId);
    expect(trade).toMatchObject({ status: 'refunded', refunded: o.total });
    expect(await stockOf(t, skus[0].id)).toBe(before);
    expectCode(await save(owner, { id: o.id, status: -1 }), Code.ORDER_ILLEGAL_MOVE);
    expect((await t.sandbox.query(tradeId))?.refunded).toBe(o.total);
  });

  it('a refund the gateway refuses leaves the order paid with its payment (3525), and a retry refunds it', async () => {
    const o = await order({});
    const { tradeId } = await payOrder(t, o);
    const refund = t.sandbox.refund;
    t.sandbox.refund = async () => {
      throw new Error('gateway down');
    };
    try {
      expectCode(await save(owner, { id: o.id, status: -1 }), Code.ORDER_REFUND_FAILED);
    } finally {
      t.sandbox.refund = refund;
    }
    expect((await statusOf(o.id)).status).toBe(1);
    const [payment] = await t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, o.id));
    expect(payment.status).toBe('paid');
    expect((await t.sandbox.query(tradeId))?.refunded).toBe(0);
    ok(await save(owner, { id: o.id, status: -1 }));
    expect((await t.sandbox.query(tradeId))?.refunded).toBe(o.total);
  });

  it('a refund that went through while its invalidation stopped half way is finished by the next, not repeated', async () => {
    const o = await order({});
    const { tradeId } = await payOrder(t, o);
    // The state a crash leaves between the gateway's refund and the move: the payment claimed, the money back.
    await t.database.db
      .update(orderPayments)
      .set({ status: 'refunded' })
      .where(eq(orderPayments.orderId, o.id));
    await t.sandbox.refund(tradeId);
    const refund = t.sandbox.refund;
    let refunds = 0;
    t.sandbox.refund = async (id, amount) => {
      refunds++;
      return refund(id, amount);
    };
    try {
      // Shipping it now would ship refunded goods: refused.
      expectCode(await save(owner, { id: o.id, status: 2, code: 'TW-1' }), Code.ORDER_ILLEGAL_MOVE);
      const r = ok(await save(owner, { id: o.id, status: -1 }));
      expect(r.status).toBe(-1);
      expect(r.events[r.events.length - 1]).toMatchObject({ to_status: -1, detail: 'refunded' });
    } finally {
      t.sandbox.refund = refund;
    }
    expect(refunds).toBe(0);
    expect((await t.sandbox.query(tradeId))?.refunded).toBe(o.total);
  });

  it('a claimed refund the gateway has not made is someone else’s under way: refused, nothing refunded', async () => {
    const o = await order({});
    const { tradeId } = await payOrder(t, o);
    await t.database.db
      .update(orderPayments)
      .set({ status: 'refunded' })
      .where(eq(orderPayments.orderId, o.id));
    expectCode(await save(owner, { id: o.id, status: -1 }), Code.ORDER_ILLEGAL_MOVE);
    expect((await statusOf(o.id)).status).toBe(1);
    expect((await t.sandbox.query(tradeId))?.refunded).toBe(0);
  });

  it('concurrent saves of the same move: one wins, the rest are refused, one event, one refund', async () => {
    const o = await order({});
    await payOrder(t, o);
    const ships = await Promise.all(
      [1, 2, 3].map((n) => save(owner, { id: o.id, status: 2, code: `C-${n}` })),
    );
    expect(ships.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of ships.filter((x) => x.code !== 1)) expectCode(r, Code.ORDER_ILLEGAL_MOVE);
    expect((await eventsOf(o.id)).filter((e) => e.toStatus === 2)).toHaveLength(1);

    const p = await order({});
    const { tradeId } = await payOrder(t, p);
    const refund = t.sandbox.refund;
    let calls = 0;
    t.sandbox.refund = async (id, amount) => {
      calls += 1;
      return refund(id, amount);
    };
    try {
      const results = await Promise.all([
        save(owner, { id: p.id, status: -1 }),
        save(owner, { id: p.id, status: -1 }),
        save(owner, { id: p.id, status: 2, code: 'RACE' }),
      ]);
      expect(results.filter((r) => r.code === 1).length).toBeGreaterThanOrEqual(1);
      for (const r of results.filter((x) => x.code !== 1)) expectCode(r, Code.ORDER_ILLEGAL_MOVE);
    } finally {
      t.sandbox.refund = refund;
    }
    const final = await statusOf(p.id);
    const trade = await t.sandbox.query(tradeId);
    // Either refunded and invalid, or shipped and not refunded: never both, never twice.
    if (final.status === -1) {
      expect(calls).toBe(1);
      expect(trade?.refunded).toBe(p.total);
    } else {
      expect(final.status).toBe(2);
      expect(calls).toBe(0);
      expect(trade?.refunded).toBe(0);
    }
    expect((await eventsOf(p.id)).filter((e) => e.fromStatus === 1)).toHaveLength(1);
  });

  it('never moves another site’s order', async () => {
    expectCode(await save(owner, { id: otherOrder.id, status: -1 }), Code.NOT_FOUND, 404);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, otherOrder.id), eq(orders.siteId, otherSiteId)));
    expect(row.status).toBe(0);
  });
});

describe('order/export', () => {
  it('answers the filter as CSV: BOM, header in the caller’s language, one row per item', async () => {
    const res = await exportCsv(owner, {
      query: { filters: [{ col: 'keyword', value: '林志明', type: 'search' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-.*\.csv"/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['訂單編號', '建立時間', '狀態']);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(named.third.orderNumber);
    expect(lines[1]).toContain('2026-04-03 00:30');
    expect(lines[1]).toContain('待付款');
    expect(lines[1]).toContain('BAG-WHT');

    const multi = await addOrder(t, demoSiteId, {
      lines: [
        { sku: skus[0], qty: 1, goodsName: '經典帆布袋' },
        { sku: skus[1], qty: 1, goodsName: '經典帆布袋' },
      ],
      logistic,
      buyer: { name: '=cmd|calc', email: 'multi@example.com' },
    });
    const en = await exportCsv(
      owner,
      { query: { filters: [{ col: 'keyword', value: 'multi@', type: 'search' }] } },
      'en',
    );
    const enLines = en.body.slice(1).trimEnd().split('\r\n');
    expect(enLines[0]).toMatch(/^Order number,Created,Status,/);
    expect(enLines.slice(1)).toHaveLength(2);
    expect(enLines.every((l, i) => i === 0 || l.startsWith(multi.orderNumber))).toBe(true);
    // A value a spreadsheet would run is made text.
    expect(enLines[1]).toContain("'=cmd|calc");
  });

  it('holds only the caller’s site and refuses bad filters without a 500', async () => {
    const res = await exportCsv(owner, {
      query: { filters: [{ col: 'keyword', value: '美玲', type: 'search' }] },
    });
    expect(res.body).toContain(named.april.orderNumber);
    expect(res.body).not.toContain(otherOrder.orderNumber);
    const bad = await exportCsv(owner, { query: { filters: [{ col: 'nope', value: 'x', type: 'search' }] } });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().code).toBe(Code.VALIDATION);
  });
});

describe('who may', () => {
  it('the e-commerce role reads and moves orders; an editor is refused', async () => {
    const shop = await staffOf(t, demoSiteId, 'shop.staff@example.com', ROLE.ECOMMERCE, '電商小幫手');
    ok(await list(shop));
    const o = await order({});
    await payOrder(t, o);
    const shipped = ok(await save(shop, { id: o.id, status: 2, code: 'E-1' }));
    expect(shipped.events[shipped.events.length - 1].staff).toBe('電商小幫手');

    const editor = await staffOf(t, demoSiteId, 'editor.shop@example.com', ROLE.EDITOR);
    expectCode(await list(editor), Code.FORBIDDEN, 403);
    expectCode(await get(editor, o.id), Code.FORBIDDEN, 403);
    expectCode(await save(editor, { id: o.id, status: 3 }), Code.FORBIDDEN, 403);
    expect((await exportCsv(editor)).statusCode).toBe(403);
  });

  it('a site on a plan without the shop (STARTER) is refused', async () => {
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, demoSiteId));
    try {
      expectCode(await list(owner), Code.FORBIDDEN, 403);
      expectCode(await get(owner, named.april.id), Code.FORBIDDEN, 403);
      expectCode(await save(owner, { id: named.april.id, status: -1 }), Code.FORBIDDEN, 403);
      expect((await exportCsv(owner)).statusCode).toBe(403);
    } finally {
      await t.database.db.update(sites).set({ serviceId: 4 }).where(eq(sites.id, demoSiteId));
    }
    expect((await statusOf(named.april.id)).status).toBe(0);
  });

  it('signed out is 401', async () => {
    const anon = t.client();
    expect((await anon.call('order/list', {})).status).toBe(401);
  });
});

describe('bad input never answers 500', () => {
  it('answers envelopes for junk bodies', async () => {
    const bodies: unknown[] = [
      'not json',
      [],
      { query: { page: 0 } },
      { query: { size: 10_000 } },
      { query: { filters: [{ col: 'keyword', value: 'x'.repeat(5000), type: 'search' }] } },
      { query: { filters: [{ col: 'status', value: [2 ** 40], type: 'in' }] } },
      { query: { filters: [{ col: 'to', value: '9999-99-99', type: 'search' }] } },
    ];
    for (const body of bodies) {
      const r = await owner.call('order/list', body as object);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.code, JSON.stringify(body)).not.toBe(1);
    }
    for (const body of [{ id: -1, status: 2 }, { id: 1, status: '2' }, { id: 1, status: 2, code: 5 }, {}]) {
      const r = await save(owner, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expectCode(r, Code.VALIDATION);
    }
  });
});
