/**
 * A site's themes (issue 13): the list and the detail (the built-in theme and the site's uploads), storing an
 * accepted upload as a new version, apply, enable a version, delete. Every theme id a caller sends is looked up
 * within the caller's site: another site's theme is as missing as one that never existed (404).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import {
  DEFAULT_THEME_ID,
  THEME_VERSIONS_KEPT,
  type ThemeDetail,
  type ThemeManifest,
  type ThemeSummary,
  type ThemeWords,
} from '../../../contract/themes';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { SHORT_LINK_MINUTES, signToken } from '../../shared/tokens';
import { assertRoom } from '../files/quota';
import { bumpRender } from '../tenancy/invalidate';
import { lockSite } from '../tenancy/lock';
import { sites, themes, themeVersions, users } from '../tenancy/schema';
import { siteById, siteUrl } from '../tenancy/sites';
import { builtinTheme } from './builtin';
import { imageType } from './files';
import { themeFiles } from './schema';
import { forgetThemeVersions } from './themeSource';
import type { ThemeFile } from './zipCheck';

/** Covers are served from the admin origin (its CSP allows only its own pictures), by version and content hash. */
export const THEME_ASSETS_PREFIX = '/theme-assets/';
/** Theme files go into the database a few at a time: one statement holds at most this many. */
const FILES_PER_INSERT = 50;

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
const ownerName = (u: { nickname: string | null; email: string | null } | null) =>
  u?.nickname || u?.email || '';

/** The address of a version's cover picture, '' when it has none (or names no picture it holds). */
export function coverAddress(
  version: number | 'builtin',
  manifest: ThemeManifest,
  files: ThemeFile[],
): string {
  const file = manifest.cover ? files.find((f) => f.path === manifest.cover) : undefined;
  return file && imageType(file.path) ? `${THEME_ASSETS_PREFIX}${version}/${file.sha256}` : '';
}

/** A manifest word in the caller's language (a plain string is the same in all). */
export function word(w: ThemeWords | undefined, lang: string): string {
  if (!w) return '';
  if (typeof w === 'string') return w;
  return w[lang as keyof typeof w] ?? w['zh-TW'] ?? w.en ?? w.ja ?? '';
}

async function appliedThemeId(db: Pick<Db, 'select'>, siteId: number): Promise<number> {
  const [row] = await db.select({ themeId: sites.themeId }).from(sites).where(eq(sites.id, siteId));
  return row?.themeId ?? DEFAULT_THEME_ID;
}

async function builtinSummary(applied: number): Promise<ThemeSummary> {
  const b = await builtinTheme();
  return {
    id: DEFAULT_THEME_ID,
    name: b.manifest.name,
    cover: coverAddress('builtin', b.manifest, b.files),
    owner: '',
    version: b.manifest.version,
    seq: 0,
    last_ts: 0,
    applied: applied === DEFAULT_THEME_ID,
    builtin: true,
  };
}

const summaryColumns = {
  id: themes.id,
  name: themes.name,
  cover: themes.cover,
  updatedAt: themes.updatedAt,
  version: themeVersions.version,
  seq: themeVersions.seq,
  nickname: users.nickname,
  email: users.email,
};

function siteThemes(db: Db, siteId: number) {
  return db
    .select(summaryColumns)
    .from(themes)
    .innerJoin(themeVersions, eq(themeVersions.id, themes.activeVersionId))
    .leftJoin(users, eq(users.id, themes.ownerId))
    .where(eq(themes.siteId, siteId))
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof siteThemes>['execute']>>[number];

const toSummary = (r: SummaryRow, applied: number): ThemeSummary => ({
  id: r.id,
  name: r.name,
  cover: r.cover,
  owner: ownerName(r),
  version: r.version,
  seq: r.seq,
  last_ts: epoch(r.updatedAt),
  applied: applied === r.id,
  builtin: false,
});

/** The built-in theme first, then the site's themes, last changed first. */
export async function listThemes(deps: Deps, siteId: number): Promise<ThemeSummary[]> {
  const applied = await appliedThemeId(deps.db, siteId);
  const rows = await siteThemes(deps.db, siteId).orderBy(desc(themes.updatedAt), desc(themes.id));
  return [await builtinSummary(applied), ...rows.map((r) => toSummary(r, applied))];
}

/** The themes the platform ships: the built-in one. */
export async function collection(deps: Deps, siteId: number): Promise<ThemeSummary[]> {
  return [await builtinSummary(await appliedThemeId(deps.db, siteId))];
}

/** One of the site's themes with its active version, or 404. */
async function summaryOf(deps: Deps, siteId: number, id: number): Promise<ThemeSummary> {
  const applied = await appliedThemeId(deps.db, siteId);
  if (id === DEFAULT_THEME_ID) return builtinSummary(applied);
  const [row] = await siteThemes(deps.db, siteId).where(and(eq(themes.siteId, siteId), eq(themes.id, id)));
  if (!row) throw notFound();
  return toSummary(row, applied);
}

async function previewUrl(deps: Deps, siteId: number, theme: number, version: number): Promise<string> {
  const site = await siteById(deps.db, siteId);
  const token = signToken(
    deps.secret,
    { k: 'theme', site: siteId, theme, version },
    SHORT_LINK_MINUTES * 60_000,
    deps.now(),
  );
  return `${site ? siteUrl(site, deps.config) : ''}/?theme_preview=${token}`;
}

export async function getTheme(deps: Deps, siteId: number, id: number, lang: string): Promise<ThemeDetail> {
  const summary = await summaryOf(deps, siteId, id);
  if (id === DEFAULT_THEME_ID) {
    const b = await builtinTheme();
    return {
      ...summary,
      description: word(b.manifest.description, lang),
      versions: [
        { seq: 0, version: b.manifest.version, created_ts: 0, uploaded_by: '', size: b.size, enabled: true },
      ],
      preview_url: await previewUrl(deps, siteId, DEFAULT_THEME_ID, 0),
      render_error: null,
    };
  }
  const [theme] = await deps.db.select().from(themes).where(eq(themes.id, id));
  const versions = await deps.db
    .select({
      id: themeVersions.id,
      seq: themeVersions.seq,
      version: themeVersions.version,
      manifest: themeVersions.manifest,
      createdAt: themeVersions.createdAt,
      size: themeVersions.size,
      renderError: themeVersions.renderError,
      nickname: users.nickname,
      email: users.email,
    })
    .from(themeVersions)
    .leftJoin(users, eq(users.id, themeVersions.uploadedBy))
    .where(eq(themeVersions.themeId, id))
    .orderBy(desc(themeVersions.seq));
  const active = versions.find((v) => v.id === theme.activeVersionId) ?? versions[0];
  return {
    ...summary,
    description: word(active?.manifest.description, lang),
    versions: versions.map((v) => ({
      seq: v.seq,
      version: v.version,
      created_ts: epoch(v.createdAt),
      uploaded_by: ownerName(v),
      size: v.size,
      enabled: v.id === theme.activeVersionId,
    })),
    preview_url: await previewUrl(deps, siteId, id, active?.id ?? 0),
    render_error: active?.renderError ?? null,
  };
}

/**
 * Stores an accepted upload in one transaction: the theme of that name (case-insensitive) on this site, made on its
 * first upload with the uploader as its owner; a new version numbered after the last; its files; the new version in
 * use. A site wearing this theme is rendered afresh.
 *
 * Within the plan's upload space like any upload (files/quota.ts): the site's row is locked first (then the theme's,
 * the order every theme write takes), the versions beyond THEME_VERSIONS_KEPT deleted, and only then the room
 * checked, so a theme at the cap replaces its oldest version's bytes. A refusal (UPLOAD_QUOTA) rolls it all back.
 */
export async function storeUpload(
  deps: Deps,
  siteId: number,
  userId: number,
  upload: { manifest: ThemeManifest; files: ThemeFile[]; size: number },
): Promise<{ id: number; seq: number; cover: string }> {
  const { manifest, files, size } = upload;
  const now = new Date(deps.now());
  const dropped: number[] = [];
  const stored = await deps.db.transaction(async (tx) => {
    await lockSite(tx as unknown as Db, siteId);
    await tx
      .insert(themes)
      .values({ siteId, name: manifest.name, ownerId: userId, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    // The row is locked until the end: two uploads of one theme take their numbers one after the other.
    const [theme] = await tx
      .select()
      .from(themes)
      .where(and(eq(themes.siteId, siteId), sql`lower(${themes.name}) = lower(${manifest.name})`))
      .for('update');
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${themeVersions.seq}), 0)::int` })
      .from(themeVersions)
      .where(eq(themeVersions.themeId, theme.id));
    const seq = Number(last) + 1;
    dropped.push(...(await dropOldVersions(tx as unknown as Db, theme.id, theme.activeVersionId)));
    await assertRoom(tx as unknown as Db, siteId, size);
    const [version] = await tx
      .insert(themeVersions)
      .values({
        themeId: theme.id,
        siteId,
        version: manifest.version,
        seq,
        manifest,
        size,
        uploadedBy: userId,
        createdAt: now,
      })
      .returning({ id: themeVersions.id });
    for (let i = 0; i < files.length; i += FILES_PER_INSERT) {
      await tx.insert(themeFiles).values(
        files.slice(i, i + FILES_PER_INSERT).map((f) => ({
          versionId: version.id,
          path: f.path,
          body: f.body,
          sha256: f.sha256,
        })),
      );
    }
    const cover = coverAddress(version.id, manifest, files);
    await tx
      .update(themes)
      .set({ name: manifest.name, cover, activeVersionId: version.id, updatedAt: now })
      .where(eq(themes.id, theme.id));
    if ((await appliedThemeId(tx, siteId)) === theme.id) await bumpRender(tx, siteId);
    return { id: theme.id, seq, cover };
  });
  forgetThemeVersions(deps.db, dropped);
  return stored;
}

/**
 * Makes room for one more version under THEME_VERSIONS_KEPT: deletes the oldest beyond the newest KEPT - 1, except
 * the one in use (`active`), with their files. Answers the ids deleted. `db` a transaction's holding the theme's row.
 */
async function dropOldVersions(db: Db, themeId: number, active: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: themeVersions.id })
    .from(themeVersions)
    .where(eq(themeVersions.themeId, themeId))
    .orderBy(desc(themeVersions.seq));
  const ids = rows
    .slice(THEME_VERSIONS_KEPT - 1)
    .map((r) => r.id)
    .filter((id) => id !== active);
  if (ids.length) await db.delete(themeVersions).where(inArray(themeVersions.id, ids));
  return ids;
}

/** Dresses the site in a theme: the built-in one (0), or one of its own with a version in use. */
export async function applyTheme(deps: Deps, siteId: number, id: number): Promise<ThemeSummary> {
  if (id !== DEFAULT_THEME_ID) {
    const [row] = await deps.db
      .select({ id: themes.id })
      .from(themes)
      .where(and(eq(themes.id, id), eq(themes.siteId, siteId), sql`${themes.activeVersionId} IS NOT NULL`));
    if (!row) throw notFound();
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sites)
      .set({ themeId: id === DEFAULT_THEME_ID ? null : id })
      .where(eq(sites.id, siteId));
    await bumpRender(tx, siteId);
  });
  return summaryOf(deps, siteId, id);
}

/** Makes a version (by its upload number) the one in use: a roll back, or forward again. */
export async function enableVersion(
  deps: Deps,
  siteId: number,
  id: number,
  seq: number,
  lang: string,
): Promise<ThemeDetail> {
  if (id === DEFAULT_THEME_ID) throw new AppError(Code.THEME_BUILTIN);
  await deps.db.transaction(async (tx) => {
    // Looked up under the site's lock, as an upload takes it: a version its cap deleted is missing (404).
    await lockSite(tx as unknown as Db, siteId);
    const [version] = await tx
      .select({ id: themeVersions.id, manifest: themeVersions.manifest })
      .from(themeVersions)
      .innerJoin(themes, eq(themes.id, themeVersions.themeId))
      .where(and(eq(themes.id, id), eq(themes.siteId, siteId), eq(themeVersions.seq, seq)));
    if (!version) throw notFound();
    const files = await versionFiles(tx as unknown as Db, version.id);
    await tx
      .update(themes)
      .set({
        activeVersionId: version.id,
        cover: coverAddress(version.id, version.manifest, files),
        updatedAt: new Date(deps.now()),
      })
      .where(eq(themes.id, id));
    if ((await appliedThemeId(tx, siteId)) === id) await bumpRender(tx, siteId);
  });
  return getTheme(deps, siteId, id, lang);
}

/** Deletes one of the site's themes with its versions; never the applied one, never the built-in one. */
export async function deleteTheme(deps: Deps, siteId: number, id: number): Promise<{ id: number }> {
  if (id === DEFAULT_THEME_ID) throw new AppError(Code.THEME_BUILTIN);
  const dropped: number[] = [];
  const deleted = await deps.db.transaction(async (tx) => {
    await lockSite(tx as unknown as Db, siteId);
    const [theme] = await tx
      .select({ id: themes.id })
      .from(themes)
      .where(and(eq(themes.id, id), eq(themes.siteId, siteId)))
      .for('update');
    if (!theme) throw notFound();
    if ((await appliedThemeId(tx, siteId)) === id) throw new AppError(Code.THEME_IN_USE);
    const versions = await tx
      .select({ id: themeVersions.id })
      .from(themeVersions)
      .where(eq(themeVersions.themeId, id));
    dropped.push(...versions.map((v) => v.id));
    await tx.delete(themes).where(eq(themes.id, id));
    // Its design values go with it.
    await tx
      .update(sites)
      .set({ themeSettings: sql`${sites.themeSettings} - ${String(id)}::text` })
      .where(eq(sites.id, siteId));
    return { id };
  });
  forgetThemeVersions(deps.db, dropped);
  return deleted;
}

/** The files of a version, by path. */
export async function versionFiles(db: Db, versionId: number): Promise<ThemeFile[]> {
  return db
    .select({ path: themeFiles.path, body: themeFiles.body, sha256: themeFiles.sha256 })
    .from(themeFiles)
    .where(eq(themeFiles.versionId, versionId))
    .orderBy(themeFiles.path);
}

/**
 * A version of one of the site's themes: by upload number, or the one in use. The built-in theme's is 0. The id
 * of the theme_versions row, or 404.
 */
export async function versionIdOf(deps: Deps, siteId: number, id: number, seq?: number): Promise<number> {
  if (id === DEFAULT_THEME_ID) {
    if (seq !== undefined && seq !== 0) throw notFound();
    return 0;
  }
  const [row] = await deps.db
    .select({ id: themeVersions.id })
    .from(themeVersions)
    .innerJoin(themes, eq(themes.id, themeVersions.themeId))
    .where(
      and(
        eq(themes.id, id),
        eq(themes.siteId, siteId),
        seq === undefined ? eq(themeVersions.id, themes.activeVersionId) : eq(themeVersions.seq, seq),
      ),
    );
  if (!row) throw notFound();
  return row.id;
}
