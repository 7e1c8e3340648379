/**
 * The AI helper's offline default: suggestions extracted from the text itself, with no model.
 * - Words: `Intl.Segmenter` (word granularity, so Chinese and Japanese are cut into dictionary words), lower-cased,
 *   without stop words and fillers (stopWords.ts), numbers and one-letter words.
 * - Key phrases (keyphrases.ts): dictionary words and recurring sequences, weighed by TF-IDF, the document
 *   frequencies taken from the site's own published articles (`corpus`).
 * - Summary: the sentences most like the whole text (cosine of their TF-IDF vector to the text's), in the text's
 *   order, as many as fit in the limit (and are at least half as central as the best); a first sentence longer than that is cut.
 * - Slug: the key phrase (the best two phrases in the order the text has them), made a slug by the caller (pinyin).
 * - Tags: the site's tags the text names first (most mentioned first), then new key phrases.
 */
import { keyphrases, type PhraseStats } from './keyphrases';
import type { AiProvider, AiRequest } from './provider';
import { wordSegments } from './segments';
import { isFiller } from './stopWords';

/** A sentence joins the summary only if at least this share as central as the best one. */
const CENTRAL_SHARE = 0.5;

const LETTER = /\p{L}/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Sentence segmenters per language. */
const segmenters = new Map<string, Intl.Segmenter>();
function sentenceSegmenterOf(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) {
    s = new Intl.Segmenter(lang, { granularity: 'sentence' });
    segmenters.set(lang, s);
  }
  return s;
}

/** The words of a text that carry meaning, lower-cased, in order. */
export function words(text: string, lang: string): string[] {
  const out: string[] = [];
  for (const seg of wordSegments(text, lang)) {
    if (!seg.isWordLike) continue;
    const w = seg.segment.toLowerCase();
    if (!LETTER.test(w) || isFiller(seg.segment, lang)) continue;
    // A lone Latin letter, or a lone CJK character (mostly particles and measure words), says little.
    if ([...w].length < 2) continue;
    out.push(w);
  }
  return out;
}

/** The text's sentences, trimmed, without empty ones. */
export function sentences(text: string, lang: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    for (const seg of sentenceSegmenterOf(lang).segment(line)) {
      const s = seg.segment.trim();
      if (s) out.push(s);
    }
  }
  return out;
}

/** The corpus statistics: document frequencies of words (each document counted once per word), and the documents. */
export interface Stats extends PhraseStats {
  df: Map<string, number>;
}

/** Statistics of a corpus (the site's articles). */
export function documentFrequencies(docs: readonly string[], lang: string): Stats {
  const df = new Map<string, number>();
  for (const doc of docs) for (const w of new Set(words(doc, lang))) df.set(w, (df.get(w) ?? 0) + 1);
  return { df, n: docs.length, docs: docs.map((d) => d.toLowerCase()) };
}

type Vector = Map<string, number>;

function tfidf(terms: readonly string[], stats: { df: Map<string, number>; n: number }): Vector {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  const v: Vector = new Map();
  for (const [t, count] of tf) {
    const idf = Math.log((stats.n + 1) / ((stats.df.get(t) ?? 0) + 1)) + 1;
    v.set(t, count * idf);
  }
  return v;
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, x] of a) {
    na += x * x;
    const y = b.get(t);
    if (y) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The most central sentences, in the text's order, within `max` characters (a longer best one is cut). */
export function summarize(
  text: string,
  lang: string,
  stats: { df: Map<string, number>; n: number },
  max: number,
) {
  const list = sentences(text, lang);
  if (!list.length) return '';
  const doc = tfidf(words(text, lang), stats);
  const ranked = list
    .map((s, i) => ({ s, i, score: cosine(tfidf(words(s, lang), stats), doc) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen: { s: string; i: number }[] = [];
  let length = 0;
  const joiner = CJK.test(text) ? '' : ' ';
  // Sentences far less central than the best one are left out even when there is room.
  const floor = ranked[0].score * CENTRAL_SHARE;
  for (const r of ranked) {
    if (chosen.length && r.score < floor) break;
    const add = [...r.s].length + (chosen.length ? joiner.length : 0);
    if (length + add > max) continue;
    chosen.push(r);
    length += add;
  }
  if (!chosen.length) return [...ranked[0].s].slice(0, max).join('').trimEnd();
  return chosen
    .sort((a, b) => a.i - b.i)
    .map((c) => c.s)
    .join(joiner);
}

/** The key phrase: the best key phrases (up to `count`) in the order the text has them. */
export function keyPhrase(title: string, text: string, lang: string, stats: PhraseStats, count = 3) {
  const best = keyphrases(title, text, lang, stats).slice(0, count);
  const lower = `${title}\n${text}`.toLowerCase();
  best.sort((a, b) => lower.indexOf(a.toLowerCase()) - lower.indexOf(b.toLowerCase()));
  return best.join(CJK.test(best.join('')) ? '' : ' ');
}

/** Site tags the text names, most mentioned first (case-insensitive). */
export function matchingTags(text: string, tags: readonly string[]): string[] {
  const lower = text.toLowerCase();
  const count = (needle: string) => {
    let n = 0;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) n++;
    return n;
  };
  return tags
    .map((name) => ({ name, n: name.trim() ? count(name.trim().toLowerCase()) : 0 }))
    .filter((t) => t.n > 0)
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
    .map((t) => t.name);
}

/** Word statistics of a site's articles are kept this long per site and language (new articles count after it). */
export const STATS_TTL_MS = 5 * 60_000;
const STATS_KEPT = 200;
export interface ExtractiveLimits {
  summaryMax: number;
  tagsMax: number;
}

export function extractiveProvider(limits: ExtractiveLimits): AiProvider {
  // Per provider (one per configuration, so per app): the statistics of each corpus key, newest last.
  const statsCache = new Map<string, { at: number; stats: Promise<Stats> }>();
  async function statsOf(req: AiRequest): Promise<Stats> {
    const hit = statsCache.get(req.corpusKey);
    if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.stats;
    const stats = req.corpus().then((docs) => documentFrequencies(docs, req.lang));
    statsCache.delete(req.corpusKey);
    statsCache.set(req.corpusKey, { at: Date.now(), stats });
    while (statsCache.size > STATS_KEPT) statsCache.delete(statsCache.keys().next().value as string);
    stats.catch(() => statsCache.delete(req.corpusKey));
    return stats;
  }
  return {
    name: 'extractive',
    async suggest(req: AiRequest): Promise<string[]> {
      const stats = await statsOf(req);
      if (req.kind === 'summary') {
        const summary = summarize(req.text, req.lang, stats, limits.summaryMax);
        return summary ? [summary] : [];
      }
      if (req.kind === 'slug') {
        const phrase = keyPhrase(req.title, req.text, req.lang, stats, 2);
        return phrase ? [phrase] : [];
      }
      // The site's tags the text names first (of two characters or more, as every suggested tag), then new phrases
      // (not one a tag already taken holds).
      const tags = matchingTags(req.title ? `${req.title}\n${req.text}` : req.text, req.siteTags).filter(
        (t) => [...t.trim()].length >= 2,
      );
      for (const phrase of keyphrases(req.title, req.text, req.lang, stats)) {
        if (tags.length >= limits.tagsMax) break;
        const lower = phrase.toLowerCase();
        if (!tags.some((t) => t.toLowerCase().includes(lower))) tags.push(phrase);
      }
      return tags;
    },
  };
}
