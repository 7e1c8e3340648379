/**
 * Publishes scheduled items when their time comes. Each tick is one UPDATE that takes due rows with
 * FOR UPDATE SKIP LOCKED, so several server instances on one PostgreSQL publish every item exactly once, and an
 * instance started after the moment (a restart) publishes what it missed on its first tick. The statement is short,
 * which matters on PGlite, where every request shares the one connection.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONTENT_TYPE, STATUS } from '../../contract/contentConstants';
import { BADGE } from '../../contract/sites';
import type { Db } from '../db/client';
import { contents } from '../modules/content/schema';
import { snapshotOfDraft } from '../modules/content/snapshot';
import { bumpRender } from '../modules/tenancy/invalidate';
import { awardBadge } from '../modules/tenancy/sites';

export const SCHEDULER_INTERVAL_MS = 500;
/** Due items taken per tick; more wait for the next one. */
const BATCH = 100;

export interface SchedulerDeps {
  db: Db;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export interface SchedulerOptions {
  intervalMs?: number;
  /** Told the ids of the items each tick published (tests count them; a later e-paper sender may listen). */
  onPublished?: (ids: number[]) => void;
}

export interface Scheduler {
  /** Stops polling and waits for a tick under way. */
  stop(): Promise<void>;
}

/** One pass: publishes up to BATCH due items and answers their ids. */
export async function publishDue(deps: SchedulerDeps): Promise<number[]> {
  const now = new Date(deps.now());
  const due = deps.db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.status, STATUS.SCHEDULED), lte(contents.publishTs, now)))
    .orderBy(asc(contents.publishTs))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await deps.db
    .update(contents)
    .set({ status: STATUS.PUBLISHED, published: snapshotOfDraft, isDraftChanged: false, updatedAt: now })
    .where(and(inArray(contents.id, due), eq(contents.status, STATUS.SCHEDULED)))
    .returning({ id: contents.id, siteId: contents.siteId, type: contents.type });
  // A site's first article may well be a scheduled one: that earns its onboarding badge too.
  const postSites = new Set(rows.filter((r) => r.type === CONTENT_TYPE.post).map((r) => r.siteId));
  for (const siteId of new Set(rows.map((r) => r.siteId))) await bumpRender(deps.db, siteId);
  for (const siteId of postSites) await awardBadge(deps.db, siteId, BADGE.FIRST_POST);
  return rows.map((r) => r.id);
}

/** Polls every `intervalMs` (500 ms by default), starting at once. */
export function startScheduler(deps: SchedulerDeps, opts: SchedulerOptions = {}): Scheduler {
  const interval = opts.intervalMs ?? SCHEDULER_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      const ids = await publishDue(deps);
      if (ids.length) {
        deps.log.info({ ids }, 'published scheduled items');
        opts.onPublished?.(ids);
      }
    } catch (err) {
      // A failed tick (e.g. the database restarting) is retried by the next one.
      deps.log.error({ err }, 'scheduler tick failed');
    }
  };
  const loop = () => {
    if (stopped) return;
    running = tick().then(() => {
      if (!stopped) timer = setTimeout(loop, interval);
    });
  };
  loop();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
