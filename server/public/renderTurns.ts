/**
 * Turns on this instance: at most RENDER_LIMITS.perSite pages of one site being made at once (from the database to
 * the render), and no more renders than the render workers, so a render never waits inside the pool (its time
 * limit is its own run). The rest wait in order, a bounded number for a bounded time; past either bound the visitor
 * is asked to come back (503).
 */
import { type Release, Turns, turnsPerKey } from '../http/turns';
import { RENDER_LIMITS } from '../workers/renderLimits';

export type { Release };

const sites = turnsPerKey(() => ({ limit: RENDER_LIMITS.perSite, queueMax: RENDER_LIMITS.queuePerSite }));
const workers = new Turns(() => ({ limit: RENDER_LIMITS.threads, queueMax: Number.POSITIVE_INFINITY }));

/**
 * A turn to make a page of `siteId` (its objects from the database and its render), or null: the site has too many
 * waiting, or the wait ran out (the visitor is asked to come back).
 */
export function siteTurn(siteId: number): Promise<Release | null> {
  return sites(siteId).take(RENDER_LIMITS.queueWaitMs);
}

/** A render worker's turn (all sites'), or null when none came free in time. */
export const workerTurn = (): Promise<Release | null> => workers.take(RENDER_LIMITS.queueWaitMs);
