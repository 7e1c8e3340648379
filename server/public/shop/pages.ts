/**
 * The shop's public pages (issue 15), on a site whose plan has the `shop` feature (else 404): `/shop` (a page of the
 * online goods, newest first), `/shop/<slug>` (a product: gallery, content, its online SKUs with price, stock and
 * lead time, and the add-to-cart form), `/cart` (the cart, kept in the browser and priced by reader/shop/quote, the
 * shipping choice, the buyer's data and the order) and `/order?order_number=` (the order as its buyer sees it, from
 * reader/shop/get, with the pay form while unpaid). None is ever cached (shared/paths.ts isLivePageKind): stock changes
 * with every order, and the cart and order pages carry a buyer's data. The default theme's assets/shop.js does the
 * calls; the objects are documented in docs/themes.md, "The shop".
 */
import type { Locale } from '../../../contract/constants';
import { formatTwd } from '../../../contract/shop';
import zhShop from '../../../i18n/zh-TW/shopPublic';
import type { Deps } from '../../deps';
import { localeOfLanguage, t } from '../../i18n';
import { sellsShop } from '../../modules/shop/selling';
import { publicPath, type SiteLanguages } from '../../shared/paths';
import type { ShopPagesObject } from '../../workers/objects';
import { sanitizeRichText } from '../../workers/sanitize';
import type { ArticleSetting } from '../content/articles';
import type { ReaderPage, ReaderPageBuilder } from '../readers/types';
import type { ContextInput } from '../route';
import { leadTimeText, priceRangeText, stockState, stockText } from './format';
import { onlineGoods, onlineProduct, onlineSkus, SHOP_PAGE_SIZE } from './queries';

/** The buyers' calls (contract/api/shopReader.ts), on the site's own host. */
export const SHOP_API = '/api/reader/shop';
/** The longest order number the order page reads from its address. */
const ORDER_NUMBER_MAX = 60;

/** Every word of the shop's pages in a locale (i18n shopPublic.*), for templates and, as JSON, the script. */
export function shopWords(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.keys(zhShop.shopPublic).map((k) => [k, t(locale, `shopPublic.${k}`)]));
}

const pathOf = (site: SiteLanguages, kind: 'shop' | 'cart' | 'order', langId: number) =>
  publicPath(site, kind, '', langId);

/** `shop_pages` on every page of a site that sells (null otherwise): where the shop and the cart are. */
export function shopPagesObject(
  site: SiteLanguages,
  base: string,
  langId: number,
  sells: boolean,
): ShopPagesObject | null {
  if (!sells) return null;
  return {
    shop_url: base + pathOf(site, 'shop', langId),
    cart_url: base + pathOf(site, 'cart', langId),
    api_url: SHOP_API,
  };
}

/** What every shop page's `shop` object holds: words, where things are, the calls. */
function common(deps: Pick<Deps, 'config'>, input: ContextInput, at: ArticleSetting) {
  const locale = localeOfLanguage(at.locale);
  const words = shopWords(locale);
  return {
    locale,
    words,
    base: {
      words,
      words_json: JSON.stringify(words),
      shop_url: at.base + pathOf(input.site, 'shop', at.langId),
      cart_url: at.base + pathOf(input.site, 'cart', at.langId),
      order_url: at.base + pathOf(input.site, 'order', at.langId),
      lang_id: at.langId,
      api: {
        quote: `${SHOP_API}/quote`,
        order: `${SHOP_API}/order`,
        pay: `${SHOP_API}/pay`,
        get: `${SHOP_API}/get`,
        challenge: '/api/reader/challenge',
        prime: deps.config.payment.gateway === 'sandbox' ? '/sandbox-gateway/prime' : '',
      },
    },
  };
}

/** A product's address: /shop/<slug>, or its id where it has no slug. */
const productUrl = (at: ArticleSetting, row: { slug: string; id: number }) =>
  at.base + publicPath(at.site, 'goods', row.slug || row.id, at.langId);

/** `/shop`: a page of the online goods. */
export const shopPage: ReaderPageBuilder = async (deps, input, at) => {
  if (!(await sellsShop(deps.db, input.site))) return null;
  const { locale, words, base } = common(deps, input, at);
  const page = input.route.page;
  const { total, rows } = await onlineGoods(deps.db, at.siteId, page);
  const pages = Math.max(1, Math.ceil(total / SHOP_PAGE_SIZE));
  if (page > pages) return null;
  const pageUrl = (n: number) => (n === 1 ? base.shop_url : `${base.shop_url}?page=${n}`);
  return {
    title: words.title,
    objects: {
      shop: {
        ...base,
        goods: rows.map(({ row, prices, left }) => ({
          id: row.id,
          name: row.name,
          url: productUrl(at, row),
          cover: at.media(row.cover),
          intro: row.intro,
          price_text: priceRangeText(locale, prices),
          sold_out: left <= 0,
        })),
        pagination: {
          page,
          pages,
          total,
          prev_url: page > 1 ? pageUrl(page - 1) : '',
          next_url: page < pages ? pageUrl(page + 1) : '',
        },
      },
    },
  };
};

/** `/shop/<slug>`: one online product with its online SKUs; 404 for an offline one or another site's. */
export const goodsPage: ReaderPageBuilder = async (deps, input, at) => {
  if (!(await sellsShop(deps.db, input.site))) return null;
  const row = await onlineProduct(deps.db, at.siteId, input.route.key ?? '');
  if (!row) return null;
  const { locale, base } = common(deps, input, at);
  const skus = await onlineSkus(deps.db, at.siteId, row.id);
  const product = {
    id: row.id,
    name: row.name,
    url: productUrl(at, row),
    cover: at.media(row.cover),
    gallery: row.gallery.map((g) => at.media(g)).filter((g) => g !== ''),
    intro: row.intro,
    content: sanitizeRichText(row.content),
    price_text: priceRangeText(
      locale,
      skus.map((s) => s.price),
    ),
    sold_out: skus.every((s) => s.qty <= 0),
    skus: skus.map((s) => {
      const stock = stockState(s.qty);
      return {
        id: s.id,
        name: s.name,
        price: s.price,
        price_text: formatTwd(s.price),
        stock,
        stock_text: stockText(locale, s.qty),
        // The exact count only where the page says "only N left".
        left: stock === 'low' ? s.qty : null,
        available: stock !== 'sold_out',
        shift: s.shift,
        lead_text: leadTimeText(locale, s.shift),
      };
    }),
  };
  const page: ReaderPage = {
    title: row.name,
    key: row.slug || String(row.id),
    description: row.intro,
    image: row.cover,
    objects: { shop: { ...base, product } },
  };
  return page;
};

/** `/cart`: the cart and checkout; the buyer's fields are prefilled from the signed-in reader. */
export const cartPage: ReaderPageBuilder = async (deps, input, at) => {
  if (!(await sellsShop(deps.db, input.site))) return null;
  const { words, base } = common(deps, input, at);
  const reader = input.reader;
  return {
    title: words.cart,
    objects: { shop: { ...base, buyer: { name: reader?.name ?? '', email: reader?.email ?? '' } } },
  };
};

/** `/order?order_number=`: the order, as reader/shop/get answers it to the page's script. */
export const orderPage: ReaderPageBuilder = async (deps, input, at) => {
  if (!(await sellsShop(deps.db, input.site))) return null;
  const { words, base } = common(deps, input, at);
  const asked = input.query?.get('order_number') ?? '';
  const orderNumber = asked.length <= ORDER_NUMBER_MAX && /^[A-Za-z0-9_-]+$/.test(asked) ? asked : '';
  return {
    title: words.order,
    objects: {
      shop: {
        ...base,
        order_number: orderNumber,
        cardholder: input.reader?.name ?? '',
        // The order's times read in the site's zone, as every other date of the site does.
        time_zone: at.timeZone,
      },
    },
  };
};

export const shopPageBuilders = { shop: shopPage, cart: cartPage, order: orderPage } as const;
