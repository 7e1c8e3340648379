/**
 * Housekeeping (server/jobs/housekeeping.ts): rows a week past their end are deleted, batch by batch, by any number of
 * instances at once; rows still live, or ended within the week, stay, and a signed-in session keeps working.
 */
import { randomUUID } from 'node:crypto';
import { count, like, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_WINDOW_S } from '../../contract/constants';
import {
  HOUSEKEEPING_KEEP_MS,
  type HousekeepingDeps,
  startHousekeeping,
  sweepExpired,
} from '../../server/jobs/housekeeping';
import {
  authTokens,
  loginAttempts,
  readerSessions,
  readerSignins,
  readers,
  sessions,
  translateJobs,
  verifications,
} from '../../server/modules/tables';
import { createTestApp, OWNER, rawSql, signInOwner, type TestApp, userIdOf } from '../fixtures/testApp';

const MINUTE = 60_000;
let t: TestApp;
let second: TestApp;
let siteId: number;
let ownerId: number;
let readerId: number;
const errors: unknown[] = [];

const depsOf = (app: TestApp): HousekeepingDeps => ({
  db: app.database.db,
  now: () => app.clock.now,
  log: { info: () => {}, error: (...args: unknown[]) => errors.push(args) } as HousekeepingDeps['log'],
});

beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database (its own connection pool on PostgreSQL).
  second = await createTestApp({ shareWith: t });
  siteId = (await signInOwner(t)).demoSiteId;
  ownerId = await userIdOf(t, OWNER.email);
  const [reader] = await t.database.db
    .insert(readers)
    .values({ siteId, email: 'sweep-reader@example.com' })
    .returning({ id: readers.id });
  readerId = reader.id;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Rows of ours in each table, keyed by their label: `old` ended over a week ago, `recent` within it, `live` not yet. */
async function plant(label: string, end: Date) {
  const db = t.database.db;
  await db.insert(sessions).values({ id: `${label}-s`, userId: ownerId, expiresAt: end });
  await db.insert(readerSessions).values({ tokenHash: `${label}-rs`, readerId, siteId, expiresAt: end });
  await db.insert(authTokens).values({ id: `${label}-t`, kind: 'reset', userId: ownerId, expiresAt: end });
  await db.insert(verifications).values({
    id: `${label}-v`,
    email: `${label}@example.com`,
    purpose: 'register',
    codeHash: 'x',
    expiresAt: end,
  });
  await db.insert(readerSignins).values({
    siteId,
    email: `${label}@example.com`,
    codeHash: 'x',
    linkHash: `${label}-link`,
    expiresAt: end,
  });
  await db.insert(loginAttempts).values({ account: `${label}-attempt@example.com`, success: false, at: end });
  await db.insert(translateJobs).values([
    // Ended, or left running by an instance that stopped (its heartbeat as old as the end).
    {
      siteId,
      uuid: randomUUID(),
      langId: 2,
      state: 'done',
      claim: `${label}-done`,
      heartbeatAt: end,
      endedAt: end,
    },
    { siteId, uuid: randomUUID(), langId: 3, state: 'running', claim: `${label}-run`, heartbeatAt: end },
  ]);
}

/** The labels of ours a table still holds: its keys' first word, of the keys `where` picks (or all). */
async function labelsIn(table: PgTable, key: PgColumn, where?: SQL) {
  const rows = await t.database.db.select({ k: key }).from(table).where(where);
  return [...new Set(rows.map((r) => String(r.k).split('-')[0]))].sort();
}

/** Which labels of ours each table still holds. */
const left = async () => ({
  sessions: await labelsIn(sessions, sessions.id, like(sessions.id, '%-s')),
  readerSessions: await labelsIn(readerSessions, readerSessions.tokenHash),
  authTokens: await labelsIn(authTokens, authTokens.id, like(authTokens.id, '%-t')),
  verifications: await labelsIn(verifications, verifications.id),
  readerSignins: await labelsIn(readerSignins, readerSignins.linkHash),
  loginAttempts: await labelsIn(loginAttempts, loginAttempts.account, like(loginAttempts.account, '%-%')),
  translateJobs: await labelsIn(translateJobs, translateJobs.claim),
});

const rowsIn = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0].n;

describe('housekeeping', () => {
  it('keeps a sign-in attempt at least as long as the lock counts it', () => {
    expect(HOUSEKEEPING_KEEP_MS).toBeGreaterThan(LOGIN_LOCK_WINDOW_S * 1000);
  });

  it('deletes what ended over a week ago, and nothing live or ended within the week', async () => {
    const now = t.clock.now;
    await plant('old', new Date(now - HOUSEKEEPING_KEEP_MS - MINUTE));
    await plant('recent', new Date(now - HOUSEKEEPING_KEEP_MS + MINUTE));
    await plant('live', new Date(now + 60 * MINUTE));
    const attemptsBefore = await rowsIn(loginAttempts);

    const results = await sweepExpired(depsOf(t));
    expect(Object.fromEntries(results.map((r) => [r.table, r.deleted]))).toEqual({
      sessions: 1,
      reader_sessions: 1,
      auth_tokens: 1,
      verifications: 1,
      reader_signins: 1,
      login_attempts: 1,
      translate_jobs: 2,
    });
    const kept = ['live', 'recent'];
    expect(await left()).toEqual({
      sessions: kept,
      readerSessions: kept,
      authTokens: kept,
      verifications: kept,
      readerSignins: kept,
      loginAttempts: kept,
      translateJobs: kept,
    });
    // The owner's own sign-in attempt (made just now) is kept with the rest.
    expect(await rowsIn(loginAttempts)).toBe(attemptsBefore - 1);

    // Again: nothing more to do. Two minutes on, the recent rows are over a week old too.
    expect(await sweepExpired(depsOf(t))).toEqual([]);
    t.clock.advance(2 * MINUTE);
    await sweepExpired(depsOf(t));
    expect((await left()).sessions).toEqual(['live']);
    expect(errors).toEqual([]);
  });

  it('leaves a signed-in session working', async () => {
    const { owner } = await signInOwner(t);
    await sweepExpired(depsOf(t));
    expect((await owner.call('member/status')).code).toBe(1);
  });

  it('works through a backlog batch after batch, two instances at once, each row once', async () => {
    const backlog = 2_500;
    const ended = new Date(t.clock.now - HOUSEKEEPING_KEEP_MS - MINUTE).toISOString();
    await rawSql(
      t,
      `INSERT INTO sessions (id, user_id, expires_at)
       SELECT 'backlog-' || g, $1, $2::timestamptz FROM generate_series(1, ${backlog}) g`,
      [ownerId, ended],
    );
    const backlogLeft = async () =>
      (await t.database.db.select({ n: count() }).from(sessions).where(like(sessions.id, 'backlog-%')))[0].n;
    const othersLeft = async () => (await rowsIn(sessions)) - (await backlogLeft());
    const others = await othersLeft();
    expect(await backlogLeft()).toBe(backlog);

    // Each job's first pass starts at once and goes round after round while a batch comes back full; a pass asked
    // for runs after it, so its answer comes once the backlog is worked through.
    const jobs = [startHousekeeping(depsOf(t)), startHousekeeping(depsOf(second))];
    const after = await Promise.all(jobs.map((j) => j.pass()));
    await Promise.all(jobs.map((j) => j.stop()));
    expect(after).toEqual([[], []]);
    expect(await backlogLeft()).toBe(0);
    expect(errors).toEqual([]);
    expect(await othersLeft()).toBe(others);
  });
});
