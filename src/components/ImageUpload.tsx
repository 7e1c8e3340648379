/**
 * A small image upload field (covers, logos, avatars): a preview, a button that uploads the chosen file at once to
 * `/api/element/upload/image` with a progress bar (the one upload client, ./upload.ts), a button that opens the
 * site's library to upload or choose a picture there, and the size check of SPEC §5 before anything is sent (5 MB or
 * more: 檔案大小超過限制). With `crop`, the chosen file is cropped to its aspect first (the cropper loads on demand).
 * With `kind="favicon"` it takes a site icon (PNG or ICO) from `/api/element/upload/favicon`, and with
 * `kind="avatar"` the user's own picture from `/api/element/upload/avatar`, both without the library.
 * A picture that fails to load shows a placeholder. The value is the uploaded file's path.
 */
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import LibraryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, FormLabel, LinearProgress, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'ra-core';
import { type ChangeEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Code, codeMessageKey } from '../../contract/codes';
import { FAVICON_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_TYPES, type UploadKind } from '../../contract/files';
import { checkFaviconFile, checkImageFile, uploadFile } from './upload';

const ImageCropper = lazy(() => import('./ImageCropper').then((m) => ({ default: m.ImageCropper })));
/** The library picker: its own chunk, loaded when first opened. */
const ImagePickerDialog = lazy(() => import('./ImagePickerDialog'));

const WORDS: Record<UploadKind, { choose: string; replace: string }> = {
  image: { choose: 'imageUpload.choose', replace: 'imageUpload.replace' },
  avatar: { choose: 'imageUpload.choose', replace: 'imageUpload.replace' },
  favicon: { choose: 'files.favicon.choose', replace: 'files.favicon.replace' },
};

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
  /** Crop before uploading: width over height, a round mask, the cropper's title (an i18n key). */
  crop?: { aspect: number; round?: boolean; title?: string };
  /**
   * `favicon`: a site icon (PNG or ICO, 1 MB at most) for the site settings; `avatar`: the user's own picture (any
   * staff member may upload it; it stays out of the library); `image` by default.
   */
  kind?: UploadKind;
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
  crop,
  kind = 'image',
}: ImageUploadProps) {
  const translate = useTranslate();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const [cropping, setCropping] = useState<File | null>(null);
  const [picking, setPicking] = useState(false);
  const favicon = kind === 'favicon';
  const words = WORDS[kind];
  // The library is for pictures, and for those who may see it (the writer's and the settings' screens).
  const { canAccess: mayBrowse = false } = useCanAccess({ resource: 'file', action: 'list' });
  const library = kind === 'image' && mayBrowse;
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
    const refused = favicon ? checkFaviconFile(file) : checkImageFile(file, maxBytes);
    if (refused) {
      setLocalError(refused);
      return;
    }
    if (crop) setCropping(file);
    else await send(file);
  };

  const send = async (file: File) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLocalError(null);
    setProgress(0);
    try {
      const reply = await uploadFile(file, { kind, onProgress: setProgress, signal: controller.signal });
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
      setCropping(null);
    }
  };

  const round = variant === 'avatar';
  const size = round ? { width: 88, height: 88 } : { width: 176, height: 99 };
  const uploading = progress !== null;
  const shownError = localError ? translate(localError, { _: localError }) : error;
  const hint = favicon
    ? translate('files.favicon.hint', { mb: FAVICON_MAX_BYTES / 1024 / 1024 })
    : translate('imageUpload.hint', { mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 });

  return (
    <Box sx={{ my: 1 }} data-field={testId}>
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
            // Readable words on the empty box (text.disabled is 2.9:1 there).
            color: 'text.secondary',
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
              {translate(src ? words.replace : words.choose)}
              <input
                id={id}
                type="file"
                hidden
                accept={favicon ? '.png,.ico,image/png,image/x-icon' : IMAGE_TYPES.join(',')}
                onChange={choose}
                disabled={disabled || uploading}
                data-testid={testId}
              />
            </Button>
            {library ? (
              <Button
                size="small"
                variant="text"
                startIcon={<LibraryIcon />}
                onClick={() => setPicking(true)}
                disabled={disabled || uploading}
                data-testid={`${testId}-library`}
              >
                {translate('files.picker.open')}
              </Button>
            ) : null}
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
            <Box role="status" aria-live="polite" data-testid={`${testId}-progress`}>
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
      {picking ? (
        <Suspense fallback={null}>
          <ImagePickerDialog
            current={src}
            onClose={() => setPicking(false)}
            onPick={(path) => {
              setPicking(false);
              setLocalError(null);
              onChange(path);
              onBlur?.();
            }}
          />
        </Suspense>
      ) : null}
      {crop && cropping ? (
        <Suspense fallback={null}>
          <ImageCropper
            file={cropping}
            busy={uploading}
            aspect={crop.aspect}
            round={crop.round}
            title={crop.title}
            onCancel={() => setCropping(null)}
            onDone={(blob) => void send(new File([blob], 'cropped.jpg', { type: 'image/jpeg' }))}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
