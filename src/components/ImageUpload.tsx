/**
 * A small image upload field (covers, avatars): a preview, a button that uploads the chosen file at once to
 * `/api/element/upload/image` with a progress bar (XMLHttpRequest, so upload progress is known), and the size check
 * of SPEC §5 before anything is sent (5 MB or more: 檔案大小超過限制). A picture that fails to load shows a
 * placeholder. The value is the uploaded file's path.
 */
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, FormLabel, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Code, codeMessageKey } from '../../contract/codes';
import { timeoutFor } from '../../contract/constants';
import type { Envelope } from '../../contract/envelope';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type UploadReply } from '../../contract/files';
import { ApiError } from '../dataProvider/client';
import { storedLocale } from '../i18n/locale';

export const UPLOAD_IMAGE_PATH = 'element/upload/image';

/** Why a file cannot be uploaded (an i18n key), or undefined when it may be. */
export function checkImageFile(
  file: { size: number; type: string },
  maxBytes: number = IMAGE_MAX_BYTES,
): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageUpload.notImage';
  if (file.size >= maxBytes) return codeMessageKey(Code.FILE_TOO_LARGE);
  return undefined;
}

const uploadFailed = (status: number, body: ApiError['body'] | null, message?: string) =>
  new ApiError(
    message || (codeMessageKey(Code.UPLOAD_FAILED) as string),
    status,
    body ?? { code: Code.UPLOAD_FAILED, msg: '', data: null },
  );

/** The upload's reply read as the envelope client reads replies: the file, or an ApiError with a message key. */
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
    return throwing(uploadFailed(status, envelope, codeMessageKey(envelope.code) ?? envelope.msg));
  }
  return throwing(uploadFailed(status, envelope, envelope?.data?.message));
}

function throwing(error: Error): never {
  throw error;
}

export interface UploadOptions {
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads one image as multipart field `file`; resolves with the stored file, rejects with an ApiError. */
export function uploadImage(file: File, opts: UploadOptions = {}): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${UPLOAD_IMAGE_PATH}`);
    xhr.withCredentials = true;
    xhr.timeout = timeoutFor(UPLOAD_IMAGE_PATH);
    xhr.setRequestHeader('accept-language', storedLocale());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(readUploadReply(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(uploadFailed(0, null));
    xhr.ontimeout = () => reject(uploadFailed(0, null));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (opts.signal?.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

export interface ImageUploadProps {
  /** The uploaded file's path (or any image address); empty for none. */
  value: string | null | undefined;
  onChange: (path: string) => void;
  onBlur?: () => void;
  label?: ReactNode;
  /** Shown under the field (translated); an error from the form wins over it. */
  helperText?: ReactNode;
  /** A form error to show (already translated, or a node); the field's own upload errors come first. */
  error?: ReactNode;
  /** `cover`: a 16:9 picture; `avatar`: a round one. */
  variant?: 'cover' | 'avatar';
  disabled?: boolean;
  maxBytes?: number;
  /** The file input's test id (e2e tests set files on it). */
  testId?: string;
}

export function ImageUpload({
  value,
  onChange,
  onBlur,
  label,
  helperText,
  error,
  variant = 'cover',
  disabled,
  maxBytes = IMAGE_MAX_BYTES,
  testId = 'image-upload-file',
}: ImageUploadProps) {
  const translate = useTranslate();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const src = value || '';

  // A new picture gets a new chance to load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the address changes
  useEffect(() => setBroken(false), [src]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = checkImageFile(file, maxBytes);
    if (refused) {
      setLocalError(refused);
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLocalError(null);
    setProgress(0);
    try {
      const reply = await uploadImage(file, { onProgress: setProgress, signal: controller.signal });
      onChange(reply.path);
      onBlur?.();
    } catch (err) {
      if ((err as Error).name !== 'AbortError') {
        setLocalError((err as Error).message || (codeMessageKey(Code.UPLOAD_FAILED) as string));
      }
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setProgress(null);
      }
    }
  };

  const round = variant === 'avatar';
  const size = round ? { width: 88, height: 88 } : { width: 176, height: 99 };
  const uploading = progress !== null;
  const shownError = localError ? translate(localError, { _: localError }) : error;
  const hint = translate('imageUpload.hint', { mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 });

  return (
    <Box sx={{ my: 1 }}>
      {label ? (
        <FormLabel htmlFor={id} sx={{ display: 'block', mb: 1, fontSize: '0.875rem' }}>
          {label}
        </FormLabel>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            ...size,
            flexShrink: 0,
            borderRadius: round ? '50%' : 1,
            overflow: 'hidden',
            bgcolor: 'action.hover',
            border: 1,
            borderColor: shownError ? 'error.main' : 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'text.disabled',
          }}
          data-testid="image-upload-preview"
        >
          {src && !broken ? (
            <img
              src={src}
              alt={translate('imageUpload.preview')}
              onError={() => setBroken(true)}
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Stack sx={{ alignItems: 'center', px: 1, textAlign: 'center' }} spacing={0.5}>
              {broken ? <BrokenImageIcon /> : <ImageIcon />}
              {!round || broken ? (
                <Typography variant="caption" sx={{ lineHeight: 1.2 }}>
                  {translate(broken ? 'imageUpload.broken' : 'imageUpload.empty')}
                </Typography>
              ) : null}
            </Stack>
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              component="label"
              variant="outlined"
              size="small"
              startIcon={<UploadIcon />}
              disabled={disabled || uploading}
            >
              {translate(src ? 'imageUpload.replace' : 'imageUpload.choose')}
              <input
                id={id}
                type="file"
                hidden
                accept={IMAGE_TYPES.join(',')}
                onChange={choose}
                disabled={disabled || uploading}
                data-testid={testId}
              />
            </Button>
            {src && !uploading ? (
              <Button
                size="small"
                color="inherit"
                startIcon={<DeleteIcon />}
                onClick={() => {
                  setLocalError(null);
                  onChange('');
                  onBlur?.();
                }}
                disabled={disabled}
              >
                {translate('imageUpload.remove')}
              </Button>
            ) : null}
          </Stack>
          {uploading ? (
            <Box role="status" aria-live="polite">
              <LinearProgress variant="determinate" value={progress ?? 0} />
              <Typography variant="caption" color="text.secondary">
                {translate('imageUpload.uploading', { percent: progress ?? 0 })}
              </Typography>
            </Box>
          ) : null}
          {shownError ? (
            <FormHelperText error sx={{ m: 0 }}>
              {shownError}
            </FormHelperText>
          ) : (
            <FormHelperText sx={{ m: 0 }}>
              {helperText ? <>{helperText} </> : null}
              {hint}
            </FormHelperText>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
