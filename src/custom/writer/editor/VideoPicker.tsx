/**
 * Picks an uploaded video (video/list) for a video block: only a ready video with its file and a cover can be used.
 * Its upload button opens the video upload modal (resources/file), whose new video is picked at once when ready.
 */
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DELAY } from '../../../../contract/constants';
import type { Video } from '../../../../contract/files';
import { api, messageOf } from '../api';

const VideoUploadDialog = lazy(() =>
  import('../../../resources/file/VideoUploadDialog').then((m) => ({ default: m.VideoUploadDialog })),
);

/** Why a video cannot be picked (its label), or null when it can. */
function notPickable(video: Video): string | null {
  if (video.status === 'uploading') return 'writer.video.processing';
  if (video.status === 'error' || video.missing) return 'writer.video.missing';
  return video.cover ? null : 'videos.needsCover';
}

export function VideoPicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (video: Video) => void;
}) {
  const translate = useTranslate();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<Video[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` lists again after an upload
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(
      () => {
        api
          .videos(keyword)
          .then((result) => {
            if (!live) return;
            setRows(result.rows);
            setError(null);
          })
          .catch((e) => {
            if (!live) return;
            setRows([]);
            setError(messageOf(e));
          });
      },
      keyword ? DELAY.validate : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, keyword, version]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="video-picker-title">
      <DialogTitle id="video-picker-title">{translate('writer.video.pick')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          size="small"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={translate('writer.video.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': translate('writer.video.search') },
          }}
          sx={{ mb: 2 }}
        />
        {error && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate(error, { _: error })}
          </Alert>
        )}
        {rows === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        ) : rows.length === 0 && !error ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {translate('writer.video.none')}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>
            {rows.map((video) => {
              const why = notPickable(video);
              const ready = why === null;
              return (
                <ButtonBase
                  key={video.id}
                  disabled={!ready}
                  onClick={() => onPick(video)}
                  sx={{
                    display: 'block',
                    textAlign: 'left',
                    borderRadius: 1,
                    overflow: 'hidden',
                    border: '1px solid',
                    borderColor: 'divider',
                    opacity: ready ? 1 : 0.6,
                  }}
                >
                  <Box
                    sx={{
                      aspectRatio: '16 / 9',
                      bgcolor: 'grey.200',
                      backgroundImage: video.cover ? `url("${video.cover}")` : undefined,
                      backgroundSize: 'cover',
                      backgroundPosition: 'center',
                    }}
                  />
                  <Box sx={{ p: 1 }}>
                    <Typography variant="body2" noWrap>
                      {video.title}
                    </Typography>
                    {why && (
                      <Typography variant="caption" color="text.secondary">
                        {translate(why)}
                      </Typography>
                    )}
                  </Box>
                </ButtonBase>
              );
            })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setUploading(true)}>{translate('videos.upload')}</Button>
        <Button onClick={onClose}>{translate('writer.video.cancel')}</Button>
      </DialogActions>
      {uploading && (
        <Suspense fallback={null}>
          <VideoUploadDialog
            open
            onClose={() => {
              setUploading(false);
              setVersion((v) => v + 1);
            }}
            onDone={(video) => {
              setVersion((v) => v + 1);
              if (!notPickable(video)) {
                setUploading(false);
                onPick(video);
              }
            }}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
