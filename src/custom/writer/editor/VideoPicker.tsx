/** Picks an uploaded video (video/list) for a video block: only a video with a cover can be used. */
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
import { useEffect, useState } from 'react';
import { DELAY } from '../../../../contract/constants';
import type { Video } from '../../../../contract/files';
import { api, messageOf } from '../api';

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
  }, [open, keyword]);

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
              const ready = !!video.cover;
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
                      backgroundImage: ready ? `url("${video.cover}")` : undefined,
                      backgroundSize: 'cover',
                      backgroundPosition: 'center',
                    }}
                  />
                  <Box sx={{ p: 1 }}>
                    <Typography variant="body2" noWrap>
                      {video.title}
                    </Typography>
                    {!ready && (
                      <Typography variant="caption" color="text.secondary">
                        {translate('writer.video.processing')}
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
        <Button onClick={onClose}>{translate('writer.video.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
