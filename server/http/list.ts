/**
 * One way to answer a list query (contract/list.ts) over a site-owned table: filters `{col, value, type}` on the
 * columns a resource allows, a sort, and a page — always inside the caller's site.
 */
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
import type { PgTable } from 'drizzle-orm/pg-core';
import { toInt4 } from '../../contract/fields';
import type { ListColumns, ListQuery, ListResult } from '../../contract/list';
import type { Db } from '../db/client';
import { FieldError } from './errors';
import { columnKey, keySelect, keysetPage, type SortKey, sortKey } from './keyset';
import { plainCounted, plainPageRead } from './plainList';
import { readRecords, selection } from './records';

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
  /** The columns toRow reads, by name; the whole row by default. */
  record?: Record<string, AnyColumn>;
  /** A record as records.ts reads it: its timestamps already ISO text (isoTime passes such text through). */
  toRow: (record: Record<string, unknown>) => Row;
}

/**
 * The sort keys of a list sorted by `sortColumn`, then by `idColumn` (descending) to break ties: one array per
 * (sort column, direction, id column), made once, so that its order and its prepared page read are found by identity
 * (keyset.ts's orderOf, plainList.ts) rather than built again on every call.
 */
const listKeys = new WeakMap<AnyColumn, Map<AnyColumn | undefined, Record<string, SortKey[]>>>();
function keysOf(sortColumn: AnyColumn, order: 'asc' | 'desc', idColumn: AnyColumn | undefined): SortKey[] {
  let byId = listKeys.get(sortColumn);
  if (!byId) {
    byId = new Map();
    listKeys.set(sortColumn, byId);
  }
  let byOrder = byId.get(idColumn);
  if (!byOrder) {
    byOrder = {};
    byId.set(idColumn, byOrder);
  }
  let keys = byOrder[order];
  if (!keys) {
    keys = [columnKey(sortColumn, order)];
    if (idColumn && idColumn !== sortColumn) keys.push(columnKey(idColumn, 'desc'));
    // Without an id the order may have ties: such a list is read by offset only.
    if (!idColumn) keys.push(sortKey(sql`0`, 'asc', undefined));
    byOrder[order] = keys;
  }
  return keys;
}

/** Rows of the caller's site, meeting the spec's own condition and the filters'. */
const siteWhere = (spec: ListSpec<unknown>, conditions: SQL[]) =>
  and(eq(spec.siteColumn, spec.siteId), spec.where, ...conditions) as SQL;

export async function listRows<Row>(db: Db, spec: ListSpec<Row>): Promise<ListResult<Row>> {
  const { query, columns, allowed } = spec;
  // The filters' conditions; the site's and the spec's own join them when a read is built (siteWhere).
  const conditions: SQL[] = [];
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

  const idColumn = columns.id;
  const keys = keysOf(sortColumn as AnyColumn, sort.order, idColumn);
  // Built only for a read that needs it (the plain lists' prepared reads do not).
  let where: SQL | undefined;
  // No filter and no condition of its own: the list's reads are the cheap ones of plainList.ts.
  const plain = !spec.where && !query.filters.length;
  // Methods, not arrow properties: tsx compiles with keepNames, which names each arrow made per call (issue 31).
  return keysetPage({
    db,
    list: getTableName(spec.table),
    query,
    keys,
    counted() {
      if (plain) return plainCounted(db, spec, spec.siteId);
      where ??= siteWhere(spec, conditions);
      return db.select({ one: sql`1` }).from(spec.table).where(where);
    },
    async fetch(extra, order, limit, offset) {
      // The usual read (a list opened, its last page) of a list without filters: a prepared statement.
      if (plain && !extra && offset === 0) {
        const read = plainPageRead(db, spec, keys, order);
        if (read) {
          const records = await read.execute({ site: spec.siteId, limit });
          return records.map((r) => ({ row: spec.toRow(r.record), key: r.key }));
        }
      }
      where ??= siteWhere(spec, conditions);
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
      const record = spec.record ?? spec.table;
      const query = db
        .select(selection(record, keySelect(keys)))
        .from(spec.table)
        .where(ids ?? and(where, extra))
        .orderBy(...order)
        .limit(limit)
        .offset(ids ? 0 : offset);
      const records = await readRecords(db, query, record).execute();
      return records.map((r) => ({ row: spec.toRow(r.record), key: r.key }));
    },
  });
}
