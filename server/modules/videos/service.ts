/**
 * The video library (issue 16): rows of `videos` per site, made by a tus upload (modules/videos/tus.ts) and finished
 * there; listed with whether a ready video's file is still stored, given a title, description and cover, deleted with
 * their file (or unfinished upload).
 */
import { and, eq } from 'drizzle-orm';
import type { VideoSave } from '../../../contract/api/videos';
import { Code } from '../../../contract/codes';
import { type Video, videoColumns } from '../../../contract/files';
import type { ListQuery, ListResult } from '../../../contract/list';
import { VIDEO_DURATION_MAX_S, VIDEO_TITLE_MAX } from '../../../contract/videos';
import { type VideoStore, videoStore } from '../../adapters/video';
import type { Deps } from '../../deps';
import { AppError, FieldError, notFound } from '../../http/errors';
import { isoTime } from '../../http/isoTime';
import { listRows } from '../../http/list';
import { foreignUploadErrors } from '../files/addresses';
import { videos } from '../files/schema';

export type VideoRow = typeof videos.$inferSelect;

// One store per app (tests build several); made at first use, so an app that never takes a video makes no folder.
const stores = new WeakMap<Deps, VideoStore>();
export function videoStoreOf(deps: Deps): VideoStore {
  let store = stores.get(deps);
  if (!store) {
    store = videoStore({
      s3: deps.config.s3,
      tusDir: deps.config.videoUploadDir,
      uploadDir: deps.config.uploadDir,
    });
    stores.set(deps, store);
  }
  return store;
}

/** A title from an upload's file name: its control characters and extension gone, bounded. */
export function titleOf(filename: string | null | undefined): string {
  const clean = (filename ?? '')
    .slice(0, 1000)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, VIDEO_TITLE_MAX);
  return clean || 'video';
}

/** The browser's claimed type until the content says: bounded, without control characters (no NUL into SQL). */
export function claimedMime(filetype: string | null | undefined): string {
  return (
    (filetype ?? '')
      .slice(0, 1000)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, 100)
  );
}

/** A duration claimed by the browser (seconds, as text): believed only within 0–24 h. */
export function boundedDuration(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').slice(0, 20));
  return Number.isFinite(n) && n >= 0 && n <= VIDEO_DURATION_MAX_S ? Math.round(n) : 0;
}

function toVideo(deps: Deps, r: VideoRow, missing = false): Video {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    cover: r.cover,
    duration: r.duration,
    size: r.size,
    insert_ts: isoTime(r.createdAt),
    url: r.status === 'ready' && r.path ? deps.storage.url(r.path) : '',
    mime: r.mime,
    status: r.status,
    missing,
  };
}

/** Whether a ready video's file is gone; a store that cannot be asked says nothing (not missing). */
async function isMissing(deps: Deps, r: VideoRow): Promise<boolean> {
  if (r.status !== 'ready' || !r.path) return false;
  try {
    return !(await deps.storage.exists(r.path));
  } catch (err) {
    deps.log.warn({ err }, 'the file store did not say whether a video exists');
    return false;
  }
}

/** The library's page: newest first; each ready video of the page asked of the store (a stat or a HEAD). */
export async function listVideos(deps: Deps, siteId: number, query: ListQuery): Promise<ListResult<Video>> {
  const page = await listRows(deps.db, {
    table: videos,
    siteColumn: videos.siteId,
    siteId,
    columns: {
      id: videos.id,
      title: videos.title,
      status: videos.status,
      size: videos.size,
      insert_ts: videos.createdAt,
    },
    allowed: videoColumns,
    defaultSort: { col: 'id', order: 'desc' },
    query,
    toRow: (record) => record as VideoRow,
  });
  const missing = await Promise.all(page.rows.map((r) => isMissing(deps, r)));
  return { ...page, rows: page.rows.map((r, i) => toVideo(deps, r, missing[i])) };
}

async function videoRow(deps: Deps, siteId: number, id: number): Promise<VideoRow> {
  const [row] = await deps.db
    .select()
    .from(videos)
    .where(and(eq(videos.siteId, siteId), eq(videos.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function getVideo(deps: Deps, siteId: number, id: number): Promise<Video> {
  const row = await videoRow(deps, siteId, id);
  return toVideo(deps, row, await isMissing(deps, row));
}

/** Title, description and cover (an image of the site's own, or elsewhere on the web). */
export async function saveVideo(deps: Deps, siteId: number, input: VideoSave): Promise<Video> {
  const row = await videoRow(deps, siteId, input.id);
  const foreign = foreignUploadErrors(deps, siteId, [['cover', input.cover]]);
  if (Object.keys(foreign).length) throw new FieldError(foreign);
  // A refused upload has nothing to describe; one under way may get its title and cover already.
  if (row.status === 'error') throw new AppError(Code.VIDEO_NOT_READY);
  const [saved] = await deps.db
    .update(videos)
    .set({ title: input.title, content: input.content, cover: input.cover, updatedAt: new Date(deps.now()) })
    .where(and(eq(videos.siteId, siteId), eq(videos.id, input.id)))
    .returning();
  return toVideo(deps, saved, await isMissing(deps, saved));
}

/**
 * The file first (a ready video's stored file, or an unfinished upload's bytes), then the row: a store that fails
 * keeps the row, so deleting can be tried again. Video blocks that show it then show 影片遺失.
 */
export async function deleteVideo(deps: Deps, siteId: number, id: number): Promise<{ id: number }> {
  const row = await videoRow(deps, siteId, id);
  try {
    if (row.status === 'ready' && row.path) await deps.storage.remove(row.path);
    else if (row.uploadId) await videoStoreOf(deps).discard(row.uploadId);
  } catch (err) {
    deps.log.error({ err }, 'the file store did not remove a video');
    throw new AppError(Code.FILE_DELETE_FAILED);
  }
  await deps.db.delete(videos).where(and(eq(videos.siteId, siteId), eq(videos.id, id)));
  return { id };
}
