/**
 * Goods through HTTP (issue 15): products with SKUs (created, read, listed with filters, changed with their SKU ids
 * kept, deleted), SKU codes unique per site without case, the bulk on/offline, tenant isolation, the plan's shop
 * feature, the e-commerce role, and bad input answered 1001, never 500. The generated entity tests
 * (conformance.test.ts) cover the rest.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { goods } from '../../contract/entities/goods';
import type { EntityRecord } from '../../contract/entity';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { PRICE_MAX, SKUS_MAX } from '../../contract/shop';
import { t as translate } from '../../server/i18n';
import { goodsSkus, goods as goodsTable, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

type Goods = EntityRecord<typeof goods>;

let t: TestApp;
let owner: Client;
let demoSiteId: number;
/** The owner of another site whose plan has the shop. */
let stranger: Client;
let strangerSiteId: number;

/** A site of its own for a new user, on plan `serviceId`. */
async function ownSite(email: string, serviceId: number | null) {
  const c = await register(t, email);
  const status = await c.call<{ site: { current: { id: number } } }>('member/status');
  const siteId = status.data.site.current.id;
  await t.database.db.update(sites).set({ serviceId }).where(eq(sites.id, siteId));
  return { c, siteId };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  ({ c: stranger, siteId: strangerSiteId } = await ownSite('goods-stranger@example.com', 1));
});
afterAll(async () => {
  await t?.close();
});

const sku = (code: string, extra: Record<string, unknown> = {}) => ({
  id: 0,
  name: `規格 ${code}`,
  code,
  price: 100,
  qty: 10,
  shift: 0,
  status: 'online',
  ...extra,
});

const product = (name: string, extra: Record<string, unknown> = {}) => ({
  id: 0,
  name,
  slug: '',
  intro: '簡介',
  content: '<p>內容</p>',
  cover: '',
  gallery: [],
  status: 'online',
  tags: [],
  skus: [],
  ...extra,
});

async function save(c: Client, body: Record<string, unknown>): Promise<Goods> {
  const r = await c.call<Goods>('product/save', body);
  expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: Code.OK });
  return r.data;
}

const list = (c: Client, filters: unknown[] = [], extra: Record<string, unknown> = {}) =>
  c.call<ListResult<Goods>>('product/list', { query: { size: 100, filters, ...extra } });

const names = (r: { data: ListResult<Goods> }) => r.data.rows.map((g) => g.name).sort();

describe('products with SKUs', () => {
  it('creates with two SKUs, reads, lists, keeps SKU ids on a change, deletes', async () => {
    const created = await save(
      owner,
      product('手工皂禮盒', {
        content: '<p>好用<script>alert(1)</script></p>',
        gallery: ['https://cdn.example/a.png', 'https://cdn.example/b.png'],
        skus: [sku('SOAP-A', { price: 350, qty: 3 }), sku('SOAP-B', { price: 500, qty: 20, shift: 7 })],
      }),
    );
    expect(created).toMatchObject({
      name: '手工皂禮盒',
      slug: 'shou-gong-zao-li-he',
      content: '<p>好用</p>',
      gallery: ['https://cdn.example/a.png', 'https://cdn.example/b.png'],
      prices: { min: 350, max: 500 },
      stock: 23,
      stock_alert: null,
    });
    expect(created.skus.map((s) => [s.code, s.price, s.qty, s.shift])).toEqual([
      ['SOAP-A', 350, 3, 0],
      ['SOAP-B', 500, 20, 7],
    ]);
    const got = await owner.call<Goods>('product/get', { id: created.id });
    expect(got.data).toEqual(created);

    // Reordered, one changed, one new; the kept SKUs keep their ids.
    const [a, b] = created.skus;
    const changed = await save(owner, {
      ...product('手工皂禮盒'),
      id: created.id,
      skus: [{ ...b, qty: 0 }, { ...a, code: 'soap-a2', price: 300 }, sku('SOAP-C', { price: 900 })],
    });
    expect(changed.skus.map((s) => [s.id, s.code, s.price])).toEqual([
      [b.id, 'SOAP-B', 500],
      [a.id, 'soap-a2', 300],
      [expect.any(Number), 'SOAP-C', 900],
    ]);
    expect(changed).toMatchObject({ prices: { min: 300, max: 900 }, stock: 13, stock_alert: 'out' });

    // Codes may move between the product's own SKUs in one save.
    const [b2, a2, c2] = changed.skus;
    const swapped = await save(owner, {
      ...product('手工皂禮盒'),
      id: created.id,
      skus: [
        { ...b2, code: a2.code },
        { ...a2, code: b2.code },
      ],
    });
    expect(swapped.skus.map((s) => [s.id, s.code])).toEqual([
      [b2.id, 'soap-a2'],
      [a2.id, 'SOAP-B'],
    ]);
    const left = await t.database.db.select().from(goodsSkus).where(eq(goodsSkus.id, c2.id));
    expect(left).toEqual([]);

    expect((await owner.call('product/delete', { id: created.id })).data).toEqual({ id: created.id });
    expect(await owner.call('product/get', { id: created.id })).toMatchObject({ status: 404 });
    const skus = await t.database.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, created.id));
    expect(skus).toEqual([]);
  });

  it('warns when stock runs low, and makes a free slug for the same name', async () => {
    const low = await save(
      owner,
      product('低庫存', { skus: [sku('LOW-1', { qty: 5 }), sku('LOW-2', { qty: 2 })] }),
    );
    expect(low.stock_alert).toBe('low');
    // An offline SKU's stock does not warn.
    const off = await save(
      owner,
      product('下架規格', { skus: [sku('OFF-1', { qty: 0, status: 'offline' }), sku('OFF-2', { qty: 50 })] }),
    );
    expect(off.stock_alert).toBeNull();
    const again = await save(owner, product('低庫存'));
    expect(again.slug).toBe(`${low.slug}-2`);
    const taken = await owner.call('product/save', product('別的', { slug: low.slug }));
    expect(fieldErrors(taken)).toEqual({ slug: translate('zh-TW', 'validation.duplicate') });
  });

  it('lists with filters: status, tag and a Chinese keyword', async () => {
    const tag = await owner.call<{ id: number }>('label/save', {
      id: 0,
      type: 'tag',
      slug: '',
      lang: [{ lang_id: 1, title: '夏季', cover: '' }],
      active: [1],
    });
    expect(tag.code).toBe(Code.OK);
    const tagId = tag.data.id;
    await save(owner, product('夏日涼扇', { tags: [tagId, tagId], status: 'online' }));
    await save(owner, product('冬季暖爐', { status: 'offline' }));
    const fan = await list(owner, [{ col: 'name', value: '涼扇', type: 'search' }]);
    expect(names(fan)).toEqual(['夏日涼扇']);
    expect(fan.data.rows[0].tags).toEqual([tagId]);
    expect(names(await list(owner, [{ col: 'tags', value: [tagId], type: 'in' }]))).toEqual(['夏日涼扇']);
    const offline = await list(owner, [{ col: 'status', value: ['offline'], type: 'in' }]);
    expect(names(offline)).toContain('冬季暖爐');
    expect(names(offline)).not.toContain('夏日涼扇');
    // Another site's tag is no tag of ours.
    const foreign = await owner.call('product/save', product('外站標籤', { tags: [2_147_483_647] }));
    expect(Object.keys(fieldErrors(foreign))).toEqual(['tags']);
  });
});

describe('SKU codes', () => {
  it('are unique per site without case; another site may use the same', async () => {
    await save(owner, product('唯一編號', { skus: [sku('UNIQ-1')] }));
    const again = await owner.call(
      'product/save',
      product('重複編號', { skus: [sku('ok-9'), sku('uniq-1')] }),
    );
    expect(fieldErrors(again)).toEqual({
      'skus.1.code': translate('zh-TW', `errors.${Code.SKU_CODE_TAKEN}`),
    });
    const twice = await owner.call('product/save', product('同次重複', { skus: [sku('TW-1'), sku('tw-1')] }));
    expect(Object.keys(fieldErrors(twice))).toEqual(['skus.1.code']);
    // Nothing was saved by the refused calls.
    expect(names(await list(owner, [{ col: 'name', value: '重複', type: 'search' }]))).toEqual([]);
    await save(stranger, product('別站的', { skus: [sku('UNIQ-1')] }));
  });

  it('refuses a SKU id of another product', async () => {
    const one = await save(owner, product('甲商品', { skus: [sku('JIA-1')] }));
    const two = await save(owner, product('乙商品', { skus: [sku('YI-1')] }));
    const r = await owner.call('product/save', {
      ...product('乙商品'),
      id: two.id,
      skus: [{ ...one.skus[0], code: 'YI-2' }],
    });
    expect(Object.keys(fieldErrors(r))).toEqual(['skus.0.id']);
    expect((await owner.call<Goods>('product/get', { id: one.id })).data.skus).toEqual(one.skus);
  });
});

describe('bad input answers 1001', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['negative qty', { skus: [sku('BAD-1', { qty: -1 })] }, 'skus.0.qty'],
    ['price over the maximum', { skus: [sku('BAD-2', { price: PRICE_MAX + 1 })] }, 'skus.0.price'],
    ['a shift over the maximum', { skus: [sku('BAD-3', { shift: 91 })] }, 'skus.0.shift'],
    ['a code with spaces', { skus: [sku('BAD 4')] }, 'skus.0.code'],
    ['too many SKUs', { skus: Array.from({ length: SKUS_MAX + 1 }, (_, i) => sku(`MANY-${i}`)) }, 'skus'],
    ['a huge name', { name: '長'.repeat(100_000) }, 'name'],
    ['a huge SKU code', { skus: [sku('A'.repeat(50_000))] }, 'skus.0.code'],
    ['a huge content', { content: `<p>${'x'.repeat(200_000)}</p>` }, 'content'],
    ['another site’s upload as cover', { cover: '/uploads/999999/2026/01/a.png' }, 'cover'],
    [
      'another site’s upload in the gallery',
      { gallery: ['https://cdn.example/ok.png', '/uploads/999999/2026/01/a.png'] },
      'gallery.1',
    ],
    ['an empty gallery entry', { gallery: [''] }, 'gallery.0'],
    ['an unknown status', { status: 'deleted' }, 'status'],
  ];
  for (const [what, change, field] of cases) {
    it(what, async () => {
      const r = await owner.call('product/save', product('壞資料', change));
      expect(Object.keys(fieldErrors(r))).toContain(field);
    });
  }
});

describe('bulk on/offline', () => {
  it('changes all of the site’s, or nothing when one is not', async () => {
    const a = await save(owner, product('批次甲', { status: 'offline' }));
    const b = await save(owner, product('批次乙', { status: 'offline' }));
    const r = await owner.call<{ ids: number[] }>('product/status', {
      ids: [b.id, a.id, a.id],
      status: 'online',
    });
    expect(r.data).toEqual({ ids: [a.id, b.id].sort((x, y) => x - y) });
    const theirs = await save(stranger, product('別站批次', { status: 'offline' }));
    const mixed = await owner.call('product/status', { ids: [a.id, theirs.id], status: 'offline' });
    expect(mixed).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    const rows = await t.database.db
      .select({ id: goodsTable.id, status: goodsTable.status })
      .from(goodsTable)
      .where(eq(goodsTable.siteId, demoSiteId));
    expect(rows.find((g) => g.id === a.id)?.status).toBe('online');
    expect((await stranger.call<Goods>('product/get', { id: theirs.id })).data.status).toBe('offline');
    expect(fieldErrors(await owner.call('product/status', { ids: [], status: 'online' }))).toHaveProperty(
      'ids',
    );
    expect(
      fieldErrors(
        await owner.call('product/status', {
          ids: Array.from({ length: 101 }, (_, i) => i + 1),
          status: 'online',
        }),
      ),
    ).toHaveProperty('ids');
  });
});

describe('tenancy, plan and roles', () => {
  it('never shows or changes another site’s goods', async () => {
    const mine = await save(owner, product('本站商品', { skus: [sku('MINE-1')] }));
    const before = (await owner.call<Goods>('product/get', { id: mine.id })).data;
    for (const [path, body] of [
      ['product/get', { id: mine.id }],
      ['product/save', { ...product('偷改'), id: mine.id }],
      ['product/delete', { id: mine.id }],
      ['product/status', { ids: [mine.id], status: 'offline' }],
    ] as const) {
      expect(await stranger.call(path, body), path).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    }
    const theirs = await list(stranger, [{ col: 'id', value: [mine.id], type: 'in' }]);
    expect(theirs.data).toEqual({ rows: [], total: 0 });
    expect((await owner.call<Goods>('product/get', { id: mine.id })).data).toEqual(before);
    expect(strangerSiteId).not.toBe(demoSiteId);
  });

  it('is refused on a plan without the shop (STARTER)', async () => {
    const { c } = await ownSite('goods-starter@example.com', 2);
    for (const [path, body] of [
      ['product/list', {}],
      ['product/save', product('入門方案')],
      ['product/status', { ids: [1], status: 'online' }],
      ['logistics/list', {}],
    ] as const) {
      expect(await c.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    }
  });

  it('lets 電商人員 run the goods, not 編輯', async () => {
    const shop = await staffOf(t, demoSiteId, 'goods-ecommerce@example.com', ROLE.ECOMMERCE);
    const made = await save(shop, product('電商上架', { skus: [sku('SHOP-1')] }));
    expect((await shop.call('product/status', { ids: [made.id], status: 'offline' })).code).toBe(Code.OK);
    expect((await list(shop)).code).toBe(Code.OK);
    expect((await shop.call('product/delete', { id: made.id })).code).toBe(Code.OK);
    const editor = await staffOf(t, demoSiteId, 'goods-editor@example.com', ROLE.EDITOR);
    for (const [path, body] of [
      ['product/list', {}],
      ['product/save', product('編輯上架')],
      ['product/status', { ids: [1], status: 'online' }],
      ['logistics/list', {}],
    ] as const) {
      expect(await editor.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    }
  });
});
