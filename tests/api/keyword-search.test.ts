/**
 * Keyword search through the search_grams indexes (server/http/keyword.ts, issue 31) gives exactly the hits of the
 * plain ILIKE it replaced — CJK, Latin with accents, wildcards, astral characters, one character, long keywords —
 * for the content list, the related-items picker and the members; and the members' CSV export, streamed by keyset
 * batches, holds every member once in the list's order, ties of the sort included.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentRow } from '../../contract/content';
import { parseCsv } from '../../contract/csv';
import type { Member } from '../../contract/entities/member';
import type { ListQuery, ListResult } from '../../contract/list';
import type { Session } from '../../contract/session';
import { setExactTotalMax } from '../../server/http/keyset';
import { likePattern } from '../../server/http/list';
import { memberBatches } from '../../server/modules/members/service';
import { memberStatusSql } from '../../server/modules/readers/status';
import { contents, readerSubscriptions, readers } from '../../server/modules/tables';
import { type Client, createTestApp, OWNER, ok, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let siteId: number;

const TITLES = [
  '咖啡館的早晨',
  '臺北咖啡節',
  'COFFEE time',
  'coffee',
  'Café Olé',
  'ÄÖÜ Grüße',
  '50% off 折扣',
  '100%純果汁',
  'a_b c',
  'a\\b 反斜線',
  '𠮷野家的牛丼',
  '人工智慧 AI',
  'AI人工',
  '哈哈哈哈',
  'abab',
  '第 12345 篇',
  '12 345',
  'İstanbul',
  'ΣΑΣ σας',
  'ChatGPT 與 AI',
  '電動車',
  '電動 車',
];
const KEYWORDS = [
  '咖啡',
  '咖啡館',
  'coffee',
  'COFFEE',
  'Co',
  'café',
  'olé',
  'äö',
  'GRÜ',
  '50%',
  '%',
  '_',
  'a_b',
  '\\',
  'a\\b',
  '𠮷野',
  '𠮷',
  '人工',
  'ai人',
  'AI',
  'ab',
  'aba',
  'bab',
  '哈哈',
  '哈哈哈哈哈',
  '12',
  '2 3',
  ' 345 ',
  'istanbul',
  'σα',
  'ΣΑ',
  'gpt 與',
  '電動車',
  '動 車',
  'xyz',
  '的',
  '車',
  '一二三四五六七八九十'.repeat(20),
  `${'第 '.repeat(6)}12345`,
];

beforeAll(async () => {
  t = await createTestApp();
  owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
  siteId = (await owner.call<Session>('member/status')).data.site.current?.id as number;
  const db = t.database.db;
  await db.insert(contents).values(
    TITLES.map((title, i) => ({
      siteId,
      uuid: crypto.randomUUID(),
      type: 1,
      slug: `kw-${i}`,
      title,
      body: { blocks: [] },
      seo: { title: '', content: '' },
      status: 1,
    })),
  );
  await db.insert(readers).values(
    TITLES.map((title, i) => ({
      siteId,
      email: `kw${i}-${['ab_c', 'x%y', 'coffee', 'ti'][i % 4]}@example.com`,
      name: title,
    })),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The ids of the site's items whose title ILIKE the keyword (the condition the index replaced). */
async function ilikeIds(keyword: string): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: contents.id })
    .from(contents)
    .where(
      and(
        eq(contents.siteId, siteId),
        eq(contents.type, 1),
        ne(contents.status, -1),
        sql`${contents.title} ILIKE ${likePattern(keyword)}`,
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('keyword search with search_grams', () => {
  it('lists the same items as the title ILIKE, for every keyword', async () => {
    let hits = 0;
    for (const keyword of KEYWORDS) {
      const want = await ilikeIds(keyword);
      hits += want.length;
      const r = ok(
        await owner.call<ListResult<ContentRow>>('press/list?t=1', {
          query: { page: 1, size: 100, filters: [{ col: 'keyword', value: keyword, type: 'search' }] },
        }),
      );
      expect(
        r.rows.map((row) => row.id).sort((a, b) => a - b),
        keyword,
      ).toEqual(want);
      expect(r.total, keyword).toBe(want.length);
      const picked = ok(await owner.call<{ id: number }[]>('press/search?t=1', { query: keyword })).map(
        (row) => row.id,
      );
      expect(picked.length, keyword).toBe(Math.min(20, want.length));
      expect(
        picked.every((id) => want.includes(id)),
        keyword,
      ).toBe(true);
    }
    // The keywords do hit (the comparison is not one of empty lists).
    expect(hits).toBeGreaterThan(40);
  });

  it('finds members by name or e-mail as ILIKE over both would', async () => {
    // Both ways a keyword is read (members/service.ts keywordPlan): few hits expected (the rarest bigrams, counted),
    // and many (every total estimated: the plain ILIKE walking the list's order).
    for (const max of [undefined, 0]) {
      setExactTotalMax(max);
      try {
        for (const keyword of [...KEYWORDS, 'ab_c', 'x%y', '@example', 'KW1', 'e.c']) {
          const pattern = likePattern(keyword);
          const want = (
            await t.database.db
              .select({ id: readers.id })
              .from(readers)
              .where(
                and(
                  eq(readers.siteId, siteId),
                  sql`(${readers.name} ILIKE ${pattern} OR ${readers.email} ILIKE ${pattern})`,
                ),
              )
          )
            .map((r) => r.id)
            .sort((a, b) => a - b);
          const r = ok(
            await owner.call<ListResult<Member>>('profile/list', {
              query: { page: 1, size: 100, filters: [{ col: 'keyword', value: keyword, type: 'search' }] },
            }),
          );
          expect(
            r.rows.map((m) => m.id).sort((a, b) => a - b),
            `${keyword} (${max})`,
          ).toEqual(want);
          if (max === undefined) expect(r.total, keyword).toBe(want.length);
        }
      } finally {
        setExactTotalMax(undefined);
      }
    }
  });

  it('pages a keyword’s members in the list’s order either way, page by page as in one page', async () => {
    for (const max of [undefined, 0]) {
      setExactTotalMax(max);
      try {
        const filters = [{ col: 'keyword', value: '@example', type: 'search' as const }];
        const list = (page: number, size: number) =>
          owner.call<ListResult<Member>>('profile/list', { query: { page, size, filters } }).then(ok);
        const all = (await list(1, 100)).rows.map((m) => m.id);
        expect(all.length).toBeGreaterThan(3);
        const paged: number[] = [];
        for (let page = 1; paged.length < all.length; page++) {
          const r = await list(page, 3);
          expect(r.rows.length, `page ${page}`).toBeGreaterThan(0);
          paged.push(...r.rows.map((m) => m.id));
        }
        expect(paged, String(max)).toEqual(all);
      } finally {
        setExactTotalMax(undefined);
      }
    }
  });

  it('is served by the bigram index from two characters up', async () => {
    const plan = async (keyword: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const r = (await tx.execute(
          sql`EXPLAIN SELECT id FROM contents WHERE search_grams(title) @> ARRAY[lower(${keyword})]::text[] AND title ILIKE ${likePattern(keyword)}`,
        )) as unknown as { rows: Record<string, string>[] };
        return r.rows.map((x) => x['QUERY PLAN']).join('\n');
      });
    expect(await plan('咖啡')).toContain('contents_title_grams');
    expect(await plan('Co')).toContain('contents_title_grams');
  });
});

describe('members export, streamed', () => {
  const MANY = 12_000;

  beforeAll(async () => {
    // Sign-up times with ties (three members a second) and microseconds, which a JavaScript Date would round.
    await t.database.db.execute(sql`
      INSERT INTO readers (site_id, email, name, created_at, updated_at)
      SELECT ${siteId}, 'many' || g || '@example.com', CASE WHEN g % 2 = 0 THEN '同名' ELSE 'Same' END,
        timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '1 second',
        timestamptz '2026-03-01 00:00:00+00'
      FROM generate_series(1, ${MANY}) g`);
  }, 60_000);

  /** Every member's id in the list's order for a sort (created_at desc by default), in one query. */
  const everyone = async (sort?: ListQuery['sort']) => {
    const key = { created_at: readers.createdAt, name: readers.name, email: readers.email, id: readers.id };
    const { col, order } = sort ?? { col: 'created_at', order: 'desc' };
    const column = col === 'status' ? memberStatusSql : key[col as keyof typeof key];
    const dir = order === 'asc' ? asc : desc;
    const rows = await t.database.db
      .select({ id: readers.id, email: readers.email })
      .from(readers)
      .leftJoin(readerSubscriptions, eq(readerSubscriptions.readerId, readers.id))
      .where(eq(readers.siteId, siteId))
      .orderBy(dir(column), dir(readers.id));
    return rows;
  };

  it('walks every member once in the list order, for every sort, in batches', async () => {
    for (const sort of [
      undefined,
      { col: 'created_at', order: 'asc' as const },
      { col: 'name', order: 'asc' as const },
      { col: 'email', order: 'desc' as const },
      { col: 'status', order: 'desc' as const },
      { col: 'id', order: 'asc' as const },
    ]) {
      const query: ListQuery = { page: 1, size: 10, filters: [], sort };
      const walked: number[] = [];
      for await (const batch of memberBatches(t.database.db, siteId, query, 2_999))
        walked.push(...batch.map((m) => m.id));
      expect(walked, JSON.stringify(sort)).toEqual((await everyone(sort)).map((m) => m.id));
    }
  });

  it('answers a large export complete, in order, with a bad filter still refused as an envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/export',
      headers: {
        'content-type': 'application/json',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: JSON.stringify({ query: { sort: { col: 'created_at', order: 'asc' } } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const { rows: lines } = parseCsv(res.body.slice(1), MANY * 2);
    const members = await everyone({ col: 'created_at', order: 'asc' });
    expect(lines).toHaveLength(members.length + 1);
    expect(members.length).toBeGreaterThan(MANY);
    // Each line has its member's e-mail (the second column), in the list's order.
    expect(lines.slice(1).map((line) => line[1])).toEqual(members.map((m) => m.email));
    const bad = await owner.call('profile/export', {
      query: { filters: [{ col: 'status', value: ['nope'], type: 'in' }] },
    });
    expect(bad.code).not.toBe(1);
  });
});
