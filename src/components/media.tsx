/**
 * The pieces the library page (/file) and the picker dialog share: the upload button (several files), one progress
 * bar per file, and the grid of the site's pictures read from the surrounding react-admin list context.
 */
import CheckIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { type DragEvent, type ReactNode, useState } from 'react';
import { IMAGE_TYPES, type LibraryFile } from '../../contract/files';
import { formatBytes } from './bytes';
import type { UploadItem } from './useUploads';

export const dimensionsOf = (f: Pick<LibraryFile, 'width' | 'height'>) =>
  f.width && f.height ? `${f.width}×${f.height}` : '';

export function UploadButton({
  onFiles,
  disabled,
  testId = 'media-upload-input',
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  return (
    <Button component="label" variant="contained" size="small" startIcon={<UploadIcon />} disabled={disabled}>
      {translate('files.upload')}
      <input
        type="file"
        hidden
        multiple
        accept={IMAGE_TYPES.join(',')}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Button>
  );
}

/** One row per file: its name, a bar driven by the bytes sent, and what became of it. */
export function UploadProgressList({
  items,
  onDismiss,
}: {
  items: UploadItem[];
  onDismiss: (key: string) => void;
}) {
  const translate = useTranslate();
  if (items.length === 0) return null;
  return (
    <Stack
      spacing={1.5}
      sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}
      aria-label={translate('files.queue.title')}
      data-testid="upload-progress"
    >
      {items.map((item) => (
        <Box key={item.key} data-testid="upload-row" data-status={item.status}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={item.name}>
              {item.name}
            </Typography>
            <Typography
              variant="caption"
              color={item.status === 'failed' ? 'error' : 'text.secondary'}
              role={item.status === 'failed' ? 'alert' : undefined}
            >
              {item.status === 'uploading'
                ? translate('files.queue.uploading', { percent: item.progress })
                : item.status === 'done'
                  ? translate('files.queue.done')
                  : translate(item.error ?? 'files.queue.failed', { _: item.error })}
            </Typography>
            {item.status !== 'uploading' ? (
              <IconButton
                size="small"
                aria-label={translate('files.queue.dismiss')}
                onClick={() => onDismiss(item.key)}
              >
                <CloseIcon fontSize="inherit" />
              </IconButton>
            ) : null}
          </Stack>
          <LinearProgress
            variant="determinate"
            value={item.status === 'failed' ? 100 : item.progress}
            color={item.status === 'failed' ? 'error' : item.status === 'done' ? 'success' : 'primary'}
            aria-label={item.name}
          />
        </Box>
      ))}
    </Stack>
  );
}

/** Files dropped on the area are handed to `onFiles`; the area is outlined while something is dragged over it. */
export function DropArea({
  onFiles,
  disabled,
  children,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const hasFiles = (e: DragEvent) => !disabled && [...e.dataTransfer.types].includes('Files');
  return (
    <Box
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        if (!hasFiles(e)) return;
        e.preventDefault();
        onFiles([...e.dataTransfer.files]);
      }}
      sx={{ outline: over ? '2px dashed' : 'none', outlineColor: 'primary.main', outlineOffset: -4 }}
    >
      {children}
    </Box>
  );
}

function Tile({
  file,
  selected,
  onOpen,
  onPick,
  onDelete,
}: {
  file: LibraryFile;
  selected: boolean;
  onOpen: (file: LibraryFile) => void;
  onPick?: (file: LibraryFile) => void;
  onDelete?: (file: LibraryFile) => void;
}) {
  const translate = useTranslate();
  const [broken, setBroken] = useState(false);
  const details = [dimensionsOf(file), formatBytes(file.size)].filter(Boolean).join(' · ');
  return (
    <Box
      sx={{
        position: 'relative',
        borderRadius: 1.5,
        overflow: 'hidden',
        border: 2,
        borderColor: selected ? 'primary.main' : 'transparent',
        bgcolor: 'background.paper',
        boxShadow: 1,
        '&:hover .media-tile-delete, &:focus-within .media-tile-delete': { opacity: 1 },
      }}
      data-testid="media-tile"
      data-name={file.name}
    >
      <ButtonBase
        onClick={() => onOpen(file)}
        onDoubleClick={onPick ? () => onPick(file) : undefined}
        aria-pressed={onPick ? selected : undefined}
        aria-label={file.name}
        sx={{ display: 'block', width: '100%', textAlign: 'left' }}
      >
        <Box
          sx={{
            aspectRatio: '1 / 1',
            bgcolor: 'grey.100',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {broken ? (
            <Typography variant="caption">{translate('imageUpload.broken')}</Typography>
          ) : (
            <img
              src={file.path}
              alt=""
              loading="lazy"
              onError={() => setBroken(true)}
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
        </Box>
        <Typography variant="body2" noWrap title={file.name} sx={{ px: 1, pt: 0.75 }}>
          {file.name || '—'}
        </Typography>
      </ButtonBase>
      {/* Outside the button, which is named by the file's name alone. */}
      <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ px: 1, pb: 0.75 }}>
        {details}
      </Typography>
      {selected ? (
        <CheckIcon
          color="primary"
          sx={{ position: 'absolute', top: 6, left: 6, bgcolor: 'white', borderRadius: '50%' }}
        />
      ) : null}
      {onDelete ? (
        <Tooltip title={translate('ra.action.delete')}>
          <IconButton
            className="media-tile-delete"
            size="small"
            aria-label={`${translate('ra.action.delete')} ${file.name}`}
            onClick={() => onDelete(file)}
            sx={{
              position: 'absolute',
              top: 6,
              right: 6,
              opacity: { xs: 1, md: 0 },
              bgcolor: 'rgba(255,255,255,0.9)',
              '&:hover': { bgcolor: 'white' },
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}

/** The pictures of the current list page; an empty library or search says so. */
export function FileGrid({
  selected,
  onOpen,
  onPick,
  onDelete,
  minTile = 160,
}: {
  /** The chosen picture's path (the picker's choice). */
  selected?: string;
  onOpen: (file: LibraryFile) => void;
  onPick?: (file: LibraryFile) => void;
  onDelete?: (file: LibraryFile) => void;
  minTile?: number;
}) {
  const translate = useTranslate();
  const { data, isPending, filterValues } = useListContext<LibraryFile>();
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (!data?.length) {
    const searching = Boolean(filterValues?.q);
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2 }} data-testid="media-empty">
        <Typography variant="h6" component="p">
          {translate(searching ? 'files.noMatch' : 'files.empty')}
        </Typography>
        {searching ? null : <Typography color="text.secondary">{translate('files.emptyHint')}</Typography>}
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minTile}px, 1fr))`,
        gap: 2,
        p: 2,
      }}
      data-testid="media-grid"
    >
      {data.map((file) => (
        <Tile
          key={file.id}
          file={file}
          selected={selected !== undefined && selected === file.path}
          onOpen={onOpen}
          onPick={onPick}
          onDelete={onDelete}
        />
      ))}
    </Box>
  );
}
