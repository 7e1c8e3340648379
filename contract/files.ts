/** Uploads (SPEC §5, §7 Files): multipart to /api/element/upload/<kind>; the site's image library (file/*). */
import { z } from 'zod';
import { UPLOAD_MAX_KB } from './constants';
import type { ListColumns } from './list';

/** Editor images must be under 5 MB; the general limit is 5120 KB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_KB * 1024;
/** An upload's text fields (a name, a size, a type) are short: longer ones are refused, never held in memory. */
export const UPLOAD_FIELD_MAX_BYTES = 2048;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/**
 * The most pixels an image may decode to, every frame of an animation counted (a 48-megapixel photo, 8000×6000): a
 * few KB can describe a huge canvas or hundreds of frames, and scaling decodes them all. More is 檔案大小超過限制.
 */
export const IMAGE_MAX_PIXELS = 8000 * 6000;
/** More frames than an animation needs, whatever their size. */
export const ANIMATION_MAX_FRAMES = 1000;

/** What an upload is for: each kind has its endpoint (contract/api/files.ts uploadApi). */
export type UploadKind = 'image' | 'favicon' | 'avatar';

/** A file of a multipart upload, as the server reads it into memory (server/http/multipart.ts). */
export class UploadedFile {
  constructor(
    /** As the browser named it, without control characters (PostgreSQL text cannot hold NUL). */
    readonly filename: string,
    /** As the browser declared it: a claim, not a fact. */
    readonly mimetype: string,
    readonly bytes: Buffer,
  ) {}
}

/** A file in an endpoint's input schema: a missing one is a required field left empty. */
export const fileField = () =>
  z.custom<UploadedFile>().superRefine((value, ctx) => {
    if (value === undefined || value === null)
      ctx.addIssue({ code: 'custom', message: 'validation.required' });
    else if (!(value instanceof UploadedFile)) ctx.addIssue({ code: 'custom', message: 'validation.format' });
  });

/**
 * Favicons: PNG or ICO only (never SVG, which can carry script), small, near-square and at least 16 px a side. A PNG
 * is re-encoded to fit 512×512; an ICO is checked entry by entry (each picture the size its entry says, 256 px a side
 * at most) and kept as it is.
 */
export const FAVICON_MAX_BYTES = 1024 * 1024;
export const FAVICON_TYPES = ['image/png', 'image/x-icon', 'image/vnd.microsoft.icon'] as const;
export const FAVICON_MIN_SIDE = 16;
export const FAVICON_MAX_SIDE = 512;
/** The largest picture an icon file's directory can describe. */
export const ICO_MAX_SIDE = 256;
/** The longer side over the shorter one. */
export const FAVICON_MAX_RATIO = 1.25;

export const UploadReply = z.object({
  success: z.boolean(),
  /** Where the file is served, e.g. /uploads/1/2026/11/abc.webp */
  path: z.string(),
  message: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type UploadReply = z.infer<typeof UploadReply>;

/** An uploaded video that video blocks reference (SPEC §3). */
export const Video = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  cover: z.string(),
  /** Seconds. */
  duration: z.number(),
  /** Bytes. */
  size: z.number(),
  insert_ts: z.string(),
  /** Where the file is served ('' until the upload finishes). */
  url: z.string(),
  mime: z.string(),
  /** uploading (tus, under way), ready, or error (refused by its content). */
  status: z.enum(['uploading', 'ready', 'error']),
  /** A ready video whose file is gone from the storage (影片遺失). */
  missing: z.boolean(),
});
export type Video = z.infer<typeof Video>;

export const videoColumns: ListColumns = {
  filter: ['id', 'title', 'status'],
  sort: ['id', 'title', 'insert_ts', 'size'],
};

/** A picture of the site's library (`file/list`, `file/get`). */
export const LibraryFile = z.object({
  id: z.number(),
  /** Where the file is served, as an upload reply's `path`. */
  path: z.string(),
  /** As the browser named it. */
  name: z.string(),
  mime: z.string(),
  /** Bytes as stored (after scaling). */
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: z.string(),
});
export type LibraryFile = z.infer<typeof LibraryFile>;

export const fileColumns: ListColumns = {
  filter: ['id', 'name'],
  sort: ['id', 'name', 'size', 'created_at'],
};

/** The site's stored uploads against its plan's total (`file/usage`; contract/uploadQuota.ts). */
export const UploadUsage = z.object({
  /** Bytes stored: pictures, the favicon, avatars and videos (unfinished ones by their declared size). */
  used_bytes: z.number(),
  /** The plan's total in bytes. */
  quota_bytes: z.number(),
  /** The plan's total in MB (`plans.upload_mb`, or the default). */
  quota_mb: z.number(),
});
export type UploadUsage = z.infer<typeof UploadUsage>;
