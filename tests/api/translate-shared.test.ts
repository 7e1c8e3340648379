/**
 * Translation jobs across two server instances on one database (issue 32; two pools on PostgreSQL with
 * TEST_DATABASE_URL, one PGlite otherwise), against the local DeepL fake: a call on B while A translates joins A's job
 * (its progress read on B, one translation, one version), and a job whose instance died (its heartbeat stopped) is
 * taken over by the next call, while a live one is not.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { SaveReply, TranslateProgress } from '../../contract/content';
import { contents, translateJobs } from '../../server/modules/tables';
import { STALE_S } from '../../server/modules/translate/service';
import { type FakeDeepL, startFakeDeepL } from '../fixtures/fakeDeepL';
import {
  type Client,
  createTestApp,
  OWNER,
  ok,
  type Reply,
  sameSessionOn,
  type TestApp,
} from '../fixtures/testApp';

let deepl: FakeDeepL;
let a: TestApp;
let b: TestApp;
let onA: Client;
let onB: Client;

beforeAll(async () => {
  deepl = await startFakeDeepL();
  const config = {
    // A slow answer is 700 ms: the timeout is far above it, so a loaded machine does not fail the job.
    translation: { deepl: { baseUrl: deepl.url, apiKey: deepl.key, timeoutMs: 10_000 }, waitMs: 400 },
  };
  a = await createTestApp({ config });
  b = await createTestApp({ shareWith: a, config });
  onA = a.client();
  ok(await onA.login(OWNER.email, OWNER.password));
  onB = sameSessionOn(b, onA);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await deepl?.close();
});

/** An article of three batches (title and subtitle, the free part, the paid part). */
const make = async (title: string) =>
  ok(
    await onA.call<SaveReply>('press/save?t=1', {
      id: 0,
      version: 0,
      title,
      subtitle: '副標',
      seo: { title: 'SEO 標題', content: '' },
      content: {
        blocks: [
          { type: 'paragraph', data: { text: '免費內容' } },
          { type: 'paid', data: {} },
          { type: 'paragraph', data: { text: '付費內容' } },
        ],
      },
    }),
  );
const JA = 5;
const translate = (c: Client, id: number) =>
  c.call<{ id: number; lang_id: number }>('press/translate?t=1', {
    id,
    translate: true,
    lang_id: JA,
    from: 1,
  });
const progress = async (c: Client, id: number) =>
  ok(await c.call<TranslateProgress>('press/translate_progress?t=1', { id, lang_id: JA }));
const versions = (uuid: string) =>
  a.database.db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.uuid, uuid), eq(contents.langId, JA)));

describe('translation jobs on two instances', () => {
  it("a call on B while A translates joins A's job: its progress on B, one translation, one version", async () => {
    const made = await make('兩台一起翻');
    deepl.fault = 'slow';
    deepl.requests.length = 0;
    try {
      expect(await translate(onA, made.id)).toMatchObject({ status: 200, code: Code.TRANSLATE_RUNNING });
      expect(await progress(onB, made.id)).toMatchObject({ state: 'running', total: 3 });
      let r: Reply<{ id: number; lang_id: number }> = await translate(onB, made.id);
      while (r.code === Code.TRANSLATE_RUNNING) r = await translate(onB, made.id);
      const copy = ok(r);
      expect(deepl.requests).toHaveLength(3); // one request per batch: B did not translate again
      expect(await versions(made.uuid)).toEqual([{ id: copy.id }]);
      expect(await progress(onB, made.id)).toEqual({ state: 'done', done: 3, total: 3 });
      expect(await progress(onA, made.id)).toEqual({ state: 'done', done: 3, total: 3 });
    } finally {
      deepl.fault = undefined;
    }
  });

  it('a job whose instance stopped beating is taken over by the next call; a live one is joined', async () => {
    const made = await make('死掉的翻譯');
    const [row] = await a.database.db.select().from(contents).where(eq(contents.id, made.id));
    // As an instance killed mid-translation leaves it: running, its heartbeat older than STALE_S.
    await a.database.db.insert(translateJobs).values({
      siteId: row.siteId,
      uuid: row.uuid,
      langId: JA,
      state: 'running',
      done: 1,
      total: 3,
      claim: 'the dead instance',
      heartbeatAt: sql`now() - make_interval(secs => ${STALE_S + 1})`,
    });
    deepl.requests.length = 0;
    let r = await translate(onB, made.id);
    while (r.code === Code.TRANSLATE_RUNNING) r = await translate(onB, made.id); // as the writer does
    const copy = ok(r);
    expect(deepl.requests).toHaveLength(3);
    expect(await versions(made.uuid)).toEqual([{ id: copy.id }]);
    expect(await progress(onA, made.id)).toEqual({ state: 'done', done: 3, total: 3 });

    // The control: the same row with a live heartbeat is joined, not taken over (the call waits, then 3612).
    const other = await make('還活著的翻譯');
    await a.database.db.insert(translateJobs).values({
      siteId: row.siteId,
      uuid: (await a.database.db.select().from(contents).where(eq(contents.id, other.id)))[0].uuid,
      langId: JA,
      state: 'running',
      total: 3,
      claim: 'a live instance',
    });
    deepl.requests.length = 0;
    expect(await translate(onB, other.id)).toMatchObject({ status: 200, code: Code.TRANSLATE_RUNNING });
    expect(deepl.requests).toHaveLength(0);
    expect(await versions(other.uuid)).toEqual([]);
  });
});
