/**
 * The status machine (SPEC §4): publish now (1), schedule (2), take offline or cancel a schedule (0), delete (-1).
 * 'Update' re-sends the current status. Publishing copies the draft into the `published` snapshot; every other
 * change leaves the snapshot alone.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import type { ContentPublish, PublishReply, Status } from '../../../contract/content';
import { CONTENT_TYPE, PUBLISH_MODE, STATUS } from '../../../contract/contentConstants';
import { BADGE } from '../../../contract/sites';
import { instantOf } from '../../../contract/zoned';
import { AppError, FieldError, notFound } from '../../http/errors';
import { bumpRender } from '../tenancy/invalidate';
import { awardBadge, siteById } from '../tenancy/sites';
import { pageRowDeleted } from './pageNodes';
import { pinColumns } from './pins';
import { contents, epaperSends } from './schema';
import { findItem, type Scope, visibleTo } from './scope';
import { snapshotOfDraft } from './snapshot';
import { urlsOnSite } from './url';

type PublishInput = z.output<typeof ContentPublish>;

/** The scheduled instant of a mode-2 request: the site's local date and time, which must lie ahead. */
async function scheduledAt(s: Scope, input: PublishInput): Promise<Date> {
  if (!input.date || !input.time) {
    const required = { message: 'validation.required' };
    throw new FieldError({
      ...(input.date ? {} : { date: required }),
      ...(input.time ? {} : { time: required }),
    });
  }
  const site = await siteById(s.deps.db, s.siteId);
  const at = instantOf({ date: input.date, time: input.time }, site?.timezone ?? 'Asia/Taipei').getTime();
  if (Number.isNaN(at)) throw new FieldError({ date: { message: 'validation.format' } });
  if (at <= s.deps.now()) throw new AppError(Code.SCHEDULE_IN_PAST);
  return new Date(at);
}

function statusColumns(mode: PublishInput['mode'], now: Date, at?: Date) {
  switch (mode) {
    case PUBLISH_MODE.NOW:
      // An update of a published item keeps its first publication time.
      return {
        status: STATUS.PUBLISHED,
        publishTs: sql<Date>`CASE WHEN ${contents.status} = ${STATUS.PUBLISHED} AND ${contents.publishTs} IS NOT NULL
          THEN ${contents.publishTs} ELSE ${now}::timestamptz END`,
        published: snapshotOfDraft,
        isDraftChanged: false,
      };
    case PUBLISH_MODE.SCHEDULE:
      return { status: STATUS.SCHEDULED, publishTs: at };
    case PUBLISH_MODE.OFFLINE:
      // A cancelled schedule forgets its time; an item taken offline keeps when it was published.
      return {
        status: STATUS.DRAFT,
        publishTs: sql<Date | null>`CASE WHEN ${contents.status} = ${STATUS.SCHEDULED} THEN NULL
          ELSE ${contents.publishTs} END`,
      };
    default:
      // Deleted items are never listed and free their slug (the unique index skips them).
      return { status: STATUS.DELETED };
  }
}

export async function publishItem(s: Scope, input: PublishInput): Promise<PublishReply> {
  // Another site's item, or one out of the caller's sight, is 404 before any check of the request's date.
  await findItem(s, input.id, s.type);
  const at = input.mode === PUBLISH_MODE.SCHEDULE ? await scheduledAt(s, input) : undefined;
  const now = new Date(s.deps.now());
  const row = await s.deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contents)
      .set({
        ...statusColumns(input.mode, now, at),
        ...pinColumns(s, input.pin || undefined),
        updatedAt: now,
      })
      .where(
        and(
          eq(contents.siteId, s.siteId),
          eq(contents.id, input.id),
          eq(contents.type, s.type),
          ne(contents.status, STATUS.DELETED),
          visibleTo(s),
        ),
      )
      .returning();
    // An e-paper taken back (offline, schedule cancelled) or deleted takes its scheduled mail with it: a send left
    // scheduled would publish it again and mail everyone at its time.
    if (
      updated?.type === CONTENT_TYPE.epaper &&
      (updated.status === STATUS.DRAFT || updated.status === STATUS.DELETED)
    )
      await tx
        .update(epaperSends)
        .set({ status: 'cancelled', finishedAt: now })
        .where(
          and(
            eq(epaperSends.siteId, s.siteId),
            eq(epaperSends.contentId, updated.id),
            eq(epaperSends.status, 'scheduled'),
          ),
        );
    return updated;
  });
  if (!row) throw notFound();
  // A deleted page's children move up to its parent (modules/pages).
  if (row.status === STATUS.DELETED && row.type === CONTENT_TYPE.page)
    await pageRowDeleted(s.deps.db, s.siteId, row.uuid);
  // Published, scheduled, offline or deleted: what readers see may have changed.
  await bumpRender(s.deps.db, s.siteId);
  if (row.status === STATUS.PUBLISHED && row.type === CONTENT_TYPE.post) {
    await awardBadge(s.deps.db, s.siteId, BADGE.FIRST_POST);
  }
  const urls = await urlsOnSite(s);
  return {
    url: urls(row).url,
    status: row.status as Status,
    publish_ts: row.publishTs?.toISOString() ?? null,
  };
}
