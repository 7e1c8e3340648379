/**
 * Theme assets at /assets/<hash>/<path>: the hash is the file's content, so the answer never changes and is cached
 * for a year. Looked for in the theme the page was rendered with, else in any version of the site's themes (a
 * preview, a page rendered before a roll back) or the built-in theme.
 */
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ASSET_HASH_LENGTH } from '../../workers/engine';
import { themeVersions } from '../tenancy/schema';
import { themeFiles } from './schema';
import type { LoadedTheme } from './themeSource';

const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

export function assetType(file: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

const inTheme = (theme: LoadedTheme, path: string, hash: string) => {
  const f = theme.files.get(path);
  return f && f.sha256.slice(0, ASSET_HASH_LENGTH) === hash ? f.body : undefined;
};

/** The asset's bytes, or undefined. */
export async function findAsset(
  db: Db,
  siteId: number,
  hash: string,
  file: string,
  themes: LoadedTheme[],
): Promise<Buffer | undefined> {
  const path = `assets/${file}`;
  for (const theme of themes) {
    const body = inTheme(theme, path, hash);
    if (body) return body;
  }
  const [row] = await db
    .select({ body: themeFiles.body })
    .from(themeFiles)
    .innerJoin(themeVersions, eq(themeVersions.id, themeFiles.versionId))
    .where(
      and(eq(themeVersions.siteId, siteId), eq(themeFiles.path, path), like(themeFiles.sha256, `${hash}%`)),
    )
    .limit(1);
  return row?.body;
}
