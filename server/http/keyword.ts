/**
 * Keyword search that an index serves from two characters up, Chinese included (issue 31). pg_trgm needs three
 * characters of a word, so a two-character word (咖啡, 臺北) scanned the whole table; pg_bigm is not on PGlite. So the
 * database has `search_grams(text) → text[]` (migration `search_grams`): the lower-cased character bigrams of a text,
 * with GIN expression indexes on it for the columns searched at scale (contents.title, readers.name, readers.email).
 *
 * A match is `search_grams(column) @> ARRAY[lower(<one bigram of the keyword>)] AND column ILIKE '%keyword%'`: every
 * text holding the keyword holds its bigrams, so the index finds a superset and the ILIKE — exactly the condition
 * before — keeps the same hits. A keyword of one character has no bigram: plain ILIKE, as before.
 *
 * One bigram, not all of them: PostgreSQL estimates `@>` over several elements as if they were independent (a
 * word's bigrams are anything but), so 阿里山's two bigrams, each in 10 % of the titles, were estimated at 1 % together
 * and the planner sorted a GIN bitmap of 100,000 rows instead of walking the list's order index. With one bigram the
 * estimate is that bigram's frequency (the expression index's statistics) times the ILIKE's, and it bounds the hits:
 * common words walk the order index and stop at the page, rare ones take a bitmap. From three characters up the
 * columns' pg_trgm indexes serve the ILIKE itself, which the planner uses (or ANDs with this one) for a rare word.
 *
 * The bigram goes to the database as typed and is lower-cased there by the same `lower()` that ILIKE and
 * search_grams apply, character by character (libc and C collations, as this product's databases; an ICU
 * database's context-dependent lowering, e.g. a Greek final sigma, could miss a hit).
 */
import { type AnyColumn, ilike, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { likePattern } from './list';

/**
 * The bigram of the keyword (by code point, after the trim likePattern does) that the index looks up: the last one
 * without white space (the end of a word or an e-mail fragment tells more than its common start), else the last;
 * undefined for a keyword of fewer than two characters.
 */
export function keywordGram(keyword: string): string | undefined {
  const chars = Array.from(keyword.trim());
  let last: string | undefined;
  for (let i = chars.length - 2; i >= 0; i--) {
    const gram = chars[i] + chars[i + 1];
    last ??= gram;
    if (!/\s/u.test(gram)) return gram;
  }
  return last;
}

/**
 * The condition "the column contains the keyword" (case-insensitive, `%`, `_` and `\` literal), served by the
 * column's `search_grams` GIN index from two characters up. Use it only on a column that has such an index
 * (without one, plain `ilike(column, likePattern(keyword))` is cheaper).
 */
export function keywordMatch(column: AnyColumn, keyword: string): SQL {
  const like = ilike(column, likePattern(keyword));
  const gram = keywordGram(keyword);
  return gram === undefined ? like : sql`(search_grams(${column}) @> ARRAY[lower(${gram})] and ${like})`;
}

/*
 * Several bigrams, the rarest (issue 31, the members at 2,000,000). One bigram bounds the hits only when it is rare:
 * every address starts "member", and the digits of a number are each in a twentieth of the addresses, while the
 * fragment as a whole is in a hundred. The index ANDs the bigrams it is given, reading each one's posting list, so
 * the cheapest set is the few rarest, which the expression index's statistics name (pg_stats' most common elements
 * of `search_grams(column)`; a bigram not among them is rarer than all of them). The planner cannot estimate a set
 * of bigrams (it takes them as independent), so this form is for the caller who already knows the hits are few
 * (members/service.ts asks the planner about the plain ILIKE first); many hits are read by walking the list's order.
 */

/** The keyword's distinct bigrams (by code point, after the trim), in order; none under two characters. */
export function keywordGrams(keyword: string): string[] {
  const chars = Array.from(keyword.trim());
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return [...grams];
}

/** Bigrams looked up together at most: each one more costs a posting list read. */
const GRAMS_MAX = 3;
/** A bigram in more than this share of the rows narrows little: left out unless it is the rarest. */
const GRAM_COMMON = 0.2;

/**
 * Up to GRAMS_MAX bigrams of the keyword, the rarest by `frequency` (the share of rows holding it; undefined where
 * unknown): the rarest always, the others while they narrow. Without statistics, the last ones without white space
 * (the end of a word or an address tells more than its common start).
 */
export function rarestGrams(keyword: string, frequency?: (gram: string) => number | undefined): string[] {
  const grams = keywordGrams(keyword);
  if (!frequency) {
    const plain = grams.filter((g) => !/\s/u.test(g));
    return (plain.length ? plain : grams).slice(-GRAMS_MAX);
  }
  const ranked = grams
    .map((gram, at) => ({ gram, at, f: frequency(gram) ?? 0 }))
    .sort((a, b) => a.f - b.f || b.at - a.at);
  return ranked
    .filter((g, i) => i === 0 || g.f <= GRAM_COMMON)
    .slice(0, GRAMS_MAX)
    .map((g) => g.gram);
}

/**
 * "The column contains the keyword" through the given bigrams (keywordGrams' or rarestGrams'): the ILIKE first, so
 * that a row the index found for the other column of an OR is not handed to search_grams again; plain ILIKE without
 * bigrams.
 */
export function gramsMatch(column: AnyColumn, keyword: string, grams: string[]): SQL {
  const like = ilike(column, likePattern(keyword));
  if (!grams.length) return like;
  const list = sql.join(
    grams.map((g) => sql`lower(${g})`),
    sql`, `,
  );
  return sql`(${like} and search_grams(${column}) @> ARRAY[${list}])`;
}

/** A GIN expression index's element statistics: lower-cased bigram → share of rows; `floor` the least listed. */
interface GramStats {
  freq: Map<string, number>;
  floor: number;
}
const STATS_TTL_MS = 10 * 60_000;
const statsCache = new Map<string, Promise<GramStats | null>>();
const statsAt = new Map<string, number>();

/**
 * The share of rows whose `search_grams` holds a bigram, from the statistics of the index `index` (read once per
 * process every ten minutes); undefined where the index has none (never analysed: the caller then picks by
 * position). A bigram not among the most common elements gets half the least common one's share.
 */
export async function gramFrequency(
  db: Db,
  index: string,
): Promise<((gram: string) => number | undefined) | undefined> {
  const now = Date.now();
  let stats = statsCache.get(index);
  if (!stats || now - (statsAt.get(index) ?? 0) > STATS_TTL_MS) {
    statsAt.set(index, now);
    stats = readGramStats(db, index).catch(() => null);
    statsCache.set(index, stats);
  }
  const s = await stats;
  if (!s?.freq.size) return undefined;
  return (gram) => s.freq.get(gram.toLowerCase()) ?? s.floor / 2;
}

async function readGramStats(db: Db, index: string): Promise<GramStats> {
  const result = await db.execute(sql`
    SELECT e.elem, e.freq::float8 AS freq
    FROM pg_stats s,
      unnest(s.most_common_elems::text::text[],
             s.most_common_elem_freqs[1:cardinality(s.most_common_elems::text::text[])]) AS e(elem, freq)
    WHERE s.schemaname = current_schema() AND s.tablename = ${index}`);
  const rows = rowsOf<{ elem: string; freq: number | string }>(result);
  const freq = new Map(rows.map((r) => [r.elem, Number(r.freq)]));
  return { freq, floor: Math.min(...freq.values()) };
}
