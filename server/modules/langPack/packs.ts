/**
 * The served language packs: the interface words of a locale (i18n/<lang> and its entity words, the dictionary the
 * admin app bundles) with the operator's corrections from `I18N_DIR/<lang>.json` over them. Only words that exist
 * may be corrected, each with a bounded string; a file that is too large or not JSON is logged and ignored. A pack's
 * version is I18N_VERSION plus a short hash of its words, so a correction changes it. The files are looked at again
 * (stat) at most every CHECK_MS, so a correction needs no restart.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { I18N_VERSION, LOCALES, type Locale } from '../../../contract/constants';
import en from '../../../i18n/en';
import ja from '../../../i18n/ja';
import zhTW from '../../../i18n/zh-TW';

/** The longest corrected word. */
export const CORRECTION_MAX = 2000;
/** The largest corrections file. */
export const CORRECTIONS_MAX_BYTES = 1024 * 1024;
/** How often (at most) a language's corrections file is looked at again. */
export const CHECK_MS = 3000;

type Tree = { [key: string]: string | Tree };

export interface LangPack {
  version: string;
  lang: Locale;
  words: Tree;
  /** The reply's body, made once per version. */
  json: string;
  etag: string;
}

const ENTITY_WORDS = path.join(import.meta.dirname, '../../../i18n');
const SOURCE = /\.[cm]?[jt]s$/;

const isTree = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(target: Tree, source: Record<string, unknown>): Tree {
  for (const [key, value] of Object.entries(source)) {
    const own = Object.hasOwn(target, key) ? target[key] : undefined;
    target[key] = isTree(value) && isTree(own) ? merge({ ...own }, value) : (value as string | Tree);
  }
  return target;
}

/** The built-in words of each locale: its dictionary and every entity's words (i18n/<lang>/entities/*.ts). */
let builtIn: Promise<Record<Locale, Tree>> | undefined;
function builtInWords(): Promise<Record<Locale, Tree>> {
  builtIn ??= (async () => {
    const base: Record<Locale, object> = { 'zh-TW': zhTW, en, ja };
    const out = {} as Record<Locale, Tree>;
    for (const lang of LOCALES) {
      const folder = path.join(ENTITY_WORDS, lang, 'entities');
      const files = readdirSync(folder)
        .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'))
        .sort();
      const parts = await Promise.all(
        files.map(
          async (f) =>
            ((await import(pathToFileURL(path.join(folder, f)).href)) as { default: object }).default,
        ),
      );
      out[lang] = [base[lang], ...parts].reduce<Tree>(
        (words, part) => merge(words, part as Record<string, unknown>),
        {},
      );
    }
    return out;
  })();
  return builtIn;
}

/** A corrections file's entries as dotted keys (nested objects and dotted keys alike). */
function flatten(node: Record<string, unknown>, prefix: string, out: [string, unknown][]): void {
  for (const [key, value] of Object.entries(node)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) flatten(value, name, out);
    else out.push([name, value]);
  }
}

/** The built-in words with the corrections applied; what was refused is named in `ignored`. */
export function applyCorrections(
  words: Tree,
  corrections: Record<string, unknown>,
): { words: Tree; ignored: string[] } {
  const entries: [string, unknown][] = [];
  flatten(corrections, '', entries);
  const out = structuredClone(words);
  const ignored: string[] = [];
  for (const [key, value] of entries) {
    const parts = key.split('.');
    let node: Tree | undefined = out;
    for (const part of parts.slice(0, -1)) {
      const next: string | Tree | undefined = node && Object.hasOwn(node, part) ? node[part] : undefined;
      node = isTree(next) ? (next as Tree) : undefined;
    }
    const last = parts[parts.length - 1] as string;
    const known = node !== undefined && Object.hasOwn(node, last) && typeof node[last] === 'string';
    if (!known || typeof value !== 'string' || value.length > CORRECTION_MAX) {
      ignored.push(key.slice(0, 100));
      continue;
    }
    (node as Tree)[last] = value;
  }
  return { words: out, ignored };
}

function packOf(lang: Locale, words: Tree): LangPack {
  const wordsJson = JSON.stringify(words);
  const hash = createHash('sha256').update(wordsJson).digest('hex').slice(0, 10);
  const version = `${I18N_VERSION}-${hash}`;
  return {
    version,
    lang,
    words,
    json: `{"version":${JSON.stringify(version)},"lang":${JSON.stringify(lang)},"words":${wordsJson}}`,
    etag: `"${version}"`,
  };
}

interface Entry {
  pack: LangPack;
  /** The corrections file as last seen: its mtime and size, or null when there was none. */
  seen: string | null;
  checkedAt: number;
}

export interface LangPacks {
  /** The pack of a locale, the corrections looked at again when CHECK_MS have passed. */
  pack(lang: Locale): Promise<LangPack>;
  /** The pack of a locale when it was looked at less than CHECK_MS ago, without waiting; else undefined. */
  fresh(lang: Locale): LangPack | undefined;
}

export function langPacks(opts: { dir: string; log: FastifyBaseLogger; now: () => number }): LangPacks {
  const entries = new Map<Locale, Entry>();
  const pending = new Map<Locale, Promise<LangPack>>();

  async function corrections(file: string, lang: Locale): Promise<Record<string, unknown> | null> {
    try {
      const info = await stat(file);
      if (info.size > CORRECTIONS_MAX_BYTES) {
        opts.log.warn({ file, size: info.size }, 'language corrections file too large: ignored');
        return null;
      }
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (!isTree(parsed)) {
        opts.log.warn({ file }, 'language corrections file is not a JSON object: ignored');
        return null;
      }
      return parsed;
    } catch (err) {
      opts.log.warn(
        { file, lang, err: (err as Error).message },
        'language corrections file unreadable: ignored',
      );
      return null;
    }
  }

  async function refresh(lang: Locale, previous: Entry | undefined): Promise<LangPack> {
    const file = path.join(opts.dir, `${lang}.json`);
    const info = await stat(file).catch(() => null);
    const seen = info?.isFile() ? `${info.mtimeMs}:${info.size}` : null;
    const checkedAt = opts.now();
    if (previous && previous.seen === seen) {
      previous.checkedAt = checkedAt;
      return previous.pack;
    }
    const base = (await builtInWords())[lang];
    let words = base;
    const found = seen === null ? null : await corrections(file, lang);
    if (found) {
      const applied = applyCorrections(base, found);
      words = applied.words;
      if (applied.ignored.length)
        opts.log.warn(
          { file, keys: applied.ignored.slice(0, 20) },
          'language corrections ignored (unknown key or not a bounded string)',
        );
    }
    const pack = packOf(lang, words);
    entries.set(lang, { pack, seen, checkedAt });
    return pack;
  }

  const fresh = (lang: Locale) => {
    const entry = entries.get(lang);
    return entry && opts.now() - entry.checkedAt < CHECK_MS ? entry.pack : undefined;
  };
  return {
    fresh,
    pack(lang) {
      const known = fresh(lang);
      if (known) return Promise.resolve(known);
      const entry = entries.get(lang);
      let running = pending.get(lang);
      if (!running) {
        running = refresh(lang, entry).finally(() => pending.delete(lang));
        pending.set(lang, running);
      }
      return running;
    },
  };
}
