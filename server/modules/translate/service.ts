/**
 * Machine translation of a whole item into a new language version (`press/translate` with translate=true). The item's
 * texts (walker.ts) go to the pair's service (server/adapters/translation) in batches; `press/translate_progress`
 * reads how many batches are done. The version is inserted once at the end through content's copyItem, so a retry
 * or a second call never makes two: a call while the same translation runs in this process waits for it, and an
 * existing version is answered as it is. A call waits at most `waitMs` (below the client's 120 s) and then answers
 * TRANSLATE_RUNNING; calling again waits on. Jobs live in this process's memory (for progress and joining only:
 * another instance would translate again but still insert nothing twice).
 */
import { and, eq, ne } from 'drizzle-orm';
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
import { batchesOf, type Segment, walk } from './walker';

interface Job {
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  promise: Promise<{ id: number; lang_id: number }>;
  /** A caller was told of its failure (else the next call is, rather than starting again). */
  failureTold: boolean;
}

/** How long a finished job's progress stays readable. */
const KEEP_MS = 60_000;
const jobs = new Map<string, Job>();

const keyOf = (s: Scope, item: ContentRecord, langId: number) => `${s.siteId}:${item.uuid}:${langId}`;

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

function start(s: Scope, item: ContentRecord, langId: number, translator: Translator, key: string): Job {
  const { segments, rebuild } = walk({
    title: item.title,
    subtitle: item.subtitle,
    seo: item.seo,
    body: item.body,
  });
  const batches = batchesOf(segments);
  const job: Job = {
    state: 'running',
    done: 0,
    total: batches.length,
    promise: Promise.resolve({ id: 0, lang_id: 0 }),
    failureTold: false,
  };
  job.promise = (async () => {
    const translated: string[] = new Array(segments.length);
    for (const batch of batches) {
      const out = await translateBatch(
        translator,
        batch.map((i) => segments[i]),
        item.langId,
        langId,
      );
      batch.forEach((i, n) => {
        translated[i] = out[n];
      });
      job.done += 1;
    }
    return copyItem(s, item, langId, rebuild(translated));
  })();
  job.promise.then(
    () => {
      job.state = 'done';
    },
    (err) => {
      job.state = 'failed';
      if (!(err instanceof TranslationError)) s.deps.log.error({ err }, 'translation failed');
      else s.deps.log.warn({ err: err.message, provider: translator.name }, 'translation service failed');
    },
  );
  job.promise
    .catch(() => undefined)
    .finally(() => {
      setTimeout(() => {
        if (jobs.get(key) === job) jobs.delete(key);
      }, KEEP_MS).unref();
    });
  jobs.set(key, job);
  return job;
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
  const key = keyOf(s, item, langId);
  let job = jobs.get(key);
  if (job?.state === 'failed' && !job.failureTold) {
    // It failed between this caller's calls (each waits at most waitMs): this one learns it, the next starts again.
    job.failureTold = true;
    throw new AppError(Code.TRANSLATE_FAILED);
  }
  if (!job || job.state === 'failed') {
    if (await copyExists(s, item, langId)) return copyItem(s, item, langId);
    const translator = translatorsOf(s.deps.config.translation).pick(item.langId, langId);
    if (!translator) throw new AppError(Code.TRANSLATE_NO_PROVIDER);
    job = start(s, item, langId, translator, key);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), s.deps.config.translation.waitMs ?? 100_000);
  });
  let result: { id: number; lang_id: number } | undefined;
  try {
    result = await Promise.race([job.promise, waited]);
  } catch (err) {
    job.failureTold = true;
    if (err instanceof TranslationError) throw new AppError(Code.TRANSLATE_FAILED);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  if (!result) throw new AppError(Code.TRANSLATE_RUNNING);
  return result;
}

/** `translate_progress`: the running (or just finished) translation of `item` into `langId`. */
export async function translateProgress(
  s: Scope,
  item: ContentRecord,
  langId: number,
): Promise<TranslateProgress> {
  const job = jobs.get(keyOf(s, item, langId));
  if (job) return { state: job.state, done: job.done, total: job.total };
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
