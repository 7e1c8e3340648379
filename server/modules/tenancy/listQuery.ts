/**
 * The list queries of the lists their own module answers (followers, customer messages, orders): filters
 * `{col, value, type}` (contract/list.ts) mapped to SQL by column, a date range in the site's time zone, and the sort. Unknown columns,
 * a filter of the wrong type, a malformed date or id answer field errors (1001), as http/list.ts does.
 */
import { type AnyColumn, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { toInt4 } from '../../../contract/fields';
import type { ListQuery } from '../../../contract/list';
import { dayBounds } from '../../../contract/zoned';
import type { Db } from '../../db/client';
import { FieldError } from '../../http/errors';
import { likePattern } from '../../http/list';
import { sites } from './schema';

export interface ColumnFilter {
  /** A keyword (LIKE pattern, wildcards escaped). */
  search?: (pattern: string, raw: string) => SQL | undefined;
  /** Exact values (numbers for int columns, else strings). */
  in?: { ints: boolean; where: (values: (string | number)[]) => SQL };
}

export interface QuerySpec {
  filters: Record<string, ColumnFilter>;
  /** The creation time column the `from` / `to` dates bound. */
  createdAt: AnyColumn;
  sorts: Record<string, AnyColumn>;
  defaultSort: { col: string; order: 'asc' | 'desc' };
  id: AnyColumn;
}

/** The site's time zone, in which the dates of a range are days. */
export async function siteTimeZone(db: Db, siteId: number): Promise<string> {
  const [row] = await db.select({ tz: sites.timezone }).from(sites).where(eq(sites.id, siteId));
  return row?.tz ?? 'Asia/Taipei';
}

/** The conditions and order of a list query; throws FieldError for a filter or sort it cannot take. */
export function listConditions(
  spec: QuerySpec,
  query: Pick<ListQuery, 'filters' | 'sort'>,
  timeZone: string,
) {
  const conditions: SQL[] = [];
  const bad: FieldError['fields'] = {};
  query.filters.forEach((filter, i) => {
    const raw = String(filter.value);
    if ((filter.col === 'from' || filter.col === 'to') && filter.type === 'search') {
      const day = dayBounds(raw, timeZone);
      if (!day) {
        bad[`query.filters.${i}.value`] = { message: 'validation.format' };
        return;
      }
      if (filter.col === 'from') conditions.push(gte(spec.createdAt, day.start));
      // Up to the end of that day: before the next day's start (a day is not always 24 hours).
      else conditions.push(lt(spec.createdAt, day.end));
      return;
    }
    const how = spec.filters[filter.col];
    if (filter.type === 'search' && how?.search) {
      const condition = how.search(likePattern(raw), raw);
      if (condition) conditions.push(condition);
    } else if (filter.type === 'in' && how?.in) {
      const list = (Array.isArray(filter.value) ? filter.value : [filter.value]) as (string | number)[];
      const values: (string | number | undefined)[] = how.in.ints ? list.map(toInt4) : list.map(String);
      if (values.includes(undefined)) bad[`query.filters.${i}.value`] = { message: 'validation.format' };
      else conditions.push(values.length ? how.in.where(values as (string | number)[]) : sql`false`);
    } else {
      bad[`query.filters.${i}.col`] = { message: 'validation.format' };
    }
  });
  const sort = query.sort ?? spec.defaultSort;
  const column = Object.hasOwn(spec.sorts, sort.col) ? spec.sorts[sort.col] : undefined;
  if (!column) bad['query.sort.col'] = { message: 'validation.format' };
  if (Object.keys(bad).length || !column) throw new FieldError(bad);
  const order = sort.order === 'asc' ? asc(column) : desc(column);
  return { conditions, orderBy: [order, sort.order === 'asc' ? asc(spec.id) : desc(spec.id)] };
}
