/** The latest send of an e-paper: its state, a progress bar (sent, failed, remaining) and the failed recipients. */
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import type { EpaperProgress as Progress } from '../../../contract/api/epaperSend';
import { useDateTime } from '../../components/DateTimeField';

export function EpaperProgress({
  progress,
  onCancel,
  cancelling,
}: {
  progress: Progress;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const { total, sent, failed, remaining } = progress;
  const done = total ? ((sent + failed) / total) * 100 : 0;
  const state =
    progress.status === 'scheduled'
      ? translate('epaperSend.progress.scheduled', { at: format(progress.scheduled_at, 'schedule') })
      : translate(`epaperSend.progress.${progress.status}`);
  return (
    <Box sx={{ mb: 3 }} data-testid="epaper-progress" data-status={progress.status}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('epaperSend.progress.title')}
      </Typography>
      <Typography sx={{ mb: 1 }} data-testid="epaper-progress-state">
        {state}
      </Typography>
      {progress.status !== 'scheduled' && progress.status !== 'cancelled' && (
        <>
          <LinearProgress
            variant="determinate"
            value={done}
            color={failed ? 'warning' : 'primary'}
            aria-label={translate('epaperSend.progress.title')}
            sx={{ height: 8, borderRadius: 4, mb: 1 }}
          />
          <Typography variant="body2" data-testid="epaper-progress-counts">
            {translate('epaperSend.progress.counts', { sent, failed, remaining, total })}
          </Typography>
        </>
      )}
      {progress.status === 'scheduled' && (
        <Stack direction="row" sx={{ mt: 1 }}>
          <Button color="error" variant="outlined" disabled={cancelling} onClick={onCancel}>
            {translate('epaperSend.actions.cancel')}
          </Button>
        </Stack>
      )}
      {progress.failures.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{translate('epaperSend.progress.failures')}</Typography>
          <List dense disablePadding>
            {progress.failures.map((f) => (
              <ListItem key={f.email} disableGutters>
                <ListItemText primary={f.email} secondary={f.error} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Box>
  );
}
