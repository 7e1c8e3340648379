/** A picture's preview over the library (/file/image/:id): the picture, its facts, its address, delete. */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import CopyIcon from '@mui/icons-material/LinkOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useGetOne, useNotify, useTranslate } from 'ra-core';
import { useEffect, useId, useState } from 'react';
import type { LibraryFile } from '../../../contract/files';
import { formatBytes } from '../../components/bytes';
import { useDateTime } from '../../components/DateTimeField';
import { dimensionsOf } from '../../components/media';

export function FilePreviewDialog({
  id,
  onClose,
  onDelete,
}: {
  id: number;
  onClose: () => void;
  onDelete?: (file: LibraryFile) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { format } = useDateTime();
  const [broken, setBroken] = useState(false);
  const { data: file, error } = useGetOne<LibraryFile>('file', { id }, { retry: false });

  useEffect(() => {
    if (!error) return;
    notify('files.preview.notFound', { type: 'error' });
    onClose();
  }, [error, notify, onClose]);

  const copy = async () => {
    if (!file) return;
    try {
      await navigator.clipboard.writeText(new URL(file.path, window.location.origin).href);
      notify('files.preview.copied', { type: 'success' });
    } catch {
      notify('files.preview.copyFailed', { type: 'warning' });
    }
  };

  const facts: [string, string][] = file
    ? [
        ['files.preview.name', file.name || '—'],
        ['files.preview.dimensions', dimensionsOf(file) || '—'],
        ['files.preview.size', formatBytes(file.size)],
        ['files.preview.type', file.mime.replace(/^image\//, '').toUpperCase()],
        ['files.preview.created', format(file.created_at)],
      ]
    : [];

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid="file-preview"
    >
      <DialogTitle id={titleId} noWrap>
        {file?.name || translate('files.preview.title')}
      </DialogTitle>
      <DialogContent dividers>
        {file ? (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
            <Box
              sx={{
                bgcolor: 'grey.100',
                borderRadius: 1,
                display: 'grid',
                placeItems: 'center',
                minHeight: 240,
                // A checkerboard shows transparent pixels as such.
                backgroundImage:
                  'linear-gradient(45deg,#e8e8e8 25%,transparent 25%,transparent 75%,#e8e8e8 75%),linear-gradient(45deg,#e8e8e8 25%,transparent 25%,transparent 75%,#e8e8e8 75%)',
                backgroundSize: '16px 16px',
                backgroundPosition: '0 0, 8px 8px',
              }}
            >
              {broken ? (
                <Typography color="text.secondary">{translate('imageUpload.broken')}</Typography>
              ) : (
                <img
                  src={file.path}
                  alt={file.name}
                  onError={() => setBroken(true)}
                  style={{ maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain', display: 'block' }}
                  data-testid="file-preview-image"
                />
              )}
            </Box>
            <Box
              component="dl"
              sx={{ m: 0, '& dt': { color: 'text.secondary', fontSize: '0.8rem', mt: 1.5 } }}
            >
              {facts.map(([label, value]) => (
                <Box key={label}>
                  <Typography component="dt">{translate(label)}</Typography>
                  <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
              <Typography component="dt">{translate('files.preview.address')}</Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, wordBreak: 'break-all', fontFamily: 'monospace' }}
                data-testid="file-preview-path"
              >
                {file.path}
              </Typography>
            </Box>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {file && onDelete ? (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(file)} sx={{ mr: 'auto' }}>
            {translate('ra.action.delete')}
          </Button>
        ) : null}
        {file ? (
          <>
            <Button startIcon={<CopyIcon />} onClick={() => void copy()}>
              {translate('files.preview.copy')}
            </Button>
            <Button startIcon={<OpenIcon />} href={file.path} target="_blank" rel="noopener noreferrer">
              {translate('files.preview.open')}
            </Button>
          </>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
