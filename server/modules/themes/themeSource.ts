/**
 * A theme's files, in memory: the built-in one from themes/default on disk (read once), an uploaded one from
 * theme_files by version (versions never change, so they are kept by version id, a bounded number of them; a deleted
 * one is forgotten, forgetThemeVersions).
 */
import { hash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_THEME_ID,
  ThemeManifest as ManifestSchema,
  type ThemeManifest,
  type ThemeSettingValues,
} from '../../../contract/themes';
import type { Db } from '../../db/client';
import { themeVersions } from '../tenancy/schema';
import { themeFiles } from './schema';

export interface ThemeFile {
  body: Buffer;
  sha256: string;
}

export interface LoadedTheme {
  /** 0 for the built-in theme. */
  themeId: number;
  /** The site it belongs to (0 for the built-in theme, everybody's). */
  siteId: number;
  /** theme_versions.id (0 for the built-in theme). */
  versionId: number;
  manifest: ThemeManifest;
  /** By path inside the theme (theme.json, templates/index.liquid, assets/style.css …). */
  files: Map<string, ThemeFile>;
}

/** The built-in theme's folder in the repository. */
export const BUILTIN_THEME_DIR = path.resolve(import.meta.dirname, '../../../themes/default');

const sha256 = (body: Buffer) => hash('sha256', body);

async function readTree(root: string): Promise<Map<string, ThemeFile>> {
  const files = new Map<string, ThemeFile>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const body = await readFile(full);
    files.set(path.relative(root, full).split(path.sep).join('/'), { body, sha256: sha256(body) });
  }
  return files;
}

function manifestOf(files: Map<string, ThemeFile>): ThemeManifest {
  const raw = files.get('theme.json')?.body.toString('utf8');
  try {
    const parsed = ManifestSchema.safeParse(raw ? JSON.parse(raw) : undefined);
    if (parsed.success) return parsed.data;
  } catch {
    // An unreadable manifest: the theme renders without settings.
  }
  return { name: 'default', version: '0.0.0', settings: [] };
}

const builtins = new Map<string, Promise<LoadedTheme>>();

/** The built-in theme, read from `dir` at first use. */
export function builtinTheme(dir = BUILTIN_THEME_DIR): Promise<LoadedTheme> {
  let theme = builtins.get(dir);
  if (!theme) {
    theme = readTree(dir).then((files) => ({
      themeId: DEFAULT_THEME_ID,
      siteId: 0,
      versionId: 0,
      manifest: manifestOf(files),
      files,
    }));
    // A failed read is tried again next time rather than kept.
    theme.catch(() => builtins.delete(dir));
    builtins.set(dir, theme);
  }
  return theme;
}

const VERSIONS_MAX = 32;
/** Per database (a test process may hold several), the versions read, most recently used last. */
const versionsOf = new WeakMap<Db, Map<number, Promise<LoadedTheme | null>>>();

/** An uploaded theme's version (of this site), or null when there is none such. */
export function uploadedTheme(db: Db, siteId: number, versionId: number): Promise<LoadedTheme | null> {
  let versions = versionsOf.get(db);
  if (!versions) {
    versions = new Map();
    versionsOf.set(db, versions);
  }
  let theme = versions.get(versionId);
  if (theme) {
    // Most recently used last: the Map's order is the eviction order.
    versions.delete(versionId);
  } else {
    theme = (async () => {
      const [version] = await db.select().from(themeVersions).where(eq(themeVersions.id, versionId));
      if (!version) return null;
      const rows = await db.select().from(themeFiles).where(eq(themeFiles.versionId, versionId));
      const files = new Map(rows.map((r) => [r.path, { body: r.body, sha256: r.sha256 }]));
      return {
        themeId: version.themeId,
        siteId: version.siteId,
        versionId,
        manifest: version.manifest,
        files,
      };
    })();
    const all = versions;
    theme.catch(() => all.delete(versionId));
  }
  versions.set(versionId, theme);
  while (versions.size > VERSIONS_MAX) versions.delete(versions.keys().next().value as number);
  return theme.then((t) => (t?.siteId === siteId ? t : null));
}

/**
 * Drops deleted versions (the version cap, a deleted theme) from this instance's memory: a preview link may still
 * name one. Called after the deletion commits.
 */
export function forgetThemeVersions(db: Db, versionIds: number[]): void {
  const versions = versionsOf.get(db);
  for (const id of versionIds) versions?.delete(id);
}

/**
 * The design settings in force: theme.json's defaults, overridden by the site's saved values (or a design
 * preview's) for known ids of the right type.
 */
export function settingsInForce(manifest: ThemeManifest, saved: unknown): ThemeSettingValues {
  const values: ThemeSettingValues = {};
  const given = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
  for (const s of manifest.settings) {
    const v = Object.hasOwn(given, s.id) ? given[s.id] : undefined;
    values[s.id] = typeof v === typeof s.default ? (v as string | number | boolean) : s.default;
  }
  return values;
}
