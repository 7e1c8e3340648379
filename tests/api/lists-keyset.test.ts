/**
 * Lists at scale (issue 31) through HTTP: a page reached with the cursor of a page near it (a keyset seek) holds
 * exactly the rows OFFSET paging gives — forward, backward, a few pages away, the last page, with ties in the sort
 * key, nullable sort keys and filters; a row added between two calls is neither repeated nor skipped; the total is
 * an estimate marked `approximate` beyond the threshold; a malformed cursor is field error 1001, never a 500.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContentRow } from '../../contract/content';
import type { Member } from '../../contract/entities/member';
import type { Filter, ListResult } from '../../contract/list';
import { setExactTotalMax } from '../../server/http/keyset';
import { type Client, createTestApp, fieldErrors, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let siteId: number;
let categoryId: number;
const ITEMS = 47;

type Sort = { col: string; order: 'asc' | 'desc' } | undefined;
interface Q {
  page: number;
  size: number;
  filters: Filter[];
  sort?: Sort;
  cursor?: string;
}

const press = async (query: Q) => ok(await owner.call<ListResult<ContentRow>>('press/list?t=1', { query }));
const members = async (query: Q) => ok(await owner.call<ListResult<Member>>('profile/list', { query }));
const ids = (r: { rows: { id: number }[] }) => r.rows.map((x) => x.id);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
  const db = t.database.db;
  const [cat] = (
    (await db.execute(sql`SELECT min(id) AS id FROM categories WHERE site_id = ${siteId}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  categoryId = cat.id;
  // Ties everywhere: 4 distinct update times, a few pinned items sharing a pin order, publish times with nulls,
  // titles repeating; status and category varying.
  await db.execute(sql`
    INSERT INTO contents (site_id, uuid, type, slug, title, body, seo, status, category_id, to_top, pin_order,
      publish_ts, updated_at)
    SELECT ${siteId}, gen_random_uuid(), 1, 'keyset-' || g, 'title ' || (g % 6), '{"blocks":[]}',
      '{"title":"","content":""}', g % 3, CASE WHEN g % 2 = 0 THEN ${categoryId}::int END, g % 11 = 0, g % 2,
      CASE WHEN g % 4 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (g % 5) * interval '1 day' END,
      timestamptz '2026-02-01 10:00:00.123456' + (g % 4) * interval '1 hour'
    FROM generate_series(1, ${ITEMS}) g`);
  await db.execute(sql`
    INSERT INTO readers (site_id, email, name, created_at)
    SELECT ${siteId}, 'keyset' || g || '@example.com', 'Reader ' || (g % 5),
      timestamptz '2026-03-01 08:00:00.654321' + (g % 3) * interval '1 minute'
    FROM generate_series(1, 23) g`);
}, 120_000);
afterEach(() => setExactTotalMax(undefined));
afterAll(async () => {
  await t?.close();
});

/** Every row of the query in order (one page of 100: no cursor, no offset). */
async function everything(list: typeof press | typeof members, filters: Filter[], sort: Sort) {
  const all = await list({ page: 1, size: 100, filters, sort });
  expect(all.total).toBe(all.rows.length);
  return ids(all);
}

const SORTS: Sort[] = [
  undefined,
  { col: 'title', order: 'asc' },
  { col: 'publish_ts', order: 'desc' },
  { col: 'publish_ts', order: 'asc' },
  { col: 'status', order: 'desc' },
];
const FILTERS: Filter[][] = [
  [],
  [{ col: 'status', value: [0, 2], type: 'in' }],
  [{ col: 'category_id', value: [0], type: 'in' }],
];

describe('keyset pages', () => {
  it('give the rows of OFFSET paging on every page, forward, backward and a few pages away', async () => {
    const size = 4;
    for (const sort of SORTS) {
      for (const base of FILTERS) {
        const filters = base.map((f) => (f.col === 'category_id' ? { ...f, value: [categoryId] } : f));
        const all = await everything(press, filters, sort);
        const pages = Math.ceil(all.length / size);
        const slice = (p: number) => all.slice((p - 1) * size, p * size);
        const where = `sort ${JSON.stringify(sort)} filters ${JSON.stringify(filters)}`;
        // Forward from page 1, each page with the previous one's cursor.
        let r = await press({ page: 1, size, filters, sort });
        expect(ids(r), where).toEqual(slice(1));
        for (let p = 2; p <= pages; p++) {
          r = await press({ page: p, size, filters, sort, cursor: r.cursor });
          expect(ids(r), `${where} page ${p}`).toEqual(slice(p));
          expect(r.total).toBe(all.length);
        }
        // The last page by its number alone, then backward with cursors.
        r = await press({ page: pages, size, filters, sort });
        expect(ids(r), where).toEqual(slice(pages));
        for (let p = pages - 1; p >= 1; p--) {
          r = await press({ page: p, size, filters, sort, cursor: r.cursor });
          expect(ids(r), `${where} back to ${p}`).toEqual(slice(p));
        }
        // The same page again, and three pages away both ways.
        expect(ids(await press({ page: 1, size, filters, sort, cursor: r.cursor }))).toEqual(slice(1));
        const mid = Math.min(pages, 5);
        const at = await press({ page: mid, size, filters, sort });
        expect(ids(at)).toEqual(slice(mid));
        if (mid + 3 <= pages)
          expect(ids(await press({ page: mid + 3, size, filters, sort, cursor: at.cursor }))).toEqual(
            slice(mid + 3),
          );
        expect(ids(await press({ page: mid - 3, size, filters, sort, cursor: at.cursor }))).toEqual(
          slice(mid - 3),
        );
        // Every page by its number alone.
        for (let p = 1; p <= pages; p++)
          expect(ids(await press({ page: p, size, filters, sort })), `${where} page ${p}`).toEqual(slice(p));
      }
    }
  }, 240_000);

  it('page members the same way (ties in the sign-up time and the status)', async () => {
    const size = 5;
    for (const sort of [
      undefined,
      { col: 'status', order: 'asc' },
      { col: 'name', order: 'desc' },
    ] as Sort[]) {
      const all = await everything(members, [], sort);
      const pages = Math.ceil(all.length / size);
      let r = await members({ page: 1, size, filters: [], sort });
      for (let p = 2; p <= pages; p++) {
        r = await members({ page: p, size, filters: [], sort, cursor: r.cursor });
        expect(ids(r)).toEqual(all.slice((p - 1) * size, p * size));
      }
      for (let p = pages - 1; p >= 1; p--) {
        r = await members({ page: p, size, filters: [], sort, cursor: r.cursor });
        expect(ids(r)).toEqual(all.slice((p - 1) * size, p * size));
      }
    }
  }, 120_000);

  it('page filtered members alike whether their few hits are read first or their many walked in order', async () => {
    // Tags k0, k1, k2 in turn and every other member opted in to the e-paper; nobody subscribes (status free).
    await t.database.db.execute(sql`
      UPDATE readers SET tags = ARRAY['k' || (id % 3)], epaper_opt_in = id % 2 = 0
      WHERE site_id = ${siteId} AND email LIKE 'keyset%'`);
    await t.database.db.execute(sql`ANALYZE readers`);
    const size = 3;
    const FILTER_SETS: Filter[][] = [
      [{ col: 'tag', value: ['k1'], type: 'in' }],
      [
        { col: 'tag', value: ['k0', 'k2'], type: 'in' },
        { col: 'epaper_opt_in', value: [1], type: 'in' },
      ],
      [
        { col: 'tag', value: ['k1'], type: 'in' },
        { col: 'status', value: ['free'], type: 'in' },
      ],
      [
        { col: 'tag', value: ['k1'], type: 'in' },
        { col: 'status', value: ['paid'], type: 'in' },
      ],
    ];
    for (const filters of FILTER_SETS)
      for (const sort of [
        undefined,
        { col: 'name', order: 'desc' },
        { col: 'status', order: 'asc' },
      ] as Sort[]) {
        // Few hits (the threshold as shipped): read once, the total exact.
        const all = await everything(members, filters, sort);
        const where = `sort ${JSON.stringify(sort)} filters ${JSON.stringify(filters)}`;
        // Many (a threshold of 1): the order is walked under the filters, the total estimated.
        for (const threshold of [undefined, 1]) {
          setExactTotalMax(threshold);
          const pages = Math.max(1, Math.ceil(all.length / size));
          const slice = (p: number) => all.slice((p - 1) * size, p * size);
          let r = await members({ page: 1, size, filters, sort });
          expect(ids(r), `${where} threshold ${threshold}`).toEqual(slice(1));
          if (threshold === undefined) expect(r.total).toBe(all.length);
          else if (all.length > 1) expect(r.approximate, where).toBe(true);
          for (let p = 2; p <= pages; p++) {
            r = await members({ page: p, size, filters, sort, cursor: r.cursor });
            expect(ids(r), `${where} threshold ${threshold} page ${p}`).toEqual(slice(p));
          }
          for (let p = pages - 1; p >= 1; p--) {
            r = await members({ page: p, size, filters, sort, cursor: r.cursor });
            expect(ids(r), `${where} threshold ${threshold} back to ${p}`).toEqual(slice(p));
          }
        }
        setExactTotalMax(undefined);
        // The hits are the filters' own: every member's tags, opt-in and status checked one by one.
        const every = (await members({ page: 1, size: 100, filters: [] })).rows;
        const expected = every.filter((m) =>
          filters.every((f) => {
            const values = f.value as (string | number)[];
            if (f.col === 'tag') return m.tags.some((tag) => values.includes(tag));
            if (f.col === 'epaper_opt_in') return values.includes(m.epaper_opt_in ? 1 : 0);
            return values.includes(m.status);
          }),
        );
        expect([...all].sort(), where).toEqual(ids({ rows: expected }).sort());
      }
  }, 120_000);

  it('continues after the rows the caller saw when a row is added between two calls', async () => {
    const size = 5;
    const one = await press({ page: 1, size, filters: [] });
    const before = await everything(press, [], undefined);
    await t.database.db.execute(sql`
      INSERT INTO contents (site_id, uuid, type, slug, title, body, seo, status, updated_at)
      VALUES (${siteId}, gen_random_uuid(), 1, 'keyset-new', 'new', '{"blocks":[]}', '{"title":"","content":""}',
        0, now() + interval '1 day')`);
    const two = await press({ page: 2, size, filters: [], cursor: one.cursor });
    // The keyset continues exactly after page 1's last row; OFFSET would repeat it.
    expect(ids(two)).toEqual(before.slice(size, 2 * size));
    const offset = await press({ page: 2, size, filters: [] });
    expect(ids(offset)[0]).toBe(ids(one).at(-1));
    await t.database.db.execute(sql`DELETE FROM contents WHERE slug = 'keyset-new'`);
  });

  it('ignores a cursor of another query (other filters, size or list)', async () => {
    const all = await everything(press, [{ col: 'status', value: [1], type: 'in' }], undefined);
    const other = await press({ page: 1, size: 4, filters: [] });
    const r = await press({
      page: 2,
      size: 4,
      filters: [{ col: 'status', value: [1], type: 'in' }],
      cursor: other.cursor,
    });
    expect(ids(r)).toEqual(all.slice(4, 8));
    const m = await members({ page: 1, size: 4, filters: [] });
    expect(ids(await press({ page: 2, size: 4, filters: [], cursor: m.cursor }))).toEqual(
      (await everything(press, [], undefined)).slice(4, 8),
    );
  });
});

describe('bad cursors', () => {
  const reencode = (cursor: string, change: (c: Record<string, unknown>) => void) => {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    change(c);
    return Buffer.from(JSON.stringify(c)).toString('base64url');
  };

  it('answers field error 1001 on query.cursor, never 500', async () => {
    const good = (await press({ page: 1, size: 4, filters: [] })).cursor as string;
    expect(good).toBeTruthy();
    const bad = [
      'not a cursor!',
      Buffer.from('nonsense').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      reencode(good, (c) => {
        c.p = 0;
      }),
      reencode(good, (c) => {
        (c.a as unknown[])[0] = 'yes';
      }),
      reencode(good, (c) => {
        (c.b as unknown[])[2] = 1e20;
      }),
      reencode(good, (c) => {
        (c.b as unknown[])[3] = 2 ** 40;
      }),
      reencode(good, (c) => {
        (c.b as unknown[]).pop();
      }),
      reencode(good, (c) => {
        (c.a as unknown[])[1] = null;
      }),
      reencode(good, (c) => {
        c.b = "'; DROP TABLE contents; --";
      }),
    ];
    for (const cursor of bad) {
      const r = await owner.call('press/list?t=1', { query: { page: 2, size: 4, filters: [], cursor } });
      expect(fieldErrors(r), cursor).toHaveProperty(['query.cursor']);
    }
    const long = await owner.call('press/list?t=1', {
      query: { page: 2, size: 4, cursor: 'a'.repeat(5000) },
    });
    expect(fieldErrors(long)).toHaveProperty(['query.cursor']);
    const title = (await press({ page: 1, size: 4, filters: [], sort: { col: 'title', order: 'asc' } }))
      .cursor as string;
    const r = await owner.call('profile/list', {
      query: {
        page: 2,
        size: 4,
        filters: [],
        cursor: reencode(title, (c) => {
          (c.a as unknown[])[0] = 'x'.repeat(2000);
        }),
      },
    });
    expect(r.code).toBe(1); // another list's cursor: ignored
  });
});

describe('totals', () => {
  it('are exact below the threshold and estimated, marked approximate, above it', async () => {
    const exact = await press({ page: 1, size: 4, filters: [] });
    expect(exact.approximate).toBeUndefined();
    await t.database.db.execute(sql`ANALYZE contents`);
    await t.database.db.execute(sql`ANALYZE readers`);
    setExactTotalMax(10);
    const over = await press({ page: 1, size: 4, filters: [] });
    expect(over.approximate).toBe(true);
    expect(over.total).toBeGreaterThan(10);
    expect(ids(over)).toEqual(ids(exact));
    // Few rows under a filter: still exact.
    const few = await press({
      page: 1,
      size: 4,
      filters: [{ col: 'id', value: ids(exact).slice(0, 3), type: 'in' }],
    });
    expect(few.approximate).toBeUndefined();
    expect(few.total).toBe(3);
    const m = await members({ page: 1, size: 4, filters: [] });
    expect(m.approximate).toBe(true);
    // The last page by the estimated total: the list's last rows, in order.
    const all = await everything(press, [], undefined);
    const last = Math.ceil(over.total / 4);
    const end = await press({ page: last, size: 4, filters: [] });
    expect(ids(end)).toEqual(all.slice(-ids(end).length));
    setExactTotalMax(undefined);
    expect((await press({ page: 1, size: 4, filters: [] })).approximate).toBeUndefined();
  });
});
