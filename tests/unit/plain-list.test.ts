/**
 * The cheap reads of a list without filters (issue 31): the shape key that stands for an order's text, the counted
 * rows rendered once, and a prepared page read made once per shape.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { columnKey, orderOf } from '../../server/http/keyset';
import { plainCounted, plainPageRead, shapeOf } from '../../server/http/plainList';
import { preparedPerDb } from '../../server/http/prepared';
import { categories, tags } from '../../server/modules/content/schema';

const dialect = new PgDialect();
// A drizzle handle that is never connected: the statements are only built here.
const db = drizzle.mock() as unknown as Db;

describe('shapeOf', () => {
  it('is the same for the same order and differs with a direction, a column or a table', () => {
    const down = orderOf([columnKey(categories.id, 'desc')]);
    expect(shapeOf(down)).toBe(shapeOf(orderOf([columnKey(categories.id, 'desc')])));
    expect(shapeOf(down)).not.toBe(shapeOf(orderOf([columnKey(categories.id, 'asc')])));
    expect(shapeOf(down)).not.toBe(shapeOf(orderOf([columnKey(categories.name, 'desc')])));
    expect(shapeOf(down)).not.toBe(shapeOf(orderOf([columnKey(tags.id, 'desc')])));
  });

  it('has no key for a fragment holding a value', () => {
    expect(shapeOf([sql`${categories.id} > ${5}`])).toBeUndefined();
  });
});

describe('plainCounted', () => {
  it('renders the rows of the site, the site as a parameter', () => {
    const list = { table: categories, siteColumn: categories.siteId };
    const q = dialect.sqlToQuery(sql`select count(*) from (${plainCounted(db, list, 7)} limit ${11}) as c`);
    expect(q.sql).toBe(
      'select count(*) from ((select 1 from "categories" where "categories"."site_id" = $1) limit $2) as c',
    );
    expect(q.params).toEqual([7, 11]);
  });
});

describe('plainPageRead', () => {
  it('is made once per order and answers the same statement again', () => {
    const list = { table: categories, siteColumn: categories.siteId };
    const keys = [columnKey(categories.id, 'desc')];
    const first = plainPageRead(db, list, keys, orderOf(keys));
    expect(first).toBeDefined();
    expect(plainPageRead(db, list, keys, orderOf(keys))).toBe(first);
    expect(plainPageRead(db, list, keys, orderOf(keys, true))).not.toBe(first);
  });

  it('is another statement for another choice of columns', () => {
    const keys = [columnKey(categories.id, 'desc')];
    const whole = plainPageRead(
      db,
      { table: categories, siteColumn: categories.siteId },
      keys,
      orderOf(keys),
    );
    const record = { id: categories.id, name: categories.name };
    const some = plainPageRead(
      db,
      { table: categories, siteColumn: categories.siteId, record },
      keys,
      orderOf(keys),
    );
    expect(some).not.toBe(whole);
    expect(
      plainPageRead(db, { table: categories, siteColumn: categories.siteId, record }, keys, orderOf(keys)),
    ).toBe(some);
  });
});

describe('preparedPerDb', () => {
  it('builds once per database handle', () => {
    let built = 0;
    const of = preparedPerDb(() => ({ n: ++built }));
    const other = drizzle.mock() as unknown as Db;
    expect(of(db)).toBe(of(db));
    expect(of(other)).not.toBe(of(db));
    expect(built).toBe(2);
  });
});
