/** Uploads (SPEC §5, §7 Files): multipart to /api/element/upload/<kind>. */
import { UPLOAD_MAX_KB } from './constants';
import type { ListColumns } from './list';

/** Editor images must be under 5 MB; the general limit is 5120 KB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_KB * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export interface UploadReply {
  success: boolean;
  /** Where the file is served, e.g. /uploads/1/2026/11/abc.webp */
  path: string;
  message: string;
  width?: number;
  height?: number;
}

/** An uploaded video that video blocks reference (SPEC §3). */
export interface Video {
  id: number;
  title: string;
  content: string;
  cover: string;
  /** Seconds. */
  duration: number;
  /** Bytes. */
  size: number;
  insert_ts: string;
}

export const videoColumns: ListColumns = {
  filter: ['id', 'title'],
  sort: ['id', 'title', 'insert_ts'],
};
