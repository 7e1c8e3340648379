/**
 * The plan's upload total (contract/uploadQuota.ts): what a site stores of its own — every `files` row (library
 * pictures, its favicon, staff avatars), every video not refused (an unfinished one by its declared size, while
 * its row was touched within VIDEO_UPLOAD_EXPIRY_MS: an abandoned upload stops counting) and every theme version kept
 * (`theme_versions.size`: its files' uncompressed bytes, as theme_files stores them and a download gives them back;
 * the zip's own size is not kept, so it does not count) — stays within its plan's `upload_mb`. An upload is counted
 * and recorded in one transaction holding the site's row (`FOR UPDATE`), so two uploads at once cannot both take the
 * last free space; its bytes are stored after the row is recorded (and the row removed again when storing fails).
 * A theme upload does the same in themes/service.ts storeUpload (its bytes go into the database in that transaction).
 */
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { UploadUsage } from '../../../contract/files';
import { MB, uploadQuotaMb } from '../../../contract/uploadQuota';
import { VIDEO_UPLOAD_EXPIRY_MS } from '../../../contract/videos';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { sitePlan } from '../tenancy/catalogue';
import { lockSite } from '../tenancy/lock';
import { themeVersions } from '../tenancy/schema';
import { files, videos } from './schema';

/**
 * A video that counts: finished, or an unfinished upload whose row was touched (created, or a PATCH) within
 * VIDEO_UPLOAD_EXPIRY_MS, by the database's clock (which also stamped the row).
 */
const countedVideo = or(
  ne(videos.status, 'uploading'),
  gt(videos.updatedAt, sql`now() - make_interval(secs => ${VIDEO_UPLOAD_EXPIRY_MS / 1000}::float8)`),
);

/**
 * Bytes a site stores: its files, its videos (refused ones are deleted and do not count, abandoned uploads do
 * not either) and its theme versions.
 */
export async function usedBytes(db: Db, siteId: number): Promise<number> {
  const [pictures] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.siteId, siteId));
  const [clips] = await db
    .select({ bytes: sql<string>`coalesce(sum(${videos.size}), 0)` })
    .from(videos)
    .where(and(eq(videos.siteId, siteId), ne(videos.status, 'error'), countedVideo));
  const [themes] = await db
    .select({ bytes: sql<string>`coalesce(sum(${themeVersions.size}), 0)` })
    .from(themeVersions)
    .where(eq(themeVersions.siteId, siteId));
  return Number(pictures.bytes) + Number(clips.bytes) + Number(themes.bytes);
}

/** The site's usage against its plan's total. */
export async function uploadUsage(db: Db, siteId: number): Promise<UploadUsage> {
  const [plan, used] = await Promise.all([sitePlan(db, siteId), usedBytes(db, siteId)]);
  const mb = uploadQuotaMb(plan?.uploadMb);
  return { used_bytes: used, quota_bytes: mb * MB, quota_mb: mb };
}

/**
 * Refuses (UPLOAD_QUOTA, with the plan's MB) when `adding` more bytes would go over; `db` a transaction's that holds
 * the site's row (lockSite).
 */
export async function assertRoom(db: Db, siteId: number, adding: number): Promise<void> {
  const usage = await uploadUsage(db, siteId);
  if (usage.used_bytes + adding > usage.quota_bytes)
    throw new AppError(
      Code.UPLOAD_QUOTA,
      undefined,
      { used_bytes: usage.used_bytes, quota_bytes: usage.quota_bytes, adding },
      { mb: usage.quota_mb },
    );
}

/**
 * Records an upload of `bytes` with `record`, within the site's total: the site's row is locked, the stored bytes
 * summed, and the row inserted before the lock is let go.
 */
export function withinQuota<T>(
  db: Db,
  siteId: number,
  bytes: number,
  record: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockSite(tx as unknown as Db, siteId);
    await assertRoom(tx as unknown as Db, siteId, bytes);
    return record(tx as unknown as Db);
  });
}

/**
 * A finished video checked again (its plan may have shrunk since it began): the site's stored uploads, this video's
 * reserved size among them, must still fit. Locks the site's row like an upload.
 */
export function stillWithinQuota(db: Db, siteId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockSite(tx as unknown as Db, siteId);
    await assertRoom(tx as unknown as Db, siteId, 0);
  });
}
