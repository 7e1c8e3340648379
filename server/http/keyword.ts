/**
 * Keyword search that an index serves from two characters up, Chinese included (issue 31). pg_trgm needs three
 * characters of a word, so a two-character word (咖啡, 臺北) scanned the whole table; pg_bigm is not on PGlite. So the
 * database has `search_grams(text) → text[]` (migration `search_grams`): the lower-cased character bigrams of a text,
 * and GIN expression indexes on it for the columns searched at scale (contents.title, readers.name, readers.email).
 *
 * A match is `search_grams(column) @> ARRAY[the keyword's bigrams] AND column ILIKE '%keyword%'`: every title that
 * holds the keyword holds its bigrams, so the index finds a superset and the ILIKE — exactly today's condition —
 * keeps today's hits. A keyword of one character has no bigram: plain ILIKE, as before.
 *
 * The bigrams go to the database as typed and are lower-cased there by the same `lower()` that ILIKE and
 * search_grams apply, character by character (libc or C collations, as on this product's databases; an ICU
 * database's context-dependent lowering, e.g. a Greek final sigma, could miss a hit).
 */
import { type AnyColumn, ilike, type SQL, sql } from 'drizzle-orm';
import { SEARCH_GRAMS_MAX } from '../../contract/constants';
import { likePattern } from './list';

/**
 * The keyword's distinct character bigrams (by code point, after the trim likePattern does), in order; at most
 * SEARCH_GRAMS_MAX, picked evenly along the keyword (the first and the last among them) when it has more.
 */
export function keywordGrams(keyword: string): string[] {
  const chars = Array.from(keyword.trim());
  const grams: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const gram = chars[i] + chars[i + 1];
    // Dropping a repeat is always safe: any subset of the bigrams still finds every match.
    const key = gram.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    grams.push(gram);
  }
  if (grams.length <= SEARCH_GRAMS_MAX) return grams;
  const step = (grams.length - 1) / (SEARCH_GRAMS_MAX - 1);
  return Array.from({ length: SEARCH_GRAMS_MAX }, (_, i) => grams[Math.round(i * step)]);
}

/**
 * The condition "the column contains the keyword" (case-insensitive, `%`, `_` and `\` literal), served by the
 * column's `search_grams` GIN index from two characters up. Use it only on a column that has such an index
 * (without one, plain `ilike(column, likePattern(keyword))` is cheaper).
 */
export function keywordMatch(column: AnyColumn, keyword: string): SQL {
  const like = ilike(column, likePattern(keyword));
  const grams = keywordGrams(keyword);
  if (!grams.length) return like;
  const wanted = sql.join(
    grams.map((g) => sql`lower(${g})`),
    sql`, `,
  );
  return sql`(search_grams(${column}) @> ARRAY[${wanted}]::text[] and ${like})`;
}
