/**
 * A category's or the site's public list by its counts per month of publication (issue 31; `content_list_months`,
 * kept by the triggers of its migration): its exact length, and for a deep page by its number the month it starts
 * in and how many items come before that month, so the page is read as a seek to the month's end plus a skip inside
 * it. A list holds at most a few hundred months, whatever its length; a month's items are the most a page walks.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentListMonths } from '../../modules/content/schema';

/** Below this offset a page walks fewer index entries than reading the months costs. */
export const MONTHS_FROM_OFFSET = 2_000;

/** The list a month count stands for: a site's items of a language and types, in one category or in all. */
export interface MonthsFilter {
  siteId: number;
  langId: number;
  types: number[];
  categoryId?: number;
}

const monthsWhere = (f: MonthsFilter): SQL => {
  const m = contentListMonths;
  return and(
    eq(m.siteId, f.siteId),
    eq(m.langId, f.langId),
    f.types.length === 1 ? eq(m.type, f.types[0]) : inArray(m.type, f.types),
    f.categoryId === undefined ? undefined : eq(m.categoryId, f.categoryId),
  ) as SQL;
};

/**
 * Where the item at `offset` (0-based, in the lists' order) is: `past` when the list is shorter; else the exclusive
 * end of its month (text as PostgreSQL wrote it) and how many items come before that month. Undefined when the
 * month is the list's first (nothing to skip) or has no finite end.
 */
export async function monthOfOffset(
  db: Db,
  f: MonthsFilter,
  offset: number,
): Promise<{ past: true } | { past: false; end: string; before: number } | undefined> {
  const m = contentListMonths;
  const months = await db
    .select({ end: sql<string>`${m.monthEnd}::text`, n: sql<number>`sum(${m.n})::int` })
    .from(m)
    .where(monthsWhere(f))
    .groupBy(m.monthEnd)
    .orderBy(sql`${m.monthEnd} DESC`);
  let before = 0;
  for (const { end, n } of months) {
    const count = Number(n);
    if (before + count > offset) {
      return before > 0 && end !== 'infinity' && end !== '-infinity'
        ? { past: false, end, before }
        : undefined;
    }
    before += count;
  }
  return { past: true };
}

/** How many items the list holds, exactly: the sum of its months (a few hundred rows at most, whatever its length). */
export async function listedCount(db: Db, f: MonthsFilter): Promise<number> {
  const m = contentListMonths;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${m.n}), 0)::int` })
    .from(m)
    .where(monthsWhere(f));
  return Number(row?.n ?? 0);
}
