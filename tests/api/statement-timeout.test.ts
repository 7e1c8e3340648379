/**
 * The pool's statement timeout on PostgreSQL (STATEMENT_TIMEOUT_MS, server/db/client.ts): a statement running longer
 * is cancelled by the server, and the connection that ran the migrations, exempt from it, serves with the bound again.
 * PGlite, one process of its own, has none; so this runs with TEST_DATABASE_URL only (the PostgreSQL API suite).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { createTestApp, type TestApp } from '../fixtures/testApp';

describe('STATEMENT_TIMEOUT_MS', () => {
  it('is a minute by default, read as a whole number of ms, 0 for none', () => {
    expect(loadConfig({}).statementTimeoutMs).toBe(60_000);
    expect(loadConfig({ STATEMENT_TIMEOUT_MS: '0' }).statementTimeoutMs).toBe(0);
    expect(() => loadConfig({ STATEMENT_TIMEOUT_MS: '1.5s' })).toThrow(/STATEMENT_TIMEOUT_MS/);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('the statement timeout on PostgreSQL', () => {
  let t: TestApp;
  let bounded: Database;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // A second pool on the test's migrated database, opened (and so migrated again) with a bound of 300 ms.
    bounded = await openDatabase({ url: t.databaseUrl as string, statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await bounded?.close();
    await t?.close();
  });

  const setting = async (db: Database['db']) =>
    ((await db.execute(sql`SHOW statement_timeout`)) as unknown as { rows: { statement_timeout: string }[] })
      .rows[0].statement_timeout;

  it('bounds every connection of the pool, the migrations’ one too once they are done', async () => {
    // The migrations' connection went back to the pool idle, so it answers first; then others alongside it.
    expect(await setting(bounded.db)).toBe('300ms');
    const all = await Promise.all(Array.from({ length: 4 }, () => setting(bounded.db)));
    expect(all).toEqual(['300ms', '300ms', '300ms', '300ms']);
    expect(await setting(t.database.db)).toBe('0');
  });

  it('runs every connection without JIT or parallel workers (db/client.ts)', async () => {
    const shown = async (db: Database['db'], name: 'jit' | 'max_parallel_workers_per_gather') =>
      rowsOf<Record<string, string>>(await db.execute(sql.raw(`SHOW ${name}`)))[0][name];
    for (const db of [bounded.db, t.database.db]) {
      expect(await shown(db, 'jit')).toBe('off');
      expect(await shown(db, 'max_parallel_workers_per_gather')).toBe('0');
    }
  });

  it('cancels a statement that runs longer, and the pool goes on', async () => {
    const slow = bounded.db.execute(sql`SELECT pg_sleep(2)`);
    await expect(slow).rejects.toSatisfy((err: { code?: string; cause?: { code?: string } }) =>
      [err.code, err.cause?.code].includes('57014'),
    );
    expect(await bounded.db.execute(sql`SELECT 1 AS one`)).toMatchObject({ rows: [{ one: 1 }] });
    // Without the bound (the tests' own pool) the same statement runs to its end.
    await t.database.db.execute(sql`SELECT pg_sleep(0.5)`);
  });
});
