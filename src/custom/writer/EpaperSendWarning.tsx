/**
 * SPEC §4 "Scheduled epaper: a warning modal appears on edit". Opening the writer of a scheduled e-paper asks its
 * send (epaper/progress): when a send is scheduled, the modal says when it goes out, that editing changes what is
 * sent, and offers to cancel the send. A scheduled e-paper without a send gets the writer's own notice.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { epaperSendApi } from '../../../contract/api/epaperSend';
import { useDateTime } from '../../components/DateTimeField';
import { call } from '../../dataProvider/client';
import { ScheduledEpaperDialog } from './dialogs';
import { useController, useWriter } from './state/context';

export function EpaperSendWarning() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { format } = useDateTime();
  const controller = useController();
  const open = useWriter((s) => s.scheduledNotice);
  const id = useWriter((s) => s.info.id);
  const [busy, setBusy] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: ['epaper-progress', id],
    queryFn: () => call(epaperSendApi.progress, { id }),
    enabled: open && id > 0,
    retry: false,
  });
  if (!open) return null;
  if (isPending && id > 0) return null;
  if (data?.status !== 'scheduled') return <ScheduledEpaperDialog />;
  const cancel = async () => {
    setBusy(true);
    try {
      await call(epaperSendApi.cancel, { id });
      notify('epaperSend.actions.cancelled', { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: ['epaper-progress', id] });
      controller.closeScheduledNotice();
    } catch (err) {
      notify((err as Error).message || 'epaperSend.actions.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open aria-labelledby="epaper-send-warning-title" data-testid="epaper-send-warning">
      <DialogTitle id="epaper-send-warning-title">{translate('epaperSend.warning.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('epaperSend.warning.body', { at: format(data.scheduled_at, 'schedule') })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" disabled={busy} onClick={cancel}>
          {translate('epaperSend.warning.cancel')}
        </Button>
        <Button
          variant="contained"
          disableElevation
          autoFocus
          onClick={() => controller.closeScheduledNotice()}
        >
          {translate('epaperSend.warning.keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
