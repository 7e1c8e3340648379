/**
 * One site's share of an instance for its admin calls (a call of `site` access, from its session's current site):
 * at most SITE_CALL_LIMITS.perSite of them in flight at once, so that a burst of one site's heavy calls (a long
 * list's deep page, a member filter that meets no row, an export) waits for its own turns and leaves the rest of the
 * database pool to the other sites. The rest wait in order, a bounded number for a bounded time; past either bound
 * the call is refused with 1012 (SITE_BUSY). A call made within one that holds a turn (an action running
 * another for the same request) runs in that turn. The public pages have their own (public/renderTurns.ts).
 */
import type { FastifyRequest } from 'fastify';
import { POOL_SIZE } from '../db/client';
import { type Release, turnsPerKey } from './turns';

export const SITE_CALL_LIMITS = {
  /** Calls of one site in flight on this instance: a newsroom's many writers share them; others keep the rest. */
  perSite: Math.max(1, POOL_SIZE - 4),
  /** Calls of one site that may wait for a turn; more are refused at once. */
  queuePerSite: 64,
  /** The longest a call waits for its turn before it is refused. */
  queueWaitMs: 15_000,
};

let limits = SITE_CALL_LIMITS;
/** Other limits (tests); undefined restores SITE_CALL_LIMITS. */
export function setSiteCallLimits(next: typeof SITE_CALL_LIMITS | undefined) {
  limits = next ?? SITE_CALL_LIMITS;
}

const sites = turnsPerKey(() => ({ limit: limits.perSite, queueMax: limits.queuePerSite }));
/** The requests whose call holds a turn. */
const holding = new WeakSet<FastifyRequest>();

/**
 * A turn for the call of `req` on `siteId`: at once when one is free (most calls), else a wait; null when refused.
 * `undefined` for a call made within one that holds a turn.
 */
export function siteCallTurn(
  req: FastifyRequest,
  siteId: number,
): Release | undefined | null | Promise<Release | null> {
  if (holding.has(req)) return undefined;
  const turns = sites(siteId);
  const now = turns.tryTake();
  return now ? held(req, now) : turns.take(limits.queueWaitMs).then((r) => r && held(req, r));
}

function held(req: FastifyRequest, release: Release): Release {
  holding.add(req);
  return () => {
    holding.delete(req);
    release();
  };
}
