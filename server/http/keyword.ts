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
