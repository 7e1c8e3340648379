/**
 * Machine translation of a whole item into a new language version (`press/translate` with translate=true). The item's
 * texts (walker.ts) go to the pair's service (server/adapters/translation) in batches; `press/translate_progress`
 * reads how many batches are done. The version is inserted once at the end through content's copyItem, so a retry
 * or a second call never makes two, and an existing version is answered as it is. The job is a row of
 * `translate_jobs` (schema.ts), claimed in one statement: a call on any instance while it runs joins it (polls the
 * row), and one whose instance died (no heartbeat for STALE_S) is taken over by the next call. A call waits at most
 * `waitMs` (below the client's 120 s) and then answers TRANSLATE_RUNNING; calling again waits on.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import type { ContentTranslate, TranslatePairs, TranslateProgress } from '../../../contract/content';
import { LANG_IDS, STATUS } from '../../../contract/contentConstants';
import { translatorsOf } from '../../adapters/translation';
import { sameTags, splitHtml } from '../../adapters/translation/html';
import { TranslationError, type Translator } from '../../adapters/translation/translator';
import { AppError } from '../../http/errors';
import { contents } from '../content/schema';
import type { ContentRecord, Scope } from '../content/scope';
import { copyItem } from '../content/service';
import { translateJobs } from './schema';
import { batchesOf, type Segment, walk } from './walker';

/** How often a running job renews its row's heartbeat. */
const HEARTBEAT_MS = 2_000;
/** A running job whose heartbeat is older than this is taken over by the next call (its instance stopped). */
export const STALE_S = 10;
/** How often a call joining a job looks at its row. */
const POLL_MS = 200;
/** How long an ended job's progress stays readable. */
const KEEP_S = 60;

const jobOf = (s: Scope, item: ContentRecord, langId: number) =>
  and(
    eq(translateJobs.siteId, s.siteId),
    eq(translateJobs.uuid, item.uuid),
    eq(translateJobs.langId, langId),
  );

interface JobRow {
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  failureTold: boolean;
  /** Running with a recent heartbeat. */
  live: boolean;
  /** Ended less than KEEP_S ago. */
  recent: boolean;
}

async function readJob(s: Scope, item: ContentRecord, langId: number): Promise<JobRow | undefined> {
  const [row] = await s.deps.db
    .select({
      state: translateJobs.state,
      done: translateJobs.done,
      total: translateJobs.total,
      failureTold: translateJobs.failureTold,
      live: sql<boolean>`${translateJobs.state} = 'running' and ${translateJobs.heartbeatAt} >= now() - make_interval(secs => ${STALE_S})`,
      recent: sql<boolean>`coalesce(${translateJobs.endedAt} >= now() - make_interval(secs => ${KEEP_S}), false)`,
    })
    .from(translateJobs)
    .where(jobOf(s, item, langId));
  return row;
}

/** Marks a failure told; true if this caller is the one telling it. */
async function tellFailure(s: Scope, item: ContentRecord, langId: number): Promise<boolean> {
  const told = await s.deps.db
    .update(translateJobs)
    .set({ failureTold: true })
    .where(
      and(jobOf(s, item, langId), eq(translateJobs.state, 'failed'), eq(translateJobs.failureTold, false)),
    )
    .returning({ state: translateJobs.state });
  return told.length > 0;
}

/**
 * Claims the job in one statement: a new row, or one that ended, or one running whose heartbeat stopped. Answers this
 * claim's token, or undefined when a live job holds the row.
 */
async function claim(
  s: Scope,
  item: ContentRecord,
  langId: number,
  total: number,
): Promise<string | undefined> {
  const token = randomUUID();
  const fresh = {
    state: 'running' as const,
    done: 0,
    total,
    resultId: null,
    claim: token,
    heartbeatAt: sql`now()`,
    failureTold: false,
    endedAt: null,
  };
  const [row] = await s.deps.db
    .insert(translateJobs)
    .values({ siteId: s.siteId, uuid: item.uuid, langId, ...fresh })
    .onConflictDoUpdate({
      target: [translateJobs.siteId, translateJobs.uuid, translateJobs.langId],
      set: fresh,
      setWhere: or(
        ne(translateJobs.state, 'running'),
        sql`${translateJobs.heartbeatAt} < now() - make_interval(secs => ${STALE_S})`,
      ),
    })
    .returning({ claim: translateJobs.claim });
  return row?.claim === token ? token : undefined;
}

async function copyExists(s: Scope, item: ContentRecord, langId: number): Promise<boolean> {
  const [row] = await s.deps.db
    .select({ id: contents.id })
    .from(contents)
    .where(
      and(
        eq(contents.siteId, s.siteId),
        eq(contents.uuid, item.uuid),
        eq(contents.langId, langId),
        ne(contents.status, STATUS.DELETED),
      ),
    );
  return !!row;
}

/** A batch through the service; inline HTML whose tags came back changed is translated again text node by node. */
async function translateBatch(
  translator: Translator,
  segments: Segment[],
  from: number,
  to: number,
): Promise<string[]> {
  const html = segments[0].html;
  const texts = segments.map((x) => x.text);
  const out = await translator.translate({ texts, from, to, html });
  if (!html) return out;
  return Promise.all(
    out.map(async (translated, i) => {
      if (sameTags(texts[i], translated)) return translated;
      const parts = splitHtml(texts[i]);
      const nodes = parts.map((p, k) => (k % 2 === 0 && p.trim() !== '' ? k : -1)).filter((k) => k >= 0);
      if (!nodes.length) return texts[i];
      const done = await translator.translate({ texts: nodes.map((k) => parts[k]), from, to, html: false });
      nodes.forEach((k, n) => {
        // A text node is text: what the service answered is escaped, so it cannot add tags.
        parts[k] = done[n]
          .replace(/&(?![a-zA-Z#0-9]+;)/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;');
      });
      return parts.join('');
    }),
  );
}

/** Runs a claimed job in this process: its heartbeat and progress on its row, the version made once at the end. */
function run(
  s: Scope,
  item: ContentRecord,
  langId: number,
  translator: Translator,
  token: string,
  work: ReturnType<typeof walk>,
): Promise<{ id: number; lang_id: number }> {
  const { segments, rebuild } = work;
  const db = s.deps.db;
  const mine = and(jobOf(s, item, langId), eq(translateJobs.claim, token));
  const beat = () =>
    db
      .update(translateJobs)
      .set({ heartbeatAt: sql`now()` })
      .where(mine)
      .catch((err) => s.deps.log.warn({ err }, 'translation heartbeat not written'));
  const heart = setInterval(beat, HEARTBEAT_MS);
  heart.unref();
  const promise = (async () => {
    const translated: string[] = new Array(segments.length);
    for (const batch of batchesOf(segments)) {
      const out = await translateBatch(
        translator,
        batch.map((i) => segments[i]),
        item.langId,
        langId,
      );
      batch.forEach((i, n) => {
        translated[i] = out[n];
      });
      await db
        .update(translateJobs)
        .set({ done: sql`${translateJobs.done} + 1`, heartbeatAt: sql`now()` })
        .where(mine);
    }
    return copyItem(s, item, langId, rebuild(translated));
  })();
  const end = (set: { state: 'done' | 'failed'; resultId?: number }) =>
    db
      .update(translateJobs)
      .set({ ...set, endedAt: sql`now()` })
      .where(mine)
      .catch((err) => s.deps.log.warn({ err }, 'translation end not written'));
  // Settles once the row says how it ended, so whoever learns the end from this promise finds the row agreeing.
  const ended = promise.then(
    async (made) => {
      await end({ state: 'done', resultId: made.id });
      return made;
    },
    async (err) => {
      if (!(err instanceof TranslationError)) s.deps.log.error({ err }, 'translation failed');
      else s.deps.log.warn({ err: err.message, provider: translator.name }, 'translation service failed');
      await end({ state: 'failed' });
      throw err;
    },
  );
  ended.catch(() => undefined).finally(() => clearInterval(heart));
  return ended;
}

/**
 * `translate`: the item in another language. With translate=false a blank copy (no title or content); with true the
 * whole item machine translated. An existing copy is answered as it is.
 */
export function translateItem(
  s: Scope,
  item: ContentRecord,
  input: z.output<typeof ContentTranslate>,
): Promise<{ id: number; lang_id: number }> {
  if (input.lang_id === item.langId) return Promise.resolve({ id: item.id, lang_id: item.langId });
  return input.translate ? machineTranslate(s, item, input.lang_id) : copyItem(s, item, input.lang_id);
}

/** `translate` with translate=true: the version in `langId`, machine translated (or the existing one). */
export async function machineTranslate(
  s: Scope,
  item: ContentRecord,
  langId: number,
): Promise<{ id: number; lang_id: number }> {
  const deadline = Date.now() + (s.deps.config.translation.waitMs ?? 100_000);
  let job = await readJob(s, item, langId);
  // It failed between this caller's calls (each waits at most waitMs): this one learns it, the next starts again.
  if (job?.state === 'failed' && !job.failureTold && (await tellFailure(s, item, langId)))
    throw new AppError(Code.TRANSLATE_FAILED);
  for (;;) {
    if (!job?.live) {
      if (await copyExists(s, item, langId)) return copyItem(s, item, langId);
      const translator = translatorsOf(s.deps.config.translation).pick(item.langId, langId);
      if (!translator) throw new AppError(Code.TRANSLATE_NO_PROVIDER);
      const work = walk({ title: item.title, subtitle: item.subtitle, seo: item.seo, body: item.body });
      const token = await claim(s, item, langId, batchesOf(work.segments).length);
      if (token) return waitFor(s, item, langId, run(s, item, langId, translator, token, work), deadline);
    }
    // Another call runs it, on this instance or another: its row says how it goes.
    if (Date.now() >= deadline) throw new AppError(Code.TRANSLATE_RUNNING);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))),
    );
    job = await readJob(s, item, langId);
    if (job?.state === 'done') return copyItem(s, item, langId);
    if (job?.state === 'failed') {
      await tellFailure(s, item, langId);
      throw new AppError(Code.TRANSLATE_FAILED);
    }
  }
}

/** Waits for this call's own job until `deadline` (then TRANSLATE_RUNNING: calling again joins it). */
async function waitFor<T>(
  s: Scope,
  item: ContentRecord,
  langId: number,
  job: Promise<T>,
  deadline: number,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  let result: T | undefined;
  try {
    result = await Promise.race([job, waited]);
  } catch (err) {
    await tellFailure(s, item, langId);
    if (err instanceof TranslationError) throw new AppError(Code.TRANSLATE_FAILED);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  if (result === undefined) throw new AppError(Code.TRANSLATE_RUNNING);
  return result;
}

/** `translate_progress`: the running (or just finished) translation of `item` into `langId`. */
export async function translateProgress(
  s: Scope,
  item: ContentRecord,
  langId: number,
): Promise<TranslateProgress> {
  const job = await readJob(s, item, langId);
  if (job && (job.state === 'running' || job.recent))
    return { state: job.state, done: job.done, total: job.total };
  const exists = await copyExists(s, item, langId);
  return { state: exists ? 'done' : 'idle', done: 0, total: 0 };
}

/** `translate_pairs`: every pair of content languages some service translates. */
export function translatePairs(s: Pick<Scope, 'deps'>): TranslatePairs {
  const services = translatorsOf(s.deps.config.translation);
  const pairs: TranslatePairs['pairs'] = [];
  for (const from of LANG_IDS) {
    for (const to of LANG_IDS) {
      const t = from === to ? undefined : services.pick(from, to);
      if (t) pairs.push({ from, to, provider: t.name });
    }
  }
  return { pairs };
}
