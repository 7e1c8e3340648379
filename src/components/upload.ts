/**
 * The one upload client: a file goes as multipart field `file` to an upload endpoint over XMLHttpRequest,
 * because only it reports upload progress (fetch cannot). Its reply is read as the envelope client reads replies:
 * the stored file, or an ApiError whose message is an i18n key (or the server's own text) ready for a toast. The
 * checks here refuse a file before anything is sent (SPEC §5: 5 MB or more is 檔案大小超過限制).
 */
import { uploadApi } from '../../contract/api/files';
import { Code, codeMessageKey } from '../../contract/codes';
import { TIMEOUT } from '../../contract/constants';
import type { AnyEndpoint } from '../../contract/endpoint';
import type { Envelope } from '../../contract/envelope';
import {
  FAVICON_MAX_BYTES,
  FAVICON_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type UploadKind,
  type UploadReply,
} from '../../contract/files';
import { ApiError, codeMessage, urlFor } from '../dataProvider/client';
import { storedLocale } from '../i18n/locale';

/** Why a file cannot be uploaded (an i18n key), or undefined when it may be. */
export function checkImageFile(
  file: { size: number; type: string },
  maxBytes: number = IMAGE_MAX_BYTES,
): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageUpload.notImage';
  if (file.size >= maxBytes) return codeMessageKey(Code.FILE_TOO_LARGE);
  return undefined;
}

/** The same for a site icon: PNG or ICO (some systems give an .ico no type at all), 1 MB at most. */
export function checkFaviconFile(file: { size: number; type: string; name?: string }): string | undefined {
  const typed = (FAVICON_TYPES as readonly string[]).includes(file.type);
  if (!typed && !(file.type === '' && /\.ico$/i.test(file.name ?? ''))) return 'files.favicon.notIcon';
  if (file.size > FAVICON_MAX_BYTES) return codeMessageKey(Code.FILE_TOO_LARGE);
  return undefined;
}

export const checkFile = (kind: UploadKind, file: { size: number; type: string; name?: string }) =>
  kind === 'favicon' ? checkFaviconFile(file) : checkImageFile(file);

const uploadFailed = (status: number, body: ApiError['body'] | null, message?: string) =>
  new ApiError(
    message || (codeMessageKey(Code.UPLOAD_FAILED) as string),
    status,
    body ?? { code: Code.UPLOAD_FAILED, msg: '', data: null },
  );

function throwing(error: Error): never {
  throw error;
}

/** An upload's reply: the file, or an ApiError with a message key (檔案上傳失敗。 when nothing better is known). */
export function readUploadReply(status: number, text: string): UploadReply {
  let envelope: Envelope<UploadReply | null> | null = null;
  try {
    envelope = JSON.parse(text) as Envelope<UploadReply | null>;
  } catch {
    envelope = null;
  }
  const ok = status >= 200 && status < 300;
  if (ok && envelope?.code === Code.OK && envelope.data?.path && envelope.data.success !== false) {
    return envelope.data;
  }
  if (status === 401) return throwing(uploadFailed(status, envelope, codeMessageKey(Code.UNAUTHORIZED)));
  if (status === 403) return throwing(uploadFailed(status, envelope, codeMessageKey(Code.FORBIDDEN)));
  if (status === 413) return throwing(uploadFailed(status, envelope, codeMessageKey(Code.FILE_TOO_LARGE)));
  if (envelope && envelope.code !== Code.OK) {
    return throwing(uploadFailed(status, envelope, codeMessage(envelope) ?? envelope.msg));
  }
  return throwing(uploadFailed(status, envelope, envelope?.data?.message));
}

/**
 * Reads an upload's plain envelope reply (CSV imports, Word import): its data on success, else an ApiError with the
 * code's message (the size message for HTTP 413; silent for 403).
 */
export function readEnvelopeReply<T>(status: number, text: string): T {
  let envelope: Envelope<T> | null = null;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (status >= 200 && status < 300 && envelope?.code === Code.OK) return envelope.data;
  const body = envelope ?? { code: Code.FAIL, msg: '', data: null };
  const key = status === 413 ? codeMessageKey(Code.FILE_TOO_LARGE) : codeMessage(body);
  throw new ApiError(status === 403 ? '' : (key ?? 'errors.generic'), status, body);
}

export interface UploadOptions {
  /** Which upload action: `image` (the library's) by default. */
  kind?: UploadKind;
  /** The file name sent, when the Blob has none (a cropped picture). */
  name?: string;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Percent of an upload's bytes sent, or undefined while the total is unknown. */
export const percentOf = (loaded: number, total: number, computable = true): number | undefined =>
  computable && total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : undefined;

/** Uploads one file; resolves with the stored file, rejects with an ApiError (or an AbortError when aborted). */
export const uploadFile = (file: Blob, opts: UploadOptions = {}): Promise<UploadReply> =>
  postFile(uploadApi[opts.kind ?? 'image'], file, opts, readUploadReply);

/**
 * Sends one file as multipart field `file` to any upload endpoint (images here, theme zips in custom/themes) and
 * reads the reply with `read`, which answers the result or throws an ApiError.
 */
export function postFile<T>(
  endpoint: AnyEndpoint,
  file: Blob,
  opts: Omit<UploadOptions, 'kind'>,
  read: (status: number, text: string) => T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('aborted', 'AbortError');
    if (opts.signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlFor(endpoint.path));
    xhr.withCredentials = true;
    xhr.timeout = endpoint.timeout ?? TIMEOUT.default;
    xhr.setRequestHeader('accept-language', storedLocale());
    let last = -1;
    xhr.upload.onprogress = (e) => {
      const percent = percentOf(e.loaded, e.total, e.lengthComputable);
      // Monotonic: a late event never moves the bar back.
      if (percent !== undefined && percent > last) {
        last = percent;
        opts.onProgress?.(percent);
      }
    };
    xhr.onload = () => {
      try {
        resolve(read(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    // Nothing answered: the envelope client's slow-network message.
    const silent = () => reject(new ApiError('errors.slow', 0, { code: Code.FAIL, msg: '', data: null }));
    xhr.onerror = silent;
    xhr.ontimeout = silent;
    xhr.onabort = () => reject(aborted());
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, (file as File).name || opts.name || 'image');
    xhr.send(body);
  });
}
