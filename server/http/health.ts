/**
 * The proxy's and the orchestrator's questions (issue 32), outside /api: `GET /healthz` — is the process alive (200
 * `ok`, no database) — and `GET /readyz` — should it get traffic: 200 while the database answers `SELECT 1` within
 * READY_DB_TIMEOUT_MS and the process is neither starting (its render workers still loading) nor draining, else
 * 503. Migrations are done by then: main.ts listens only after openDatabase has migrated. No session, no rate limit, and no per-request log line at info (a health check
 * every second would be most of the log).
 *
 * On the admin's hosts only (an IP address, no Host header, PUBLIC_URL's): a proxy checks a server by its address.
 * On a public site's host these paths stay the site's own (a page may be called `healthz`).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';

/** A database that does not answer `SELECT 1` within this long is not ready (a proxy's check waits about 2 s). */
export const READY_DB_TIMEOUT_MS = 1000;

/** Where the process is in its life, as far as readyz is concerned (main.ts moves it). */
export class Lifecycle {
  /** Still loading what requests need beyond the database: the render workers (main.ts clears it once warm). */
  starting = false;
  /** On its way out (SIGTERM/SIGINT): readyz answers 503 at once. */
  draining = false;
}

export function registerHealth(app: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  // One database probe at a time: checks arriving while one runs share its answer.
  let probe: Promise<boolean> | undefined;
  const databaseAnswers = () => {
    probe ??= answersWithin(db, READY_DB_TIMEOUT_MS).finally(() => {
      probe = undefined;
    });
    return probe;
  };
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, (_req, reply) => send(reply, 200, 'ok'));
  app.get('/readyz', quiet, async (_req, reply) => {
    if (lifecycle.draining) return send(reply, 503, 'draining');
    if (lifecycle.starting) return send(reply, 503, 'starting');
    const ok = await databaseAnswers();
    // Draining may have begun while the database was asked.
    if (lifecycle.draining) return send(reply, 503, 'draining');
    return ok ? send(reply, 200, 'ready') : send(reply, 503, 'database unavailable');
  });
}

const send = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);

/** True when `SELECT 1` comes back within `ms`; a connection that hangs (a dead server) counts as no answer. */
async function answersWithin(db: Db, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const asked = db.execute(sql`SELECT 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
