/**
 * /file/video: the site's video library (issue 16) beside the image library. Videos newest first, searched by title,
 * in pages; each shows its cover, length and size, or its state: 影片載入中 (an upload under way), 影片遺失 (its
 * file is gone from the storage), 上傳失敗 (refused by its content). Upload through the video upload modal; edit a
 * video's title, description and cover (any picture of the image library, or a new one); delete with a confirmation.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import VideocamOffIcon from '@mui/icons-material/VideocamOffOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Pagination,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title } from 'react-admin';
import { videoApi } from '../../../contract/api/videos';
import { DELAY } from '../../../contract/constants';
import type { Video } from '../../../contract/files';
import { VIDEO_CONTENT_MAX, VIDEO_TITLE_MAX } from '../../../contract/videos';
import { formatBytes } from '../../components/bytes';
import ImagePickerDialog from '../../components/ImagePickerDialog';
import { ApiError, call } from '../../dataProvider/client';
import { useRefreshUploadUsage } from './UploadUsage';
import { VideoUploadDialog } from './VideoUploadDialog';
import { formatDuration, listVideos } from './videoUpload';

const PAGE_SIZE = 24;

const errorMessage = (e: unknown) =>
  e instanceof ApiError ? e.message || e.body.msg || 'errors.generic' : 'errors.generic';

/** The state a video's card and the writer's block show, or null for a usable one. */
export function videoStateKey(v: Pick<Video, 'status' | 'missing'>): string | null {
  if (v.status === 'uploading') return 'videos.uploading';
  if (v.status === 'error') return 'videos.failed';
  return v.missing ? 'videos.missing' : null;
}

function VideoCard({
  video,
  onEdit,
  onDelete,
}: {
  video: Video;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const translate = useTranslate();
  const state = videoStateKey(video);
  return (
    <Card variant="outlined" data-testid="video-card" data-video-id={video.id}>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          bgcolor: 'grey.200',
          backgroundImage: video.cover && !state ? `url("${video.cover}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.secondary',
        }}
      >
        {video.status === 'uploading' ? <CircularProgress size={24} /> : null}
        {video.missing || video.status === 'error' ? <VideocamOffIcon /> : null}
      </Box>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="body2" noWrap title={video.title}>
          {video.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
          {state ? (
            <Chip
              size="small"
              color={video.status === 'uploading' ? 'default' : 'warning'}
              label={translate(state)}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {formatDuration(video.duration)} · {formatBytes(video.size)}
            </Typography>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        {onEdit && video.status !== 'error' ? (
          <Tooltip title={translate('videos.edit.title')}>
            <IconButton size="small" onClick={onEdit} aria-label={translate('videos.edit.title')}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {onDelete ? (
          <Tooltip title={translate('videos.delete.action')}>
            <IconButton size="small" onClick={onDelete} aria-label={translate('videos.delete.action')}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </CardActions>
    </Card>
  );
}

function VideoEditDialog({
  video,
  onClose,
  onSaved,
}: {
  video: Video;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [title, setTitle] = useState(video.title);
  const [content, setContent] = useState(video.content);
  const [cover, setCover] = useState(video.cover);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    setSaving(true);
    try {
      await call(videoApi.save, { id: video.id, title, content, cover });
      notify('videos.edit.saved', { type: 'success' });
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.body.errors) setErrors(e.body.errors as Record<string, string>);
      else notify(errorMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="video-edit-title">
        <DialogTitle id="video-edit-title">{translate('videos.edit.title')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            margin="dense"
            label={translate('videos.edit.name')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={!!errors.title}
            helperText={errors.title}
            slotProps={{ htmlInput: { maxLength: VIDEO_TITLE_MAX } }}
          />
          <TextField
            fullWidth
            margin="dense"
            multiline
            minRows={2}
            label={translate('videos.edit.content')}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            error={!!errors.content}
            helperText={errors.content}
            slotProps={{ htmlInput: { maxLength: VIDEO_CONTENT_MAX } }}
          />
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {translate('videos.edit.cover')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Box
              sx={{
                width: 160,
                aspectRatio: '16 / 9',
                bgcolor: 'grey.200',
                backgroundImage: cover ? `url("${cover}")` : undefined,
                backgroundSize: 'cover',
                backgroundPosition: 'center',
              }}
              data-testid="video-cover"
            />
            <Button onClick={() => setPicking(true)}>{translate('videos.edit.replaceCover')}</Button>
          </Box>
          {errors.cover ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errors.cover}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('videos.edit.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={saving}>
            {translate('videos.edit.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {picking ? (
        <ImagePickerDialog
          current={cover}
          onClose={() => setPicking(false)}
          onPick={(path) => {
            setCover(path);
            setPicking(false);
          }}
        />
      ) : null}
    </>
  );
}

export default function VideoLibrary() {
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'press', action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'press', action: 'delete' });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Video[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const refreshUsage = useRefreshUploadUsage();
  const reload = useCallback(() => {
    setVersion((v) => v + 1);
    refreshUsage();
  }, [refreshUsage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the same page again
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        listVideos(page, PAGE_SIZE, keyword)
          .then((r) => {
            if (!live) return;
            setRows(r.rows);
            setTotal(r.total);
            setError(null);
          })
          .catch((e) => live && setError(errorMessage(e)));
      },
      keyword ? DELAY.validate : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [page, keyword, version]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await call(videoApi.delete, { id: deleting.id });
      notify('videos.delete.done', { type: 'success' });
      reload();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      {/* The screen's title, as the pictures' tab has it (its list's). */}
      <Title title={translate('resources.file.name', { smart_count: 2 })} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          placeholder={translate('videos.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': translate('videos.search') },
          }}
        />
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" onClick={() => setUploading(true)}>
            {translate('videos.upload')}
          </Button>
        ) : null}
      </Box>
      {error ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(error, { _: error })}
        </Alert>
      ) : null}
      {rows === null ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress size={28} />
        </Box>
      ) : rows.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography>{translate(keyword ? 'videos.noMatch' : 'videos.empty')}</Typography>
          {keyword ? null : (
            <Typography variant="body2" color="text.secondary">
              {translate('videos.emptyHint')}
            </Typography>
          )}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
          {rows.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              onEdit={canEdit ? () => setEditing(video) : undefined}
              onDelete={canDelete ? () => setDeleting(video) : undefined}
            />
          ))}
        </Box>
      )}
      {total > PAGE_SIZE ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={Math.ceil(total / PAGE_SIZE)} page={page} onChange={(_, p) => setPage(p)} />
        </Box>
      ) : null}
      <VideoUploadDialog
        open={uploading}
        onClose={() => {
          setUploading(false);
          reload();
        }}
        onDone={reload}
      />
      {editing ? (
        <VideoEditDialog
          video={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <Confirm
        isOpen={deleting !== null}
        title="videos.delete.title"
        titleTranslateOptions={{ name: deleting?.title ?? '' }}
        content="videos.delete.body"
        confirm="videos.delete.confirm"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
