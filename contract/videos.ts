/**
 * Video uploads (issue 16): resumable through tus at VIDEO_UPLOAD_PATH (outside the JSON catalogue), checked by
 * content when they finish, then listed in the video library (`video/list`) and used by the writer's video block.
 * Plain constants only: the SPA's upload modal imports this without zod.
 */

/** The tus endpoint: POST creates an upload, HEAD asks its offset, PATCH appends, DELETE ends it. */
export const VIDEO_UPLOAD_PATH = '/api/element/upload/video';

/** The reply header of the PATCH that finishes an upload: the video's id in the library. */
export const VIDEO_ID_HEADER = 'video-id';

import { UPLOAD_DEFAULT_MB, uploadQuotaMb } from './uploadQuota';

/** The per-file limit of a site without a plan's own (`plans.upload_mb` 0: STARTER, or no plan yet). */
export const VIDEO_DEFAULT_MB = UPLOAD_DEFAULT_MB;

/**
 * A site's per-file video limit in MB: one video may take the whole of the plan's upload total (`upload_mb`: CREATOR
 * 100, TEAM+ 200, BUSINESS and internal 300, else 50), never more (3651); what the site already stores counts against
 * the total (3740, contract/uploadQuota.ts).
 */
export const videoLimitMb = (uploadMb: number | undefined) => uploadQuotaMb(uploadMb);

/** tus-js-client's waits between retries of a failed request (ms). */
export const VIDEO_RETRY_DELAYS = [0, 3000, 5000, 10000, 20000, 30000];

/**
 * How long an unfinished upload (status `uploading`) keeps its declared size reserved in the site's upload total
 * (files/quota.ts) after its row was last touched (its creation or a PATCH): 24 h. An upload left longer stops
 * counting; resuming it reserves it again, and it is checked against the total when it finishes as always. tus itself
 * is given no expiry (the upload's bytes are not removed by this).
 */
export const VIDEO_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** One PATCH carries at most this much: each request ends well within the server's request timeout. */
export const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024;

/** The containers accepted, by their content; the browser's file picker offers these. */
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] as const;
export const VIDEO_EXTENSIONS = ['.mp4', '.m4v', '.mov', '.webm', '.mkv'] as const;

/** Where the cover frame is taken from (seconds; the middle of a shorter video). */
export const VIDEO_COVER_AT_S = 2;

/** The longest duration recorded (24 h); a longer claim is not believed. */
export const VIDEO_DURATION_MAX_S = 24 * 60 * 60;

export const VIDEO_TITLE_MAX = 200;
export const VIDEO_CONTENT_MAX = 2000;

export const VIDEO_STATUSES = ['uploading', 'ready', 'error'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** Upload-Metadata keys the upload sends (values base64 by the tus protocol). */
export const VIDEO_METADATA = { filename: 'filename', filetype: 'filetype', duration: 'duration' } as const;
