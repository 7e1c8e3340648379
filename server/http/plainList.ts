/**
 * The reads of a list without filters (a list as it opens: its first page, its last page, its total), which are most
 * list calls, made cheap (issue 31): building a query with drizzle costs more than PostgreSQL takes to run it.
 * - A page read at offset 0 is a prepared statement, made once per table, site column and order.
 * - The counted rows (`select 1 … where site = $1`, for keyset.ts's count and estimate) are a text rendered once
 *   per table and site column, with the site as its parameter.
 */
import { type AnyColumn, Column, eq, SQL, type SQLWrapper, StringChunk, sql } from 'drizzle-orm';
import type { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { keySelect, type SortKey } from './keyset';
import { preparedPerDb } from './prepared';
import { type RecordRead, readRecords, selection } from './records';

/** The most page shapes kept prepared per database; past it (never expected) a page is built each time. */
const SHAPES_MAX = 1_000;

export interface PlainList {
  table: PgTable;
  siteColumn: AnyColumn;
  /** The columns read, by name; the whole row by default. */
  record?: Record<string, AnyColumn>;
}

/** Its parameters: `{site, limit}`. */
type PageRead = RecordRead;

const made = preparedPerDb(() => ({
  pages: new Map<string, PageRead>(),
  /** The same reads found by identity: order array (keyset.ts's orderOf) → site column → record (or table). */
  known: new WeakMap<SQL[], WeakMap<object, WeakMap<object, PageRead>>>(),
  counted: new Map<AnyColumn, SQL>(),
}));

/** `map.get(key)`, or a new WeakMap stored under it. */
function inner<K extends object, V extends object>(map: WeakMap<K, WeakMap<object, V>>, key: K) {
  let found = map.get(key);
  if (!found) {
    found = new WeakMap();
    map.set(key, found);
  }
  return found;
}

/**
 * The statement name of each page shape, the same for every database handle of this process: a transaction's handle
 * works on a connection of the pool, where a name must always stand for the same text.
 */
const names = new Map<string, string>();

/** A number per column object, for shape keys (a column's name alone may repeat across tables). */
const columnIds = new WeakMap<object, number>();
let nextColumnId = 0;

/**
 * A key naming an SQL fragment's text exactly, from its strings and columns, without rendering it; undefined when it
 * holds anything else (a parameter's value, a subquery), which a key of this kind cannot stand for.
 */
export function shapeOf(fragments: readonly SQL[]): string | undefined {
  const out: string[] = [];
  const walk = (chunk: unknown): boolean => {
    if (chunk instanceof SQL) return chunk.queryChunks.every(walk);
    if (chunk instanceof StringChunk) {
      out.push(chunk.value.join(''));
      return true;
    }
    if (chunk instanceof Column) {
      let id = columnIds.get(chunk);
      if (id === undefined) {
        id = nextColumnId++;
        columnIds.set(chunk, id);
      }
      out.push(`\u0000${id}\u0000`);
      return true;
    }
    return false;
  };
  for (const f of fragments) {
    if (!walk(f)) return undefined;
    out.push('\u0001');
  }
  return out.join('');
}

/** The shape of the columns a list reads (its names and columns), made once per record object. */
const recordShapes = new WeakMap<object, string>();
function recordShape(list: PlainList): string {
  if (!list.record) return '*';
  let shape = recordShapes.get(list.record);
  if (shape === undefined) {
    const names = Object.keys(list.record);
    shape = `${names.join(',')}:${shapeOf(names.map((n) => sql`${(list.record as Record<string, AnyColumn>)[n]}`))}`;
    recordShapes.set(list.record, shape);
  }
  return shape;
}

/** The prepared read of a plain list's first `limit` rows in `order`, or undefined when it cannot be prepared. */
export function plainPageRead(db: Db, list: PlainList, keys: SortKey[], order: SQL[]): PageRead | undefined {
  const { pages, known } = made(db);
  // The usual call: the same order array as before (stable keys, listRows), so no fragment is walked again.
  const byRecord = inner(inner(known, order), list.siteColumn);
  const found = byRecord.get(list.record ?? list.table);
  if (found) return found;
  const shape = shapeOf([...order, keySelect(keys)]);
  if (shape === undefined) return undefined;
  const key = `${shapeOf([sql`${list.siteColumn}`])} ${recordShape(list)} ${shape}`;
  let read = pages.get(key);
  if (!read) {
    if (pages.size >= SHAPES_MAX) return undefined;
    let name = names.get(key);
    if (!name) {
      name = `list_${names.size + 1}`;
      names.set(key, name);
    }
    const record = list.record ?? list.table;
    const query = db
      .select(selection(record, keySelect(keys)))
      .from(list.table)
      .where(eq(list.siteColumn, sql.placeholder('site')))
      .orderBy(...order)
      .limit(sql.placeholder('limit'));
    read = readRecords(db, query, record, name);
    pages.set(key, read);
  }
  byRecord.set(list.record ?? list.table, read);
  return read;
}

/** `(select 1 from <table> where <site column> = $site)`: a plain list's rows for its count and estimate. */
export function plainCounted(db: Db, list: PlainList, siteId: number): SQLWrapper {
  const { counted } = made(db);
  let head = counted.get(list.siteColumn);
  if (!head) {
    const dialect = (db as unknown as { dialect: PgDialect }).dialect;
    const text = dialect.sqlToQuery(sql`select 1 from ${list.table} where ${list.siteColumn} = `).sql;
    head = sql.raw(text);
    counted.set(list.siteColumn, head);
  }
  return sql`(${head}${siteId})`;
}
