/**
 * Who an e-paper reaches, as one SQL condition over `readers` LEFT JOIN `reader_subscriptions`: every member who
 * wants e-papers (opted in, never hard-bounced), narrowed to a tag or to the paying ones (readers/status.ts). The
 * count shown before sending and the recipients fixed when sending starts use this same condition.
 */
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type EpaperAudience, readerSubscriptions, readers } from '../../db/schema';
import { PAYING } from '../readers/status';

export function audienceWhere(siteId: number, audience: EpaperAudience): SQL {
  return and(
    eq(readers.siteId, siteId),
    eq(readers.epaperOptIn, true),
    isNull(readers.bouncedAt),
    audience.kind === 'tag' ? sql`${readers.tags} @> ARRAY[${audience.tag}]::text[]` : undefined,
    audience.kind === 'paid' ? inArray(readerSubscriptions.status, [...PAYING]) : undefined,
  ) as SQL;
}

export async function audienceCount(db: Db, siteId: number, audience: EpaperAudience): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(readers)
    .leftJoin(readerSubscriptions, eq(readerSubscriptions.readerId, readers.id))
    .where(audienceWhere(siteId, audience));
  return Number(row?.n ?? 0);
}

/** The site's member tags, most used first, with how many opted-in members carry each. */
export async function memberTags(db: Db, siteId: number): Promise<{ tag: string; count: number }[]> {
  const tag = sql<string>`unnest(${readers.tags})`;
  const rows = await db
    .select({ tag, n: count() })
    .from(readers)
    .where(and(eq(readers.siteId, siteId), eq(readers.epaperOptIn, true), isNull(readers.bouncedAt)))
    .groupBy(sql`1`)
    .orderBy(sql`2 DESC`, sql`1`)
    .limit(200);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}
