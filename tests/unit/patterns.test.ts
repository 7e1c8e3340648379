/**
 * No pattern of contract/ can be made slow, and no string an action takes reaches one unbounded.
 *
 * - Every regular expression of contract/ lives in contract/patterns.ts: a scan of the sources (parsed, not grepped)
 *   fails on one anywhere else, and on one in patterns.ts that is not in its registry.
 * - Each registered pattern is run against adversarial text of its `max` characters (never fewer than 20,000):
 *   a prefix (what the pattern takes up to each of its tokens, or any one character), a run of one character (each
 *   one it names, and common ones), a failing end; plus the known attacks. All are screened at 1,000 characters; the
 *   slowest and the known attacks are timed at full length, best of three (a busy machine slows one run, not three),
 *   and each must finish well under 50 ms. The e-mail pattern of the review took about half a second at 20,000.
 * - Every string in every action's input schema refuses 100,000 characters, and the known attacks at 200,000
 *   characters are refused in well under 50 ms.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseSync, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PATTERNS } from '../../contract/patterns';
import { allActions } from '../../server/app';
import { defOf } from '../fixtures/zodDef';
import { cpuMs } from './cpuTime';

const CONTRACT = path.resolve(import.meta.dirname, '../../contract');
const REGISTRY = path.join(CONTRACT, 'patterns.ts');
const FLOOR = 20_000;
const SCREEN = 1_000;
const LIMIT_MS = 50;

// ——— the source scan ———

/** Where a file writes a regular expression: literals, `new RegExp(…)` and `RegExp(…)`. */
function regexesIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const at = (n: { start: number }) =>
    `${path.relative(CONTRACT, file)}:${text.slice(0, n.start).split('\n').length}`;
  const isRegExp = (callee: { type: string }) =>
    callee.type === 'Identifier' && (callee as { name?: unknown }).name === 'RegExp';
  const { program, errors } = parseSync(file, text);
  expect(errors, file).toEqual([]);
  new Visitor({
    Literal: (n) => {
      if ('regex' in n && n.regex) found.push(`${at(n)} /${n.regex.pattern}/${n.regex.flags}`);
    },
    NewExpression: (n) => {
      if (isRegExp(n.callee)) found.push(`${at(n)} new RegExp`);
    },
    CallExpression: (n) => {
      if (isRegExp(n.callee)) found.push(`${at(n)} RegExp()`);
    },
  }).visit(program);
  return found;
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );

describe('every pattern of contract/ is in its registry', () => {
  it('no other file of contract/ writes a regular expression', () => {
    const elsewhere = sources(CONTRACT)
      .filter((f) => f !== REGISTRY)
      .flatMap(regexesIn);
    expect(elsewhere).toEqual([]);
  });

  it('every regular expression of contract/patterns.ts is registered', () => {
    expect(regexesIn(REGISTRY)).toHaveLength(Object.keys(PATTERNS).length);
  });

  it('the scan finds literals and constructors, not look-alikes in strings and comments', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'patterns-'));
    const probe = path.join(dir, 'probe.ts');
    writeFileSync(
      probe,
      [
        "const a = 'x'.replace(/-+$/g, '');",
        "const b = new RegExp('^' + a);",
        "const c = RegExp('x');",
        "const d = '/not a regex/' + 1 / 2 / 3; // nor /this/",
      ].join('\n'),
    );
    try {
      expect(regexesIn(probe).map((r) => r.split(' ')[1])).toEqual(['/-+$/g', 'new', 'RegExp()']);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

// ——— adversarial text ———

/** Characters tried with every pattern besides those it names: letters, digits, spaces, punctuation, CJK, astral. */
const COMMON = [
  'a',
  'Z',
  '0',
  ' ',
  '\t',
  '\n',
  '.',
  '-',
  '_',
  '/',
  '@',
  '<',
  '>',
  '&',
  ';',
  ',',
  ':',
  '#',
  '+',
];
const WIDE = ['中', '𠮷', '\u0301', '\u00a0'];
const CANDIDATES = ['a', '0', ' ', '.', '-', '/', 'é', '中'];

interface Token {
  /** A character the token matches (for classes: the first candidate the class takes). */
  sample: string;
}

/**
 * The pattern's source as tokens with a sample character each: literals (escapes undone), classes, `\d` and the
 * like, `.`. Group and quantifier syntax is skipped, so alternatives follow each other; that only adds prefixes.
 */
function tokens(re: RegExp): Token[] {
  const src = re.source;
  const flags = re.flags.replace(/[gy]/g, '');
  const out: Token[] = [];
  const sampleOf = (cls: string) => CANDIDATES.find((c) => new RegExp(`^${cls}$`, flags).test(c)) ?? 'a';
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '[') {
      let j = i + 1;
      while (j < src.length && src[j] !== ']') j += src[j] === '\\' ? 2 : 1;
      out.push({ sample: sampleOf(src.slice(i, j + 1)) });
      i = j;
    } else if (c === '\\') {
      const n = src[i + 1];
      if (n === 'p' || n === 'P') {
        const end = src.indexOf('}', i);
        out.push({ sample: sampleOf(src.slice(i, end + 1)) });
        i = end;
      } else if (/[dDsSwWbB]/.test(n)) {
        out.push({ sample: sampleOf(`\\${n}`) });
        i++;
      } else if (n === 'u' || n === 'x') {
        const len = n === 'u' ? 4 : 2;
        out.push({ sample: String.fromCharCode(Number.parseInt(src.slice(i + 2, i + 2 + len), 16)) });
        i += 1 + len;
      } else {
        out.push({ sample: n });
        i++;
      }
    } else if (c === '{') {
      i = src.indexOf('}', i);
    } else if (c === '(') {
      const m = /^\(\?(?:<?[=!]|:)/.exec(src.slice(i));
      if (m) i += m[0].length - 1;
    } else if (c === '.') {
      out.push({ sample: 'a' });
    } else if (!'^$|?*+)'.includes(c)) {
      out.push({ sample: c });
    }
  }
  return out;
}

/** The characters a pattern names, with the common ones. */
function alphabet(re: RegExp): string[] {
  return [...new Set([...tokens(re).map((t) => t.sample), ...COMMON, ...WIDE])];
}

/**
 * What comes before the run: text the pattern could take up to each of its tokens ('', 'a', 'a@', 'a@a', 'a@a.' …),
 * and each single character, so that a run can also sit where no anchored part can take it (`a---a` for `-+$`).
 */
function prefixes(re: RegExp): string[] {
  const samples = tokens(re).map((t) => t.sample);
  return [...new Set([...samples.map((_, i) => samples.slice(0, i).join('')), ...alphabet(re)])];
}

/** `n` characters (code points) of `unit` repeated. */
const run = (unit: string, n: number) => unit.repeat(Math.ceil(n / [...unit].length));

/** The attacks known to hurt patterns like these, `n` characters long. */
const knownAttacks = (n: number): string[] => [
  `a@${run('.', n)},`,
  `a@${run('a.', n)},`,
  run('<', n),
  `<br${run(' ', n)}`,
  `${run('-', n)}a`,
  `a${run('-', n)}a`,
  `${run('a-', n)}!`,
  `${run(' ', n)}a`,
  `https://${run('a', n)} `,
  `mailto:${run('@', n)} `,
  run('&', n),
  `${run('0', n)}a`,
];

/** Milliseconds of CPU a pattern takes over `text`: every match replaced, as the product's uses do at most. */
function cost(re: RegExp, text: string): number {
  return cpuMs(() => text.replace(re, ''));
}

/**
 * The best of three runs: a busy machine slows one run, not three. Stops early once a run is fast enough, or far too
 * slow to be noise (the old e-mail pattern took seconds), so that a failure does not take minutes.
 */
function bestOf3(measure: () => number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const ms = measure();
    best = Math.min(best, ms);
    if (best < LIMIT_MS || ms > 40 * LIMIT_MS) break;
  }
  return best;
}

/** Every prefix × run character × failing end. */
function* generated(re: RegExp): Generator<{ head: string; unit: string; tail: string }> {
  const chars = alphabet(re);
  for (const head of prefixes(re))
    for (const unit of chars) for (const tail of ['', ...chars]) yield { head, unit, tail };
}

/**
 * The slowest text for a pattern, best of three at length `n`: every generated text is screened at a short length,
 * and the slowest of them (with the known attacks, unless `known` is false) are timed at full length until one is
 * too slow.
 */
function slowestOf(re: RegExp, n: number, known = true): { text: string; ms: number } {
  const screened = [...generated(re)]
    .map(({ head, unit, tail }) => {
      const make = (len: number) => head + run(unit, len) + tail;
      return { make, cost: cost(re, make(SCREEN)) };
    })
    .sort((a, b) => b.cost - a.cost);
  const texts = [...screened.slice(0, 10).map((s) => s.make(n)), ...(known ? knownAttacks(n) : [])];
  let slowest = { text: '', ms: 0 };
  for (const text of texts) {
    const ms = bestOf3(() => cost(re, text));
    if (ms > slowest.ms) slowest = { text, ms };
    // One slow text is enough to fail.
    if (ms >= LIMIT_MS) break;
  }
  return slowest;
}

describe('no pattern of contract/ backtracks', () => {
  it.each(Object.entries(PATTERNS))(
    '%s stays fast on adversarial text of its largest length',
    // Thousands of texts are screened: a busy machine may take a while over them, which is not what is measured.
    { timeout: 60_000 },
    (_, { re, max }) => {
      const { text, ms } = slowestOf(re, Math.max(max, FLOOR));
      expect(ms, `${re} took ${ms.toFixed(1)} ms on ${JSON.stringify(text.slice(0, 40))}…`).toBeLessThan(
        LIMIT_MS,
      );
    },
  );

  it.each([
    // The e-mail pattern before the fix: quadratic on "a@" + dots + ",".
    /^[^\s@"'<>()[\]\\,;:]+@[^\s@"'<>()[\]\\,;:]+\.[^\s@"'<>()[\]\\,;:]{2,}$/,
    /<[^>]*>/g,
    /^-+|-+$/g,
  ])('the screen alone catches %s', { timeout: 120_000 }, (re) => {
    expect(slowestOf(re, FLOOR, false).ms).toBeGreaterThan(LIMIT_MS);
  });
});

// ——— every string an action takes is bounded ———

/** The string schemas reachable from `schema`, each with where it is (`a.b`, `[]` for an element). */
function strings(schema: z.ZodType, at: string, found: Map<z.ZodType, string>, seen = new Set<z.ZodType>()) {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const d = defOf(schema);
  if (d.type === 'string' && !found.has(schema)) found.set(schema, at);
  const children: [z.ZodType | null | undefined, string][] = [
    ...Object.entries(d.shape ?? {}).map(([k, v]): [z.ZodType, string] => [v, at ? `${at}.${k}` : k]),
    ...[...(d.options ?? []), ...(d.items ?? [])].map((o): [z.ZodType, string] => [o, at]),
    [d.element, `${at}[]`],
    [d.rest, `${at}[]`],
    [d.innerType, at],
    [d.in, at],
    [d.out, `${at} (piped)`],
    [d.keyType, `${at} (key)`],
    [d.valueType, `${at}[]`],
    [d.left, at],
    [d.right, at],
    [d.type === 'lazy' ? d.getter?.() : undefined, at],
  ];
  for (const [child, where] of children) if (child) strings(child, where, found, seen);
  return found;
}

describe('every string an action takes is bounded', () => {
  const found = new Map<z.ZodType, string>();
  for (const a of allActions) strings(a.input as z.ZodType, `${a.path}: `, found);
  const leaves = [...found];

  it('finds the strings of the inputs', () => {
    expect(leaves.length).toBeGreaterThan(40);
  });

  it('refuses 100,000 characters in every one', () => {
    const long = 'a'.repeat(100_000);
    expect(leaves.filter(([s]) => s.safeParse(long).success).map(([, at]) => at)).toEqual([]);
  });

  it('refuses the known attacks at 200,000 characters at once, in every one', () => {
    const attacks = knownAttacks(200_000);
    const slow = leaves.flatMap(([leaf, at]) =>
      attacks
        .map((text) => ({ at, text, ms: bestOf3(() => timeParse(leaf, text)) }))
        .filter((r) => r.ms >= LIMIT_MS)
        .map((r) => `${r.at} took ${r.ms.toFixed(0)} ms on ${JSON.stringify(r.text.slice(0, 20))}…`),
    );
    expect(slow).toEqual([]);
  });
});

function timeParse(schema: z.ZodType, text: string): number {
  return cpuMs(() => schema.safeParse(text));
}
