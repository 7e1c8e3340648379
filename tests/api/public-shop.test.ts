/**
 * The shop on the public site (server/public/shop/), HTML over HTTP on the site's host: /shop lists the online goods
 * of this site only (newest first, price or "from" price, sold-out mark); a product page shows its online SKUs with
 * price, stock state and lead time, and its content sanitized; an offline product, another site's or an unknown one
 * is a 404; the shop's pages are never cached and the cart is prefilled for a signed-in reader; a site whose plan
 * has no shop (STARTER) has none of the pages, nor the header's cart link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goodsSkus, sites } from '../../server/modules/tables';
import { addReader, readerCookie, sitePage } from '../fixtures/readers';
import { addGoods, addLogistics, type GoodsValues, type SkuValues } from '../fixtures/shop';
import { createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let demoSiteId: number;
let otherHost: string;
let otherSiteId: number;

/** A product of `siteId` with its SKUs, made `at` when given. */
const product = async (siteId: number, values: GoodsValues, skus: SkuValues[] = [], at?: Date) =>
  (await addGoods(t, siteId, { ...values, ...(at && { createdAt: at }), skus })).product;

/** The page's <main> only (the header and footer hold the site's menus and words). */
const mainOf = (body: string) => body.slice(body.indexOf('<main'), body.indexOf('</main>'));

beforeAll(async () => {
  t = await createTestApp();
  let owner: Awaited<ReturnType<typeof signInOwner>>['owner'];
  ({ owner, demoSiteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
  const [demo] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
  const [other] = await t.database.db
    .insert(sites)
    .values({ name: '另一個網站', slug: 'other-shop', serviceId: demo.serviceId, published: true })
    .returning();
  otherSiteId = other.id;
  otherHost = `${other.slug}.sites.localhost:8080`;

  const day = (n: number) => new Date(Date.UTC(2026, 10, n));
  await product(
    demoSiteId,
    { name: '手沖咖啡豆', slug: 'coffee', intro: '淺焙，果香明亮' },
    [
      { name: '半磅', code: 'CF-HALF', price: 350, qty: 20, shift: 0 },
      { name: '一磅', code: 'CF-ONE', price: 620, qty: 3, shift: 5 },
      { name: '兩磅', code: 'CF-TWO', price: 1150, qty: 0, shift: 0 },
      { name: '停售款', code: 'CF-OLD', price: 99, qty: 50, status: 'offline' },
    ],
    day(3),
  );
  await product(
    demoSiteId,
    {
      name: '帆布袋',
      slug: 'tote',
      content:
        '<p onclick="steal()">耐用帆布<script>alert("x")</script><a href="javascript:alert(1)">看看</a></p><img src="x" onerror="alert(2)">',
    },
    [{ name: '米白', code: 'TOTE-1', price: 480, qty: 0 }],
    day(5),
  );
  await product(demoSiteId, { name: '下架的杯子', slug: 'old-cup', status: 'offline' }, [
    { name: '白', code: 'CUP-1', price: 200, qty: 5 },
  ]);
  await product(demoSiteId, { name: '無網址的明信片', slug: '' }, [
    { name: '一張', code: 'CARD-1', price: 60, qty: 100 },
  ]);
  await product(otherSiteId, { name: '別站的茶葉', slug: 'tea' }, [
    { name: '一罐', code: 'TEA-1', price: 300, qty: 10 },
  ]);
  await addLogistics(t, demoSiteId, { name: '宅配', fee: 100, freeThreshold: 1000 });
});

afterAll(() => t?.close());

describe('/shop', () => {
  it("lists the site's online goods only, newest first, with price, from-price and sold-out mark, never cached", async () => {
    const page = await sitePage(t, '/shop');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const main = mainOf(page.body);
    expect(main).toContain('<h1 class="list-title-main">商店</h1>');
    expect(main).toContain('href="http://demo.sites.localhost:8080/shop/coffee"');
    expect(main).toContain('NT$350 起');
    expect(main).toContain('帆布袋');
    expect(main).toContain('NT$480');
    expect(main.match(/class="sold-out"/g)).toHaveLength(1);
    // Newest first: the postcard (made now), the tote (day 5), the coffee (day 3).
    expect(main.indexOf('無網址的明信片')).toBeLessThan(main.indexOf('帆布袋'));
    expect(main.indexOf('帆布袋')).toBeLessThan(main.indexOf('手沖咖啡豆'));
    expect(main).not.toContain('下架的杯子');
    expect(main).not.toContain('別站的茶葉');
    // The header links to the shop and the cart; the script keeps the count.
    expect(page.body).toContain('href="http://demo.sites.localhost:8080/cart"');
    expect(page.body).toContain('data-cart-count');
    expect(page.body).toMatch(/\/assets\/[0-9a-f]{12}\/shop\.js/);
    // Past the last page: 404.
    expect((await sitePage(t, '/shop?page=2')).statusCode).toBe(404);
  });

  it('another site lists its own goods only', async () => {
    const page = await sitePage(t, '/shop', { host: otherHost });
    expect(page.statusCode).toBe(200);
    expect(mainOf(page.body)).toContain('別站的茶葉');
    expect(mainOf(page.body)).not.toContain('手沖咖啡豆');
  });

  it('speaks the page language', async () => {
    await t.database.db
      .update(sites)
      .set({ displayLanguages: [1, 3] })
      .where(eq(sites.id, demoSiteId));
    try {
      const page = await sitePage(t, '/en/shop');
      expect(page.statusCode).toBe(200);
      expect(mainOf(page.body)).toContain('from NT$350');
      expect(mainOf(page.body)).toContain('Sold out');
      expect(mainOf(page.body)).toContain('href="http://demo.sites.localhost:8080/en/shop/coffee"');
    } finally {
      await t.database.db
        .update(sites)
        .set({ displayLanguages: [1] })
        .where(eq(sites.id, demoSiteId));
    }
  });
});

describe('a product page', () => {
  it('shows the online SKUs with price, stock state and lead time, never cached', async () => {
    const page = await sitePage(t, '/shop/coffee');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const main = mainOf(page.body);
    expect(main).toContain('<h1 class="goods-name">手沖咖啡豆</h1>');
    expect(main).toContain('淺焙，果香明亮');
    expect(main).toMatch(/半磅<\/strong> <span class="sku-price">NT\$350<\/span>/);
    expect(main).toContain('<span class="stock stock-in_stock">有現貨</span>');
    expect(main).toContain('<span class="stock stock-low">只剩 3 件</span>');
    expect(main).toContain('<span class="stock stock-sold_out">已售完</span>');
    expect(main).toContain('現貨，付款後即出貨');
    expect(main).toContain('付款後 5 天內出貨');
    expect(main).not.toContain('停售款');
    // The sold-out SKU cannot be chosen; the first available one is.
    const skuIds = (await t.database.db.select().from(goodsSkus).where(eq(goodsSkus.siteId, demoSiteId)))
      .filter((s) => s.code.startsWith('CF-'))
      .sort((a, b) => a.position - b.position);
    expect(main).toMatch(new RegExp(`id="sku-${skuIds[0].id}"[^>]*checked`));
    expect(main).toMatch(new RegExp(`id="sku-${skuIds[2].id}"[^>]*disabled`));
    expect(main).toContain('<button type="submit" class="button">加入購物車</button>');
    // Its own canonical address and the product's intro as the description.
    expect(page.body).toContain('<link rel="canonical" href="http://demo.sites.localhost:8080/shop/coffee">');
    expect(page.body).toMatch(/<meta name="description" content="淺焙，果香明亮">/);
  });

  it('sanitizes the content: no script, no handlers, no javascript: links', async () => {
    const page = await sitePage(t, '/shop/tote');
    expect(page.statusCode).toBe(200);
    const main = mainOf(page.body);
    expect(main).toContain('耐用帆布');
    expect(main).not.toContain('<script>alert');
    expect(main).not.toContain('onclick');
    expect(main).not.toContain('onerror');
    expect(main).not.toContain('javascript:');
    // All sold out: no add-to-cart button.
    expect(main).not.toContain('<button type="submit" class="button">加入購物車</button>');
  });

  it('serves a product without a slug at its id', async () => {
    const [card] = await t.database.db.select().from(goods).where(eq(goods.name, '無網址的明信片'));
    const page = await sitePage(t, `/shop/${card.id}`);
    expect(page.statusCode).toBe(200);
    expect(mainOf(page.body)).toContain('無網址的明信片');
  });

  it("is a 404 for an offline product, another site's, an unknown one, or a slugged one by id", async () => {
    const [coffee] = await t.database.db.select().from(goods).where(eq(goods.slug, 'coffee'));
    for (const path of ['/shop/old-cup', '/shop/tea', '/shop/nothing', `/shop/${coffee.id}`, '/shop/a/b']) {
      const page = await sitePage(t, path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body, path).not.toContain('別站的茶葉');
    }
    expect((await sitePage(t, '/shop/tea', { host: otherHost })).statusCode).toBe(200);
  });
});

describe('the cart and the order page', () => {
  it('are never cached; the cart prefills a signed-in reader and carries the calls', async () => {
    const anonymous = await sitePage(t, '/cart');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect(anonymous.body).toContain('data-quote="/api/reader/shop/quote"');
    expect(anonymous.body).toContain('data-order="/api/reader/shop/order"');
    expect(anonymous.body).toMatch(/\/assets\/[0-9a-f]{12}\/reader\.js/);

    const reader = await addReader(t, demoSiteId, { email: 'buyer@example.com', name: '王小華' });
    const cookie = await readerCookie(t, reader);
    const signedIn = await sitePage(t, '/cart', { cookie });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.body).toContain(
      'id="buyer-name" name="name" type="text" autocomplete="name" maxlength="100" required value="王小華"',
    );
    expect(signedIn.body).toContain('value="buyer@example.com"');
    // Another visitor never sees the reader's data.
    expect((await sitePage(t, '/cart')).body).not.toContain('buyer@example.com');

    const order = await sitePage(t, '/order?order_number=O2026ABC123');
    expect(order.statusCode).toBe(200);
    expect(order.headers['cache-control']).toBe('private, no-store');
    expect(order.body).toContain('data-order-number="O2026ABC123"');
    expect(order.body).toContain('data-get="/api/reader/shop/get"');
    // A malformed number is not echoed.
    const odd = await sitePage(t, '/order?order_number=%3Cscript%3E');
    expect(odd.body).toContain('data-order-number=""');
    expect(odd.body).toContain('找不到這筆訂單。');
  });
});

describe('a site whose plan has no shop', () => {
  it('answers 404 for every shop page and shows no cart link', async () => {
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, demoSiteId));
    try {
      for (const path of ['/shop', '/shop/coffee', '/cart', '/order?order_number=O1']) {
        const page = await sitePage(t, path);
        expect(page.statusCode, path).toBe(404);
        expect(page.body, path).not.toContain('手沖咖啡豆');
      }
      const home = await sitePage(t, '/');
      expect(home.statusCode).toBe(200);
      expect(home.body).not.toContain('data-cart-count');
    } finally {
      await t.database.db.update(sites).set({ serviceId: 4 }).where(eq(sites.id, demoSiteId));
    }
    expect((await sitePage(t, '/shop')).statusCode).toBe(200);
  });
});

describe('the sitemap', () => {
  it("names the shop and the site's online products, not the offline ones nor another site's", async () => {
    const page = await sitePage(t, '/sitemap.xml');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<loc>http://demo.sites.localhost:8080/shop</loc>');
    expect(page.body).toContain('<loc>http://demo.sites.localhost:8080/shop/coffee</loc>');
    expect(page.body).not.toContain('/shop/old-cup');
    expect(page.body).not.toContain('/shop/tea');
  });
});
