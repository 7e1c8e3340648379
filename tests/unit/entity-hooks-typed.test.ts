/**
 * An entity's own server rules (server/entities/<name>.ts) are typed by its declaration (server/entities/hooks.ts
 * entityHooks): they hold no cast (`as`, `<T>x`, `x!`) and no `Record<string, unknown>`. The generic code beside
 * them (actions.ts, hooks.ts, registry.ts) may keep what it must.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const DIR = path.join(import.meta.dirname, '../../server/entities');
const GENERIC = new Set(['actions.ts', 'hooks.ts', 'registry.ts']);
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !GENERIC.has(f));

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every node of the tree, depth first. */
function* nodes(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const n of node) yield* nodes(n);
  else if (node && typeof node === 'object') {
    if (typeof (node as Node).type === 'string') yield node as Node;
    for (const value of Object.values(node)) if (value && typeof value === 'object') yield* nodes(value);
  }
}

describe('the per-entity hooks files', () => {
  it('are there', () => {
    expect(files).toEqual(expect.arrayContaining(['author.ts', 'goods.ts', 'label.ts', 'place.ts']));
  });

  it.each(files)('%s: no cast, no Record<string, unknown>', (file) => {
    const code = readFileSync(path.join(DIR, file), 'utf8');
    const found: string[] = [];
    for (const n of nodes(parseSync(file, code).program)) {
      const text = code.slice(n.start, n.end).split('\n')[0];
      if (['TSAsExpression', 'TSTypeAssertion', 'TSNonNullExpression'].includes(n.type)) found.push(text);
      if (n.type === 'TSTypeReference' && /^Record\s*<\s*string\s*,\s*unknown\s*>$/.test(text))
        found.push(text);
    }
    expect(found).toEqual([]);
  });

  it('each is made by entityHooks for its own declaration', () => {
    for (const file of files) {
      const code = readFileSync(path.join(DIR, file), 'utf8');
      expect(code, file).toMatch(/export const hooks = entityHooks\(\w+, \{/);
    }
  });
});
