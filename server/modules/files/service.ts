/**
 * Uploads: editor images, checked and normalised by sharp, stored through the storage adapter and recorded per site;
 * the site's videos for the video block.
 */
import sharp from 'sharp';
import { Code } from '../../../contract/codes';
import { IMAGE_MAX_SIDE } from '../../../contract/constants';
import { IMAGE_MAX_BYTES, type UploadReply, type Video, videoColumns } from '../../../contract/files';
import type { ListQuery, ListResult } from '../../../contract/list';
import { newKey } from '../../adapters/storage';
import { files, videos } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { listRows } from '../../http/list';
import type { UploadedFile } from '../../http/multipart';

/** The formats accepted, by sharp's name for them. */
const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
} as const;
type Format = keyof typeof FORMATS;
const isFormat = (f: string | undefined): f is Format => f !== undefined && f in FORMATS;

/** A few bytes can claim a huge canvas: refuse decoding more than a 48-megapixel photo needs (8000×6000). */
const MAX_PIXELS = 8000 * 6000;

interface Image {
  format: Format;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * What the bytes really are (the declared type is ignored): JPEG, PNG and WebP are turned upright by their EXIF
 * orientation and scaled down to fit 1440×1440; a GIF is kept as it is, animation and all.
 */
async function normalise(bytes: Buffer): Promise<Image> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  const meta = await open().metadata();
  if (!isFormat(meta.format)) throw new AppError(Code.UPLOAD_FAILED);
  if (meta.format === 'gif') {
    // Decoding the first frame proves the file is a readable image, not only a GIF header.
    await open().raw().toBuffer();
    return { format: 'gif', bytes, width: meta.width, height: meta.pageHeight ?? meta.height };
  }
  const { data, info } = await open()
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toFormat(meta.format)
    .toBuffer({ resolveWithObject: true });
  return { format: meta.format, bytes: data, width: info.width, height: info.height };
}

export async function uploadImage(
  deps: Deps,
  siteId: number,
  userId: number,
  file: UploadedFile,
): Promise<UploadReply> {
  if (file.bytes.length >= IMAGE_MAX_BYTES) throw new AppError(Code.FILE_TOO_LARGE);
  const image = await normalise(file.bytes).catch((err) => {
    throw err instanceof AppError ? err : new AppError(Code.UPLOAD_FAILED);
  });
  const { mime, ext } = FORMATS[image.format];
  const key = newKey(siteId, ext, new Date(deps.now()));
  await deps.storage.put(key, image.bytes, mime);
  try {
    // `path` holds the storage key; the address comes from the adapter, so another store changes only that.
    await deps.db.insert(files).values({
      siteId,
      kind: 'image',
      path: key,
      name: file.filename,
      mime,
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      createdBy: userId,
    });
  } catch (err) {
    await deps.storage.remove(key);
    throw err;
  }
  return {
    success: true,
    path: deps.storage.url(key),
    message: '',
    width: image.width,
    height: image.height,
  };
}

type VideoRow = typeof videos.$inferSelect;

export function listVideos(deps: Deps, siteId: number, query: ListQuery): Promise<ListResult<Video>> {
  return listRows(deps.db, {
    table: videos,
    siteColumn: videos.siteId,
    siteId,
    columns: { id: videos.id, title: videos.title, insert_ts: videos.createdAt },
    allowed: videoColumns,
    defaultSort: { col: 'id', order: 'desc' },
    query,
    toRow: (record): Video => {
      const r = record as VideoRow;
      return {
        id: r.id,
        title: r.title,
        content: r.content,
        cover: r.cover,
        duration: r.duration,
        size: r.size,
        insert_ts: r.createdAt.toISOString(),
      };
    },
  });
}
