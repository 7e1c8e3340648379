/**
 * A statement built once and then run by name (issue 31): the save's write is one long statement whose SQL drizzle
 * would otherwise build again on every save (a fifth of a save's CPU on the server), and which PostgreSQL would parse
 * and plan again. It is built with placeholders for every value, so nothing of one call stays in it, and run through
 * the handle's own session: the pool's or a transaction's connection alike (PGlite ignores the name).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** What of drizzle's handle this needs; not in its public types, present on every PgDatabase and transaction. */
interface Internals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
}

const built = new Map<string, { sql: string; params: unknown[] }>();

/** The statement of `name` (made by `build` on first use) as drizzle hands it to the driver. */
export function builtQuery(db: Db, name: string, build: () => SQL) {
  let query = built.get(name);
  if (!query) {
    query = (db as unknown as Internals).dialect.sqlToQuery(build());
    built.set(name, query);
  }
  return query;
}

/** Runs statement `name` with the placeholders' values; answers its rows. */
export async function runNamed<T>(
  db: Db,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  const query = builtQuery(db, name, build);
  const result = await (db as unknown as Internals).session
    .prepareQuery(query, undefined, name, false)
    .execute(values);
  return (result as { rows: T[] }).rows;
}
