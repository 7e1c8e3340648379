/**
 * A screen of i18n/areas.ts SCREEN_AREAS renders once the later areas listed for it have loaded (src/i18n/LaterWords.tsx),
 * the others only after: every literal message key its first render can name — the code its entry modules import
 * statically — must be in its words, in every locale, and it must load the other areas once rendered; a part it
 * loads later (a dynamic import) whose code names words beyond them must wait for them (LaterWords.tsx
 * lazyWithWords). And the import patterns that find the area files must name the areas areas.ts lists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants';
import {
  FIRST_AREAS,
  LATER_AREAS,
  SCREEN_AREAS,
  SERVER_AREAS,
  SIGN_IN_AREAS,
  screenAreas,
} from '../../i18n/areas';
import { loadMessages } from '../../src/i18n';
import { lookup, messageKeys, reachable, SRC, sourceOf } from './codeKeys';

/** An entity's list: its lazy screen (entities/resources.tsx), the generated list and the entity's overrides. */
const list = (resource: string) => [
  'entities/resources.tsx',
  'entities/EntityList.tsx',
  `entities/overrides/${resource}.tsx`,
];

/** A path of each screen, with the modules its first render starts from. */
const SCREENS: Record<string, string[]> = {
  '/edit/post/1': ['custom/writer/index.tsx'],
  '/edit/epaper/0': ['custom/writer/index.tsx'],
  '/press': list('press'),
  '/epaper': list('epaper'),
  '/page': list('page'),
  '/category': list('category'),
  '/tag': list('tag'),
  '/author': list('author'),
  '/member': list('member'),
};

/** Storage keys shaped like a message key (the writer's local copies: state/localCopy.ts). */
const NOT_WORDS = new Set(['writer.copy']);

const DYNAMIC_IMPORT = /import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

/** The top-level statement (from its first, unindented line) that `at` is in. */
function statementAt(text: string, at: number): string {
  const lines = text.slice(0, at).split('\n');
  let first = lines.length - 1;
  while (first > 0 && /^\s/.test(lines[first])) first--;
  return lines.slice(first).join('\n');
}

/**
 * The parts a screen loads later (dynamic imports, from its first render's code on) that name keys its words lack
 * and do not wait for the other areas (lazyWithWords / withLaterWords): each would show those keys if opened before
 * the other areas arrive. Past a part that waits, everything has its words.
 */
function partsWithoutWords(entries: string[], has: (key: string) => boolean): string[] {
  const found: string[] = [];
  const read = new Set<string>();
  // Each part's code is what its static imports reach; the parts it loads in turn are looked at next.
  const parts = [...entries];
  for (let start = parts.pop(); start; start = parts.pop()) {
    for (const file of reachable(start, true)) {
      if (read.has(file)) continue;
      read.add(file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(DYNAMIC_IMPORT)) {
        const part = sourceOf(file, match[1]);
        if (!part || /\b(lazyWithWords|withLaterWords)\(/.test(statementAt(text, match.index))) continue;
        const lacking = [...messageKeys(reachable(part, true))].filter(
          (key) => !NOT_WORDS.has(key) && !has(key),
        );
        if (lacking.length) found.push(`${path.relative(SRC, file)} → ${match[1]}: ${lacking.join(', ')}`);
        parts.push(part);
      }
    }
  }
  return found;
}

describe("the screens' own words", () => {
  it('are checked for every screen listed', () => {
    for (const { path: screen } of SCREEN_AREAS)
      expect(Object.keys(SCREENS).some((p) => screen.test(p))).toBe(true);
  });

  it('are none on the dashboard and all of them elsewhere', () => {
    expect(screenAreas('/')).toEqual([]);
    expect(screenAreas('/category/5')).toEqual(LATER_AREAS);
    expect(screenAreas('/setting/menu')).toEqual(LATER_AREAS);
  });

  describe.each(Object.entries(SCREENS))('of %s', (screen, entries) => {
    const files = reachable(
      entries.map((entry) => path.join(SRC, entry)),
      true,
    );
    const keys = new Set([...messageKeys(files)].filter((key) => !NOT_WORDS.has(key)));

    it('are looked for in its code', () => {
      expect(keys.size).toBeGreaterThan(5);
    });

    it.each(LOCALES)('hold every key its first render names, in %s', async (locale) => {
      const messages = await loadMessages(locale, 'admin', screenAreas(screen));
      const missing = [...keys].filter((key) => lookup(messages, key) === undefined);
      expect(missing).toEqual([]);
    });

    it.each(LOCALES)(
      'wait, in the parts it opens later, for the areas it does not hold, in %s',
      async (locale) => {
        const messages = await loadMessages(locale, 'admin', screenAreas(screen));
        const lacking = partsWithoutWords(
          entries.map((entry) => path.join(SRC, entry)),
          (key) => lookup(messages, key) !== undefined,
        );
        expect(lacking).toEqual([]);
      },
    );

    it('are followed by the other areas once it has rendered', () => {
      const calls = files.filter((f) => readFileSync(f, 'utf8').includes('useOtherAreasOnceRendered()'));
      expect(calls).not.toEqual([]);
    });
  });
});

/** The area names an import pattern of a module lists (`{a,b,c}.ts`), which cannot read i18n/areas.ts. */
const patternAreas = (module: string) =>
  /\{([\w,]+)\}\.ts/
    .exec(readFileSync(path.join(SRC, module), 'utf8'))?.[1]
    .split(',')
    .sort();

describe('the import patterns of the words', () => {
  it('name the first areas in adminWords.ts', () => {
    expect(patternAreas('i18n/adminWords.ts')).toEqual([...FIRST_AREAS].sort());
  });

  it('name the later areas in laterAreas.ts', () => {
    expect(patternAreas('i18n/laterAreas.ts')).toEqual([...LATER_AREAS].sort());
  });

  it('leave out no area file the SPA uses', () => {
    const files = readdirSync(path.join(SRC, '../i18n/zh-TW'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    const listed = [...SIGN_IN_AREAS, ...FIRST_AREAS, ...LATER_AREAS, ...SERVER_AREAS];
    expect(listed.sort()).toEqual(files.sort());
  });
});
