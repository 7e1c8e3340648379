/**
 * Deletes the rows whose life is over and that nothing reads again, so these tables stay the size of their live
 * rows: staff and reader sessions past their expiry (never signed out), one-time tokens and codes (auth_tokens,
 * verifications, reader_signins) past theirs, sign-in attempts older than the lock's window, and translation jobs
 * ended or abandoned. Each row is kept HOUSEKEEPING_KEEP_MS after its end first, for someone looking into what
 * happened (and a late e-mail code still answers "expired" for that long).
 *
 * A statement deletes at most BATCH rows of one table, taken with FOR UPDATE SKIP LOCKED: instances running it
 * together share the rows and never wait for each other, and no statement holds a table (or PGlite's one
 * connection) for long. Deleting is idempotent, so no lease is needed.
 */
import { getTableName, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../db/client';
import { authTokens, loginAttempts, sessions, verifications } from '../modules/auth/schema';
import { readerSessions, readerSignins } from '../modules/readers/schema';
import { translateJobs } from '../modules/translate/schema';
import { type BatchedJob, batchedJob } from './batched';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** How long a row is kept after its end. Longer than the sign-in lock's window, which counts attempts. */
export const HOUSEKEEPING_KEEP_MS = 7 * 24 * 3600_000;
/** Rows deleted by one statement. */
const BATCH = 1000;

export interface HousekeepingDeps {
  db: Db;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** A table and which of its rows are over, given the moment before which an end is old enough. */
interface Sweep {
  table: PgTable;
  over: (before: Date) => SQL;
}

const SWEEPS: Sweep[] = [
  { table: sessions, over: (before) => lt(sessions.expiresAt, before) },
  { table: readerSessions, over: (before) => lt(readerSessions.expiresAt, before) },
  { table: authTokens, over: (before) => lt(authTokens.expiresAt, before) },
  { table: verifications, over: (before) => lt(verifications.expiresAt, before) },
  { table: readerSignins, over: (before) => lt(readerSignins.expiresAt, before) },
  { table: loginAttempts, over: (before) => lt(loginAttempts.at, before) },
  {
    table: translateJobs,
    // Its end; or, still marked running by an instance that stopped, its last heartbeat (the next call starts afresh).
    over: (before) =>
      sql`coalesce(${translateJobs.endedAt}, ${translateJobs.heartbeatAt}) < ${before.toISOString()}::timestamptz`,
  },
];

export interface HousekeepingResult {
  table: string;
  deleted: number;
  /** A whole batch went: more may be over. */
  full: boolean;
}

/** One round: up to BATCH over rows of each table deleted; answers the tables that had some. */
export async function sweepExpired(deps: HousekeepingDeps): Promise<HousekeepingResult[]> {
  const before = new Date(deps.now() - HOUSEKEEPING_KEEP_MS);
  const results: HousekeepingResult[] = [];
  for (const { table, over } of SWEEPS) {
    const gone = rowsOf(
      await deps.db.execute(sql`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM ${table} WHERE ${over(before)} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)) RETURNING 1`),
    ).length;
    if (gone) results.push({ table: getTableName(table), deleted: gone, full: gone === BATCH });
  }
  return results;
}

/** Sweeps every `intervalMs` (an hour by default), starting at once, round after round while a table had a full batch. */
export function startHousekeeping(
  deps: HousekeepingDeps,
  opts: { intervalMs?: number } = {},
): BatchedJob<HousekeepingResult> {
  return batchedJob({
    name: 'housekeeping',
    intervalMs: opts.intervalMs ?? HOUSEKEEPING_INTERVAL_MS,
    batch: BATCH,
    claim: () => sweepExpired(deps),
    more: (round) => round.some((r) => r.full),
    log: deps.log,
  });
}
