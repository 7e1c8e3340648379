/** Keyword search's bigram and condition (server/http/keyword.ts). */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ListQuery } from '../../contract/list';
import { keywordGram, keywordMatch } from '../../server/http/keyword';
import { contents } from '../../server/modules/content/schema';

const render = (keyword: string) => new PgDialect().sqlToQuery(keywordMatch(contents.title, keyword));

describe('keywordGram', () => {
  it('takes the last bigram of a CJK word', () => {
    expect(keywordGram('咖啡')).toBe('咖啡');
    expect(keywordGram('電動車')).toBe('動車');
    expect(keywordGram('人工智慧')).toBe('智慧');
  });

  it('takes the last bigram without white space of Latin and mixed keywords, as typed', () => {
    expect(keywordGram('Tea')).toBe('ea');
    expect(keywordGram('咖啡 AI')).toBe('AI');
    expect(keywordGram('Tanaka 1')).toBe('ka');
    expect(keywordGram('第 1')).toBe(' 1');
    expect(keywordGram('member12345@')).toBe('5@');
  });

  it('trims as likePattern does and has none for a single character', () => {
    expect(keywordGram('  咖啡\u3000')).toBe('咖啡');
    expect(keywordGram('咖')).toBeUndefined();
    expect(keywordGram(' a ')).toBeUndefined();
    expect(keywordGram('')).toBeUndefined();
  });

  it('counts by code point: an astral character is one character', () => {
    expect(keywordGram('𠮷野')).toBe('𠮷野');
    expect(keywordGram('野𠮷')).toBe('野𠮷');
    expect(keywordGram('𠮷')).toBeUndefined();
  });

  it('keeps wildcards as characters of the bigram (they are literal)', () => {
    expect(keywordGram('50%')).toBe('0%');
    expect(keywordGram('a_')).toBe('a_');
    expect(keywordGram('c:\\')).toBe(':\\');
  });

  it('reads a keyword of the contract’s longest in one pass (200 characters; longer is refused)', () => {
    const longest = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
    expect(
      ListQuery.safeParse({ filters: [{ col: 'keyword', value: `${longest}x`, type: 'search' }] }).success,
    ).toBe(false);
    expect(keywordGram(longest)).toBe(longest.slice(-2));
    expect(keywordGram(`${longest.slice(0, 198)} `)).toBe(longest.slice(196, 198));
  });
});

describe('keywordMatch', () => {
  it('is the index lookup of the bigram and the ILIKE of the escaped pattern from two characters up', () => {
    const q = render(' 50%_\\ ');
    expect(q.sql).toBe(
      '(search_grams("contents"."title") @> ARRAY[lower($1)] and "contents"."title" ilike $2)',
    );
    expect(q.params).toEqual(['_\\', '%50\\%\\_\\\\%']);
  });

  it('is a plain ILIKE for one character (no bigram)', () => {
    const q = render(' 咖 ');
    expect(q.sql).toBe('"contents"."title" ilike $1');
    expect(q.params).toEqual(['%咖%']);
  });
});
