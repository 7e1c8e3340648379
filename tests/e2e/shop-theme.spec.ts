/**
 * The default theme's shop pages (issue 15) in a browser, without an app server: the fixture site's contexts made
 * into /shop and a product page, rendered by the theme (tests/fixtures/themeRender.ts) and served through page.route
 * under the fixture origin (its assets and placeholder pictures; nothing else, and nothing leaves). Checked: WCAG 2
 * A/AA (axe-core) in zh-TW, en and ja at 1280 and 390 px. The cart and the order page call the buyers' API, so they
 * are checked against the real server, with the whole journey, in shop.spec.ts.
 */
import type { Page } from '@playwright/test';
import { localeOfLanguage } from '../../server/i18n';
import { assetType } from '../../server/modules/themes/assets';
import { shopWords } from '../../server/public/shop/pages';
import type { PageContext } from '../../server/workers/objects';
import { FIXTURE_ORIGIN, type FixtureLanguage, pageContext } from '../fixtures/pageContexts';
import { loadTheme, renderPage, themeSettings } from '../fixtures/themeRender';
import { wcagViolations } from './a11y';
import { expect, shot, test } from './fixtures';

// Each page in a page of its own, without a server: the two workers share them.
test.describe.configure({ mode: 'parallel' });
// The suite's test (fixtures.ts), so that these run in the same workers as the specs on the world's server (a test of
// another fixture set has Playwright stop a worker, and its server, to start another); nobody signed in, no server
// asked: each page is served by the route below.
test.use({ signedIn: false });

const WIDTHS = [1280, 390];
const LANGUAGES: FixtureLanguage[] = ['zh-TW', 'en', 'ja'];
const theme = loadTheme();
const assetsByUrl = new Map([...theme.assets.entries()].map(([file, asset]) => [asset.url, { file, asset }]));
const LANG_ID: Record<FixtureLanguage, number> = { 'zh-TW': 1, en: 3, ja: 4 };

type ShopPage = 'shop' | 'goods';

const SKUS = [
  { id: 11, name: '半磅', price: 350, qty: 20, shift: 0 },
  { id: 12, name: '一磅', price: 620, qty: 3, shift: 5 },
  { id: 13, name: '兩磅', price: 1150, qty: 0, shift: 0 },
];

function shopContext(language: FixtureLanguage, name: ShopPage): PageContext {
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
  throw new Error(`no fixture for ${name}`);
}

/**
 * Serves the shop's pages at the fixture origin (by path, in `language`), the theme's assets and placeholder
 * pictures; answers the addresses that tried to leave.
 */
async function serve(page: Page, language: FixtureLanguage) {
  const prefix = language === 'zh-TW' ? '' : `/${language}`;
  const pages: Record<string, ShopPage> = { [`${prefix}/shop`]: 'shop', [`${prefix}/shop/coffee`]: 'goods' };
  const outside: string[] = [];
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
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
    const kind = pages[url.pathname];
    if (kind) {
      const html = await renderPage(theme, shopContext(language, kind));
      return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  return { outside, at: (path: string) => `${FIXTURE_ORIGIN}${prefix}${path}` };
}

for (const language of LANGUAGES) {
  for (const name of ['shop', 'goods'] as const) {
    test(`the shop's ${name} page in ${language} has no WCAG A/AA violation`, async ({ page }) => {
      const { at, outside } = await serve(page, language);
      await page.goto(at({ shop: '/shop', goods: '/shop/coffee' }[name]));
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(251, 250, 246)');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `shop-${language}-${name}-${width}`);
        expect(await wcagViolations(page), `${language} ${name} at ${width}px`).toEqual([]);
      }
      expect(outside).toEqual([]);
    });
  }
}
