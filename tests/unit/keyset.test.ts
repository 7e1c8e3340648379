/**
 * The pure parts of keyset paging (issue 31): the seek's conditions as SQL, the cursor's encoding and validation,
 * and the SPA's memory of cursors per query.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { LIST_EXACT_TOTAL, LIST_EXACT_TOTAL_SEARCHED } from '../../contract/constants';
import type { ListQuery } from '../../contract/list';
import { FieldError } from '../../server/http/errors';
import {
  afterConditions,
  decodeCursor,
  encodeCursor,
  exactTotalMax,
  orderOf,
  queryHash,
  sortKey,
} from '../../server/http/keyset';
import { contents } from '../../server/modules/content/schema';
import { cursorKey, keepCursor, withCursor } from '../../src/dataProvider/cursors';

const dialect = new PgDialect();
const text = (s: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(s).sql;

const byDefault = [
  sortKey(contents.toTop, 'desc', 'bool'),
  sortKey(contents.pinOrder, 'asc', 'int'),
  sortKey(contents.updatedAt, 'desc', 'ts'),
  sortKey(contents.id, 'desc', 'int'),
];
const query: ListQuery = { page: 1, size: 10, filters: [] };

describe('seek conditions', () => {
  it('are the deepest prefix first, the same-direction tail as one row comparison', () => {
    const c = afterConditions(byDefault, [false, 0, 1_700_000_000_000_000, 42]).map(text);
    expect(c).toHaveLength(3);
    expect(c[0]).toContain('("contents"."updated_at", "contents"."id") < (');
    expect(c[0]).toContain('"contents"."to_top" = $1::boolean and "contents"."pin_order" = $2::int');
    expect(c[1]).toBe('("contents"."to_top" = $1::boolean and "contents"."pin_order" > $2::int)');
    expect(c[2]).toBe('"contents"."to_top" < $1::boolean');
  });

  it('turn round for the reverse order, and put the cursor row first when inclusive', () => {
    const c = afterConditions(byDefault, [false, 0, 5, 42], true, true).map(text);
    expect(c).toHaveLength(4);
    expect(c[0]).toMatch(/"id" = \$4::int\)$/);
    expect(c[1]).toContain(') > (');
    expect(c[2]).toContain('"contents"."pin_order" < ');
    expect(c[3]).toContain('"contents"."to_top" > ');
  });

  it('place nulls where the order puts them', () => {
    const keys = [
      sortKey(contents.publishTs, 'desc', 'ts', { nullable: true, nulls: 'last' }),
      sortKey(contents.id, 'desc', 'int'),
    ];
    // After a dated row: older dates, then the undated rows.
    const dated = afterConditions(keys, [5, 9]).map(text);
    expect(dated).toEqual([
      expect.stringContaining('"contents"."id" < $2::int'),
      expect.stringContaining('"contents"."publish_ts" < '),
      '"contents"."publish_ts" is null',
    ]);
    // After an undated row: only undated rows with a smaller id.
    expect(afterConditions(keys, [null, 9]).map(text)).toEqual([
      '("contents"."publish_ts" is null and "contents"."id" < $1::int)',
    ]);
    // Backward from an undated row: the other undated rows, then every dated one.
    expect(afterConditions(keys, [null, 9], true).map(text)).toEqual([
      '("contents"."publish_ts" is null and "contents"."id" > $1::int)',
      '"contents"."publish_ts" is not null',
    ]);
    expect(text(orderOf(keys, true)[0])).toBe('"contents"."publish_ts" asc nulls first');
  });
});

describe('cursors', () => {
  const hash = queryHash('content:1', query);
  const cursor = encodeCursor(hash, { page: 3, first: [true, 0, 10, 5], last: [false, 0, 9, 4] });

  it('come back as they went, and are ignored for another query', () => {
    expect(decodeCursor(cursor, hash, byDefault)).toEqual({
      page: 3,
      first: [true, 0, 10, 5],
      last: [false, 0, 9, 4],
    });
    expect(decodeCursor(cursor, queryHash('content:2', query), byDefault)).toBeUndefined();
    expect(decodeCursor(cursor, queryHash('content:1', { ...query, size: 25 }), byDefault)).toBeUndefined();
    expect(queryHash('content:1', { ...query, page: 9 })).toBe(hash);
    expect(decodeCursor(undefined, hash, byDefault)).toBeUndefined();
  });

  it('are refused as a field error when malformed or of the wrong types', () => {
    const make = (a: unknown[]) =>
      Buffer.from(JSON.stringify({ h: hash, p: 1, a, b: [false, 0, 9, 4] })).toString('base64url');
    for (const raw of [
      '%%%',
      'e30',
      make([1, 0, 10, 5]),
      make([true, 0.5, 10, 5]),
      make([true, 0, '10', 5]),
      make([true, 0, 1e17, 5]),
      make([true, 0, 10]),
    ]) {
      expect(() => decodeCursor(raw, hash, byDefault), raw).toThrow(FieldError);
    }
  });
});

describe("the SPA's cursors", () => {
  it('are sent back with any page of the same query and forgotten when a reply has none', () => {
    const body = { type: 'x', query: { page: 1, size: 10, filters: [] } };
    const page3 = { type: 'x', query: { page: 3, size: 10, filters: [] } };
    expect(cursorKey('a', body)).toBe(cursorKey('a', page3));
    expect(withCursor('a', page3)).toBe(page3);
    keepCursor('a', body, 'abc');
    expect(withCursor('a', page3)).toEqual({ type: 'x', query: { ...page3.query, cursor: 'abc' } });
    expect(withCursor('b', page3)).toBe(page3);
    expect(withCursor('a', { query: { page: 1, size: 25, filters: [] } }).query).not.toHaveProperty('cursor');
    keepCursor('a', page3, undefined);
    expect(withCursor('a', body)).toBe(body);
  });
});

describe('exact totals', () => {
  it('count a searched list to fewer rows than a filtered or plain one', () => {
    expect(exactTotalMax({ filters: [] })).toBe(LIST_EXACT_TOTAL);
    expect(exactTotalMax({ filters: [{ col: 'status', value: [1], type: 'in' }] })).toBe(LIST_EXACT_TOTAL);
    expect(
      exactTotalMax({
        filters: [
          { col: 'status', value: [1], type: 'in' },
          { col: 'keyword', value: '咖啡', type: 'search' },
        ],
      }),
    ).toBe(LIST_EXACT_TOTAL_SEARCHED);
    expect(LIST_EXACT_TOTAL_SEARCHED).toBeLessThan(LIST_EXACT_TOTAL);
  });
});
