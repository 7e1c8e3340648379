/**
 * The history of an item's draft (title, subtitle, content). Every save that changes them stores the state it saved,
 * so the newest regular revision is always the current draft and the one before it what was overwritten; a save that
 * lost a race is kept as a `conflict` copy. The site's plan bounds how many are kept and for how long.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BlockDocument } from '../../../contract/blocks';
import type { Revision, RevisionRow } from '../../../contract/content';
import { type Plan, planById } from '../../../contract/plans';
import type { Db } from '../../db/client';
import { contentRevisions, sites, users } from '../../db/schema';
import { notFound } from '../../http/errors';

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

export async function historyLimits(db: Db, siteId: number): Promise<Plan['history']> {
  const [site] = await db.select({ serviceId: sites.serviceId }).from(sites).where(eq(sites.id, siteId));
  return (planById(site?.serviceId) ?? (planById(DEFAULT_PLAN) as Plan)).history;
}

/**
 * Drops revisions beyond the plan's count or older than its days. The newest one, and the newest regular one (the
 * current draft), always stay.
 */
export async function pruneRevisions(db: Db, contentId: number, limits: Plan['history'], now: number) {
  const cutoff = new Date(now - limits.days * 24 * 3600 * 1000);
  await db.execute(sql`
    DELETE FROM ${contentRevisions} r
    WHERE r.content_id = ${contentId}
      AND r.id <> (SELECT coalesce(max(id), 0) FROM ${contentRevisions} WHERE content_id = ${contentId})
      AND r.id <> (SELECT coalesce(max(id), 0) FROM ${contentRevisions}
                   WHERE content_id = ${contentId} AND NOT conflict)
      AND (r.created_at < ${cutoff}
           OR r.id NOT IN (SELECT id FROM ${contentRevisions} WHERE content_id = ${contentId}
                           ORDER BY id DESC LIMIT ${limits.count}))`);
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

/** An item's revisions, newest first. */
export async function listRevisions(db: Db, contentId: number): Promise<RevisionRow[]> {
  const rows = await db
    .select(rowFields)
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.userId))
    .where(eq(contentRevisions.contentId, contentId))
    .orderBy(desc(contentRevisions.id));
  return rows.map(toRow);
}

/** One revision of the item, with its content; another item's revision is 404. */
export async function getRevision(db: Db, contentId: number, revisionId: number): Promise<Revision> {
  const [r] = await db
    .select({ ...rowFields, subtitle: contentRevisions.subtitle, body: contentRevisions.body })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.userId))
    .where(and(eq(contentRevisions.contentId, contentId), eq(contentRevisions.id, revisionId)));
  if (!r) throw notFound();
  return { ...toRow(r), subtitle: r.subtitle, content: r.body };
}
