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
import { wordSegments } from './segments';
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
  for (const seg of wordSegments(whole, lang)) {
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

/** What is seen on one side of a sequence's occurrences: the first neighbour, and whether they differ. */
class Side {
  private first: string | null | undefined;
  varies = false;
  /** `unit` the neighbour's key, or null at a run's edge (an edge differs from everything, another edge too). */
  add(unit: string | null) {
    if (this.first === undefined) this.first = unit;
    else if (unit === null || this.first === null || unit !== this.first) this.varies = true;
  }
}

interface Seen {
  count: number;
  left: Side;
  right: Side;
  /** The spellings of its occurrences (Latin and kana only: a Chinese sequence is spelt as its key). */
  surfaces: Map<string, number>;
  first: number;
  title: boolean;
  latin: boolean;
  /** The units of its first occurrence. */
  units: Unit[];
}

/** The sequences of the runs, up to the phrase limits: `visit` gets each occurrence with its place. */
function eachSequence(runs: Unit[][], visit: (key: string, run: Unit[], i: number, n: number) => void) {
  for (const run of runs) {
    for (let i = 0; i < run.length; i++) {
      let latin = 0;
      let key = '';
      for (let n = 1; n <= MAX_UNITS && i + n <= run.length; n++) {
        const unit = run[i + n - 1];
        if (unit.latin && ++latin > MAX_WORDS) break;
        key += (n > 1 ? joiner(run[i + n - 2], unit) : '') + unit.key;
        visit(key, run, i, n);
      }
    }
  }
}

/**
 * The sequences that can be candidates — those that recur, and the dictionary's words — with their count and
 * neighbours. Counted first, so that the many sequences seen once cost no more than a number.
 */
function sequences(runs: Unit[][], words: ReadonlySet<string>): Map<string, Seen> {
  const counts = new Map<string, number>();
  eachSequence(runs, (key) => counts.set(key, (counts.get(key) ?? 0) + 1));
  const seen = new Map<string, Seen>();
  let position = 0;
  eachSequence(runs, (key, run, i, n) => {
    position++;
    const count = counts.get(key) ?? 0;
    if (count < 2 && !words.has(key)) return;
    let s = seen.get(key);
    if (!s) {
      const units = run.slice(i, i + n);
      s = {
        count,
        left: new Side(),
        right: new Side(),
        surfaces: new Map(),
        first: position,
        title: false,
        latin: units.every((u) => u.latin),
        units,
      };
      seen.set(key, s);
    }
    s.left.add(i > 0 ? run[i - 1].key : null);
    s.right.add(i + n < run.length ? run[i + n].key : null);
    let spelt = false;
    let title = true;
    for (let k = i; k < i + n; k++) {
      spelt ||= run[k].surface !== run[k].key;
      title &&= run[k].title;
    }
    s.title ||= title;
    if (spelt) {
      const surface = join(run.slice(i, i + n), 'surface');
      s.surfaces.set(surface, (s.surfaces.get(surface) ?? 0) + 1);
    }
  });
  return seen;
}

/** How a sequence is spelt: its most frequent spelling (lower case among equals), else its key. */
function spelling(key: string, s: Seen): string {
  const spelt = [...s.surfaces];
  const asKey = s.count - spelt.reduce((a, [, n]) => a + n, 0);
  if (asKey > 0) spelt.push([key, asKey]);
  return spelt.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))[0][0];
}

const characters = (key: string) => [...key.replace(/ /g, '')].length;

/** Longer phrases say more: Chinese and Japanese by characters, English by words. */
const lengthBoost = (s: Seen, key: string) =>
  s.latin ? 1 + 0.5 * (s.units.length - 1) : 1 + 0.25 * Math.max(0, characters(key) - 2);

/** How rare a phrase is on the site: inverse document frequency, 1 when the site has no articles. */
function rarity(key: string, stats: PhraseStats): number {
  let df = 0;
  for (const doc of stats.docs) if (doc.includes(key)) df++;
  return Math.log((stats.n + 1) / (df + 1)) + 1;
}

/** Candidates weighed against the site's articles at most (the best by their count in the text). */
const RANKED = 200;

/** The text's key phrases as it spells them, best first. */
export function keyphrases(title: string, text: string, lang: string, stats: PhraseStats): string[] {
  const { runs, words } = runsOf(title, text, lang);
  const candidates = new Map(
    [...sequences(runs, words)].filter(([key, s]) => {
      if (characters(key) < 2) return false;
      // A repeat must not always sit inside the same longer sequence: it has more than one neighbour on each side.
      // A dictionary word needs one only (汽车|销量, 销量|增长), unless the dictionary cut it out of a longer word.
      if (words.has(key)) return s.count === 1 || s.left.varies || s.right.varies;
      return s.count >= 2 && s.units.length >= 2 && s.left.varies && s.right.varies;
    }),
  );
  // The counts of the longer candidates each one sits in.
  const outer = new Map<string, number[]>();
  for (const s of candidates.values()) {
    for (let i = 0; i < s.units.length; i++) {
      for (let j = i + 1; j <= s.units.length; j++) {
        if (j - i === s.units.length) continue;
        const inner = join(s.units.slice(i, j), 'key');
        if (candidates.has(inner)) outer.set(inner, [...(outer.get(inner) ?? []), s.count]);
      }
    }
  }
  const scored = [...candidates].map(([key, s]) => {
    const held = outer.get(key);
    const own = held ? s.count - held.reduce((a, b) => a + b, 0) / held.length : s.count;
    return { key, s, score: own * lengthBoost(s, key) * (s.title ? TITLE_BOOST : 1) };
  });
  return scored
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, RANKED)
    .map((c) => Object.assign({}, c, { score: c.score * rarity(c.key, stats) }))
    .sort((a, b) => b.score - a.score || a.s.first - b.s.first)
    .map(({ key, s }) => spelling(key, s));
}
