/**
 * Uploads and the site's image library: images are checked and normalised by sharp, favicons checked as PNG or ICO;
 * the bytes go through the storage adapter (a folder or an S3 bucket) and each file is recorded per site. Also the
 * site's videos for the video block (modules/videos).
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { Code, type CodeValue } from '../../../contract/codes';
import { IMAGE_MAX_SIDE } from '../../../contract/constants';
import type { UploadedFile } from '../../../contract/files';
import {
  ANIMATION_MAX_FRAMES,
  FAVICON_MAX_BYTES,
  FAVICON_MAX_RATIO,
  FAVICON_MAX_SIDE,
  FAVICON_MIN_SIDE,
  fileColumns,
  ICO_MAX_SIDE,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type LibraryFile,
  type UploadReply,
} from '../../../contract/files';
import type { ListQuery, ListResult } from '../../../contract/list';
import { newKey } from '../../adapters/storage';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { isoTime } from '../../http/isoTime';
import { listRows } from '../../http/list';
import { isPng, readIco } from './ico';
import { withinQuota } from './quota';
import { files } from './schema';

/** The formats accepted, by sharp's name for them (and `ico`, which sharp cannot read). */
const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  ico: { mime: 'image/x-icon', ext: 'ico' },
} as const;
type Format = keyof typeof FORMATS;
type ImageFormat = Exclude<Format, 'ico'>;
const isImageFormat = (f: string | undefined): f is ImageFormat =>
  f !== undefined && f !== 'ico' && f in FORMATS;

/** What a files row is: a library picture, or a site's favicon or a staff member's avatar (kept out of the library). */
type FileKind = 'image' | 'favicon' | 'avatar';

interface Image {
  format: Format;
  bytes: Buffer;
  width: number;
  height: number;
}

/** `animated` reads every frame (sharp's pages: -1); the pixel limit then counts them all. */
const open = (bytes: Buffer, { animated = false, maxPixels = IMAGE_MAX_PIXELS } = {}) =>
  sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated });
/** What the header claims (size, frames), read without decoding, so that a claim too large gets its own answer. */
const header = (bytes: Buffer) => sharp(bytes, { limitInputPixels: false }).metadata();

/**
 * What the bytes really are (the declared type is ignored), turned upright by their EXIF orientation and scaled down
 * to fit 1440×1440, every frame of an animation (GIF, WebP) and its timing kept; a GIF that already fits is kept as
 * it came. The header's size and frame count are checked before anything is decoded: all the frames' pixels count.
 */
async function normalise(bytes: Buffer): Promise<Image> {
  const meta = await header(bytes);
  if (!isImageFormat(meta.format)) throw new AppError(Code.UPLOAD_FAILED);
  const frames = meta.pages ?? 1;
  const { width } = meta;
  const height = meta.pageHeight ?? meta.height;
  if (frames > ANIMATION_MAX_FRAMES || frames * width * height > IMAGE_MAX_PIXELS)
    throw new AppError(Code.FILE_TOO_LARGE);
  if (meta.format === 'gif' && width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE) {
    // Decoding the first frame proves the file is a readable image, not only a GIF header.
    await open(bytes).raw().toBuffer();
    return { format: 'gif', bytes, width, height };
  }
  const { data, info } = await open(bytes, { animated: frames > 1 })
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toFormat(meta.format)
    .toBuffer({ resolveWithObject: true });
  return { format: meta.format, bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

/** Near-square and not tiny. */
const faviconShaped = (width: number, height: number) =>
  Math.min(width, height) >= FAVICON_MIN_SIDE &&
  Math.max(width, height) / Math.min(width, height) <= FAVICON_MAX_RATIO;

/**
 * A favicon: a PNG is decoded and written anew, scaled to fit 512×512 (nothing but pixels survives); an ICO is
 * stored as it came once every picture in it checks out, its largest one giving the size.
 */
async function normaliseFavicon(bytes: Buffer): Promise<Image> {
  if (isPng(bytes)) {
    const meta = await open(bytes).metadata();
    if (meta.format !== 'png' || !faviconShaped(meta.width, meta.height))
      throw new AppError(Code.FAVICON_INVALID);
    const { data, info } = await open(bytes)
      .rotate()
      .resize({ width: FAVICON_MAX_SIDE, height: FAVICON_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { format: 'png', bytes: data, width: info.width, height: info.height };
  }
  const entries = readIco(bytes);
  if (!entries) throw new AppError(Code.FAVICON_INVALID);
  // readIco held each PNG to its entry's size; decoding proves it whole, and never more than an icon's pixels.
  for (const entry of entries.filter((e) => e.png))
    await open(entry.data, { maxPixels: ICO_MAX_SIDE * ICO_MAX_SIDE })
      .raw()
      .toBuffer();
  const largest = entries.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  if (!faviconShaped(largest.width, largest.height)) throw new AppError(Code.FAVICON_INVALID);
  return { format: 'ico', bytes, width: largest.width, height: largest.height };
}

/**
 * Records the file within the site's upload total (files/quota.ts: refused before anything is stored), then stores
 * the bytes; a store that fails removes the row again and is an upload failure, not a crash.
 */
async function store(
  deps: Deps,
  siteId: number,
  userId: number,
  kind: FileKind,
  name: string,
  image: Image,
): Promise<UploadReply> {
  const { mime, ext } = FORMATS[image.format];
  const key = newKey(siteId, ext, new Date(deps.now()));
  // `path` holds the storage key; the address comes from the adapter, so another store changes only that.
  const [row] = await withinQuota(deps.db, siteId, image.bytes.length, (tx) =>
    tx
      .insert(files)
      .values({
        siteId,
        kind,
        path: key,
        name,
        mime,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        createdBy: userId,
      })
      .returning({ id: files.id }),
  );
  try {
    await deps.storage.put(key, image.bytes, mime);
  } catch (err) {
    deps.log.error({ err }, 'the file store refused an upload');
    await deps.db.delete(files).where(eq(files.id, row.id));
    throw new AppError(Code.UPLOAD_FAILED);
  }
  return {
    success: true,
    path: deps.storage.url(key),
    message: '',
    width: image.width,
    height: image.height,
  };
}

/** Reads the bytes with `read`; anything it cannot make sense of is `failure`. */
const readAs = (read: (bytes: Buffer) => Promise<Image>, bytes: Buffer, failure: CodeValue) =>
  read(bytes).catch((err) => {
    throw err instanceof AppError ? err : new AppError(failure);
  });

/** A picture for the library, or (`avatar`) for the uploader's own profile, outside it. */
export async function uploadImage(
  deps: Deps,
  siteId: number,
  userId: number,
  file: UploadedFile,
  kind: 'image' | 'avatar' = 'image',
): Promise<UploadReply> {
  if (file.bytes.length >= IMAGE_MAX_BYTES) throw new AppError(Code.FILE_TOO_LARGE);
  const image = await readAs(normalise, file.bytes, Code.UPLOAD_FAILED);
  return store(deps, siteId, userId, kind, file.filename, image);
}

export async function uploadFavicon(
  deps: Deps,
  siteId: number,
  userId: number,
  file: UploadedFile,
): Promise<UploadReply> {
  if (file.bytes.length > FAVICON_MAX_BYTES) throw new AppError(Code.FILE_TOO_LARGE);
  const icon = await readAs(normaliseFavicon, file.bytes, Code.FAVICON_INVALID);
  return store(deps, siteId, userId, 'favicon', file.filename, icon);
}

type FileRow = typeof files.$inferSelect;

const toLibraryFile = (deps: Deps, r: FileRow): LibraryFile => ({
  id: r.id,
  path: deps.storage.url(r.path),
  name: r.name,
  mime: r.mime,
  size: r.size,
  width: r.width,
  height: r.height,
  created_at: isoTime(r.createdAt),
});

/** The library: the site's pictures, newest first by default. */
export function listFiles(deps: Deps, siteId: number, query: ListQuery): Promise<ListResult<LibraryFile>> {
  return listRows(deps.db, {
    table: files,
    siteColumn: files.siteId,
    siteId,
    where: eq(files.kind, 'image'),
    columns: { id: files.id, name: files.name, size: files.size, created_at: files.createdAt },
    allowed: fileColumns,
    defaultSort: { col: 'created_at', order: 'desc' },
    query,
    toRow: (r) => toLibraryFile(deps, r as FileRow),
  });
}

async function libraryRow(deps: Deps, siteId: number, id: number): Promise<FileRow> {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.siteId, siteId), eq(files.id, id), eq(files.kind, 'image')));
  if (!row) throw notFound();
  return row;
}

export async function getFile(deps: Deps, siteId: number, id: number): Promise<LibraryFile> {
  return toLibraryFile(deps, await libraryRow(deps, siteId, id));
}

/**
 * Removes the bytes, then the row: when the store fails the row stays, so the picture is still listed and deleting
 * can be tried again (removing a missing object succeeds). Pages that show the picture lose it.
 */
export async function deleteFile(deps: Deps, siteId: number, id: number): Promise<{ id: number }> {
  const row = await libraryRow(deps, siteId, id);
  try {
    await deps.storage.remove(row.path);
  } catch (err) {
    deps.log.error({ err }, 'the file store did not remove a file');
    throw new AppError(Code.FILE_DELETE_FAILED);
  }
  await deps.db.delete(files).where(and(eq(files.siteId, siteId), eq(files.id, id)));
  return { id };
}
