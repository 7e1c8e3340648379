/**
 * Opens the database: embedded PGlite in a folder (or in memory for tests) by default, a PostgreSQL server when a
 * URL is given. Both are migrated from the one migration folder.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ChangeHub, registerHub } from './changes';
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a `db.execute` answer: node-postgres and PGlite both answer `{ rows }`, unmapped by drizzle. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Any fixed number: instances starting together take turns migrating. */
const MIGRATION_LOCK = 7_240_011;

export interface OpenOptions {
  /** postgres://… for a PostgreSQL server. */
  url?: string;
  /** A folder for PGlite; omitted means in memory. */
  dir?: string;
  /** PGlite starts from this data directory (a `dumpDataDir()` tarball, e.g. one already migrated) instead of initdb. */
  template?: Blob;
  /**
   * PostgreSQL only: a statement of the pool running longer than this is cancelled by the server (57014), so that a
   * query run away on one site's data cannot hold a connection for ever. The migrations are exempt. Absent or 0: none.
   */
  statementTimeoutMs?: number;
}

/** Connections of an instance's PostgreSQL pool (http/siteTurns.ts gives one site a share of them). */
export const POOL_SIZE = 10;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // No JIT: it compiles a plan's expressions once its estimated cost is high, which for this product's short queries
    // over large tables (a count over 10,000 rows of a million-row list) cost 100 ms of code generation for a 20 ms query.
    // No parallel workers either, for the same reason: a list page whose hits the planner underestimates (a keyword's
    // bigram and its ILIKE taken as independent) got a parallel walk of its order index, 95 ms of starting workers for a
    // page the same walk alone reads in 4.5 (press/list "coffee" at 1,000,000 articles). And one site's query would
    // take the server's few workers from every other site's.
    const timeout = opts.statementTimeoutMs ? ` -c statement_timeout=${opts.statementTimeoutMs}` : '';
    const options = `-c jit=off -c max_parallel_workers_per_gather=0${timeout}`;
    const pool = new pg.Pool({ connectionString: opts.url, max: POOL_SIZE, options });
    // An idle connection the server ends (restart, failover) must not take the process down; the pool reconnects.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
    const client = await pool.connect();
    try {
      // A migration (an index over a large table) and the wait for another instance's take as long as they take.
      await client.query('SET statement_timeout = 0');
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      // Back to the pool's own bound before the connection serves anything else.
      await client.query('RESET statement_timeout').catch(() => undefined);
      client.release();
    }
    // Writes to the tables a cached caller is read from are told to this process's caches at once (db/changes.ts).
    const hub = new ChangeHub();
    const db = drizzlePg(pool, { logger: hub }) as unknown as Db;
    registerHub(db, hub);
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
    };
  }
  // 'memory://' rather than undefined: PGlite ignores the options without a data directory.
  const client = new PGlite(opts.dir ?? 'memory://', { extensions: { pg_trgm }, loadDataDir: opts.template });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const hub = new ChangeHub();
  const db = drizzlePglite(client, { logger: hub });
  registerHub(db, hub);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/** A migrated, empty PGlite data directory, for `openDatabase({ template })`: the API tests make it once per run. */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
