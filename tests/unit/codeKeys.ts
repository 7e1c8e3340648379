/**
 * The message keys a part of the SPA names, for the tests that check a set of words holds them: the files under
 * src/ reachable from entry modules, and the string literals in them shaped like a key of the dictionary.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zhTW from '../../i18n/zh-TW';

export const SRC = path.resolve(import.meta.dirname, '../../src');

/** The file under src/ that a relative import `spec` in `from` names, if it is one. */
export function sourceOf(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const found = ['.tsx', '.ts', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find(existsSync);
  return found?.startsWith(SRC) && /\.tsx?$/.test(found) ? found : undefined;
}

/** The files under src/ reachable from `entries` through relative imports, static and dynamic (or static only). */
export function reachable(entries: string | string[], staticOnly = false): string[] {
  const seen = new Set<string>();
  const imports = staticOnly
    ? /(?:from|^import)\s*'(\.{1,2}\/[^']+)'/gm
    : /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(imports)) {
      const found = sourceOf(file, spec);
      if (found) visit(found);
    }
  };
  for (const entry of [entries].flat()) visit(entry);
  return [...seen];
}

export const areas = new Set(Object.keys(zhTW));

/** String literals shaped like a message key of one of the dictionary's areas: 'auth.login.title'. */
export function messageKeys(files: string[]): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    for (const [, key] of readFileSync(file, 'utf8').matchAll(/['"`]([a-z]\w*(?:\.\w+)+)['"`]/g)) {
      if (areas.has(key.split('.')[0])) keys.add(key);
    }
  }
  return keys;
}

export const lookup = (messages: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
