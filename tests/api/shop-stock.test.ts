/**
 * The last unit (issue 15): concurrent orders for a SKU never sell more than its stock, and stock never goes below 0.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the calls truly race on separate connections.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { goodsSkus, orders } from '../../server/modules/tables';
import { addGoods, addLogistics, placeOrder, siteToken } from '../fixtures/shop';
import { createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let demoSiteId: number;
let logisticId: number;

beforeAll(async () => {
  t = await createTestApp();
  const signed = await signInOwner(t);
  demoSiteId = signed.demoSiteId;
  ok(await signed.owner.call('site/publish', { publish: true }));
  logisticId = (await addLogistics(t, demoSiteId, { fee: 60 })).id;
});
afterAll(async () => {
  await t?.close();
});

const qtyOf = async (skuId: number) =>
  (await t.database.db.select({ qty: goodsSkus.qty }).from(goodsSkus).where(eq(goodsSkus.id, skuId)))[0].qty;

/** `buyers` orders of one unit each of a SKU with `stock` units, all at once. */
async function race(stock: number, buyers: number) {
  const { skus } = await addGoods(t, demoSiteId, {
    name: `限量 ${stock}/${buyers}`,
    skus: [{ price: 500, qty: stock }],
  });
  const sku = skus[0];
  // Bot checks are solved first, so that the orders themselves are sent together.
  const tokens = await Promise.all(Array.from({ length: buyers }, () => siteToken(t)));
  const replies = await Promise.all(
    tokens.map((token, i) =>
      placeOrder(t, [{ sku_id: sku.id, qty: 1 }], logisticId, {
        token,
        buyer: { email: `buyer${i}@example.com` },
      }),
    ),
  );
  return { sku, replies };
}

describe('the last unit', () => {
  it('one unit, ten buyers at once: exactly one order, the rest out of stock, stock 0', async () => {
    const { sku, replies } = await race(1, 10);
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    const refused = replies.filter((r) => r.code !== 1);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.code).toBe(Code.OUT_OF_STOCK);
      expect(r.data).toMatchObject({ sku_id: sku.id, left: 0 });
    }
    expect(await qtyOf(sku.id)).toBe(0);
    const made = await t.database.db.select().from(orders);
    const numbers = replies
      .filter((r) => r.code === 1)
      .map((r) => (r.data as { order_number: string }).order_number);
    expect(made.filter((o) => numbers.includes(o.orderNumber))).toHaveLength(1);
  });

  it('three units, five buyers of one each: three orders, two refused, stock 0', async () => {
    const { sku, replies } = await race(3, 5);
    expect(replies.filter((r) => r.code === 1)).toHaveLength(3);
    expect(replies.filter((r) => r.code === Code.OUT_OF_STOCK)).toHaveLength(2);
    expect(await qtyOf(sku.id)).toBe(0);
  });

  it('an order of more than is left takes nothing, and leaves the stock as it was', async () => {
    const { skus } = await addGoods(t, demoSiteId, {
      skus: [
        { price: 100, qty: 5 },
        { price: 200, qty: 2 },
      ],
    });
    const r = await placeOrder(
      t,
      [
        { sku_id: skus[0].id, qty: 4 },
        { sku_id: skus[1].id, qty: 3 },
      ],
      logisticId,
    );
    expect(r.code).toBe(Code.OUT_OF_STOCK);
    expect(r.data).toMatchObject({ sku_id: skus[1].id, left: 2 });
    expect(await qtyOf(skus[0].id)).toBe(5);
    expect(await qtyOf(skus[1].id)).toBe(2);
  });
});
