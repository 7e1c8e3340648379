/**
 * Places through HTTP (issue 17): a place with words in two languages, its map link only http(s), its name kept in
 * step with the first language; an article links one (press/save place_id, the site's only) and the public article
 * shows its card in the reader's language; a logistics option set to one is pickup there (the cart's quote names the
 * place, the order keeps it); who may list and save; deleting a place unlinks both.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteReply } from '../../contract/api/shopReader';
import { Code } from '../../contract/codes';
import type { ContentItem, SaveReply } from '../../contract/content';
import type { logistics as logisticsEntity } from '../../contract/entities/logistics';
import type { place as placeEntity } from '../../contract/entities/place';
import type { EntityRecord } from '../../contract/entity';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { contents, logistics, orders, sites } from '../../server/modules/tables';
import { readerCall, sitePage } from '../fixtures/readers';
import { addGoods, placeOrder } from '../fixtures/shop';
import {
  type Client,
  createTestApp,
  customRole,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

type Place = EntityRecord<typeof placeEntity>;
type Logistics = EntityRecord<typeof logisticsEntity>;

let t: TestApp;
let owner: Client;
let siteId: number;
let stranger: Client;
let strangerPlace: number;

const para = (text: string) => ({ type: 'paragraph', data: { text } });

const placeBody = (extra: Record<string, unknown> = {}) => ({
  id: 0,
  lang: [
    { lang_id: 1, name: '信義旗艦店', address: '台北市信義區松高路 1 號', hours: '週一至週日 11:00–21:30' },
    { lang_id: 3, name: 'Xinyi Flagship', address: '', hours: 'Daily 11:00–21:30' },
  ],
  map_url: 'https://maps.example.com/?q=xinyi',
  cover: 'https://images.example.com/xinyi.jpg',
  ...extra,
});

const savePlace = async (c: Client, extra: Record<string, unknown> = {}) =>
  ok(await c.call<Place>('place/save', placeBody(extra)));

const saveArticle = (c: Client, body: Record<string, unknown>) =>
  c.call<SaveReply>('press/save?t=1', {
    id: 0,
    title: '信義區散步',
    content: { blocks: [para('從市府站出發。')] },
    version: 0,
    ...body,
  });

/** The page's <main> only. */
const mainOf = (body: string) => body.slice(body.indexOf('<main'), body.indexOf('</main>'));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
  await t.database.db
    .update(sites)
    .set({ displayLanguages: [1, 3] })
    .where(eq(sites.id, siteId));
  stranger = await register(t, 'places-stranger@example.com');
  const status = await stranger.call<{ site: { current: { id: number } } }>('member/status');
  // A paid plan, so that the stranger's site has logistics too.
  await t.database.db.update(sites).set({ serviceId: 1 }).where(eq(sites.id, status.data.site.current.id));
  strangerPlace = (
    await savePlace(stranger, { lang: [{ lang_id: 1, name: '別站的店', address: '', hours: '' }] })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('place entity', () => {
  it('saves a place in two languages, its name the first language’s, and changes it', async () => {
    const made = await savePlace(owner);
    expect(made).toMatchObject({
      name: '信義旗艦店',
      map_url: 'https://maps.example.com/?q=xinyi',
      cover: 'https://images.example.com/xinyi.jpg',
    });
    expect(made.lang.map((l) => [l.lang_id, l.name])).toEqual([
      [1, '信義旗艦店'],
      [3, 'Xinyi Flagship'],
    ]);
    const changed = ok(
      await owner.call<Place>(
        'place/save',
        placeBody({
          id: made.id,
          lang: [{ lang_id: 1, name: '信義店', address: '台北市信義區', hours: '' }],
          map_url: '',
        }),
      ),
    );
    expect(changed).toMatchObject({ id: made.id, name: '信義店', map_url: '' });
    expect(ok(await owner.call<Place>('place/get', { id: made.id })).lang).toHaveLength(1);
    const list = ok(
      await owner.call<ListResult<Place>>('place/list', {
        query: { filters: [{ col: 'name', value: '信義', type: 'search' }] },
      }),
    );
    expect(list.rows.map((p) => p.id)).toEqual([made.id]);
    ok(await owner.call('place/delete', { id: made.id }));
    expect(await owner.call('place/get', { id: made.id })).toMatchObject({ status: 404 });
  });

  it('refuses a javascript: map link, a site path, a missing first name and long words with 1001', async () => {
    for (const [change, field] of [
      [{ map_url: 'javascript:alert(1)' }, 'map_url'],
      [{ map_url: '/somewhere' }, 'map_url'],
      [{ map_url: `https://maps.example.com/${'a'.repeat(2100)}` }, 'map_url'],
      [{ lang: [{ lang_id: 1, name: ' ', address: '', hours: '' }] }, 'lang.0.name'],
      [{ lang: [{ lang_id: 1, name: '店'.repeat(61), address: '', hours: '' }] }, 'lang.0.name'],
      [{ lang: [{ lang_id: 1, name: '店', address: '路'.repeat(201), hours: '' }] }, 'lang.0.address'],
      [{ cover: 'javascript:alert(1)' }, 'cover'],
    ] as const) {
      const r = await owner.call('place/save', placeBody(change));
      expect(r.code, JSON.stringify(change)).toBe(Code.VALIDATION);
      expect(Object.keys(fieldErrors(r)), JSON.stringify(change)).toContain(field);
    }
  });

  it("keeps another site's place unreadable and unchangeable", async () => {
    expect(await owner.call('place/get', { id: strangerPlace })).toMatchObject({ status: 404 });
    const r = await owner.call('place/save', placeBody({ id: strangerPlace }));
    expect(r.status).toBe(404);
    expect(await owner.call('place/delete', { id: strangerPlace })).toMatchObject({ status: 404 });
    const list = ok(await owner.call<ListResult<Place>>('place/list', {}));
    expect(list.rows.map((p) => p.id)).not.toContain(strangerPlace);
  });

  it('lets the e-commerce role list places but not save them; a role without post.edit cannot save', async () => {
    const mine = await savePlace(owner);
    const shop = await staffOf(t, siteId, 'places-shop@example.com', ROLE.ECOMMERCE);
    const listed = ok(await shop.call<ListResult<Place>>('place/list', {}));
    expect(listed.rows.map((p) => p.id)).toContain(mine.id);
    expect(await shop.call('place/save', placeBody())).toMatchObject({ status: 403 });
    expect(await shop.call('place/save', placeBody({ id: mine.id }))).toMatchObject({ status: 403 });
    const viewer = await customRole(t, siteId, '只看文章', ['post.view']);
    const reader = await staffOf(t, siteId, 'places-viewer@example.com', viewer);
    ok(await reader.call('place/get', { id: mine.id }));
    expect(await reader.call('place/save', placeBody({ id: mine.id }))).toMatchObject({ status: 403 });
    expect(await reader.call('place/delete', { id: mine.id })).toMatchObject({ status: 403 });
    const none = await customRole(t, siteId, '只管會員', ['member.view']);
    const other = await staffOf(t, siteId, 'places-none@example.com', none);
    expect(await other.call('place/list', {})).toMatchObject({ status: 403 });
  });
});

describe('an article links a place', () => {
  it("refuses another site's place, unknown ids, and answers the link in press/get (0 clears it)", async () => {
    const mine = await savePlace(owner);
    const bad = await saveArticle(owner, { place_id: strangerPlace });
    expect(Object.keys(fieldErrors(bad))).toEqual(['place_id']);
    expect(Object.keys(fieldErrors(await saveArticle(owner, { place_id: 99_999 })))).toEqual(['place_id']);
    const saved = ok(await saveArticle(owner, { place_id: mine.id }));
    expect(ok(await owner.call<ContentItem>('press/get?t=1', { id: saved.id })).place_id).toBe(mine.id);
    const cleared = ok(
      await owner.call<SaveReply>('press/save?t=1', {
        id: saved.id,
        title: '信義區散步',
        content: { blocks: [para('從市府站出發。')] },
        version: saved.version,
        place_id: 0,
      }),
    );
    expect(ok(await owner.call<ContentItem>('press/get?t=1', { id: cleared.id })).place_id).toBeNull();
  });

  it("shows the place card on the public article in the reader's language, live, and unlinks on delete", async () => {
    const mine = await savePlace(owner);
    const saved = ok(await saveArticle(owner, { place_id: mine.id, slug: 'xinyi-walk' }));
    ok(await owner.call('press/publish?t=1', { id: saved.id, mode: 1 }));
    const zh = mainOf((await sitePage(t, '/post/xinyi-walk')).body);
    expect(zh).toContain('class="place-card');
    expect(zh).toContain('信義旗艦店');
    expect(zh).toContain('台北市信義區松高路 1 號');
    expect(zh).toContain('週一至週日 11:00–21:30');
    expect(zh).toContain('href="https://maps.example.com/?q=xinyi" target="_blank" rel="noopener"');
    expect(zh).toContain('src="https://images.example.com/xinyi.jpg"');
    // The English page: the English name and hours, the address from the first language that has one.
    const english = ok(
      await owner.call<{ id: number }>('press/translate?t=1', { id: saved.id, translate: false, lang_id: 3 }),
    );
    ok(
      await owner.call('press/save?t=1', {
        id: english.id,
        title: 'A walk in Xinyi',
        content: { blocks: [para('Start at City Hall.')] },
        version: ok(await owner.call<ContentItem>('press/get?t=1', { id: english.id })).version,
        slug: 'xinyi-walk-en',
        place_id: mine.id,
      }),
    );
    ok(await owner.call('press/publish?t=1', { id: english.id, mode: 1 }));
    const en = mainOf((await sitePage(t, '/en/post/xinyi-walk-en')).body);
    expect(en).toContain('Xinyi Flagship');
    expect(en).toContain('Daily 11:00–21:30');
    expect(en).toContain('台北市信義區松高路 1 號');
    expect(en).not.toContain('信義旗艦店');
    // Live: a change of the place shows at once on the published article.
    ok(
      await owner.call(
        'place/save',
        placeBody({
          id: mine.id,
          lang: [{ lang_id: 1, name: '信義新店', address: '台北市信義區', hours: '' }],
          map_url: '',
        }),
      ),
    );
    const changed = mainOf((await sitePage(t, '/post/xinyi-walk')).body);
    expect(changed).toContain('信義新店');
    expect(changed).not.toContain('maps.example.com');
    // Deleted: the link goes, the article still renders, without a card.
    ok(await owner.call('place/delete', { id: mine.id }));
    const [row] = await t.database.db.select().from(contents).where(eq(contents.id, saved.id));
    expect(row.placeId).toBeNull();
    const gone = await sitePage(t, '/post/xinyi-walk');
    expect(gone.statusCode).toBe(200);
    expect(mainOf(gone.body)).not.toContain('place-card');
    expect(ok(await owner.call<ContentItem>('press/get?t=1', { id: saved.id })).place_id).toBeNull();
  });
});

describe('pickup at a place', () => {
  it("refuses another site's place on a logistics option", async () => {
    const r = await owner.call('logistics/save', {
      id: 0,
      name: '別站自取',
      fee: 0,
      free_threshold: 0,
      place_id: strangerPlace,
    });
    expect(Object.keys(fieldErrors(r))).toEqual(['place_id']);
  });

  it('names the place in the cart, keeps it on the order as ordered, and unlinks on delete', async () => {
    const shop = await savePlace(owner, {
      lang: [
        { lang_id: 1, name: '大安門市', address: '台北市大安區復興南路 2 號', hours: '10:00–20:00' },
        { lang_id: 3, name: 'Daan Store', address: '2 Fuxing S. Rd, Taipei', hours: '' },
      ],
    });
    const option = ok(
      await owner.call<Logistics>('logistics/save', {
        id: 0,
        name: '門市自取',
        fee: 0,
        free_threshold: 0,
        place_id: shop.id,
      }),
    );
    expect(option.place_id).toBe(shop.id);
    const { skus } = await addGoods(t, siteId, {
      name: '帆布袋',
      slug: 'place-tote',
      status: 'online',
      skus: [{ name: '米白', code: 'PLACE-TOTE', price: 480, qty: 5 }],
    });
    const items = [{ sku_id: skus[0].id, qty: 1 }];
    const quote = async (body: Record<string, unknown>) =>
      ok(await readerCall(t, 'reader/shop/quote', { items, ...body })) as QuoteReply;
    const pickupOf = (q: QuoteReply) => q.logistics.find((l) => l.id === option.id)?.pickup;
    expect(pickupOf(await quote({ logistic_id: option.id, lang_id: 1 }))).toEqual({
      name: '大安門市',
      address: '台北市大安區復興南路 2 號',
      hours: '10:00–20:00',
    });
    expect(pickupOf(await quote({ lang_id: 3 }))).toEqual({
      name: 'Daan Store',
      address: '2 Fuxing S. Rd, Taipei',
      hours: '10:00–20:00',
    });
    // The cart page carries the word the script shows it with.
    expect((await sitePage(t, '/cart')).body).toContain('pickupAt');

    // Collecting needs no delivery address; a delivery does.
    const delivery = ok(
      await owner.call<Logistics>('logistics/save', { id: 0, name: '宅配', fee: 80, free_threshold: 0 }),
    );
    const noAddress = { extra: { address: '' } };
    expect(fieldErrors(await placeOrder(t, items, delivery.id, noAddress)).address).toBe('此欄位為必填');
    const placed = await placeOrder(t, items, option.id, noAddress);
    const made = ok(placed) as { order_number: string; logistic_name: string };
    const number = made.order_number;
    expect(made.logistic_name).toBe('門市自取 · 大安門市 · 台北市大安區復興南路 2 號');
    // The place changes later: the order keeps what it was.
    ok(
      await owner.call(
        'place/save',
        placeBody({ id: shop.id, lang: [{ lang_id: 1, name: '大安新門市', address: '別處', hours: '' }] }),
      ),
    );
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, number));
    const detail = ok(await owner.call<{ logistic_name: string }>('order/get', { id: order.id }));
    expect(detail.logistic_name).toBe('門市自取 · 大安門市 · 台北市大安區復興南路 2 號');
    // Deleted: the option stays, as a delivery without a place.
    ok(await owner.call('place/delete', { id: shop.id }));
    const [row] = await t.database.db.select().from(logistics).where(eq(logistics.id, option.id));
    expect(row.placeId).toBeNull();
    expect(ok(await owner.call<Logistics>('logistics/get', { id: option.id })).place_id).toBeNull();
    expect(pickupOf(await quote({ lang_id: 1 }))).toBeNull();
  });
});
