/**
 * Pages of a list at any size (issue 31): keyset seeks from a cursor, offsets only where they are short or narrow,
 * and a total that is exact while cheap.
 *
 * - The order is a list of sort keys ending with a unique one (the id), so that every row has one place.
 * - Page 1 is a plain `ORDER BY … LIMIT size`.
 * - Every page answers a `cursor`: the page number, a hash of the query (filters, sort, size, list) and the sort-key
 *   values of its first and last rows. Sent back with a page near it (LIST_CURSOR_REACH), the page is a keyset seek:
 *   after the last row (a next page), before the first row in the reverse order (a previous page, its rows then
 *   turned round), or from the first row (the same page again), plus an offset of the pages in between. A seek is a
 *   few index range scans, one per sort-key prefix ("to_top = t AND pin_order = p AND (updated_at, id) < (u, i)",
 *   then "to_top = t AND pin_order > p", …), read in order until the page is full: usually the first one fills it.
 *   Values are validated by their key's type and sent as parameters, never written into the SQL.
 * - Without a cursor: the last page (and, when the total is exact, any page nearer the end) is read in the reverse
 *   order; any other page by OFFSET over the ids alone (a deferred join: the ids of the page by the narrowest
 *   index, then their rows).
 * - The total: `count(*)` over `LIMIT LIST_EXACT_TOTAL + 1` rows (LIST_EXACT_TOTAL_SEARCHED under a keyword); beyond, the planner's row estimate of the same
 *   query (EXPLAIN), marked `approximate` (the SPA shows "about …").
 */
import { hash } from 'node:crypto';
import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  LIST_CURSOR_MAX,
  LIST_CURSOR_REACH,
  LIST_EXACT_TOTAL,
  LIST_EXACT_TOTAL_SEARCHED,
} from '../../contract/constants';
import type { ListQuery, ListResult } from '../../contract/list';
import { type Db, rowsOf } from '../db/client';
import { FieldError } from './errors';

/** How a sort key's values are carried in a cursor: int4, boolean, timestamp (as epoch microseconds), text. */
export type KeyKind = 'int' | 'bool' | 'ts' | 'text';

export interface SortKey {
  expr: SQL | AnyColumn;
  dir: 'asc' | 'desc';
  /** Where nulls sort (PostgreSQL's default: last ascending, first descending). */
  nulls: 'first' | 'last';
  nullable: boolean;
  /** undefined: a key a cursor cannot carry (the list is then read by offset only). */
  kind: KeyKind | undefined;
}

export function sortKey(
  expr: SQL | AnyColumn,
  dir: 'asc' | 'desc',
  kind: KeyKind | undefined,
  opts: { nullable?: boolean; nulls?: 'first' | 'last' } = {},
): SortKey {
  return {
    expr,
    dir,
    kind,
    nullable: opts.nullable ?? false,
    nulls: opts.nulls ?? (dir === 'asc' ? 'last' : 'first'),
  };
}

/** A table column as a sort key: its kind and nullability from the schema. */
export function columnKey(column: AnyColumn, dir: 'asc' | 'desc'): SortKey {
  const c = column as AnyColumn & { columnType: string };
  const kind: KeyKind | undefined =
    c.columnType === 'PgInteger' || c.columnType === 'PgSmallInt' || c.columnType === 'PgSerial'
      ? 'int'
      : c.columnType === 'PgBoolean'
        ? 'bool'
        : c.columnType === 'PgTimestamp' && (c as unknown as { withTimezone: boolean }).withTimezone
          ? 'ts'
          : c.columnType === 'PgText' || c.columnType === 'PgVarchar'
            ? 'text'
            : undefined;
  return sortKey(column, dir, kind, { nullable: !column.notNull });
}

const flip = <T extends string>(v: T, a: T, b: T): T => (v === a ? b : a);
const dirOf = (k: SortKey, reverse: boolean) => (reverse ? flip(k.dir, 'asc', 'desc') : k.dir);
const nullsOf = (k: SortKey, reverse: boolean) => (reverse ? flip(k.nulls, 'first', 'last') : k.nulls);

/** Each keys array's two orders, made once: the same array object then names the same order (plainList.ts). */
const orders = new WeakMap<SortKey[], { forward?: SQL[]; reverse?: SQL[] }>();

/** The ORDER BY of the keys (or of their reverse), nulls placed explicitly; the same array for the same keys array. */
export function orderOf(keys: SortKey[], reverse = false): SQL[] {
  let made = orders.get(keys);
  if (!made) {
    made = {};
    orders.set(keys, made);
  }
  const which = reverse ? 'reverse' : 'forward';
  made[which] ??= keys.map(
    (k) => sql`${k.expr} ${sql.raw(dirOf(k, reverse))} nulls ${sql.raw(nullsOf(k, reverse))}`,
  );
  return made[which];
}

/** The select of a row's key values, as a JSON array (timestamps as epoch microseconds, exact). */
export function keySelect(keys: SortKey[]): SQL<unknown[]> {
  const parts = keys.map((k) =>
    k.kind === 'ts' ? sql`(extract(epoch from ${k.expr}) * 1000000)::bigint` : sql`${k.expr}`,
  );
  return sql<unknown[]>`jsonb_build_array(${sql.join(parts, sql`, `)})`;
}

type KeyValue = number | boolean | string | null;

/** A cursor's value as SQL: a typed parameter. */
function literal(k: SortKey, v: Exclude<KeyValue, null>): SQL {
  switch (k.kind) {
    case 'int':
      return sql`${v}::int`;
    case 'bool':
      return sql`${v}::boolean`;
    case 'ts':
      return sql`('epoch'::timestamptz + ${v}::float8 * interval '1 microsecond')`;
    default:
      return sql`${v}::text`;
  }
}

const equal = (k: SortKey, v: KeyValue) =>
  v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${literal(k, v)}`;

/**
 * The rows after `values` in the order (or before, `reverse`), as disjoint conditions listed in the order their rows
 * come: the deepest prefix first. A run of same-direction, not-null keys at the end is one row comparison, so that
 * the common case is a single index range. `inclusive` puts the row with exactly these values first.
 */
export function afterConditions(
  keys: SortKey[],
  values: KeyValue[],
  reverse = false,
  inclusive = false,
): SQL[] {
  const m = keys.length;
  const prefix = (j: number) => keys.slice(0, j).map((k, i) => equal(k, values[i]));
  const all = (parts: SQL[]) => (parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` and `)})`);
  const out: SQL[] = inclusive ? [all(prefix(m))] : [];
  const plain = (i: number) => !keys[i].nullable && values[i] !== null;
  let s = m - 1;
  while (s > 0 && plain(s) && plain(s - 1) && dirOf(keys[s - 1], reverse) === dirOf(keys[m - 1], reverse))
    s--;
  let j = m - 1;
  if (s < m - 1 && plain(m - 1)) {
    const op = dirOf(keys[m - 1], reverse) === 'asc' ? sql`>` : sql`<`;
    const tail = keys.slice(s);
    const row = sql`(${sql.join(
      tail.map((k) => sql`${k.expr}`),
      sql`, `,
    )}) ${op} (${sql.join(
      tail.map((k, i) => literal(k, values[s + i] as Exclude<KeyValue, null>)),
      sql`, `,
    )})`;
    out.push(all([...prefix(s), row]));
    j = s - 1;
  }
  for (; j >= 0; j--) {
    const k = keys[j];
    const v = values[j];
    const last = nullsOf(k, reverse) === 'last';
    const here: SQL[] = [];
    if (v === null) {
      if (!last) here.push(sql`${k.expr} is not null`);
    } else {
      const op = dirOf(k, reverse) === 'asc' ? sql`>` : sql`<`;
      here.push(sql`${k.expr} ${op} ${literal(k, v)}`);
      if (last && k.nullable) here.push(sql`${k.expr} is null`);
    }
    for (const c of here) out.push(all([...prefix(j), c]));
  }
  return out;
}

interface Cursor {
  page: number;
  first: KeyValue[];
  last: KeyValue[];
}

/** The hash a cursor carries of its query: the list, filters, sort and size (not the page). */
export function queryHash(list: string, query: ListQuery): string {
  const text = JSON.stringify([list, query.filters, query.sort ?? null, query.size]);
  return hash('sha256', text, 'base64url').slice(0, 16);
}

export function encodeCursor(hash: string, c: Cursor): string {
  return Buffer.from(JSON.stringify({ h: hash, p: c.page, a: c.first, b: c.last })).toString('base64url');
}

const TEXT_KEY_MAX = 1000;
/** Epoch microseconds within ±300 years: any timestamp a row holds, never out of PostgreSQL's range. */
const TS_KEY_MAX = 1e16;

function validValue(k: SortKey, v: unknown): v is KeyValue {
  if (v === null) return k.nullable;
  switch (k.kind) {
    case 'int':
      return Number.isInteger(v) && Math.abs(v as number) <= 2_147_483_647;
    case 'bool':
      return typeof v === 'boolean';
    case 'ts':
      return Number.isSafeInteger(v) && Math.abs(v as number) <= TS_KEY_MAX;
    case 'text':
      return typeof v === 'string' && v.length <= TEXT_KEY_MAX && !v.includes('\u0000');
    default:
      return false;
  }
}

const badCursor = () => new FieldError({ 'query.cursor': { message: 'validation.format' } });

/**
 * The cursor of `query`, validated: undefined when there is none or it belongs to another query (it is then
 * ignored); a malformed one is a field error on `query.cursor`.
 */
export function decodeCursor(raw: string | undefined, hash: string, keys: SortKey[]): Cursor | undefined {
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw badCursor();
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badCursor();
  const { h, p, a, b } = parsed as Record<string, unknown>;
  if (typeof h !== 'string' || !Number.isInteger(p) || (p as number) < 1 || (p as number) > 1_000_000)
    throw badCursor();
  if (!Array.isArray(a) || !Array.isArray(b)) throw badCursor();
  if (h !== hash) return undefined;
  if (keys.some((k) => k.kind === undefined)) return undefined;
  if (a.length !== keys.length || b.length !== keys.length) throw badCursor();
  if (!keys.every((k, i) => validValue(k, a[i]) && validValue(k, b[i]))) throw badCursor();
  return { page: p as number, first: a as KeyValue[], last: b as KeyValue[] };
}

/** A fetched row with its key values (keySelect). */
export interface Keyed<R> {
  row: R;
  key: unknown[];
}

export interface PageSpec<R> {
  db: Db;
  /** Names the list in the cursor's hash (e.g. `content:1`, a table's name). */
  list: string;
  query: ListQuery;
  keys: SortKey[];
  /**
   * Reads rows meeting `extra` (besides the list's own conditions) in `order`: `limit` of them after `offset`
   * (an offset over the ids alone, see `deferredIds`). Each row with its keySelect values.
   */
  fetch: (extra: SQL | undefined, order: SQL[], limit: number, offset: number) => Promise<Keyed<R>[]>;
  /** The list's rows as a query (any select list) for the count and the estimate. */
  counted: () => SQLWrapper;
  /** The total when the list knows a better way than `totalOf(counted)` (members under a keyword). */
  total?: () => Promise<{ total: number; approximate?: true }>;
}

let exactMaxOverride: number | undefined;
/** Lowers the exact-total threshold of every list (tests); undefined restores LIST_EXACT_TOTAL. */
export function setExactTotalMax(n: number | undefined) {
  exactMaxOverride = n;
}

/** How many rows of a list are counted before its total is estimated: fewer under a keyword (`search` filter). */
export function exactTotalMax(query: Pick<ListQuery, 'filters'>): number {
  if (exactMaxOverride !== undefined) return exactMaxOverride;
  return query.filters.some((f) => f.type === 'search') ? LIST_EXACT_TOTAL_SEARCHED : LIST_EXACT_TOTAL;
}

/**
 * The total of a list: the planner's row estimate first (EXPLAIN, no rows read); over the threshold it is the
 * answer, marked approximate; else `count(*)` over at most threshold + 1 rows, exact unless that many are there.
 */
export async function totalOf(
  db: Db,
  counted: SQLWrapper,
  max: number,
): Promise<{ total: number; approximate?: true }> {
  const estimate = await planRows(db, counted);
  if (estimate > max) return { total: estimate, approximate: true };
  return countUpTo(db, counted, max, estimate);
}

/** The planner's row estimate of a query (EXPLAIN: planned, not run). */
export async function planRows(db: Db, counted: SQLWrapper): Promise<number> {
  const [plan] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${counted}`));
  const raw = plan['QUERY PLAN'];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(json[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** `count(*)` over at most `max` + 1 rows: exact up to `max`, else approximate (at least `estimate`). */
export async function countUpTo(
  db: Db,
  counted: SQLWrapper,
  max: number,
  estimate = 0,
): Promise<{ total: number; approximate?: true }> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${counted} limit ${max + 1}) as counted`),
  );
  if (Number(n) <= max) return { total: Number(n) };
  return { total: Math.max(estimate, Number(n)), approximate: true };
}

/** Reads the rows of the seek conditions in turn until `need` rows are there. */
async function seek<R>(spec: PageSpec<R>, conditions: SQL[], reverse: boolean, need: number) {
  const order = orderOf(spec.keys, reverse);
  const out: Keyed<R>[] = [];
  for (const c of conditions) {
    out.push(...(await spec.fetch(c, order, need - out.length, 0)));
    if (out.length >= need) break;
  }
  return out;
}

/** A page within LIST_CURSOR_REACH of the cursor's, read by seeking from its first or last row. */
async function nearPage<R>(spec: PageSpec<R>, usable: Cursor, forward: SQL[]): Promise<Keyed<R>[]> {
  const { keys, query } = spec;
  const { page, size } = query;
  if (page === usable.page) return seek(spec, afterConditions(keys, usable.first, false, true), false, size);
  if (page > usable.page) {
    const skip = (page - usable.page - 1) * size;
    return (await seek(spec, afterConditions(keys, usable.last), false, skip + size)).slice(skip);
  }
  const skip = (usable.page - page - 1) * size;
  const back = await seek(spec, afterConditions(keys, usable.first, true), true, skip + size);
  // Fewer rows before than the pages in between (rows deleted meanwhile): read the page by its number.
  if (back.length < skip + size) return spec.fetch(undefined, forward, size, (page - 1) * size);
  return back.slice(skip).reverse();
}

/** One page of a list: its rows, total (exact or estimated) and cursor. */
export async function keysetPage<R>(spec: PageSpec<R>): Promise<ListResult<R>> {
  const { query, keys, db } = spec;
  const size = query.size;
  const page = query.page;
  const max = exactTotalMax(query);
  // Hashed only when a cursor is read or written: most calls (a first page that holds the whole list) need neither.
  // (No arrow made per call here: tsx compiles with keepNames, which names each one, issue 31.)
  let hashed = query.cursor === undefined ? undefined : queryHash(spec.list, query);
  const cursor = hashed === undefined ? undefined : decodeCursor(query.cursor, hashed, keys);
  const usable = cursor && Math.abs(page - cursor.page) <= LIST_CURSOR_REACH ? cursor : undefined;
  const forward = orderOf(keys);
  const countTotal = spec.total ?? (() => totalOf(db, spec.counted(), max));

  let rows: Keyed<R>[] | undefined;
  let plainRead = page === 1;
  let totals: { total: number; approximate?: true };
  if (page === 1) {
    // One row more than the page: a list that fits on it (most lists of most sites) is counted by it. Unfiltered, the
    // estimate waits for the page (it is needed only past one page); filtered, both run at once, as a filter with
    // few hits may walk far for its page and for its count alike.
    let read: Keyed<R>[];
    if (query.filters.length === 0) {
      read = await spec.fetch(undefined, forward, size + 1, 0);
      totals = read.length <= size ? { total: read.length } : await countTotal();
    } else {
      [read, totals] = await Promise.all([spec.fetch(undefined, forward, size + 1, 0), countTotal()]);
      if (read.length <= size) totals = { total: read.length };
    }
    rows = read.slice(0, size);
  } else if (usable) {
    [rows, totals] = await Promise.all([nearPage(spec, usable, forward), countTotal()]);
  } else {
    totals = await countTotal();
    const total = totals.total;
    const lastPage = Math.max(1, Math.ceil(total / size));
    const fromEnd = total - Math.min(page * size, total);
    const onPage = Math.min(page * size, total) - (page - 1) * size;
    if (page === lastPage || (!totals.approximate && onPage > 0 && fromEnd < (page - 1) * size)) {
      // Read from the end in the reverse order: the last rows, without walking past everything before them.
      const limit = Math.max(1, Math.min(size, onPage));
      rows = (
        await spec.fetch(undefined, orderOf(keys, true), limit, page === lastPage ? 0 : fromEnd)
      ).reverse();
    } else {
      rows = await spec.fetch(undefined, forward, size, (page - 1) * size);
      plainRead = true;
    }
  }
  // A page read by its number that comes up short ends the list: the total is then known exactly.
  if (totals.approximate && plainRead && rows.length < size && (rows.length > 0 || page === 1)) {
    totals = { total: (page - 1) * size + rows.length };
  }
  const result: ListResult<R> = { rows: rows.map((r) => r.row), total: totals.total };
  if (totals.approximate) result.approximate = true;
  // A list of one page has no neighbours: no cursor then (a reply as it always was).
  if (rows.length && totals.total > size && keys.every((k) => k.kind !== undefined)) {
    hashed ??= queryHash(spec.list, query);
    const next = encodeCursor(hashed, {
      page,
      first: rows[0].key as KeyValue[],
      last: (rows.at(-1) as Keyed<R>).key as KeyValue[],
    });
    // A cursor too long to be sent back (long text keys) is left out: the neighbours are then read by offset.
    if (next.length <= LIST_CURSOR_MAX) result.cursor = next;
  }
  return result;
}
