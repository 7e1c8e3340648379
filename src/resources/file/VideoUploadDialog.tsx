/**
 * The video upload modal (SPEC §2 "video upload"): choose a file, then preparing → uploading with a progress bar →
 * done | error (with retry). Used by the video library and by the writer's video block, which picks the new video.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useRef, useState } from 'react';
import type { Video } from '../../../contract/files';
import {
  looksLikeVideo,
  startVideoUpload,
  VIDEO_ACCEPT,
  type VideoUploadControl,
  type VideoUploadState,
} from './videoUpload';

export function VideoUploadDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  /** A video finished (its cover saved when one could be taken). */
  onDone?: (video: Video) => void;
}) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const control = useRef<VideoUploadControl | null>(null);
  const [state, setState] = useState<VideoUploadState | null>(null);
  const [refused, setRefused] = useState(false);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;

  useEffect(() => {
    if (!open) {
      setState(null);
      setRefused(false);
      control.current = null;
    }
  }, [open]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!looksLikeVideo(file)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    control.current = startVideoUpload(file, (next) => {
      setState(next);
      if (next.phase === 'done') doneRef.current?.(next.video);
    });
  };

  const busy = state?.phase === 'preparing' || state?.phase === 'uploading';
  const close = () => {
    if (busy) control.current?.cancel();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="video-upload-title">
      <DialogTitle id="video-upload-title">{translate('videos.modal.title')}</DialogTitle>
      <DialogContent>
        <input
          ref={input}
          type="file"
          accept={VIDEO_ACCEPT}
          hidden
          data-testid="video-input"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {state === null && (
          <Box sx={{ py: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('videos.modal.hint')}
            </Typography>
            <Button variant="contained" onClick={() => input.current?.click()}>
              {translate('videos.modal.choose')}
            </Button>
            {refused && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {translate('videos.modal.notVideo')}
              </Alert>
            )}
          </Box>
        )}
        {state?.phase === 'preparing' && (
          <Box sx={{ py: 2 }} role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('videos.modal.preparing')}
            </Typography>
            <LinearProgress />
          </Box>
        )}
        {state?.phase === 'uploading' && (
          <Box sx={{ py: 2 }} role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('videos.modal.progress', { percent: state.percent })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={state.percent}
              aria-label={translate('videos.modal.progress', { percent: state.percent })}
            />
          </Box>
        )}
        {state?.phase === 'done' && (
          <Box sx={{ py: 2 }}>
            <Alert severity="success">{translate('videos.modal.done')}</Alert>
            {state.video.cover ? (
              <Box
                component="img"
                src={state.video.cover}
                alt=""
                sx={{ mt: 2, width: '100%', maxHeight: 240, objectFit: 'contain', bgcolor: 'grey.100' }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {translate('videos.modal.noCover')}
              </Typography>
            )}
          </Box>
        )}
        {state?.phase === 'error' && (
          <Alert
            severity="error"
            sx={{ my: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => control.current?.retry()}>
                {translate('videos.modal.retry')}
              </Button>
            }
          >
            {translate(state.message, { _: state.message })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate(busy ? 'videos.modal.cancel' : 'videos.modal.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
