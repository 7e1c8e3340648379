/**
 * The share panel (SPEC §2 modal "share panel"), opened from the writer's top bar and the article list's row menu:
 * platform, message (the title by default) and image (the cover by default), the result, and the item's past
 * shares. One share attempt is one request key: sending the same attempt again (a second click, a retry after no
 * answer) sends the same key, so the server answers the first result and never posts twice. Changing the platform,
 * message or image, or an answered failure, makes a new attempt.
 */
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { shareApi } from '../../../contract/api/share';
import { SHARE_MESSAGE_MAX, type SharePlatformId, type ShareRow } from '../../../contract/share';
import { useDateTime } from '../../components/DateTimeField';
import { type ApiError, call } from '../../dataProvider/client';

const newKey = () => `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
const statusColor = { pending: 'default', posted: 'success', failed: 'error' } as const;

function ShareForm({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const queryClient = useQueryClient();
  const queryKey = ['share', 'status', id];
  const { data, isPending, error } = useQuery({ queryKey, queryFn: () => call(shareApi.status, { id }) });
  const [platform, setPlatform] = useState<SharePlatformId>('facebook');
  const [message, setMessage] = useState('');
  const [image, setImage] = useState('');
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<ShareRow | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    if (!data) return;
    setMessage(data.message);
    setImage(data.image);
  }, [data]);
  const edited = () => {
    setKey(newKey());
    setResult(null);
    setFailure('');
  };
  const share = useMutation({
    mutationFn: () => call(shareApi.execute, { id, message, image, platform, key }),
    onSuccess: async (row) => {
      setResult(row);
      setFailure('');
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: async (err: ApiError) => {
      setResult(null);
      setFailure(err.message || 'errors.generic');
      // Answered: that attempt is over (its failure is recorded); the next click is a new one.
      if (err.status !== 0) setKey(newKey());
      await queryClient.invalidateQueries({ queryKey });
    },
  });
  if (isPending) return <DialogContent>…</DialogContent>;
  if (error || !data)
    return (
      <DialogContent>
        <Alert severity="error">{translate((error as ApiError)?.message || 'errors.generic')}</Alert>
      </DialogContent>
    );
  const target = data.platforms.find((p) => p.platform === platform);
  const name = translate(`share.platforms.${platform}`);
  const blocked = !data.published
    ? 'share.panel.notPublished'
    : !target?.ready
      ? 'share.panel.notReady'
      : platform === 'instagram' && !image
        ? 'share.panel.needsImage'
        : '';
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RadioGroup
            row
            value={platform}
            onChange={(e) => {
              setPlatform(e.target.value as SharePlatformId);
              edited();
            }}
            aria-label={translate('share.panel.platform')}
          >
            {data.platforms.map((p) => (
              <FormControlLabel
                key={p.platform}
                value={p.platform}
                control={<Radio />}
                label={`${translate(`share.platforms.${p.platform}`)}${p.ready ? ` · ${p.page_name}` : ''}`}
              />
            ))}
          </RadioGroup>
          <TextField
            label={translate('share.panel.message')}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              edited();
            }}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: SHARE_MESSAGE_MAX } }}
          />
          <TextField
            label={translate('share.panel.image')}
            value={image}
            onChange={(e) => {
              setImage(e.target.value);
              edited();
            }}
            helperText={translate('share.panel.imageHint')}
          />
          {blocked && (
            <Alert severity="warning" data-testid="share-blocked">
              {translate(blocked, { platform: name })}
            </Alert>
          )}
          {result && (
            <Alert
              severity={result.status === 'posted' ? 'success' : 'info'}
              data-testid="share-result"
              data-share-id={result.id}
            >
              {result.status === 'posted'
                ? translate('share.panel.posted', {
                    platform: translate(`share.platforms.${result.platform}`),
                  })
                : translate('share.panel.status.pending')}
              {result.remote_id ? ` (${result.remote_id})` : ''}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" data-testid="share-failure">
              {translate(failure)}
            </Alert>
          )}
          <Typography variant="subtitle2">{translate('share.panel.history')}</Typography>
          {data.shares.length ? (
            <List dense data-testid="share-history">
              {data.shares.map((s) => (
                <ListItem key={s.id} disableGutters data-testid="share-history-row">
                  <ListItemText
                    primary={s.message || s.link}
                    secondary={`${translate(`share.platforms.${s.platform}`)} · ${format(s.created_at)}`}
                  />
                  <Chip
                    size="small"
                    color={statusColor[s.status]}
                    label={translate(`share.panel.status.${s.status}`)}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('share.panel.none')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('share.panel.close')}</Button>
        <Button
          variant="contained"
          disabled={Boolean(blocked) || share.isPending}
          onClick={() => share.mutate()}
          data-testid="share-submit"
        >
          {translate('share.panel.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

export default function SharePanel({
  id,
  open,
  onClose,
}: {
  id: number;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-panel-title">
      <DialogTitle id="share-panel-title">{translate('share.panel.title')}</DialogTitle>
      {open && <ShareForm id={id} onClose={onClose} />}
    </Dialog>
  );
}
