/** Keyword search's bigrams and condition (server/http/keyword.ts). */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { SEARCH_GRAMS_MAX } from '../../contract/constants';
import { ListQuery } from '../../contract/list';
import { keywordGrams, keywordMatch } from '../../server/http/keyword';
import { contents } from '../../server/modules/content/schema';

const render = (keyword: string) => new PgDialect().sqlToQuery(keywordMatch(contents.title, keyword));

describe('keywordGrams', () => {
  it('gives the character bigrams of a CJK word, in order', () => {
    expect(keywordGrams('咖啡')).toEqual(['咖啡']);
    expect(keywordGrams('電動車')).toEqual(['電動', '動車']);
    expect(keywordGrams('人工智慧')).toEqual(['人工', '工智', '智慧']);
  });

  it('gives Latin and mixed bigrams, spaces included, as typed (the database lower-cases them)', () => {
    expect(keywordGrams('Tea')).toEqual(['Te', 'ea']);
    expect(keywordGrams('AI 咖啡')).toEqual(['AI', 'I ', ' 咖', '咖啡']);
    expect(keywordGrams('第 12')).toEqual(['第 ', ' 1', '12']);
  });

  it('trims as likePattern does and has nothing for a single character', () => {
    expect(keywordGrams('  咖啡\u3000')).toEqual(['咖啡']);
    expect(keywordGrams('咖')).toEqual([]);
    expect(keywordGrams(' a ')).toEqual([]);
    expect(keywordGrams('')).toEqual([]);
  });

  it('counts by code point: an astral character is one character', () => {
    expect(keywordGrams('𠮷野')).toEqual(['𠮷野']);
    expect(keywordGrams('𠮷')).toEqual([]);
  });

  it('drops repeats, also those differing only in case', () => {
    expect(keywordGrams('aaaa')).toEqual(['aa']);
    expect(keywordGrams('abAB')).toEqual(['ab', 'bA']);
    expect(keywordGrams('哈哈哈')).toEqual(['哈哈']);
  });

  it('keeps wildcards as characters of the bigrams (they are literal)', () => {
    expect(keywordGrams('50%')).toEqual(['50', '0%']);
    expect(keywordGrams('a_b')).toEqual(['a_', '_b']);
    expect(keywordGrams('c:\\d')).toEqual(['c:', ':\\', '\\d']);
  });

  it('bounds a long keyword to SEARCH_GRAMS_MAX bigrams spread from its first to its last', () => {
    const longest = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
    // The contract bounds a filter's keyword to 200 characters.
    expect(
      ListQuery.safeParse({ filters: [{ col: 'keyword', value: `${longest}x`, type: 'search' }] }).success,
    ).toBe(false);
    const grams = keywordGrams(longest);
    expect(grams).toHaveLength(SEARCH_GRAMS_MAX);
    expect(grams[0]).toBe(longest.slice(0, 2));
    expect(grams.at(-1)).toBe(longest.slice(-2));
    expect(new Set(grams).size).toBe(SEARCH_GRAMS_MAX);
    for (const g of grams) expect(longest).toContain(g);
  });
});

describe('keywordMatch', () => {
  it('is the index lookup of the bigrams and the ILIKE of the escaped pattern from two characters up', () => {
    const q = render(' 50%_\\ ');
    expect(q.sql).toBe(
      '(search_grams("contents"."title") @> ARRAY[lower($1), lower($2), lower($3), lower($4)]::text[] and "contents"."title" ilike $5)',
    );
    expect(q.params).toEqual(['50', '0%', '%_', '_\\', '%50\\%\\_\\\\%']);
  });

  it('is a plain ILIKE for one character (no bigram)', () => {
    const q = render(' 咖 ');
    expect(q.sql).toBe('"contents"."title" ilike $1');
    expect(q.params).toEqual(['%咖%']);
  });
});
