/**
 * One way to answer a list query (contract/list.ts) over a site-owned table: filters `{col, value, type}` on the
 * columns a resource allows, a sort, and a page — always inside the caller's site.
 */
import { createHash } from 'node:crypto';
import {
  type AnyColumn,
  and,
  arrayOverlaps,
  eq,
  getTableName,
  ilike,
  inArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { toInt4 } from '../../contract/fields';
import type { ListColumns, ListQuery, ListResult } from '../../contract/list';
import type { Db } from '../db/client';
import { FieldError } from './errors';
import { columnKey, keySelect, keysetPage, type SortKey, sortKey } from './keyset';
import { preparedPerDb } from './prepared';

/** Escapes LIKE wildcards so a keyword matches literally. */
export const likePattern = (keyword: string) => `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListSpec<Row> {
  table: PgTable;
  siteColumn: AnyColumn;
  siteId: number;
  /** A further condition every row must meet (e.g. one kind of file). */
  where?: SQL;
  /** Columns by contract name; the contract's ListColumns says which may be filtered and sorted. */
  columns: Record<string, AnyColumn>;
  allowed: ListColumns;
  defaultSort: { col: string; order: 'asc' | 'desc' };
  query: ListQuery;
  toRow: (record: Record<string, unknown>) => Row;
}

export async function listRows<Row>(db: Db, spec: ListSpec<Row>): Promise<ListResult<Row>> {
  const { query, columns, allowed } = spec;
  const conditions: SQL[] = [eq(spec.siteColumn, spec.siteId), ...(spec.where ? [spec.where] : [])];
  const bad: FieldError['fields'] = {};
  query.filters.forEach((filter, i) => {
    const column = allowed.filter.includes(filter.col) ? columns[filter.col] : undefined;
    if (!column) {
      bad[`query.filters.${i}.col`] = { message: 'validation.format' };
      return;
    }
    if (filter.type === 'search') {
      conditions.push(ilike(sql`${column}::text`, likePattern(String(filter.value))));
    } else {
      const raw = (Array.isArray(filter.value) ? filter.value : [filter.value]) as (string | number)[];
      // An array column (e.g. a product's tag ids) matches when it holds any of the values (`&&`).
      const array = column.dataType === 'array';
      const base = array ? (column as unknown as { baseColumn?: AnyColumn }).baseColumn : column;
      const values: (string | number | undefined)[] = base?.dataType === 'number' ? raw.map(toInt4) : raw;
      if (values.includes(undefined)) {
        bad[`query.filters.${i}.value`] = { message: 'validation.format' };
        return;
      }
      if (!values.length) conditions.push(sql`false`);
      else if (array) conditions.push(arrayOverlaps(column, values as (string | number)[]));
      else conditions.push(inArray(column, values as (string | number)[]));
    }
  });
  const sort = query.sort ?? spec.defaultSort;
  const sortColumn = allowed.sort.includes(sort.col) ? columns[sort.col] : undefined;
  if (!sortColumn) bad['query.sort.col'] = { message: 'validation.format' };
  if (Object.keys(bad).length) throw new FieldError(bad);

  const where = and(...conditions);
  const idColumn = columns.id;
  const keys = [columnKey(sortColumn as AnyColumn, sort.order)];
  if (idColumn && idColumn !== sortColumn) keys.push(columnKey(idColumn, 'desc'));
  // Without an id the order may have ties: such a list is read by offset only.
  if (!idColumn) keys.push(sortKey(sql`0`, 'asc', undefined));
  return keysetPage({
    db,
    list: getTableName(spec.table),
    query,
    keys,
    counted: () => db.select({ one: sql`1` }).from(spec.table).where(where),
    fetch: async (extra, order, limit, offset) => {
      // The usual read (a list opened, its last page) of a list without filters: one prepared statement per shape.
      if (!extra && offset === 0 && !spec.where && !query.filters.length) {
        const read = plainPage(db, spec, keys, order);
        if (read) {
          const records = await read.execute({ site: spec.siteId, limit });
          return records.map((r) => ({ row: spec.toRow(r.record), key: r.key }));
        }
      }
      const ids =
        idColumn && offset > 0
          ? inArray(
              idColumn,
              db
                .select({ id: idColumn } as never)
                .from(spec.table)
                .where(and(where, extra))
                .orderBy(...order)
                .limit(limit)
                .offset(offset),
            )
          : undefined;
      const records = await db
        .select({ record: spec.table, key: keySelect(keys) } as never)
        .from(spec.table)
        .where(ids ?? and(where, extra))
        .orderBy(...order)
        .limit(limit)
        .offset(ids ? 0 : offset);
      return (records as { record: Record<string, unknown>; key: unknown[] }[]).map((r) => ({
        row: spec.toRow(r.record),
        key: r.key,
      }));
    },
  });
}

/** The most shapes of plain page reads kept prepared; past it (never expected) a page is built each time. */
const PLAIN_PAGE_SHAPES = 1_000;

const plainPages = preparedPerDb(() => new Map<string, ReturnType<typeof preparePlainPage>>());

function preparePlainPage(db: Db, spec: ListSpec<unknown>, keys: SortKey[], order: SQL[], name: string) {
  return db
    .select({ record: spec.table, key: keySelect(keys) } as never)
    .from(spec.table)
    .where(eq(spec.siteColumn, sql.placeholder('site')))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .prepare(name) as unknown as {
    execute(params: {
      site: number;
      limit: number;
    }): Promise<{ record: Record<string, unknown>; key: unknown[] }[]>;
  };
}

/**
 * The first `limit` rows of a site's list in `order`, as a prepared statement made once per table, site column and
 * order (its rendered text, which names the sort keys and their directions), or undefined past PLAIN_PAGE_SHAPES.
 */
function plainPage<Row>(db: Db, spec: ListSpec<Row>, keys: SortKey[], order: SQL[]) {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  const shape = `${getTableName(spec.table)}.${spec.siteColumn.name} ${dialect.sqlToQuery(sql.join(order, sql`, `)).sql}`;
  const made = plainPages(db);
  let read = made.get(shape);
  if (!read) {
    if (made.size >= PLAIN_PAGE_SHAPES) return undefined;
    // Named by its shape: the same name always stands for the same text on every connection.
    const name = `list_${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
    read = preparePlainPage(db, spec as ListSpec<unknown>, keys, order, name);
    made.set(shape, read);
  }
  return read;
}
