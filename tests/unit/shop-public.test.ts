/**
 * The shop on the public site, its pure parts: the addresses (/shop, /shop/<slug>, /cart, /order), the words of a
 * price range, a stock state and a lead time, and the default theme's cart helpers (assets/shop.js's
 * window.shopCart: what the browser keeps is SKU ids and quantities only, bounded and one line per SKU).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CART_LINES_MAX, LINE_QTY_MAX, LOW_STOCK } from '../../contract/shop';
import { routeOf } from '../../server/public/router';
import { leadTimeText, priceRangeText, stockState, stockText } from '../../server/public/shop/format';
import { isLivePageKind, publicPath } from '../../server/shared/paths';

const site = { displayLanguages: [1, 3] };
const route = (p: string, q = '') => routeOf(site, p, new URLSearchParams(q));

describe('shop addresses', () => {
  it('routes the shop, a product, the cart and an order page in every language', () => {
    expect(route('/shop')).toEqual({
      kind: 'page',
      route: { kind: 'shop', key: undefined, langId: 1, page: 1 },
    });
    expect(route('/shop', 'page=3')).toMatchObject({ route: { kind: 'shop', page: 3 } });
    expect(route('/shop/coffee')).toEqual({
      kind: 'page',
      route: { kind: 'goods', key: 'coffee', langId: 1, page: 1 },
    });
    expect(route('/en/shop/%E5%92%96%E5%95%A1')).toMatchObject({
      route: { kind: 'goods', key: '咖啡', langId: 3 },
    });
    expect(route('/cart')).toMatchObject({ route: { kind: 'cart' } });
    expect(route('/order', 'order_number=O1')).toMatchObject({ route: { kind: 'order' } });
    // Not pages: deeper paths, a product's second page, a list page past the bound.
    expect(route('/shop/a/b')).toBeNull();
    expect(route('/shop/coffee', 'page=2')).toBeNull();
    expect(route('/cart', 'page=2')).toBeNull();
  });

  it('writes the addresses the router reads, and marks the shop pages live (never cached)', () => {
    expect(publicPath(site, 'goods', 'coffee', 1)).toBe('/shop/coffee');
    expect(publicPath(site, 'goods', '咖啡', 3)).toBe('/en/shop/%E5%92%96%E5%95%A1');
    expect(publicPath(site, 'goods', 42, 1)).toBe('/shop/42');
    expect(publicPath(site, 'shop', '', 3)).toBe('/en/shop');
    expect(publicPath(site, 'cart', '', 1)).toBe('/cart');
    for (const kind of ['shop', 'goods', 'cart', 'order', 'signin'])
      expect(isLivePageKind(kind), kind).toBe(true);
    for (const kind of ['post', 'index', 'category']) expect(isLivePageKind(kind), kind).toBe(false);
  });
});

describe('shop words', () => {
  it('writes one price, or "from" the lowest, or nothing', () => {
    expect(priceRangeText('zh-TW', [350])).toBe('NT$350');
    expect(priceRangeText('zh-TW', [1150, 350, 620])).toBe('NT$350 起');
    expect(priceRangeText('en', [1200, 2500])).toBe('from NT$1,200');
    expect(priceRangeText('ja', [500, 500])).toBe('NT$500');
    expect(priceRangeText('ja', [500, 800])).toBe('NT$500〜');
    expect(priceRangeText('en', [])).toBe('');
  });

  it('says sold out, only N left (at LOW_STOCK or under) or in stock', () => {
    expect(stockState(0)).toBe('sold_out');
    expect(stockState(1)).toBe('low');
    expect(stockState(LOW_STOCK)).toBe('low');
    expect(stockState(LOW_STOCK + 1)).toBe('in_stock');
    expect(stockText('zh-TW', 3)).toBe('只剩 3 件');
    expect(stockText('en', 0)).toBe('Sold out');
    expect(stockText('ja', 100)).toBe('在庫あり');
  });

  it('says a lead time: at once for 0, within N days after payment otherwise', () => {
    expect(leadTimeText('zh-TW', 0)).toBe('現貨，付款後即出貨');
    expect(leadTimeText('zh-TW', 7)).toBe('付款後 7 天內出貨');
    expect(leadTimeText('en', 3)).toBe('Ships within 3 days of payment');
    expect(leadTimeText('ja', 14)).toBe('お支払い後 14 日以内に発送');
  });
});

interface CartLine {
  sku_id: number;
  qty: number;
}
interface ShopCart {
  normalise(value: unknown): CartLine[];
  add(lines: CartLine[], skuId: number, qty: number): CartLine[];
  setQty(lines: CartLine[], skuId: number, qty: number): CartLine[];
  remove(lines: CartLine[], skuId: number): CartLine[];
  units(lines: CartLine[]): number;
  fill(word: string, args: Record<string, unknown>): string;
  money(n: number): string;
  read(): CartLine[];
  write(lines: CartLine[]): void;
}

/** assets/shop.js run as a browser would run it without a page: its helpers, over a storage of our own. */
function loadCart(stored: string | null = null) {
  const store = new Map<string, string>(stored === null ? [] : [['shop-cart', stored]]);
  const window: Record<string, unknown> = {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, String(v)),
      removeItem: (k: string) => store.delete(k),
    },
  };
  const source = readFileSync(path.resolve(__dirname, '../../themes/default/assets/shop.js'), 'utf8');
  runInNewContext(source, { window, JSON, Number, Math, Array, Object, String });
  return { cart: window.shopCart as ShopCart, store };
}

describe("the theme's cart (assets/shop.js)", () => {
  const { cart } = loadCart();

  it('keeps SKU ids and quantities only: no prices, no junk, one line per SKU, bounded', () => {
    expect(
      cart.normalise([
        { sku_id: 3, qty: 2, price: 1, name: '<b>' },
        { sku_id: 3, qty: 1 },
        { sku_id: 0, qty: 1 },
        { sku_id: 1.5, qty: 1 },
        { sku_id: '4', qty: 1 },
        { sku_id: 5, qty: 0 },
        { sku_id: 6, qty: -2 },
        { sku_id: 2 ** 31, qty: 1 },
        null,
        'x',
        { sku_id: 7, qty: 500 },
      ]),
    ).toEqual([
      { sku_id: 3, qty: 3 },
      { sku_id: 7, qty: LINE_QTY_MAX },
    ]);
    expect(cart.normalise({ sku_id: 1, qty: 1 })).toEqual([]);
    expect(cart.normalise(null)).toEqual([]);
    const many = Array.from({ length: CART_LINES_MAX + 5 }, (_, i) => ({ sku_id: i + 1, qty: 1 }));
    expect(cart.normalise(many)).toHaveLength(CART_LINES_MAX);
  });

  it('adds, sets, removes and counts', () => {
    let lines = cart.add([], 10, 2);
    lines = cart.add(lines, 11, 1);
    lines = cart.add(lines, 10, 98);
    expect(lines).toEqual([
      { sku_id: 10, qty: LINE_QTY_MAX },
      { sku_id: 11, qty: 1 },
    ]);
    expect(cart.units(lines)).toBe(100);
    expect(cart.setQty(lines, 10, 4)).toEqual([
      { sku_id: 10, qty: 4 },
      { sku_id: 11, qty: 1 },
    ]);
    expect(cart.remove(lines, 10)).toEqual([{ sku_id: 11, qty: 1 }]);
  });

  it('reads a damaged store as empty, and writes only normalised lines', () => {
    expect(loadCart('{not json').cart.read()).toEqual([]);
    expect(loadCart('[{"sku_id":2,"qty":3,"price":0}]').cart.read()).toEqual([{ sku_id: 2, qty: 3 }]);
    const { cart: own, store } = loadCart();
    own.write([{ sku_id: 9, qty: 1, price: 0 } as CartLine]);
    expect(JSON.parse(store.get('shop-cart') ?? '')).toEqual([{ sku_id: 9, qty: 1 }]);
    own.write([]);
    expect(store.has('shop-cart')).toBe(false);
  });

  it('fills words and writes money as the server does', () => {
    expect(cart.fill('只剩 %{left} 件：%{name}', { left: 2, name: '咖啡' })).toBe('只剩 2 件：咖啡');
    expect(cart.fill('%{missing}', {})).toBe('%{missing}');
    expect(cart.money(12345)).toBe('NT$12,345');
  });
});
