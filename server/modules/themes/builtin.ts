/**
 * The built-in theme (id 0): the folder themes/default of the repository, read once at first use. It has no database
 * row; the list, the detail, the design settings and the download read it from here.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ThemeManifest } from '../../../contract/themes';
import type { ThemeFile } from './zipCheck';

export const BUILTIN_DIR = path.resolve(import.meta.dirname, '../../../themes/default');

export interface BuiltinTheme {
  manifest: ThemeManifest;
  files: ThemeFile[];
  size: number;
}

/** What the list shows while the folder is absent or unreadable (a checkout without the theme). */
const PLACEHOLDER: ThemeManifest = { name: 'Default', version: '1.0.0', settings: [] };

async function walk(dir: string, prefix = ''): Promise<ThemeFile[]> {
  const out: ThemeFile[] = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const rel = `${prefix}${item.name}`;
    if (item.isDirectory()) out.push(...(await walk(path.join(dir, item.name), `${rel}/`)));
    else if (item.isFile()) {
      const body = await readFile(path.join(dir, item.name));
      out.push({ path: rel, body, sha256: createHash('sha256').update(body).digest('hex') });
    }
  }
  return out;
}

async function load(): Promise<BuiltinTheme> {
  let files: ThemeFile[];
  try {
    files = (await walk(BUILTIN_DIR)).sort((a, b) => a.path.localeCompare(b.path));
  } catch {
    return { manifest: PLACEHOLDER, files: [], size: 0 };
  }
  const json = files.find((f) => f.path === 'theme.json');
  let manifest = PLACEHOLDER;
  try {
    manifest = ThemeManifest.parse(JSON.parse(json?.body.toString('utf8') ?? 'null'));
  } catch {
    // A broken manifest in the repository is a bug the theme's own tests catch; the list still shows something.
  }
  return { manifest, files, size: files.reduce((n, f) => n + f.body.length, 0) };
}

let cached: Promise<BuiltinTheme> | undefined;

export function builtinTheme(): Promise<BuiltinTheme> {
  cached ??= load();
  return cached;
}
