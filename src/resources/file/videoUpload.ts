/**
 * One video upload, as the upload modal shows it (SPEC §2 "video upload"): preparing (the browser reads the file's
 * duration and takes the frame at 2 s for a cover) → uploading through tus (resumable; retried after 0, 3, 5, 10, 20
 * and 30 s; a progress figure) → done (the cover uploaded as a library image and saved on the video) | error (with
 * retry, which resumes where the upload stopped). No React here.
 */
import { DetailedError, Upload } from 'tus-js-client';
import { fileApi } from '../../../contract/api/files';
import { videoApi } from '../../../contract/api/videos';
import { Code, codeMessageKey } from '../../../contract/codes';
import type { Envelope } from '../../../contract/envelope';
import type { Video } from '../../../contract/files';
import {
  VIDEO_CHUNK_BYTES,
  VIDEO_COVER_AT_S,
  VIDEO_EXTENSIONS,
  VIDEO_ID_HEADER,
  VIDEO_RETRY_DELAYS,
  VIDEO_TYPES,
  VIDEO_UPLOAD_PATH,
} from '../../../contract/videos';
import { uploadFile } from '../../components/upload';
import { ApiError, call } from '../../dataProvider/client';
import { storedLocale } from '../../i18n/locale';

export type VideoUploadState =
  | { phase: 'preparing' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done'; video: Video }
  /** `message`: an i18n key, or the server's own words. */
  | { phase: 'error'; message: string };

/** What the file picker offers. */
export const VIDEO_ACCEPT = [...VIDEO_TYPES, ...VIDEO_EXTENSIONS].join(',');

/** A file the browser calls a video, or named like one (a claim: the server checks the content). */
export const looksLikeVideo = (file: { type: string; name: string }) =>
  (VIDEO_TYPES as readonly string[]).includes(file.type) ||
  VIDEO_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));

interface Probe {
  duration?: number;
  cover?: Blob;
}

/** How long the browser may take to read a frame before the upload goes on without a cover. */
const PROBE_MS = 15_000;

/** Duration and the frame at 2 s (the middle of a shorter video), read by a <video> element; {} when it cannot. */
export function probeVideo(file: Blob): Promise<Probe> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const found: Probe = {};
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(found);
    };
    const timer = setTimeout(done, PROBE_MS);
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    video.onerror = done;
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) found.duration = video.duration;
      const at = Math.min(VIDEO_COVER_AT_S, (found.duration ?? 0) / 2);
      if (!video.videoWidth || !video.videoHeight) return done();
      video.currentTime = at;
    };
    video.onseeked = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(
          (blob) => {
            if (blob) found.cover = blob;
            done();
          },
          'image/jpeg',
          0.85,
        );
      } catch {
        done();
      }
    };
    video.src = url;
  });
}

/** A tus failure's message: the server's envelope (its words already in the caller's language), else a key. */
function messageOfTus(error: unknown): string {
  if (error instanceof DetailedError && error.originalResponse) {
    const status = error.originalResponse.getStatus();
    try {
      const envelope = JSON.parse(error.originalResponse.getBody()) as Envelope;
      if (envelope.msg) return envelope.msg;
    } catch {
      // Not an envelope.
    }
    if (status === 401) return codeMessageKey(Code.UNAUTHORIZED) as string;
    if (status === 403) return codeMessageKey(Code.FORBIDDEN) as string;
    if (status === 413) return codeMessageKey(Code.FILE_TOO_LARGE) as string;
    if (status === 415) return codeMessageKey(Code.VIDEO_FORMAT) as string;
    return codeMessageKey(Code.UPLOAD_FAILED) as string;
  }
  if (error instanceof ApiError) return error.message || error.body.msg || 'errors.generic';
  return 'errors.slow';
}

export interface VideoUploadControl {
  /** Starts again from where it failed: the upload resumes at the server's offset. */
  retry(): void;
  /** Stops and forgets the upload (its unfinished bytes are deleted on the server). */
  cancel(): Promise<void>;
}

/** Uploads `file` into the site's video library, reporting each state to `onState`. */
export function startVideoUpload(file: File, onState: (state: VideoUploadState) => void): VideoUploadControl {
  let probe: Probe | undefined;
  let videoId: number | undefined;
  let upload: Upload | undefined;
  let cancelled = false;

  const finish = async (id: number) => {
    let video = await call(videoApi.get, { id });
    if (probe?.cover && !video.cover) {
      const reply = await uploadFile(probe.cover, { name: 'cover.jpg' });
      video = await call(videoApi.save, {
        id,
        title: video.title,
        content: video.content,
        cover: reply.path,
      });
    }
    if (!cancelled) onState({ phase: 'done', video });
  };

  const fail = (error: unknown) => {
    if (!cancelled) onState({ phase: 'error', message: messageOfTus(error) });
  };

  const run = async () => {
    try {
      if (videoId !== undefined) return await finish(videoId);
      if (!probe) {
        onState({ phase: 'preparing' });
        probe = await probeVideo(file);
      }
      if (cancelled) return;
      onState({ phase: 'uploading', percent: 0 });
      upload ??= new Upload(file, {
        endpoint: VIDEO_UPLOAD_PATH,
        retryDelays: VIDEO_RETRY_DELAYS,
        chunkSize: VIDEO_CHUNK_BYTES,
        removeFingerprintOnSuccess: true,
        headers: { 'accept-language': storedLocale() },
        metadata: {
          filename: file.name,
          filetype: file.type,
          ...(probe.duration ? { duration: String(Math.round(probe.duration)) } : {}),
        },
        onProgress: (sent, total) => {
          if (!cancelled && total > 0)
            onState({ phase: 'uploading', percent: Math.min(100, Math.floor((sent / total) * 100)) });
        },
        onSuccess: ({ lastResponse }) => {
          videoId = Number(lastResponse.getHeader(VIDEO_ID_HEADER));
          finish(videoId).catch(fail);
        },
        onError: fail,
      });
      // A file sent before (same name, size, type) resumes where it stopped.
      const previous = await upload.findPreviousUploads();
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    } catch (error) {
      fail(error);
    }
  };
  run();
  return {
    retry: () => {
      run();
    },
    cancel: async () => {
      cancelled = true;
      if (upload && videoId === undefined) await upload.abort(true).catch(() => undefined);
    },
  };
}

/** `video/list` of the library: one page, newest first, searched by title. */
export const listVideos = (page: number, size: number, keyword: string) =>
  call(fileApi.videos, {
    query: {
      page,
      size,
      filters: keyword.trim() ? [{ col: 'title', value: keyword.trim(), type: 'search' }] : [],
    },
  });

/** Minutes and seconds (h:mm:ss from an hour). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
