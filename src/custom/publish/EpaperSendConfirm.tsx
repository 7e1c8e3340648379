/**
 * The send screen's last question before `epaper/send`. For an audience none of whom has the e-paper yet: send to
 * these n members (or at this time)? For one where some already have it (issue 27): it says when the e-paper last
 * went and to how many, and asks whom to send it to — only those who do not have it yet (the default), or everyone
 * again (`resend_all`, chosen explicitly). A choice that reaches nobody, or more than the month's quota, cannot be
 * confirmed.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { EpaperAudienceReply } from '../../../contract/api/epaperSend';
import { useDateTime } from '../../components/DateTimeField';

type Whom = 'fresh' | 'all';

interface Props {
  audience: EpaperAudienceReply;
  /** The scheduled time as the screen writes it, or undefined to send now. */
  at: string | undefined;
  onClose: () => void;
  onSend: (resendAll: boolean) => void;
}

export function EpaperSendConfirm({ audience, at, onClose, onSend }: Props) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const [whom, setWhom] = useState<Whom>('fresh');
  const { count, received, last_send: last, quota } = audience;
  const asking = received > 0;
  const recipients = asking && whom === 'fresh' ? count - received : count;
  const overQuota = recipients > quota.remaining;
  const question =
    at === undefined
      ? translate('epaperSend.actions.confirmSend', { count: recipients })
      : translate('epaperSend.actions.confirmSchedule', { at });
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={asking ? 'epaper-resend-title' : undefined}
      data-testid="epaper-send-confirm"
    >
      {asking && <DialogTitle id="epaper-resend-title">{translate('epaperSend.resend.title')}</DialogTitle>}
      <DialogContent>
        {asking && (
          <>
            {last && (
              <DialogContentText data-testid="epaper-resend-last">
                {translate('epaperSend.resend.last', {
                  at: format(last.at),
                  count: last.count,
                  smart_count: last.count,
                })}
              </DialogContentText>
            )}
            <DialogContentText>
              {translate('epaperSend.resend.received', { received, smart_count: received })}
            </DialogContentText>
            <RadioGroup
              aria-label={translate('epaperSend.resend.whom')}
              value={whom}
              onChange={(e) => setWhom(e.target.value as Whom)}
              sx={{ my: 1 }}
            >
              <FormControlLabel
                value="fresh"
                control={<Radio />}
                label={translate('epaperSend.resend.fresh', { count: count - received })}
              />
              <FormControlLabel
                value="all"
                control={<Radio />}
                label={translate('epaperSend.resend.all', { count })}
              />
            </RadioGroup>
          </>
        )}
        {recipients === 0 ? (
          <Alert severity="info">{translate('epaperSend.resend.nobody')}</Alert>
        ) : overQuota ? (
          <Alert severity="error">
            {translate('epaperSend.audience.overQuota', { remaining: quota.remaining })}
          </Alert>
        ) : (
          <DialogContentText>{question}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disableElevation
          autoFocus
          disabled={recipients === 0 || overQuota}
          onClick={() => onSend(asking && whom === 'all')}
          data-testid="epaper-confirm"
        >
          {translate(at === undefined ? 'epaperSend.actions.send' : 'epaperSend.actions.schedule')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
