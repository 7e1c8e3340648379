/**
 * Seeds a large database for the scale benchmarks (issue 31), straight into the tables as render.ts does:
 *
 *   npm run bench:seed -- --articles 1000000 --members 2000000 --sites 10000
 *   npm run bench:seed -- --drop
 *
 * The database is `bench_scale` (BENCH_DB) on BENCH_PG_URL's server, made afresh (migrated, the demo site seeded,
 * owner@example.com / bench-pass-1); the script prints its address for `bench/scale.ts` and `npm start`
 * (DATABASE_URL). On the demo site, published: 50 authors, 20 categories (half the articles in `bench-cat-1`),
 * 200 tags, `--articles` articles (mostly published, some drafts, scheduled and deleted; titles from a zh-TW and an
 * English vocabulary, so that 2- and 3-character words and English words hit a known share) with an author and two
 * tags each; `--members` readers (a tag or two for most, a tenth paying for one of three reader plans, a few lapsed);
 * and `--sites` more published sites of 100 articles each, each with its own owner. Rows go in by chunks of 100,000
 * (`INSERT … SELECT … generate_series`), then ANALYZE.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { prepareDatabase } from '../server/seed';
import { PG_URL } from './lib';

export const BENCH_DB = process.env.BENCH_DB || 'bench_scale';
const CHUNK = 100_000;
const CATEGORIES = 20;
const TAGS = 200;
const AUTHORS = 50;
const ARTICLES_PER_SITE = 100;
/** Words of the titles: 2- and 3-character zh-TW words and English ones, picked by the article's number. */
export const ZH_WORDS = [
  '臺北',
  '咖啡',
  '登山',
  '人工智慧',
  '電動車',
  '颱風',
  '選舉',
  '棒球',
  '半導體',
  '夜市',
  '高鐵',
  '美食',
  '阿里山',
  '太魯閣',
  '便利商店',
  '捷運',
  '疫苗',
  '地震',
  '書店',
  '音樂祭',
];
export const EN_WORDS = [
  'coffee',
  'election',
  'typhoon',
  'baseball',
  'chip',
  'market',
  'railway',
  'festival',
  'mountain',
  'vaccine',
  'earthquake',
  'bookstore',
  'startup',
  'climate',
  'harbor',
  'museum',
  'tea',
  'bicycle',
  'island',
  'temple',
];
export const MEMBER_TAGS = [
  'vip',
  '早鳥',
  'press',
  '講座',
  'newsletter',
  '讀者會',
  'partner',
  '學生',
  'teacher',
  '企業',
];

export function benchUrl(): string {
  const url = new URL(PG_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

async function admin(query: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

export const dropBenchDatabase = () => admin(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);

function flag(name: string): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return 0;
  const n = Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number`);
  return n;
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

async function timed(label: string, work: () => Promise<void>) {
  const start = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/** Runs `insert(from, to)` over 1..total by chunks, printing progress. */
async function chunked(label: string, total: number, insert: (from: number, to: number) => Promise<void>) {
  await timed(`${label} (${total.toLocaleString('en')})`, async () => {
    for (let from = 1; from <= total; from += CHUNK) {
      await insert(from, Math.min(total, from + CHUNK - 1));
      if (total > CHUNK)
        process.stdout.write(`\r    ${Math.min(total, from + CHUNK - 1).toLocaleString('en')}`);
    }
    if (total > CHUNK) process.stdout.write('\n');
  });
}

/** Articles from..to of a site: status by number (1 in 50 deleted, 1 in 25 scheduled, 1 in 5 draft, else published). */
async function insertArticles(
  db: Db,
  siteId: number,
  from: number,
  to: number,
  refs: { categories: number[]; ownerId: number; slugPrefix: string },
) {
  const paragraph = '臺灣的山林步道四通八達，從平地的郊山到三千公尺的高山都有，四季各有風景。';
  await db.execute(sql`
    INSERT INTO contents (site_id, uuid, type, lang_id, slug, title, subtitle, body, abstract, reading_time, cover,
      seo, category_id, status, publish_ts, published, created_by, updated_by, created_at, updated_at)
    SELECT ${siteId}, gen_random_uuid(), 1, 1, ${refs.slugPrefix} || i, t.title, '副標題', t.body, t.abstract, 1, '',
      '{"title":"","content":""}'::jsonb,
      CASE WHEN i % 2 = 0 THEN cats[1] ELSE cats[2 + i % (array_length(cats, 1) - 1)] END,
      t.status, CASE WHEN t.status = 2 THEN now() + interval '30 days' WHEN t.status = 1 THEN t.at END,
      CASE WHEN t.status = 1 THEN jsonb_build_object('title', t.title, 'subtitle', '副標題', 'content', t.body,
        'cover', '', 'abstract', t.abstract, 'seo', '{"title":"","content":""}'::jsonb) END,
      ${refs.ownerId}, ${refs.ownerId}, t.at, t.at
    FROM generate_series(${from}::int, ${to}::int) AS i,
      LATERAL (SELECT ${intArray(refs.categories)}::int[] AS cats) AS c,
      LATERAL (SELECT
        ${sql.raw(`(ARRAY[${ZH_WORDS.map((w) => `'${w}'`).join(',')}])`)}[1 + i % ${ZH_WORDS.length}] || '的' ||
          ${sql.raw(`(ARRAY[${ZH_WORDS.map((w) => `'${w}'`).join(',')}])`)}[1 + (i / 7) % ${ZH_WORDS.length}] ||
          ' ' || ${sql.raw(`(ARRAY[${EN_WORDS.map((w) => `'${w}'`).join(',')}])`)}[1 + (i / 3) % ${EN_WORDS.length}] ||
          ' 第 ' || i || ' 篇' AS title,
        jsonb_build_object('blocks', jsonb_build_array(
          jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text || i)),
          jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text)))) AS body,
        left(${paragraph}::text || i, 120) AS abstract,
        CASE WHEN i % 50 = 0 THEN -1 WHEN i % 25 = 0 THEN 2 WHEN i % 5 = 0 THEN 0 ELSE 1 END AS status,
        now() - (i || ' minutes')::interval AS at) AS t`);
}

export async function seedArticles(db: Db, siteId: number, ownerId: number, total: number) {
  await db.execute(sql`
    INSERT INTO authors (site_id, name, title)
    SELECT ${siteId}, '作者 ' || i, '記者' FROM generate_series(1, ${AUTHORS}) AS i`);
  await db.execute(sql`
    INSERT INTO categories (site_id, name, slug, langs, sort)
    SELECT ${siteId}, '分類 ' || i, 'bench-cat-' || i,
      jsonb_build_array(jsonb_build_object('lang_id', 1, 'title', '分類 ' || i, 'cover', '')), i
    FROM generate_series(1, ${CATEGORIES}) AS i`);
  await db.execute(sql`
    INSERT INTO tags (site_id, name, slug, langs)
    SELECT ${siteId}, '標籤 ' || i, 'bench-tag-' || i,
      jsonb_build_array(jsonb_build_object('lang_id', 1, 'title', '標籤 ' || i, 'cover', ''))
    FROM generate_series(1, ${TAGS}) AS i`);
  const ids = async (table: string, where: string) =>
    (
      await rows<{ id: number }>(
        db,
        sql`SELECT id FROM ${sql.identifier(table)} WHERE site_id = ${siteId} AND ${sql.raw(where)} ORDER BY id`,
      )
    ).map((r) => r.id);
  const categories = await ids('categories', `slug LIKE 'bench-cat-%'`);
  const tags = intArray(await ids('tags', `slug LIKE 'bench-tag-%'`));
  const authors = intArray(await ids('authors', `name LIKE '作者 %'`));
  const [{ first }] = await rows<{ first: number }>(
    db,
    sql`SELECT coalesce(max(id), 0) + 1 AS first FROM contents`,
  );
  await chunked('articles', total, (from, to) =>
    insertArticles(db, siteId, from, to, { categories, ownerId, slugPrefix: 'post-' }),
  );
  await timed('their tags and authors', async () => {
    await db.execute(sql`
      INSERT INTO content_tags (content_id, tag_id)
      SELECT c.id, t.tags[1 + (c.id + k) % array_length(t.tags, 1)]
      FROM contents c, LATERAL (SELECT ${tags}::int[] AS tags) AS t, generate_series(0, 1) AS k
      WHERE c.site_id = ${siteId} AND c.id >= ${first}`);
    await db.execute(sql`
      INSERT INTO content_authors (content_id, author_id, sort)
      SELECT c.id, a.authors[1 + c.id % array_length(a.authors, 1)], 0
      FROM contents c, LATERAL (SELECT ${authors}::int[] AS authors) AS a
      WHERE c.site_id = ${siteId} AND c.id >= ${first}`);
  });
}

export async function seedMembers(db: Db, siteId: number, total: number) {
  const plans = await rows<{ id: number }>(
    db,
    sql`INSERT INTO reader_plans (site_id, name, price, freq, status)
        VALUES (${siteId}, '月訂閱', 150, 1, 1), (${siteId}, '季訂閱', 400, 3, 1), (${siteId}, '年訂閱', 1500, 12, 1)
        RETURNING id`,
  );
  const tagList = sql.raw(`(ARRAY[${MEMBER_TAGS.map((w) => `'${w}'`).join(',')}])`);
  const names = sql.raw(
    `(ARRAY['陳','林','黃','張','李','王','吳','劉','蔡','楊','Smith','Tanaka','Lee','Chen','Wang'])`,
  );
  await chunked('members', total, async (from, to) => {
    await db.execute(sql`
      INSERT INTO readers (site_id, email, name, tags, source, created_at, updated_at)
      SELECT ${siteId}, 'member' || i || '@example.com', ${names}[1 + i % 15] || ' ' || i,
        CASE WHEN i % 3 = 0 THEN '{}'::text[] WHEN i % 3 = 1 THEN ARRAY[${tagList}[1 + i % 10]]
          ELSE ARRAY[${tagList}[1 + i % 10], ${tagList}[1 + (i / 10) % 10]] END,
        'signup', now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
      FROM generate_series(${from}::int, ${to}::int) AS i`);
  });
  await timed('subscriptions (a tenth)', async () => {
    await db.execute(sql`
      INSERT INTO reader_subscriptions (site_id, reader_id, plan_id, status, period_start, period_end)
      SELECT ${siteId}, r.id, (${intArray(plans.map((p) => p.id))}::int[])[1 + r.id % 3],
        CASE WHEN r.id % 100 = 0 THEN 'lapsed' ELSE 'active' END,
        now() - interval '10 days', now() + interval '20 days'
      FROM readers r WHERE r.site_id = ${siteId} AND r.id % 10 = 0`);
  });
  // The subscriptions' trigger rewrote a tenth of the readers (their standing, migration 0028): the dead rows and the
  // GIN indexes' pending entries are cleaned up now, as autovacuum would do after such a load.
  await timed('VACUUM readers', async () => {
    await db.execute(sql`VACUUM readers`);
  });
}

/** `count` more published sites of ARTICLES_PER_SITE articles each, each with its own owner. */
export async function seedSites(db: Db, count: number) {
  const [{ first }] = await rows<{ first: number }>(
    db,
    sql`SELECT coalesce(max(id), 0) + 1 AS first FROM sites`,
  );
  await timed(`sites and owners (${count.toLocaleString('en')})`, async () => {
    await db.execute(sql`
      INSERT INTO users (email, password_hash, nickname, is_verified)
      SELECT 'site-owner-' || i || '@example.com', 'x', 'Owner ' || i, true FROM generate_series(1, ${count}) AS i`);
    await db.execute(sql`
      INSERT INTO sites (name, slug, service_id, published)
      SELECT '網站 ' || i, 'bench-site-' || i, 3, true FROM generate_series(1, ${count}) AS i`);
    await db.execute(sql`
      INSERT INTO site_staff (site_id, user_id, role_id)
      SELECT s.id, u.id, 1 FROM sites s JOIN users u ON u.email = 'site-owner-' || substr(s.slug, 12) || '@example.com'
      WHERE s.slug LIKE 'bench-site-%'`);
    await db.execute(sql`
      INSERT INTO categories (site_id, name, slug, langs, sort)
      SELECT s.id, '分類', 'news', '[{"lang_id":1,"title":"分類","cover":""}]'::jsonb, 1
      FROM sites s WHERE s.id >= ${first}`);
  });
  await chunked('their articles', count * ARTICLES_PER_SITE, async (from, to) => {
    const firstSite = first + Math.floor((from - 1) / ARTICLES_PER_SITE);
    const lastSite = first + Math.floor((to - 1) / ARTICLES_PER_SITE);
    await db.execute(sql`
      INSERT INTO contents (site_id, uuid, type, lang_id, slug, title, subtitle, body, abstract, reading_time, cover,
        seo, category_id, status, publish_ts, published, created_at, updated_at)
      SELECT s.id, gen_random_uuid(), 1, 1, 'post-' || i, '文章 ' || i, '', b.body, '', 1, '',
        '{"title":"","content":""}'::jsonb, c.id, 1, now() - (i || ' hours')::interval,
        jsonb_build_object('title', '文章 ' || i, 'subtitle', '', 'content', b.body, 'cover', '', 'abstract', '',
          'seo', '{"title":"","content":""}'::jsonb),
        now() - (i || ' hours')::interval, now() - (i || ' hours')::interval
      FROM sites s JOIN categories c ON c.site_id = s.id,
        generate_series(1, ${ARTICLES_PER_SITE}) AS i,
        LATERAL (SELECT '{"blocks":[{"type":"paragraph","data":{"text":"一段文字。"}}]}'::jsonb AS body) AS b
      WHERE s.id BETWEEN ${firstSite} AND ${lastSite}`);
  });
}

async function main() {
  if (process.argv.includes('--drop')) {
    await dropBenchDatabase();
    console.log(`Dropped ${BENCH_DB}.`);
    return;
  }
  const articles = flag('articles');
  const members = flag('members');
  const siteCount = flag('sites');
  await dropBenchDatabase();
  await admin(`CREATE DATABASE ${BENCH_DB}`);
  const database = await openDatabase({ url: benchUrl() });
  const { db } = database;
  const start = performance.now();
  try {
    await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: 'bench-pass-1' });
    const [demo] = await rows<{ id: number; owner: number }>(
      db,
      sql`SELECT s.id, st.user_id AS owner FROM sites s JOIN site_staff st ON st.site_id = s.id AND st.role_id = 1
          WHERE s.slug = 'demo'`,
    );
    await db.execute(sql`UPDATE sites SET published = true WHERE id = ${demo.id}`);
    console.log(`Seeding ${BENCH_DB} (load average ${(await import('node:os')).loadavg()[0].toFixed(1)}):`);
    if (articles) await seedArticles(db, demo.id, demo.owner, articles);
    if (members) await seedMembers(db, demo.id, members);
    if (siteCount) await seedSites(db, siteCount);
    await timed('ANALYZE', async () => {
      await db.execute(sql`ANALYZE`);
    });
  } finally {
    await database.close();
  }
  console.log(
    `Done in ${((performance.now() - start) / 60_000).toFixed(1)} min.\nDATABASE_URL=${benchUrl()}\n` +
      'Sign in as owner@example.com / bench-pass-1. Drop it with: npm run bench:seed -- --drop',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
