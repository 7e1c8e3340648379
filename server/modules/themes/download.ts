/**
 * The admin origin's GET routes of themes, outside /api (a browser follows them directly):
 * - `/theme-download/<token>`: a version as a zip, for whoever holds the short-lived signed link theme/download made;
 * - `/theme-assets/<version>/<sha256>` (and `builtin/<sha256>`): a theme's pictures, e.g. the covers of the list,
 *   content-addressed and so cached for a year; served with the uploads' sandboxing policy (securityHeaders.ts).
 */

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { DEFAULT_THEME_ID } from '../../../contract/themes';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { sendError } from '../../http/reply';
import { verifyToken } from '../../shared/tokens';
import { themes, themeVersions } from '../tenancy/schema';
import { builtinTheme } from './builtin';
import { imageType } from './files';
import { themeFiles } from './schema';
import { THEME_ASSETS_PREFIX, versionFiles } from './service';
import type { ThemeFile } from './zipCheck';

export const THEME_DOWNLOAD_PREFIX = '/theme-download/';

/** `<name>-<version>.zip`: ASCII in `filename`, the exact name in `filename*` (RFC 6266). */
export function attachment(name: string, version: string): string {
  const full = `${name}-${version}.zip`;
  const ascii = full.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/** A zip of the files, streamed as it is written. */
function zipOf(files: ThemeFile[], mtime: Date): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(f.body, f.path, { mtime });
  zip.end();
  return zip.outputStream;
}

async function download(deps: Deps, req: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
  const grant = verifyToken(deps.secret, req.params['*'], 'download', deps.now());
  if (!grant) throw notFound();
  let files: ThemeFile[];
  let name: string;
  let version: string;
  let mtime: Date;
  if (grant.theme === DEFAULT_THEME_ID) {
    const b = await builtinTheme();
    ({ files } = b);
    ({ name, version } = b.manifest);
    mtime = new Date(deps.now());
  } else {
    const [row] = await deps.db
      .select({ manifest: themeVersions.manifest, createdAt: themeVersions.createdAt })
      .from(themeVersions)
      .innerJoin(themes, eq(themes.id, themeVersions.themeId))
      .where(
        and(
          eq(themeVersions.id, grant.version),
          eq(themes.id, grant.theme),
          eq(themes.siteId, grant.site),
          eq(themeVersions.siteId, grant.site),
        ),
      );
    if (!row) throw notFound();
    files = await versionFiles(deps.db, grant.version);
    // Named as its own theme.json names it: the zip is what was uploaded.
    ({ name, version } = row.manifest);
    mtime = row.createdAt;
  }
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachment(name, version))
    .header('cache-control', 'private, no-store')
    .send(zipOf(files, mtime));
}

async function asset(
  deps: Deps,
  req: FastifyRequest<{ Params: { version: string; sha: string } }>,
  reply: FastifyReply,
) {
  const { version, sha } = req.params;
  if (!/^[0-9a-f]{64}$/.test(sha) || !/^(builtin|\d{1,9})$/.test(version)) throw notFound();
  let file: Pick<ThemeFile, 'path' | 'body'> | undefined;
  if (version === 'builtin') {
    file = (await builtinTheme()).files.find((f) => f.sha256 === sha);
  } else {
    [file] = await deps.db
      .select({ path: themeFiles.path, body: themeFiles.body })
      .from(themeFiles)
      .where(and(eq(themeFiles.versionId, Number(version)), eq(themeFiles.sha256, sha)))
      .limit(1);
  }
  const type = file && imageType(file.path);
  if (!file || !type) throw notFound();
  return reply
    .header('content-type', type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

export function themeFileRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const guard =
      <R extends FastifyRequest>(fn: (deps: Deps, req: R, reply: FastifyReply) => Promise<unknown>) =>
      async (req: R, reply: FastifyReply) => {
        try {
          return await fn(deps, req, reply);
        } catch (err) {
          return sendError(req, reply, err);
        }
      };
    // A wildcard, not a `:token` parameter: tokens are longer than Fastify's parameters may be (100).
    app.get<{ Params: { '*': string } }>(`${THEME_DOWNLOAD_PREFIX}*`, guard(download));
    app.get<{ Params: { version: string; sha: string } }>(
      `${THEME_ASSETS_PREFIX}:version/:sha`,
      guard(asset),
    );
  };
}
