/**
 * A category's or the site's public list by its counts per month of publication (issue 31; `content_list_months`,
 * kept by the triggers of its migration), read once per page: its exact length, and for a deep page by its number
 * the month it starts in and how many items come before that month, so the page is read as a seek to the month's end
 * plus a skip inside it. A list holds at most a few hundred months, whatever its length; a month's items are the most
 * a page walks.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerShape } from '../../http/prepared';
import { contentListMonths } from '../../modules/content/schema';

/** Below this offset a page walks fewer index entries than reading the months costs. */
export const MONTHS_FROM_OFFSET = 2_000;

/** What of a list's filter (queries.ts ListFilter) its months are read by, and whether they count it at all. */
export interface MonthsFilter {
  siteId: number;
  langId: number;
  types: number[];
  categoryId?: number;
  tagId?: number;
  authorId?: number;
  exceptId?: number;
}

/** One month of a list: its exclusive end (text as PostgreSQL wrote it; 'infinity' for no date) and its items. */
export interface MonthCount {
  end: string;
  n: number;
}

/** Whether the months count this list: not one of a tag or author (their link tables) nor one leaving an item out. */
export const countedByMonths = (f: MonthsFilter) =>
  f.tagId === undefined && f.authorId === undefined && f.exceptId === undefined;

const monthsRead = preparedPerShape<{ execute(v: Record<string, unknown>): Promise<MonthCount[]> }>();

/** The list's months, newest first (the lists' order: publish_ts DESC NULLS FIRST); built once per shape. */
export async function readMonths(db: Db, f: MonthsFilter): Promise<MonthCount[]> {
  const m = contentListMonths;
  const one = f.types.length === 1;
  const category = f.categoryId !== undefined;
  const read = monthsRead(db, `months, types ${one ? '1' : 'n'}${category ? ', category' : ''}`, () =>
    db
      .select({ end: sql<string>`${m.monthEnd}::text`, n: sql<number>`sum(${m.n})::int` })
      .from(m)
      .where(
        and(
          eq(m.siteId, sql.placeholder('site')),
          eq(m.langId, sql.placeholder('lang')),
          one ? eq(m.type, sql.placeholder('type')) : sql`${m.type} = any(${sql.placeholder('types')})`,
          category ? eq(m.categoryId, sql.placeholder('category')) : undefined,
        ) as SQL,
      )
      .groupBy(m.monthEnd)
      .orderBy(sql`${m.monthEnd} DESC`)
      .prepare(''),
  );
  const rows = await read.execute({
    site: f.siteId,
    lang: f.langId,
    type: f.types[0],
    types: f.types,
    category: f.categoryId,
  });
  return rows.map((r) => ({ end: r.end, n: Number(r.n) }));
}

/** How many items the list holds, exactly. */
export const listedCount = (months: readonly MonthCount[]) => months.reduce((sum, m) => sum + m.n, 0);

/** Where a page of a list starts within its month: read from the month's end, or from its start backwards. */
export interface MonthSeek {
  past: false;
  /** The month's exclusive end (its start is a calendar month, UTC, before). */
  end: string;
  /** Read newest first from the end (`fromStart` false), or oldest first from the start. */
  fromStart: boolean;
  /** The index entries skipped in the month, from where the read starts. */
  skip: number;
}

/**
 * Where the page of `limit` items at `offset` (0-based, in the lists' order) is: `past` when the list is shorter;
 * else its month, and where in it the read starts — from the month's end skipping what comes before it in the month,
 * or, for a page inside the second half of its month, from the month's start reading backwards, which skips less (at
 * most half a month either way, but for a page that runs on into the next month). Undefined when the month is the
 * list's first (nothing to skip) or has no finite end.
 */
export function monthOfOffset(
  months: readonly MonthCount[],
  offset: number,
  limit: number,
): { past: true } | MonthSeek | undefined {
  let before = 0;
  for (const { end, n } of months) {
    if (before + n > offset) {
      if (before === 0 || end === 'infinity' || end === '-infinity') return undefined;
      const k = offset - before;
      const fromStart = k > n / 2 && k + limit <= n;
      return { past: false, end, fromStart, skip: fromStart ? n - k - limit : k };
    }
    before += n;
  }
  return { past: true };
}
