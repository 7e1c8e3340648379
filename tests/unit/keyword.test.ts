/** Keyword search's bigram and condition (server/http/keyword.ts). */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ListQuery } from '../../contract/list';
import { gramsMatch, keywordGram, keywordGrams, keywordMatch, rarestGrams } from '../../server/http/keyword';
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

describe('keywordGrams and rarestGrams', () => {
  it('lists the distinct bigrams by code point after the trim', () => {
    expect(keywordGrams(' abab ')).toEqual(['ab', 'ba']);
    expect(keywordGrams('𠮷野家')).toEqual(['𠮷野', '野家']);
    expect(keywordGrams('咖')).toEqual([]);
  });

  it('without statistics takes the last bigrams without white space', () => {
    expect(rarestGrams('member12345')).toEqual(['23', '34', '45']);
    expect(rarestGrams('陳 1')).toEqual(['陳 ', ' 1']);
    expect(rarestGrams('ab')).toEqual(['ab']);
  });

  it('with statistics takes the rarest, and the others only while they narrow', () => {
    const freq: Record<string, number> = {
      me: 1,
      em: 1,
      mb: 1,
      be: 1,
      er: 1,
      r1: 0.55,
      '12': 0.05,
      '23': 0.06,
    };
    const f = (g: string) => freq[g.toLowerCase()];
    // '34' and '45' are unknown (rarer than any listed): first, the later one before the earlier.
    expect(rarestGrams('MEMBER12345', f)).toEqual(['45', '34', '12']);
    expect(rarestGrams('member', f)).toEqual(['er']);
    expect(rarestGrams('mem', (g) => ({ me: 0.9, em: 0.5 })[g])).toEqual(['em']);
  });
});

describe('gramsMatch', () => {
  const sqlOf = (keyword: string, grams: string[]) =>
    new PgDialect().sqlToQuery(gramsMatch(contents.title, keyword, grams));

  it('is the ILIKE and the lookup of every bigram given', () => {
    const q = sqlOf(' a%b ', ['a%', '%b']);
    expect(q.sql).toBe(
      '("contents"."title" ilike $1 and search_grams("contents"."title") @> ARRAY[lower($2), lower($3)])',
    );
    expect(q.params).toEqual(['%a\\%b%', 'a%', '%b']);
  });

  it('is a plain ILIKE without bigrams', () => {
    expect(sqlOf('咖', []).sql).toBe('"contents"."title" ilike $1');
  });
});
