/**
 * What the screen sweep (screens-sweep.spec.ts) needs on the demo site before it visits the screens: a record behind
 * every record screen and rows in every list, made through the API as the owner (and, for what readers make —
 * followers, messages, orders — through the site's reader actions). Names are long, in English and Japanese, to
 * stress the lists' width. Made once per worker: the ids and public addresses come back as `Seeded`.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { SmtpSink } from '../fixtures/smtpSink';
import { apiCall, type World } from './fixtures';
import { readerAction, readerChallenge, seedCustomerMessage, siteInDefaultTheme } from './fixtures-readers';

export interface Seeded {
  press: number;
  page: number;
  epaper: number;
  member: number;
  staff: number;
  role: number;
  site: number;
  customer: number;
  order: number;
  orderNumber: string;
  goods: number;
  logistics: number;
  author: number;
  tag: number;
  category: number;
  place: number;
  pageCategory: number;
  file: number;
  /** The site as Chromium reaches it, and the slugs of its pages. */
  siteUrl: string;
  slugs: { post: string; page: string; epaper: string; tag: string; category: string; goods: string };
}

const LONG = {
  en: 'Konstantinopoulou-Wetherby Intl.',
  ja: 'ヤマモト・クリスティーナ・エリザベス国際通信部',
};

const ZH_TW = 1;
const EN = 3;
const JA = 4;
const LANGS = [ZH_TW, EN, JA];

const picture = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 140, g: 131, b: 112 } } })
    .png()
    .toBuffer();

async function upload(api: APIRequestContext): Promise<{ id: number; path: string }> {
  const reply = await (
    await api.post('/api/element/upload/image', {
      multipart: { file: { name: 'sweep.png', mimeType: 'image/png', buffer: await picture() } },
    })
  ).json();
  if (reply.code !== 1) throw new Error(`upload: ${JSON.stringify(reply)}`);
  const path = reply.data.path as string;
  const files = await apiCall<{ rows: { id: number; path: string }[] }>(api, 'file/list', {
    query: { size: 100 },
  });
  return { id: files.rows.find((f) => f.path === path)?.id ?? 0, path };
}

/** One item of `type` (1 article, 3 page, 4 e-paper) in the three languages, published. */
async function content(api: APIRequestContext, type: number, slug: string, extra: object): Promise<number> {
  let uuid: string | undefined;
  let first = 0;
  for (const lang_id of LANGS) {
    const title = { [ZH_TW]: `掃描測試 ${slug}`, [EN]: `${LONG.en} ${slug}`, [JA]: `${LONG.ja} ${slug}` }[
      lang_id
    ];
    const saved = await apiCall<{ id: number; uuid: string }>(api, `press/save?t=${type}`, {
      id: 0,
      ...(uuid ? { uuid } : {}),
      lang_id,
      title,
      slug,
      version: 0,
      ...extra,
    });
    uuid ??= saved.uuid;
    first ||= saved.id;
    await apiCall(api, `press/publish?t=${type}`, { id: saved.id, mode: 1 });
  }
  return first;
}

const paragraph = (text: string) => ({ type: 'paragraph', data: { text } });

/** Seeds the demo site for the sweep; `tag` keeps two workers' (or two runs') records apart. */
export async function seedScreens(
  api: APIRequestContext,
  world: World & { sink: SmtpSink },
): Promise<Seeded> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const siteUrl = await siteInDefaultTheme(api, world);
  const profile = await apiCall<Record<string, unknown>>(api, 'site/profile', {});
  await apiCall(api, 'site/save', { ...profile, frontend_display_language: LANGS });

  const file = await upload(api);
  const langs = (title: (l: string) => string) =>
    LANGS.map((lang_id) => ({
      lang_id,
      // Label titles hold 50 characters.
      title: title({ 1: '', 3: LONG.en, 4: LONG.ja }[lang_id] ?? ''),
    }));
  const label = (type: 'tag' | 'category') =>
    apiCall<{ id: number }>(api, 'label/save', {
      id: 0,
      type,
      slug: `sweep-${type}-${tag}`,
      lang: langs((long) => `${long || `掃描${type}`} ${tag}`).map((l) => ({ ...l, cover: '' })),
      active: LANGS,
    });
  const tagLabel = await label('tag');
  const categoryLabel = await label('category');
  const author = await apiCall<{ id: number }>(api, 'author/save', {
    id: 0,
    name: `${LONG.en} ${tag}`,
    title: LONG.ja,
  });

  const article = {
    content: {
      blocks: [
        paragraph('開頭人人可讀。'),
        { type: 'header', data: { text: '小標題', level: 2 } },
        { type: 'image', data: { url: file.path, caption: '圖說' } },
        { type: 'paid', data: {} },
        paragraph('付費段落。'),
      ],
    },
    cover: file.path,
    tag: [tagLabel.id],
    category_id: categoryLabel.id,
    author: [author.id],
  };
  const slugs = {
    post: `sweep-post-${tag}`,
    page: `sweep-page-${tag}`,
    epaper: `sweep-epaper-${tag}`,
    tag: `sweep-tag-${tag}`,
    category: `sweep-category-${tag}`,
    goods: `sweep-goods-${tag}`,
  };
  const press = await content(api, 1, slugs.post, article);
  const page = await content(api, 3, slugs.page, { content: { blocks: [paragraph('頁面內文。')] } });
  const epaper = await content(api, 4, slugs.epaper, { content: { blocks: [paragraph('電子報內文。')] } });

  const emails = [
    `${LONG.en.toLowerCase().replaceAll(/\W+/g, '.')}.${tag}@example.com`,
    `ja-${tag}@example.com`,
  ];
  for (const [i, email] of emails.entries())
    await apiCall(api, 'profile/save', {
      id: 0,
      email,
      name: i === 0 ? LONG.en : LONG.ja,
      tags: [`${LONG.ja.slice(0, 12)}`, 'newsletter-reader'],
    });
  const members = await apiCall<{ rows: { id: number; email: string }[] }>(api, 'profile/list', {
    query: { size: 100 },
  });
  const member = members.rows.find((r) => r.email === emails[0])?.id ?? 0;

  const staffEmail = `staff-${tag}@example.com`;
  await apiCall(api, 'member/invite', { email: staffEmail, nickname: LONG.en, roles: 3 });
  const token = decodeURIComponent(await world.sink.waitFor(staffEmail, /\/auth\/invite\?v=([\w%-]+)/));
  await apiCall(api, 'member/join', { v: token, nickname: LONG.en, password: `sweep-pass-${tag}` });
  await apiCall(api, 'member/invite', { email: `pending-${tag}@example.com`, nickname: LONG.ja, roles: 4 });
  const staffRows = await apiCall<{ rows: { id: number; email: string }[] }>(api, 'site/staff', {
    query: { size: 100 },
  });
  const staff = staffRows.rows.find((r) => r.email === staffEmail)?.id ?? 0;
  const role = await apiCall<{ id: number }>(api, 'role/save', {
    id: 0,
    name: `${LONG.ja.slice(0, 10)}${tag}`,
    permissions: ['post.view'],
  });

  const place = await apiCall<{ id: number }>(api, 'place/save', {
    id: 0,
    lang: LANGS.map((lang_id) => ({
      lang_id,
      name: lang_id === JA ? LONG.ja : `${LONG.en} ${tag}`,
      address: '台北市信義區市府路 1 號',
      hours: '10:00–18:00',
    })),
    map_url: 'https://maps.example.com/?q=taipei',
    cover: file.path,
  });
  const pageCategory = await apiCall<{ id: number }>(api, 'page_category/save', {
    id: 0,
    lang: langs((long) => `${long || '說明頁'} ${tag}`),
    sort: 0,
  });
  const goods = await apiCall<{ id: number; skus: { id: number }[] }>(api, 'product/save', {
    id: 0,
    name: `${LONG.ja} ${tag}`,
    slug: slugs.goods,
    cover: file.path,
    status: 'online',
    skus: [{ id: 0, name: LONG.en, code: `SWEEP-${tag}`, price: 1280, qty: 20, shift: 0, status: 'online' }],
  });
  const logistics = await apiCall<{ id: number }>(api, 'logistics/save', {
    id: 0,
    name: `${LONG.en} ${tag}`,
    fee: 120,
    free_threshold: 3000,
    status: 'online',
  });
  await apiCall(api, 'subscription/save_plan', {
    id: 0,
    lang_id: ZH_TW,
    price: 99,
    status: 1,
    name: `全文方案 ${tag}`,
    content: '<p>全部付費文章</p>',
    func: ['全文閱讀'],
    freq: 1,
  });

  // What readers make: a follower, a message, an order (unpaid).
  await readerAction(world, siteUrl, 'reader/follow', {
    email: `follower-${tag}@example.com`,
    source: `/post/${slugs.post}`,
    token: await readerChallenge(world, siteUrl),
  });
  await seedCustomerMessage(world, {
    title: `${LONG.ja} ${tag}`,
    body: `${LONG.en}. 請問訂閱方案的內容？`,
    email: `asker-${tag}@example.com`,
    name: LONG.en,
  });
  const order = await readerAction<{ order_number: string }>(world, siteUrl, 'reader/shop/order', {
    items: [{ sku_id: goods.skus[0].id, qty: 2 }],
    logistic_id: logistics.id,
    buyer: { name: LONG.en, email: `buyer-${tag}@example.com`, phone: '' },
    address: '台北市大安區羅斯福路四段 1 號',
    token: await readerChallenge(world, siteUrl),
  });
  const orders = await apiCall<{ rows: { id: number; order_number: string }[] }>(api, 'order/list', {
    query: { size: 100 },
  });
  const customers = await apiCall<{ rows: { id: number; title: string }[] }>(api, 'customer/list', {
    query: { size: 100 },
  });
  const sites = await apiCall<{ site: { current: { id: number } | null } }>(api, 'member/status');

  return {
    press,
    page,
    epaper,
    member,
    staff,
    role: role.id,
    site: sites.site.current?.id ?? 0,
    customer: customers.rows.find((r) => r.title.endsWith(tag))?.id ?? 0,
    order: orders.rows.find((r) => r.order_number === order.order_number)?.id ?? 0,
    orderNumber: order.order_number,
    goods: goods.id,
    logistics: logistics.id,
    author: author.id,
    tag: tagLabel.id,
    category: categoryLabel.id,
    place: place.id,
    pageCategory: pageCategory.id,
    file: file.id,
    siteUrl,
    slugs,
  };
}
