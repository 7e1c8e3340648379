/**
 * The served language packs: the interface words of a locale (i18n/<lang> and its entity words, the dictionary the
 * admin app bundles) with the operator's corrections over them, written in `I18N_DIR/<lang>.json` and shared by the
 * instances through the `lang_corrections` table (langPacks below). Only words that exist may be corrected, each
 * with a bounded string; a file that is too large or not JSON is logged and ignored. A pack's version is I18N_VERSION
 * plus a short hash of its words, so a correction changes it. A correction needs no restart.
 */
import { hash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { I18N_VERSION, LOCALES, type Locale } from '../../../contract/constants';
import en from '../../../i18n/en';
import ja from '../../../i18n/ja';
import zhTW from '../../../i18n/zh-TW';
import type { ChangeBus } from '../../db/changeBus';
import type { Db } from '../../db/client';
import { langCorrections } from './schema';

/** The longest corrected word. */
export const CORRECTION_MAX = 2000;
/** The largest corrections file. */
export const CORRECTIONS_MAX_BYTES = 1024 * 1024;
/** How often (at most) a language's corrections file is looked at again (and its row, while no change is heard). */
export const CHECK_MS = 1000;

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
  const version = `${I18N_VERSION}-${hash('sha256', wordsJson).slice(0, 10)}`;
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
  /** The corrections row it was made from (its stamp), or null for none. */
  stamp: number | null;
  checkedAt: number;
}

export interface LangPacks {
  /** The pack of a locale, looked at again when CHECK_MS have passed or its corrections changed. */
  pack(lang: Locale): Promise<LangPack>;
  /** The pack of a locale when it is still fresh, without waiting; else undefined. */
  fresh(lang: Locale): LangPack | undefined;
}

/**
 * The packs one app serves. The corrections are rows of `lang_corrections`, the same for every instance; the rows
 * change when an instance sees its own `I18N_DIR/<lang>.json` change (looked at, with stat, at most every CHECK_MS):
 * a file newer than the row is imported, a removed one imports no corrections. Every instance hears of a row's change
 * on its change bus and reads it again on its next request; while it cannot hear (no bus, or its connection down), it
 * reads the row again every CHECK_MS.
 */
export function langPacks(opts: {
  dir: string;
  log: FastifyBaseLogger;
  now: () => number;
  db: Db;
  bus?: ChangeBus;
}): LangPacks {
  const entries = new Map<Locale, Entry>();
  const pending = new Map<Locale, Promise<LangPack>>();
  /** Each language's file as last seen here (`mtime:size`, null for none); not yet looked at: absent. */
  const files = new Map<Locale, { seen: string | null; mtimeMs: number }>();
  /** Bumped by each change heard: a read begun before it is not trusted afterwards. */
  const heard = new Map<Locale, number>();

  const stale = (lang: Locale) => {
    heard.set(lang, (heard.get(lang) ?? 0) + 1);
    const entry = entries.get(lang);
    if (entry) entry.checkedAt = Number.NEGATIVE_INFINITY;
  };
  opts.bus?.on({
    change: (c) => {
      if (c.kind === 'langpack' && (LOCALES as readonly string[]).includes(c.id)) stale(c.id as Locale);
      else if (c.kind === 'all') for (const lang of LOCALES) stale(lang);
    },
    reset: () => {
      for (const lang of LOCALES) stale(lang);
    },
  });

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

  /** Imports this instance's file when it changed since last seen here and is newer than the row; true if it tried. */
  async function importFile(lang: Locale): Promise<boolean> {
    const file = path.join(opts.dir, `${lang}.json`);
    const info = await stat(file).catch(() => null);
    const seen = info?.isFile() ? `${info.mtimeMs}:${info.size}` : null;
    const before = files.get(lang);
    if (before && before.seen === seen) return false;
    files.set(lang, { seen, mtimeMs: info?.mtimeMs ?? 0 });
    let row: { corrections: Record<string, unknown>; stamp: number } | undefined;
    if (info && seen !== null) {
      const found = await corrections(file, lang);
      if (found) row = { corrections: found, stamp: Math.floor(info.mtimeMs) };
    } else if (before?.seen) {
      // Removed under this instance: no corrections, as of now (later than the file it removes).
      row = { corrections: {}, stamp: Math.max(Date.now(), Math.floor(before.mtimeMs) + 1) };
    }
    if (!row) return false;
    await opts.db
      .insert(langCorrections)
      .values({ lang, ...row })
      .onConflictDoUpdate({
        target: langCorrections.lang,
        set: { corrections: row.corrections, stamp: row.stamp },
        // Another instance's older copy of the file never overwrites a newer correction.
        setWhere: lt(langCorrections.stamp, row.stamp),
      });
    return true;
  }

  async function refresh(lang: Locale, previous: Entry | undefined): Promise<LangPack> {
    const mark = heard.get(lang) ?? 0;
    const imported = await importFile(lang);
    const checkedAt = opts.now();
    const trusted =
      !imported && previous && previous.checkedAt > Number.NEGATIVE_INFINITY && opts.bus?.listening;
    if (previous && trusted && mark === (heard.get(lang) ?? 0)) {
      previous.checkedAt = checkedAt;
      return previous.pack;
    }
    const [row] = await opts.db
      .select({ corrections: langCorrections.corrections, stamp: langCorrections.stamp })
      .from(langCorrections)
      .where(eq(langCorrections.lang, lang));
    const stamp = row?.stamp ?? null;
    // A change heard while reading: this read may be older than it, so it is looked at again next time.
    const at = mark === (heard.get(lang) ?? 0) ? checkedAt : Number.NEGATIVE_INFINITY;
    if (previous && previous.stamp === stamp) {
      previous.checkedAt = at;
      return previous.pack;
    }
    const base = (await builtInWords())[lang];
    let words = base;
    if (row) {
      const applied = applyCorrections(base, row.corrections);
      words = applied.words;
      if (applied.ignored.length)
        opts.log.warn(
          { lang, keys: applied.ignored.slice(0, 20) },
          'language corrections ignored (unknown key or not a bounded string)',
        );
    }
    const pack = packOf(lang, words);
    entries.set(lang, { pack, stamp, checkedAt: at });
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
