/**
 * Lists over many items: the keyword filter is the plain title ILIKE that the trigram index contents_title_trgm
 * serves (three or more characters), and a full page's categories and tags come right (looked up in batches).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentRow } from '../../contract/content';
import type { ListQuery, ListResult } from '../../contract/list';
import type { Session } from '../../contract/session';
import { pageQuery } from '../../server/modules/content/list';
import { type Client, createTestApp, OWNER, ok, type TestApp } from '../fixtures/testApp';

const ITEMS = 20_000;
/** One title in a hundred carries this phrase. */
const RARE = '阿里山日出';

let t: TestApp;
let owner: Client;
let siteId: number;

const keyword = (value: string): ListQuery => ({
  page: 1,
  size: 10,
  filters: [{ col: 'keyword', value, type: 'search' }],
});

/** The plan PostgreSQL makes for the list's own page query. */
async function plan(query: ListQuery): Promise<string> {
  const { page } = pageQuery(t.database.db, { siteId, type: 1, sight: 'all', user: { id: 0 } }, query);
  const r = (await t.database.db.execute(sql.join([sql.raw('EXPLAIN '), page.getSQL()]))) as {
    rows: Record<string, string>[];
  };
  return r.rows.map((x) => x['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
  siteId = (await owner.call<Session>('member/status')).data.site.current?.id as number;
  const db = t.database.db;
  // Building the trigram index once after the rows is much faster than keeping it up row by row (in PGlite above
  // all); it is built again exactly as the migration defines it.
  await db.execute(sql`DROP INDEX contents_title_trgm`);
  await db.execute(sql`
    INSERT INTO contents (site_id, uuid, type, slug, title, body, seo, status, category_id, updated_at)
    SELECT ${siteId}, gen_random_uuid(), 1, 'item-' || g,
      CASE WHEN g % 100 = 0 THEN ${RARE} || '第' || g || '篇' ELSE '城市新聞第' || g || '篇' END,
      '{"blocks":[]}', '{"title":"","content":""}', g % 3,
      (SELECT min(id) FROM categories WHERE site_id = ${siteId}), now() - g * interval '1 second'
    FROM generate_series(1, ${ITEMS}) g`);
  await db.execute(sql`
    INSERT INTO content_tags (content_id, tag_id)
    SELECT c.id, tg.id FROM contents c JOIN tags tg ON tg.site_id = c.site_id
    WHERE c.site_id = ${siteId} AND c.slug IN (SELECT 'item-' || g FROM generate_series(1, 500) g)`);
  await db.execute(sql`CREATE INDEX contents_title_trgm ON contents USING gin (title gin_trgm_ops)`);
  await db.execute(sql`ANALYZE contents`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('lists over many items', () => {
  it('serves keywords of three or more characters from the trigram index', async () => {
    expect(await plan(keyword(RARE))).toContain('contents_title_trgm');
    expect(await plan(keyword('阿里山'))).toContain('contents_title_trgm');
    const r = ok(
      await owner.call<ListResult<ContentRow>>('press/list?t=1', {
        query: { filters: keyword(RARE).filters },
      }),
    );
    expect(r.total).toBe(ITEMS / 100);
    expect(r.rows.every((row) => row.title.startsWith(RARE))).toBe(true);
  });

  it('answers two-character keywords too (without the index)', async () => {
    const r = ok(
      await owner.call<ListResult<ContentRow>>('press/list?t=1', {
        query: { size: 5, filters: [{ col: 'keyword', value: '日出', type: 'search' }] },
      }),
    );
    expect(r.total).toBe(ITEMS / 100);
  });

  it('fills a page of 100 rows with their category and five tags each', async () => {
    const r = ok(
      await owner.call<ListResult<ContentRow>>('press/list?t=1', { query: { page: 3, size: 100 } }),
    );
    expect(r.total).toBe(ITEMS);
    expect(r.rows).toHaveLength(100);
    expect(r.rows.every((row) => row.tag.length === 5 && row.category !== null)).toBe(true);
    // Default order: newest change first.
    const times = r.rows.map((row) => row.updated_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
