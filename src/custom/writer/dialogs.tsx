/**
 * The writer's questions: restore the copy kept on this device, a save conflict, leaving with unsaved work, creating
 * a missing language, and the scheduled e-paper warning.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { STATUS } from '../../../contract/contentConstants';
import { useDateTime } from '../../components/DateTimeField';
import { useController, useWriter } from './state/context';

export function RestoreLocalDialog() {
  const translate = useTranslate();
  const { format } = useDateTime();
  const controller = useController();
  const offer = useWriter((s) => s.offer);
  return (
    <Dialog open={!!offer} aria-labelledby="restore-local-title" data-testid="restore-local">
      <DialogTitle id="restore-local-title">{translate('writer.restoreLocal.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('writer.restoreLocal.body', { time: format(offer?.copy.savedAt) })}
        </DialogContentText>
        {offer?.verdict === 'diverged' && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translate('writer.restoreLocal.diverged')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => controller.discardOffer()} color="inherit">
          {translate('writer.restoreLocal.discard')}
        </Button>
        <Button variant="contained" disableElevation autoFocus onClick={() => controller.restoreOffer()}>
          {translate('writer.restoreLocal.restore')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ConflictDialog() {
  const translate = useTranslate();
  const controller = useController();
  const conflict = useWriter((s) => s.conflict);
  const busy = useWriter((s) => s.busy);
  return (
    <Dialog open={!!conflict} aria-labelledby="conflict-title" data-testid="conflict-dialog">
      <DialogTitle id="conflict-title">{translate('writer.conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('writer.conflict.body', {
            name: conflict?.updated_by || translate('writer.conflict.someone'),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void controller.resolveConflict('latest')} disabled={busy} color="inherit">
          {translate('writer.conflict.loadLatest')}
        </Button>
        <Button
          variant="contained"
          disableElevation
          onClick={() => void controller.resolveConflict('mine')}
          disabled={busy}
        >
          {translate('writer.conflict.keepMine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function LeaveDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const translate = useTranslate();
  const dirty = useWriter((s) => s.save.dirty);
  const info = useWriter((s) => s.info);
  const draftChanged = info.status === STATUS.PUBLISHED && info.is_draft_changed;
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="leave-title" data-testid="leave-dialog">
      <DialogTitle id="leave-title">{translate('writer.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {dirty
            ? translate('writer.leave.unsaved')
            : draftChanged
              ? translate('writer.leave.draftChanged')
              : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {translate('writer.leave.stay')}
        </Button>
        <Button onClick={onLeave} color="error">
          {translate('writer.leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export { TranslateDialog } from './TranslateDialog';

export function ScheduledEpaperDialog() {
  const translate = useTranslate();
  const { format } = useDateTime();
  const controller = useController();
  const open = useWriter((s) => s.scheduledNotice);
  const at = useWriter((s) => s.info.publish_ts);
  return (
    <Dialog open={open} aria-labelledby="scheduled-title" data-testid="scheduled-dialog">
      <DialogTitle id="scheduled-title">{translate('writer.epaper.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('writer.epaper.body', { time: format(at, 'schedule') })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          disableElevation
          autoFocus
          onClick={() => controller.closeScheduledNotice()}
        >
          {translate('writer.epaper.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
