/**
 * The default theme's shop pages (issue 15) in a browser, without an app server: the fixture site's contexts made
 * into /shop, a product, /cart and /order, rendered by the theme (tests/fixtures/themeRender.ts) and served through
 * page.route under the fixture origin, with the buyers' calls (reader/shop/quote, order, get) answered here as the
 * contract says. Checked: WCAG 2 A/AA (axe-core) in zh-TW, en and ja at 1280 and 390 px; the cart kept in
 * localStorage as SKU ids and quantities, the header's count, the server's prices and shipping shown, one order on a
 * double click, a refusal (3501 out of stock) shown in the page's language, the cart emptied once the order is
 * made, and the order page's status and card form. The whole journey against the real server is the lead's.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { localeOfLanguage } from '../../server/i18n';
import { assetType } from '../../server/public/assets';
import type { PageContext } from '../../server/public/objects';
import { shopWords } from '../../server/public/shop/pages';
import { FIXTURE_ORIGIN, type FixtureLanguage, pageContext } from '../fixtures/pageContexts';
import { loadTheme, renderPage, themeSettings } from '../fixtures/themeRender';
import { wcagViolations } from './a11y';
import { shot } from './fixtures';

const WIDTHS = [1280, 390];
const LANGUAGES: FixtureLanguage[] = ['zh-TW', 'en', 'ja'];
const theme = loadTheme();
const assetsByUrl = new Map([...theme.assets.entries()].map(([file, asset]) => [asset.url, { file, asset }]));
const LANG_ID: Record<FixtureLanguage, number> = { 'zh-TW': 1, en: 3, ja: 4 };

type ShopPage = 'shop' | 'goods' | 'cart' | 'order';

const SKUS = [
  { id: 11, name: '半磅', price: 350, qty: 20, shift: 0 },
  { id: 12, name: '一磅', price: 620, qty: 3, shift: 5 },
  { id: 13, name: '兩磅', price: 1150, qty: 0, shift: 0 },
];
const LOGISTICS = [
  { id: 7, name: '宅配', description: '2–3 天送達', fee: 100, free_threshold: 1000 },
  { id: 8, name: '超商取貨', description: '', fee: 60, free_threshold: 0 },
];

function shopContext(
  language: FixtureLanguage,
  name: ShopPage,
  orderNumber = 'O20261126ABCDEF',
): PageContext {
  const base = pageContext(language, 'notFound', themeSettings(theme));
  const prefix = language === 'zh-TW' ? '' : `/${language}`;
  const url = (path: string) => `${FIXTURE_ORIGIN}${prefix}${path}`;
  const words = shopWords(localeOfLanguage(language));
  const shop_pages = { shop_url: url('/shop'), cart_url: url('/cart'), api_url: '/api/reader/shop' };
  const common = {
    words,
    words_json: JSON.stringify(words),
    shop_url: url('/shop'),
    cart_url: url('/cart'),
    order_url: url('/order'),
    lang_id: LANG_ID[language],
    api: {
      quote: '/api/reader/shop/quote',
      order: '/api/reader/shop/order',
      pay: '/api/reader/shop/pay',
      get: '/api/reader/shop/get',
      challenge: '/api/reader/challenge',
      prime: '/sandbox-gateway/prime',
    },
  };
  const withShop = (template: string, shop: Record<string, unknown>) =>
    ({ ...base, template, shop_pages, shop: { ...common, ...shop } }) as PageContext;
  if (name === 'shop')
    return withShop('shop', {
      goods: [
        {
          id: 1,
          name: '手沖咖啡豆',
          url: url('/shop/coffee'),
          cover: '/uploads/1/coffee-1200x800.jpg',
          intro: '淺焙，果香明亮',
          price_text: words.fromPrice.replace('%{price}', 'NT$350'),
          sold_out: false,
        },
        {
          id: 2,
          name: '帆布袋',
          url: url('/shop/tote'),
          cover: '',
          intro: '',
          price_text: 'NT$480',
          sold_out: true,
        },
      ],
      pagination: { page: 1, pages: 2, total: 14, prev_url: '', next_url: url('/shop?page=2') },
    });
  if (name === 'goods')
    return withShop('goods', {
      product: {
        id: 1,
        name: '手沖咖啡豆',
        url: url('/shop/coffee'),
        cover: '/uploads/1/coffee-1200x1200.jpg',
        gallery: ['/uploads/1/beans-800x800.jpg', '/uploads/1/cup-800x800.jpg'],
        intro: '淺焙，果香明亮',
        content: '<p>衣索比亞耶加雪菲，<strong>水洗</strong>處理。</p>',
        price_text: 'NT$350 起',
        sold_out: false,
        skus: SKUS.map((s) => ({
          id: s.id,
          name: s.name,
          price: s.price,
          price_text: `NT$${s.price.toLocaleString('en-US')}`,
          stock: s.qty === 0 ? 'sold_out' : s.qty <= 5 ? 'low' : 'in_stock',
          stock_text:
            s.qty === 0
              ? words.soldOut
              : s.qty <= 5
                ? words.onlyLeft.replace('%{count}', String(s.qty))
                : words.inStock,
          left: s.qty > 0 && s.qty <= 5 ? s.qty : null,
          available: s.qty > 0,
          shift: s.shift,
          lead_text: s.shift ? words.shipsWithin.replace('%{days}', String(s.shift)) : words.shipsNow,
        })),
      },
    });
  if (name === 'cart') return withShop('cart', { buyer: { name: '林小明', email: 'buyer@example.com' } });
  return withShop('order', { order_number: orderNumber, cardholder: '' });
}

/** The quote the server would answer for a cart: its prices, the shipping waived from the threshold. */
function quoteOf(body: { items: { sku_id: number; qty: number }[]; logistic_id?: number }) {
  const lines = body.items.flatMap((i) => {
    const sku = SKUS.find((s) => s.id === i.sku_id);
    return sku
      ? [
          {
            sku_id: sku.id,
            goods_id: 1,
            goods_name: '手沖咖啡豆',
            goods_slug: 'coffee',
            sku_name: sku.name,
            cover: '',
            price: sku.price,
            qty: i.qty,
            amount: sku.price * i.qty,
            available: sku.qty,
            shift: sku.shift,
          },
        ]
      : [];
  });
  const subtotal = lines.reduce((n, l) => n + l.amount, 0);
  const chosen = LOGISTICS.find((l) => l.id === body.logistic_id);
  const shipping = chosen
    ? chosen.free_threshold > 0 && subtotal >= chosen.free_threshold
      ? 0
      : chosen.fee
    : null;
  return {
    lines,
    unavailable: body.items.filter((i) => !SKUS.some((s) => s.id === i.sku_id)).map((i) => i.sku_id),
    subtotal,
    logistics: LOGISTICS,
    shipping,
    total: subtotal + (shipping ?? 0),
  };
}

const unpaidOrder = (number: string) => ({
  order_number: number,
  status: 0,
  lines: [{ goods_name: '手沖咖啡豆', sku_name: '一磅', price: 620, qty: 2, amount: 1240 }],
  subtotal: 1240,
  logistic_name: '宅配',
  logistic_fee: 0,
  logistic_code: '',
  total: 1240,
  expires_at: new Date(Date.now() + 25 * 60_000).toISOString(),
  created_at: new Date().toISOString(),
  payment: null,
});

interface Calls {
  quote: unknown[];
  order: unknown[];
  get: unknown[];
}

/**
 * Serves the shop's pages at the fixture origin (by path, in `language`), the theme's assets, placeholder pictures
 * and the buyers' calls; `orderReply` answers reader/shop/order. Answers the addresses that tried to leave.
 */
async function serve(
  page: Page,
  language: FixtureLanguage,
  orderReply: (n: number) => Record<string, unknown> = () => ({ code: 1, msg: '', data: unpaidOrder('O1') }),
) {
  const prefix = language === 'zh-TW' ? '' : `/${language}`;
  const pages: Record<string, ShopPage> = {
    [`${prefix}/shop`]: 'shop',
    [`${prefix}/shop/coffee`]: 'goods',
    [`${prefix}/cart`]: 'cart',
    [`${prefix}/order`]: 'order',
  };
  const calls: Calls = { quote: [], order: [], get: [] };
  const outside: string[] = [];
  const json = (route: Route, body: unknown) =>
    route.fulfill({ body: JSON.stringify(body), contentType: 'application/json' });
  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin !== FIXTURE_ORIGIN) {
      outside.push(url.href);
      return route.abort();
    }
    const asset = assetsByUrl.get(url.pathname);
    if (asset) return route.fulfill({ body: asset.asset.body, contentType: assetType(asset.file) });
    if (url.pathname.startsWith('/uploads/')) {
      const [, w = '800', h = '800'] = url.pathname.match(/-(\d+)x(\d+)\.\w+$/) ?? [];
      return route.fulfill({
        body: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#c9c2b2"/></svg>`,
        contentType: 'image/svg+xml',
      });
    }
    if (url.pathname === '/api/reader/challenge')
      return json(
        route,
        await createChallenge({
          algorithm: 'SHA-256',
          cost: 1,
          counter: 3,
          deriveKey,
          hmacSignatureSecret: 'x',
        }),
      );
    if (url.pathname === '/api/reader/shop/quote') {
      const body = request.postDataJSON();
      calls.quote.push(body);
      return json(route, { code: 1, msg: '', data: quoteOf(body) });
    }
    if (url.pathname === '/api/reader/shop/order') {
      calls.order.push(request.postDataJSON());
      return json(route, orderReply(calls.order.length));
    }
    if (url.pathname === '/api/reader/shop/get') {
      const body = request.postDataJSON();
      calls.get.push(body);
      return json(route, { code: 1, msg: '', data: unpaidOrder(body.order_number) });
    }
    const kind = pages[url.pathname];
    if (kind) {
      const html = await renderPage(
        theme,
        shopContext(language, kind, url.searchParams.get('order_number') ?? 'O20261126ABCDEF'),
      );
      return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  return { calls, outside, at: (path: string) => `${FIXTURE_ORIGIN}${prefix}${path}` };
}

for (const language of LANGUAGES) {
  for (const name of ['shop', 'goods', 'cart', 'order'] as const) {
    test(`the shop's ${name} page in ${language} has no WCAG A/AA violation`, async ({ page }) => {
      const { at, outside } = await serve(page, language);
      if (name === 'cart')
        await page.addInitScript(() =>
          window.localStorage.setItem('shop-cart', JSON.stringify([{ sku_id: 12, qty: 2 }])),
        );
      const path = { shop: '/shop', goods: '/shop/coffee', cart: '/cart', order: '/order?order_number=O9' }[
        name
      ];
      await page.goto(at(path));
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(251, 250, 246)');
      // The script has filled the page (the cart's lines, the order's status) before it is checked.
      if (name === 'cart') await expect(page.locator('[data-total]')).toHaveText('NT$1,240');
      if (name === 'order') await expect(page.locator('[data-status]')).not.toBeEmpty();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `shop-${language}-${name}-${width}`);
        expect(await wcagViolations(page), `${language} ${name} at ${width}px`).toEqual([]);
      }
      expect(outside).toEqual([]);
    });
  }
}

test('a buyer adds to the cart, sees the count, the prices and shipping, and orders once on a double click', async ({
  page,
}) => {
  const { calls, at } = await serve(page, 'zh-TW', (n) =>
    n === 1
      ? {
          code: 3501,
          msg: '庫存不足：手沖咖啡豆 一磅 只剩 1 件。',
          data: { name: '手沖咖啡豆 一磅', left: 1, sku_id: 12 },
        }
      : { code: 1, msg: '', data: unpaidOrder('O20261126XYZ') },
  );
  await page.goto(at('/shop/coffee'));
  // The first SKU on sale is chosen; the sold-out one cannot be.
  await expect(page.getByLabel('半磅')).toBeChecked();
  await expect(page.getByLabel('兩磅')).toBeDisabled();
  await page.getByLabel('一磅').check();
  await page.getByLabel('數量').fill('2');
  await page.getByRole('button', { name: '加入購物車' }).click();
  await expect(page.locator('.goods-form [data-message]')).toContainText('已加入購物車。');
  await expect(page.locator('[data-cart-count]')).toHaveText(' (2)');
  expect(await page.evaluate(() => window.localStorage.getItem('shop-cart'))).toBe('[{"sku_id":12,"qty":2}]');

  await page.locator('.goods-form [data-message] a').click();
  await expect(page).toHaveURL(at('/cart'));
  await expect(page.locator('[data-lines] tr')).toHaveCount(1);
  await expect(page.locator('[data-subtotal]')).toHaveText('NT$1,240');
  await expect(page.locator('[data-shipping]')).toHaveText('—');
  // The buyer is prefilled; the threshold's words show; choosing the shipping prices it (waived over NT$1,000).
  await expect(page.getByLabel('姓名')).toHaveValue('林小明');
  await expect(page.locator('[data-logistics]')).toContainText('滿 NT$1,000 免運');
  await page.getByLabel(/宅配/).check();
  await expect(page.locator('[data-shipping]')).toHaveText('免運');
  await expect(page.locator('[data-total]')).toHaveText('NT$1,240');
  // Four now: priced again by the server, which says only three are left.
  await page.getByLabel('手沖咖啡豆 一磅 的數量').fill('4');
  await page.getByLabel('手沖咖啡豆 一磅 的數量').blur();
  await expect(page.locator('[data-total]')).toHaveText('NT$2,480');
  await expect(page.locator('[data-lines]')).toContainText('手沖咖啡豆 只剩 3 件，請減少數量。');

  await page.getByLabel('收件地址').fill('台北市大同區迪化街一段 1 號');
  await page.getByRole('button', { name: '下單' }).dblclick();
  // The first answer is a refusal: shown in the page's words, the button usable again, one call made.
  await expect(page.locator('.checkout [data-message]')).toHaveText('庫存不足：手沖咖啡豆 一磅 只剩 1 件。');
  await expect(page.getByRole('button', { name: '下單' })).toBeEnabled();
  expect(calls.order).toHaveLength(1);
  const orderBody = calls.order[0] as Record<string, unknown>;
  expect(orderBody).toMatchObject({
    items: [{ sku_id: 12, qty: 4 }],
    logistic_id: 7,
    buyer: { name: '林小明', email: 'buyer@example.com', phone: '' },
    address: '台北市大同區迪化街一段 1 號',
    lang_id: 1,
  });
  expect(JSON.stringify(orderBody)).not.toContain('price');
  expect(typeof orderBody.token).toBe('string');

  await page.getByLabel('手沖咖啡豆 一磅 的數量').fill('1');
  await page.getByLabel('手沖咖啡豆 一磅 的數量').blur();
  await expect(page.locator('[data-total]')).toHaveText('NT$720');
  await page.getByRole('button', { name: '下單' }).dblclick();
  await expect(page).toHaveURL(at('/order?order_number=O20261126XYZ'));
  expect(calls.order).toHaveLength(2);
  expect(await page.evaluate(() => window.localStorage.getItem('shop-cart'))).toBeNull();
  await expect(page.locator('[data-cart-count]')).toBeHidden();
  // The order page: its status, lines, total, the time to pay and the card form.
  await expect(page.locator('[data-status]')).toHaveText('待付款');
  await expect(page.locator('[data-total]')).toHaveText('NT$1,240');
  await expect(page.locator('[data-deadline]')).toContainText('前完成付款');
  await expect(page.getByRole('button', { name: '付款' })).toBeVisible();
  await expect(page.getByRole('button', { name: '重新整理' })).toBeHidden();
  expect(calls.get).toEqual([{ order_number: 'O20261126XYZ' }]);
});

test('the cart speaks English on an English page and drops SKUs no longer on sale', async ({ page }) => {
  const { at } = await serve(page, 'en');
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'shop-cart',
      JSON.stringify([
        { sku_id: 11, qty: 1, price: 1 },
        { sku_id: 99, qty: 1 },
      ]),
    ),
  );
  await page.goto(at('/cart'));
  await expect(page.locator('[data-cart-message]')).toHaveText(
    'Some items are no longer on sale and were removed from your cart.',
  );
  await expect(page.locator('[data-lines] tr')).toHaveCount(1);
  await expect(page.locator('[data-cart-count]')).toHaveText(' (1)');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('.checkout [data-message]')).toHaveText('Please choose a shipping option.');
  await page.getByRole('button', { name: 'Remove 手沖咖啡豆 半磅' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});
