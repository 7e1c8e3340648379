/**
 * A list's `{record, key}` rows read with a lean row mapper (issue 31). drizzle's generic one asks every value's field
 * what it is (a column, an SQL, a subquery…) and walks its path on every row; here the mapper is made once per set
 * of columns, as code that builds each record in one object literal (one shape, no property added key by key), and
 * the query is sent straight to the driver once drizzle has prepared it.
 *
 * A timestamp column arrives as the text of the reply (ISO 8601, isoTime's), not as a Date: a list only ever writes
 * it out, and PostgreSQL's text turns into that text at a fraction of the cost of a Date made and formatted.
 */
import {
  type AnyColumn,
  Column,
  fillPlaceholders,
  getTableColumns,
  is,
  type Logger,
  type SQL,
  Table,
} from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { type PgDialect, type PgSession, type PgTable, PgTimestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { isoTimeOfPg } from './isoTime';

/** A row of a list: the columns its toRow reads, by name, and its sort-key values (keyset.ts's keySelect). */
export interface ListedRecord {
  /** Timestamps as ISO 8601 text (see the head comment); every other column as drizzle decodes it. */
  record: Record<string, unknown>;
  key: unknown[];
}

export interface RecordRead {
  execute(params?: Record<string, unknown>): Promise<ListedRecord[]>;
}

/** The columns a list's toRow reads: those named, or the whole table's. */
export type RecordColumns = Record<string, AnyColumn> | PgTable;

/** The selection whose rows readRecords maps: select it with `db.select(selection(record, key))`. */
export const selection = (record: RecordColumns, key: SQL) => ({ record, key }) as never;

type Decode = (value: unknown) => unknown;

/** How one column's driver value becomes the record's: none for a column that keeps it as it comes. */
function decoderOf(column: AnyColumn): Decode | undefined {
  if (is(column, PgTimestamp)) {
    const withTimezone = column.withTimezone;
    return (value) => (typeof value === 'string' ? isoTimeOfPg(value, withTimezone) : value);
  }
  const decode = column.mapFromDriverValue;
  // A column type that keeps drizzle's default (the value as it comes: text, boolean…) needs no call.
  return decode === Column.prototype.mapFromDriverValue ? undefined : (v) => decode.call(column, v);
}

/**
 * The mapper of a read: `(rows) => records`, generated from the column names (code-defined keys,
 * quoted with JSON.stringify) so that each record is one object literal of a fixed shape.
 */
function mapperOf(
  names: string[],
  decoders: (Decode | undefined)[],
  keyed: boolean,
): (rows: unknown[][]) => unknown[] {
  const count = names.length;
  const fields = names.map((name, i) => {
    // A quoted __proto__ in an object literal would set the prototype, not a property.
    if (name === '__proto__') throw new Error('A list column may not be named __proto__');
    const value = `row[${i}]`;
    return `${JSON.stringify(name)}: ${decoders[i] ? `${value} === null ? null : d[${i}](${value})` : value}`;
  });
  // The source is made of this module's text and column names quoted by JSON.stringify: nothing a caller sends.
  const make = new Function(
    'd',
    keyed
      ? `return (row) => ({ record: { ${fields.join(', ')} }, key: row[${count}] });`
      : `return (row) => ({ ${fields.join(', ')} });`,
  )(decoders) as (row: unknown[]) => unknown;
  return (rows) => rows.map(make);
}

/** Mappers by the record's columns (a module's constant, or a table): made once, as their code is compiled. */
const mappers = { keyed: new WeakMap<RecordColumns, Mapper>(), plain: new WeakMap<RecordColumns, Mapper>() };
type Mapper = (rows: unknown[][]) => unknown[];

function recordMapper(record: RecordColumns, keyed: boolean) {
  const made = keyed ? mappers.keyed : mappers.plain;
  let mapper = made.get(record);
  if (!mapper) {
    const columns = Object.entries(is(record, Table) ? getTableColumns(record) : record) as [
      string,
      AnyColumn,
    ][];
    mapper = mapperOf(
      columns.map(([n]) => n),
      columns.map(([, c]) => decoderOf(c)),
      keyed,
    );
    made.set(record, mapper);
  }
  return mapper;
}

/** What of drizzle's node-postgres prepared query a direct call needs (fields it sets in its constructor). */
interface NodePgPrepared {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: object;
  params: unknown[];
  queryString: string;
  logger: Logger;
}

/**
 * Reads `query` — a select of `selection(record, key)` — as records; prepared under `name` when given (the same
 * text each time), else sent as it is.
 */
export function readRecords(
  db: Db,
  query: { getSQL(): SQL },
  record: RecordColumns,
  name?: string,
): RecordRead {
  return prepareRead(db, query, recordMapper(record, true), name) as RecordRead;
}

/**
 * Reads `query` — a select of `columns` (an object of columns, in that order) — as plain rows of those names, by the
 * same lean path as readRecords (timestamps as ISO text): a small read on a hot path (member/status's sites).
 */
export function readRows<T>(
  db: Db,
  query: { getSQL(): SQL },
  columns: Record<string, AnyColumn>,
  name?: string,
): { execute(params?: Record<string, unknown>): Promise<T[]> } {
  return prepareRead(db, query, recordMapper(columns, false), name) as never;
}

function prepareRead(
  db: Db,
  query: { getSQL(): SQL },
  mapper: Mapper,
  name: string | undefined,
): { execute(params?: Record<string, unknown>): Promise<unknown[]> } {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const read = session.prepareQuery(
    dialect.sqlToQuery(query.getSQL()),
    undefined,
    name,
    true,
    mapper as never,
  );
  // On PostgreSQL, the driver is called directly: drizzle's execute wraps it in three tracing spans and its (empty)
  // query cache, each a promise. PGlite's prepared query goes through drizzle as usual.
  if (!is(read, NodePgPreparedQuery)) return read as never;
  const prepared = read as unknown as NodePgPrepared;
  return {
    async execute(values = {}) {
      const params = fillPlaceholders(prepared.params, values);
      prepared.logger.logQuery(prepared.queryString, params);
      const result = await prepared.client.query(prepared.queryConfig, params);
      return mapper(result.rows);
    },
  };
}
