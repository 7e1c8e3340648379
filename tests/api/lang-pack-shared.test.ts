/**
 * Language pack corrections across two server instances on one database (issue 32; two pools on PostgreSQL with
 * TEST_DATABASE_URL, one PGlite otherwise), each with its own I18N_DIR: a correction written in A's folder is served
 * by A on its next look and by B within 1 s (pack and X-I18n-Version), an older copy of the file on B never overwrites
 * it, and a removal reaches B too.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { busOf } from '../../server/db/changeBus';
import { CHANGES_CHANNEL } from '../../server/db/changes';
import { CHECK_MS } from '../../server/modules/langPack/packs';
import { createTestApp, rawSql, type TestApp } from '../fixtures/testApp';

let a: TestApp;
let b: TestApp;
let dirA: string;
let dirB: string;

const KEY = 'dashboard.onboarding.title';

beforeAll(async () => {
  dirA = await mkdtemp(path.join(tmpdir(), 'i18n-a-'));
  dirB = await mkdtemp(path.join(tmpdir(), 'i18n-b-'));
  a = await createTestApp({ config: { i18nDir: dirA } });
  b = await createTestApp({ shareWith: a, config: { i18nDir: dirB } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await rm(dirA, { recursive: true, force: true });
  await rm(dirB, { recursive: true, force: true });
});

interface Pack {
  version: string;
  words: { dashboard: { onboarding: { title: string } } };
}

const packOn = async (t: TestApp): Promise<Pack> => {
  const res = await t.app.inject({ method: 'GET', url: '/i18n/lang.json?lang=en' });
  expect(res.statusCode).toBe(200);
  return res.json() as Pack;
};
const titleOn = async (t: TestApp) => (await packOn(t)).words.dashboard.onboarding.title;
const apiVersionOn = async (t: TestApp) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/member/status',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{}',
    })
  ).headers['x-i18n-version'];

/** Polls B's pack until its title is `title`; fails after 1 s. Answers the time it took. */
async function onBWithin1s(title: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    const seen = await titleOn(b);
    if (seen === title) return Date.now() - start;
    if (Date.now() - start > 1000) throw new Error(`B still says "${seen}" after 1 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Resolves once B has heard every notification sent so far: they reach a listener in the order they were sent, so a
 * marker sent now comes after them all. Without it, one of a test above arriving late would make B read its row again
 * in the middle of the next test (the row a change heard says to read; packs.ts `stale`).
 */
async function bHeardAll(): Promise<void> {
  const bus = busOf(b.database.db);
  if (!bus) throw new Error('B listens to no change bus');
  const marker = `marker-${Date.now()}`;
  const heard = new Promise<void>((resolve) => {
    const off = bus.on({
      change: (c) => {
        if (c.kind === 'langpack' && c.id === marker) {
          off();
          resolve();
        }
      },
      reset: () => {},
    });
  });
  await rawSql(a, `SELECT pg_notify('${CHANGES_CHANNEL}', 'langpack:${marker}')`);
  await heard;
}

/** Writes (or with null removes) a corrections file in `dir`, and lets the instances' next look at it happen. */
async function correct(dir: string, title: string | null) {
  const file = path.join(dir, 'en.json');
  if (title === null) await rm(file, { force: true });
  else await writeFile(file, JSON.stringify({ [KEY]: title }));
  a.clock.advance(CHECK_MS + 1);
}

describe('language pack corrections on two instances', () => {
  it("a correction in A's folder is served by A on its next look and by B within 1 s, then its removal", async () => {
    expect(await titleOn(b)).toBe(en.dashboard.onboarding.title); // B holds the built-in pack
    await correct(dirA, 'Welcome aboard');
    expect(await titleOn(a)).toBe('Welcome aboard');
    expect(await onBWithin1s('Welcome aboard')).toBeLessThan(1000);
    expect(await apiVersionOn(b)).toBe((await packOn(a)).version);
    await correct(dirA, null);
    expect(await titleOn(a)).toBe(en.dashboard.onboarding.title);
    expect(await onBWithin1s(en.dashboard.onboarding.title)).toBeLessThan(1000);
  });

  it("an older copy of the file in B's folder does not overwrite A's newer correction", async () => {
    await correct(dirA, 'Newer');
    expect(await titleOn(a)).toBe('Newer');
    expect(await onBWithin1s('Newer')).toBeLessThan(1000);
    const old = path.join(dirB, 'en.json');
    await writeFile(old, JSON.stringify({ [KEY]: 'Older' }));
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(old, hourAgo, hourAgo);
    a.clock.advance(CHECK_MS + 1);
    expect(await titleOn(b)).toBe('Newer');
    expect(await titleOn(a)).toBe('Newer');
    await rm(old);
    await correct(dirA, null);
    expect(await titleOn(a)).toBe(en.dashboard.onboarding.title);
    expect(await onBWithin1s(en.dashboard.onboarding.title)).toBeLessThan(1000);
  });

  it('B keeps its pack while nothing is announced (the control of the tests above)', async () => {
    await bHeardAll();
    expect(await titleOn(b)).toBe(en.dashboard.onboarding.title);
    await rawSql(a, 'ALTER TABLE lang_corrections DISABLE TRIGGER lang_corrections_notify');
    try {
      await correct(dirA, 'Unannounced');
      expect(await titleOn(a)).toBe('Unannounced');
      expect(await titleOn(b)).toBe(en.dashboard.onboarding.title);
      a.clock.advance(CHECK_MS + 1);
      expect(await titleOn(b)).toBe(en.dashboard.onboarding.title);
    } finally {
      await rawSql(a, 'ALTER TABLE lang_corrections ENABLE TRIGGER lang_corrections_notify');
    }
    await correct(dirA, null);
    expect(await titleOn(a)).toBe(en.dashboard.onboarding.title);
    expect(await onBWithin1s(en.dashboard.onboarding.title)).toBeLessThan(1000);
  });
});
