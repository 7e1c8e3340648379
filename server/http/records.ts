/**
 * A list's `{record, key}` rows read with a lean row mapper (issue 31). drizzle's generic one asks every value's field
 * what it is (a column, an SQL, a subquery…) and walks its path on every row; here each column's decoder is found once
 * per read, and a row is a loop over them. The query itself is drizzle's, built and prepared as usual.
 */
import { type AnyColumn, getTableColumns, is, type SQL, Table } from 'drizzle-orm';
import type { PgDialect, PgSession, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A row of a list: the columns its toRow reads, by name, and its sort-key values (keyset.ts's keySelect). */
export interface ListedRecord {
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

/**
 * Reads `query` — a select of `selection(record, key)` — as records; prepared under `name` when given (the same
 * text each time), else sent as it is. Each value is decoded as drizzle would (its column's mapFromDriverValue).
 */
export function readRecords(
  db: Db,
  query: { getSQL(): SQL },
  record: RecordColumns,
  name?: string,
): RecordRead {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const columns = Object.entries(is(record, Table) ? getTableColumns(record) : record) as [
    string,
    AnyColumn,
  ][];
  const names = columns.map(([n]) => n);
  const decoders = columns.map(([, c]) => c);
  const count = columns.length;
  const mapper = (rows: unknown[][]): ListedRecord[] =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const value = row[i];
        out[names[i]] = value === null ? null : decoders[i].mapFromDriverValue(value);
      }
      return { record: out, key: row[count] as unknown[] };
    });
  return session.prepareQuery(
    dialect.sqlToQuery(query.getSQL()),
    undefined,
    name,
    true,
    mapper as never,
  ) as unknown as RecordRead;
}
