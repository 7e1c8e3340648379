/**
 * The history of an item's draft (title, subtitle, content). Every save that changes them stores the state it saved,
 * so the newest regular revision is always the current draft and the one before it what was overwritten; a save that
 * lost a race is kept as a `conflict` copy. The site's plan bounds how many are kept and for how long: a save drops
 * the rest, and reads (the list, a preview, a restore) never show them, also when the item has not been saved since
 * they expired.
 */
import { and, desc, eq, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { BlockDocument } from '../../../contract/blocks';
import type { Revision, RevisionRow } from '../../../contract/content';
import { PLANS, type Plan } from '../../../contract/plans';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { plans, sites, users } from '../tenancy/schema';
import { contentRevisions } from './schema';

/** Sites without a plan keep what STARTER keeps. */
const DEFAULT_PLAN = 2;

export interface DraftState {
  version: number;
  title: string;
  subtitle: string;
  body: BlockDocument;
}

export async function addRevision(
  db: Db,
  contentId: number,
  state: DraftState,
  by: { userId: number; at: Date; conflict?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(contentRevisions)
    .values({
      contentId,
      version: state.version,
      title: state.title,
      subtitle: state.subtitle,
      body: state.body,
      conflict: by.conflict ?? false,
      userId: by.userId,
      createdAt: by.at,
    })
    .returning({ id: contentRevisions.id });
  return row.id;
}

/** The plan's history limits of a site: its plan's, else DEFAULT_PLAN's, else what contract/plans.ts says of it. */
export interface HistoryLimits {
  count: SQL;
  days: SQL;
}

const DEFAULT_HISTORY = (PLANS.find((p) => p.id === DEFAULT_PLAN) as Plan).history;

/**
 * The site's history limits as SQL, read inside the statement that applies them (no query of their own): the
 * site's plan when it names one that exists, else DEFAULT_PLAN's row, else its definition.
 */
export function historyLimits(siteId: number | Placeholder): HistoryLimits {
  const column = (c: typeof plans.historyCount | typeof plans.historyDays, fallback: number) =>
    sql`coalesce((SELECT ${c} FROM ${plans}
          WHERE ${plans.id} IN ((SELECT ${sites.serviceId} FROM ${sites} WHERE ${sites.id} = ${siteId}), ${DEFAULT_PLAN})
          ORDER BY ${plans.id} = ${DEFAULT_PLAN} LIMIT 1), ${fallback}::int)`;
  return {
    count: column(plans.historyCount, DEFAULT_HISTORY.count),
    days: column(plans.historyDays, DEFAULT_HISTORY.days),
  };
}

/**
 * The revisions of an item that the plan's limits keep at `now`: the newest `count` of those younger than `days` —
 * and always the newest one and the newest regular one (the current draft).
 *
 * `inserted` (0 or 1, SQL): a regular revision that the same statement inserts, which the statement's own reads
 * cannot see (writeVersion's prune). That one is the newest and the newest regular one, and is young: of the others,
 * the newest `count` - 1 are kept.
 */
function kept(
  contentId: number | Placeholder,
  limits: HistoryLimits,
  now: number | Placeholder,
  inserted?: SQL,
): SQL {
  const at = typeof now === 'number' ? new Date(now).toISOString() : now;
  // Whole hours (24 a day), as many milliseconds as the days are: no calendar or time zone in it.
  const cutoff = sql`${at}::timestamptz - ${limits.days} * interval '24 hours'`;
  const newest = inserted ? sql`${inserted} = 0 AND ` : sql``;
  const count = inserted ? sql`greatest(${limits.count} - ${inserted}, 0)` : limits.count;
  return sql`(
    ${newest}${contentRevisions.id} = (SELECT coalesce(max(k.id), 0) FROM ${contentRevisions} k WHERE k.content_id = ${contentId})
    OR ${newest}${contentRevisions.id} = (SELECT coalesce(max(k.id), 0) FROM ${contentRevisions} k
                                 WHERE k.content_id = ${contentId} AND NOT k.conflict)
    OR (${contentRevisions.createdAt} >= ${cutoff}
        AND ${contentRevisions.id} IN (SELECT k.id FROM ${contentRevisions} k WHERE k.content_id = ${contentId}
                                       ORDER BY k.id DESC LIMIT ${count})))`;
}

/**
 * The condition of the revisions of an item that a prune drops: those the site's plan no longer keeps (see kept),
 * `inserted` as there. `now` is milliseconds, or a placeholder of an ISO time (a statement built once: named.ts).
 */
export const dropped = (
  contentId: number | Placeholder,
  siteId: number | Placeholder,
  now: number | Placeholder,
  inserted?: SQL,
): SQL =>
  and(
    eq(contentRevisions.contentId, contentId),
    not(kept(contentId, historyLimits(siteId), now, inserted)),
  ) as SQL;

/** Drops the revisions the site's plan no longer keeps (see kept), in one statement. */
export async function pruneRevisions(db: Db, contentId: number, siteId: number, now: number) {
  await db.delete(contentRevisions).where(dropped(contentId, siteId, now));
}

/** Who reads a history: the site (its plan's limits) at the server's time. */
export interface HistoryReader {
  deps: Pick<Deps, 'db' | 'now'>;
  siteId: number;
}

/** The condition of the revisions of an item the reader may see now. */
function visible(r: HistoryReader, contentId: number): SQL {
  const limits = historyLimits(r.siteId);
  return and(eq(contentRevisions.contentId, contentId), kept(contentId, limits, r.deps.now())) as SQL;
}

const rowFields = {
  id: contentRevisions.id,
  version: contentRevisions.version,
  title: contentRevisions.title,
  createdAt: contentRevisions.createdAt,
  conflict: contentRevisions.conflict,
  userId: users.id,
  nickname: users.nickname,
};

type RowRecord = { id: number; version: number; title: string; createdAt: Date; conflict: boolean } & {
  userId: number | null;
  nickname: string | null;
};

const toRow = (r: RowRecord): RevisionRow => ({
  id: r.id,
  version: r.version,
  title: r.title,
  created_at: r.createdAt.toISOString(),
  user: r.userId === null ? null : { id: r.userId, nickname: r.nickname ?? '' },
  conflict: r.conflict,
});

/** An item's revisions within the plan's limits, newest first. */
export async function listRevisions(
  r: HistoryReader,
  contentId: number,
  db: Db = r.deps.db,
): Promise<RevisionRow[]> {
  const rows = await db
    .select(rowFields)
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.userId))
    .where(visible(r, contentId))
    .orderBy(desc(contentRevisions.id));
  return rows.map(toRow);
}

/** One revision of the item, with its content; another item's revision, or one beyond the plan's limits, is 404. */
export async function getRevision(
  r: HistoryReader,
  contentId: number,
  revisionId: number,
  db: Db = r.deps.db,
): Promise<Revision> {
  const [row] = await db
    .select({ ...rowFields, subtitle: contentRevisions.subtitle, body: contentRevisions.body })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.userId))
    .where(and(visible(r, contentId), eq(contentRevisions.id, revisionId)));
  if (!row) throw notFound();
  return { ...toRow(row), subtitle: row.subtitle, content: row.body };
}
