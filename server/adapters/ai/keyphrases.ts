/**
 * The key phrases of a text, best first: what the offline helper suggests as tags and makes its slug of.
 *
 * 1. The text (title first) is cut into words with `Intl.Segmenter` (ICU's dictionaries for Chinese and Japanese).
 *    Stop words and fillers (stopWords.ts: 到了, 帶著, 新的, 這篇, 一杯, numbers …) and punctuation end a run; what is
 *    left are runs of adjacent words. In a run, Chinese characters count one by one (the dictionary cuts names and
 *    new words into single characters: 大|稻|埕), a katakana word or a Latin word counts whole.
 * 2. Candidates are the dictionary's own words of two characters or more, and the sequences that recur — at least
 *    twice, and not always inside the same longer sequence (a "maximal repeat": 大稻埕, 環狀線, 手沖咖啡, "solar
 *    panels") — up to 6 characters, or 3 English words.
 * 3. A candidate scores how often it occurs on its own (less the mean count of the longer candidates holding it), times
 *    how rare it is on the site (inverse document frequency over the site's articles), more for longer phrases and
 *    for phrases of the title.
 */
import { isFiller } from './stopWords';

/** The site's articles, lower-cased: how rare a phrase is. */
export interface PhraseStats {
  n: number;
  docs: readonly string[];
}

const HAN = /\p{Script=Han}/u;
const KATAKANA = /^[\p{Script=Katakana}ー・]+$/u;
const LATIN = /^[\p{Script=Latin}\p{N}'’-]+$/u;
const SPACES = /^[ \t\u00a0]+$/u;
/** Characters of Chinese or Japanese phrases at most; words of English ones. */
const MAX_UNITS = 6;
const MAX_WORDS = 3;
const TITLE_BOOST = 1.5;

/** One unit of a run: a Chinese character, or a whole katakana or Latin word. */
interface Unit {
  key: string;
  surface: string;
  latin: boolean;
  title: boolean;
}

/** A Latin word's key: lower case, without a possessive and a plural s (lanes and lane count as one). */
function latinKey(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/u, '');
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

const joiner = (a: Unit, b: Unit) => (a.latin && b.latin ? ' ' : '');
const join = (units: readonly Unit[], part: 'key' | 'surface') =>
  units.reduce((out, u, i) => out + (i ? joiner(units[i - 1], u) : '') + u[part], '');

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterOf(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) {
    s = new Intl.Segmenter(lang, { granularity: 'word' });
    segmenters.set(lang, s);
  }
  return s;
}

/** The runs of a text, and the keys of its dictionary words and whole units (candidates by themselves). */
function runsOf(title: string, text: string, lang: string): { runs: Unit[][]; words: Set<string> } {
  const whole = title ? `${title}\n${text}` : text;
  const runs: Unit[][] = [];
  const words = new Set<string>();
  let run: Unit[] = [];
  let spaced = false;
  const end = () => {
    if (run.length) runs.push(run);
    run = [];
    spaced = false;
  };
  for (const seg of segmenterOf(lang).segment(whole)) {
    const inTitle = !!title && seg.index < title.length;
    if (!seg.isWordLike) {
      // Only a space between two Latin words keeps a run going.
      if (SPACES.test(seg.segment) && run.at(-1)?.latin) spaced = true;
      else end();
      continue;
    }
    const word = seg.segment;
    const lower = word.toLowerCase();
    if (isFiller(word, lang)) {
      end();
      continue;
    }
    const latin = LATIN.test(word);
    if (spaced && !latin) end();
    spaced = false;
    const last = run.at(-1);
    if (HAN.test(word)) {
      for (const c of word) run.push({ key: c, surface: c, latin: false, title: inTitle });
      if ([...word].length >= 2) words.add(lower);
    } else if (KATAKANA.test(word) && last && KATAKANA.test(last.surface)) {
      // The dictionary cuts some loanwords in two (ニュー|ヨーク): adjacent katakana is one word.
      last.surface += word;
      last.key += lower;
    } else run.push({ key: latin ? latinKey(word) : lower, surface: word, latin, title: inTitle });
  }
  end();
  for (const r of runs) for (const u of r) if ([...u.key].length >= 2) words.add(u.key);
  return { runs, words };
}

interface Seen {
  count: number;
  /** The units before and after each occurrence (a run's edge is a new symbol each time). */
  left: Set<string>;
  right: Set<string>;
  surfaces: Map<string, number>;
  first: number;
  title: boolean;
  size: number;
  latin: boolean;
}

/** Every sequence of a run, up to the phrase limits, with its count and neighbours. */
function sequences(runs: Unit[][]): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  let edge = 0;
  let position = 0;
  for (const run of runs) {
    for (let i = 0; i < run.length; i++) {
      for (let n = 1; n <= MAX_UNITS && i + n <= run.length; n++) {
        const units = run.slice(i, i + n);
        if (units.filter((u) => u.latin).length > MAX_WORDS) break;
        const key = join(units, 'key');
        let s = seen.get(key);
        if (!s) {
          s = {
            count: 0,
            left: new Set(),
            right: new Set(),
            surfaces: new Map(),
            first: position,
            title: false,
            size: n,
            latin: units.every((u) => u.latin),
          };
          seen.set(key, s);
        }
        s.count++;
        s.left.add(i > 0 ? run[i - 1].key : `#${edge++}`);
        s.right.add(i + n < run.length ? run[i + n].key : `#${edge++}`);
        const surface = join(units, 'surface');
        s.surfaces.set(surface, (s.surfaces.get(surface) ?? 0) + 1);
        s.title ||= units.every((u) => u.title);
      }
      position++;
    }
  }
  return seen;
}

const characters = (key: string) => [...key.replace(/ /g, '')].length;

/** Whether the key `outer` holds the key `inner` (whole words for English). */
function holds(outer: string, inner: string): boolean {
  if (outer === inner) return false;
  if (LATIN.test(inner.replace(/ /g, '')) && !HAN.test(outer)) return ` ${outer} `.includes(` ${inner} `);
  return outer.includes(inner);
}

/** Longer phrases say more: Chinese and Japanese by characters, English by words. */
const lengthBoost = (s: Seen, key: string) =>
  s.latin ? 1 + 0.5 * (s.size - 1) : 1 + 0.25 * Math.max(0, characters(key) - 2);

/** How rare a phrase is on the site: inverse document frequency, 1 when the site has no articles. */
function rarity(key: string, stats: PhraseStats): number {
  let df = 0;
  for (const doc of stats.docs) if (doc.includes(key)) df++;
  return Math.log((stats.n + 1) / (df + 1)) + 1;
}

/** The text's key phrases as it spells them, best first. */
export function keyphrases(title: string, text: string, lang: string, stats: PhraseStats): string[] {
  const { runs, words } = runsOf(title, text, lang);
  const seen = sequences(runs);
  const candidates = [...seen].filter(([key, s]) => {
    if (characters(key) < 2) return false;
    // A repeat must not always sit inside the same longer sequence: it has more than one neighbour on each side. A
    // dictionary word needs one only (汽车|销量, 销量|增长), unless the dictionary cut it out of a longer word.
    if (words.has(key)) return s.count === 1 || s.left.size > 1 || s.right.size > 1;
    return s.count >= 2 && s.size >= 2 && s.left.size > 1 && s.right.size > 1;
  });
  const scored = candidates.map(([key, s]) => {
    const outer = candidates.filter(([other]) => holds(other, key)).map(([, o]) => o.count);
    const own = outer.length ? s.count - outer.reduce((a, b) => a + b, 0) / outer.length : s.count;
    const surface = [...s.surfaces].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))[0][0];
    const score = own * rarity(key, stats) * lengthBoost(s, key) * (s.title ? TITLE_BOOST : 1);
    return { surface, score, first: s.first };
  });
  return scored
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map((c) => c.surface);
}
