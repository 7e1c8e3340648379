/**
 * /epaper/:id/send: who receives the e-paper (all opted-in members, a tag, or the paying ones), how many that is, how
 * many of them already have it, and what is left of the month's quota, a test to oneself, then send now or at a
 * time, confirmed (EpaperSendConfirm: an e-paper that already went asks whom to send it to). The latest send's
 * progress (EpaperProgress) is read on load and polled while sending, so it survives a reload.
 */
import GroupIcon from '@mui/icons-material/GroupOutlined';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type EpaperAudienceInput, epaperSendApi } from '../../../contract/api/epaperSend';
import type { ContentItem } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { futureWallTime, instantOf, nextHalfHour } from '../../../contract/zoned';
import { useDateTime } from '../../components/DateTimeField';
import { call } from '../../dataProvider/client';
import { type ContentKind, listPath, writerPath } from '../../resources/content/kinds';
import { EpaperProgress } from './EpaperProgress';
import { EpaperSendConfirm } from './EpaperSendConfirm';
import { PublicUrl } from './PublicUrl';
import { PublishScreen } from './PublishScreen';
import { progressKey, useAudience, useEpaperProgress, useMemberTags } from './useEpaperSend';

type Kind = EpaperAudienceInput['kind'];

function SendBody({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { zone, format } = useDateTime();
  const [audienceKind, setAudienceKind] = useState<Kind>('all');
  const [tag, setTag] = useState('');
  const [when, setWhen] = useState<'now' | 'schedule'>('now');
  const [wall, setWall] = useState(() => nextHalfHour(Date.now(), zone));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const audience: EpaperAudienceInput | null =
    audienceKind === 'tag' ? (tag ? { kind: 'tag', tag } : null) : { kind: audienceKind };
  const progress = useEpaperProgress(item.id);
  const counted = useAudience(item.id, audience);
  const tags = useMemberTags();
  const active = progress.data?.status === 'scheduled' || progress.data?.status === 'sending';
  const count = counted.data?.count ?? 0;
  const received = counted.data?.received ?? 0;
  const lastSend = counted.data?.last_send;
  const quota = counted.data?.quota;
  // What a send reaches by default: those who do not have the e-paper yet.
  const overQuota = quota !== undefined && count - received > quota.remaining;
  const timeProblem = useMemo(
    () => (when === 'schedule' ? futureWallTime(wall, zone) : undefined),
    [when, wall, zone],
  );

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: progressKey(item.id) }),
      queryClient.invalidateQueries({ queryKey: ['epaper-audience', item.id] }),
    ]);
  // Sending publishes the e-paper (scheduling schedules it): the heading's status chip follows the send's, and who
  // has the e-paper follows its deliveries.
  const sendStatus = progress.data?.status;
  useEffect(() => {
    if (!sendStatus) return;
    void queryClient.invalidateQueries({ queryKey: ['epaper', 'getOne'] });
    void queryClient.invalidateQueries({ queryKey: ['epaper-audience', item.id] });
  }, [sendStatus, queryClient, item.id]);

  const run = async (what: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    try {
      await what();
    } catch (err) {
      notify((err as Error).message || failed, { type: 'error', messageArgs: { _: translate(failed) } });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const testSend = () =>
    run(async () => {
      const { to } = await call(epaperSendApi.testSend, { id: item.id });
      notify('epaperSend.actions.testSent', { type: 'success', messageArgs: { to } });
    }, 'epaperSend.actions.testFailed');

  const send = (resendAll: boolean) =>
    run(async () => {
      setConfirming(false);
      if (!audience) return;
      await call(epaperSendApi.send, {
        id: item.id,
        audience,
        ...(when === 'schedule' ? { at: wall } : {}),
        ...(resendAll ? { resend_all: true } : {}),
      });
    }, 'epaperSend.actions.failed');

  const cancel = () =>
    run(async () => {
      await call(epaperSendApi.cancel, { id: item.id });
      notify('epaperSend.actions.cancelled', { type: 'info' });
    }, 'epaperSend.actions.failed');

  return (
    <>
      {progress.data && <EpaperProgress progress={progress.data} onCancel={cancel} cancelling={busy} />}
      {!active && (
        <>
          <FormControl sx={{ mb: 2 }}>
            <FormLabel id="epaper-audience">{translate('epaperSend.audience.title')}</FormLabel>
            <RadioGroup
              aria-labelledby="epaper-audience"
              value={audienceKind}
              onChange={(e) => setAudienceKind(e.target.value as Kind)}
            >
              {(['all', 'tag', 'paid'] as const).map((k) => (
                <FormControlLabel
                  key={k}
                  value={k}
                  control={<Radio />}
                  label={translate(`epaperSend.audience.${k}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {audienceKind === 'tag' && (
            <FormControl sx={{ mb: 2, minWidth: 240, display: 'flex' }} size="small">
              <InputLabel id="epaper-tag-label">{translate('epaperSend.audience.tagLabel')}</InputLabel>
              <Select
                labelId="epaper-tag-label"
                label={translate('epaperSend.audience.tagLabel')}
                value={tag}
                onChange={(e) => setTag(String(e.target.value))}
              >
                {(tags.data ?? []).map((t) => (
                  <MenuItem key={t.tag} value={t.tag}>
                    {t.tag} ({t.count})
                  </MenuItem>
                ))}
              </Select>
              {tags.data?.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {translate('epaperSend.audience.noTags')}
                </Typography>
              )}
            </FormControl>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <GroupIcon color="action" />
            <Typography>{translate('content.publish.send.audience')}</Typography>
            <Typography variant="h6" component="span" data-testid="audience-count">
              {translate('content.publish.send.count', { count, smart_count: count })}
            </Typography>
          </Stack>
          {lastSend && (
            <Alert severity="info" sx={{ mb: 1 }} data-testid="epaper-sent-before">
              <div>
                {translate('epaperSend.resend.last', {
                  at: format(lastSend.at),
                  count: lastSend.count,
                  smart_count: lastSend.count,
                })}
              </div>
              <div>{translate('epaperSend.resend.received', { received, smart_count: received })}</div>
            </Alert>
          )}
          {quota && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="epaper-quota">
              {translate('epaperSend.audience.quota', quota)}
            </Typography>
          )}
          {overQuota && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {translate('epaperSend.audience.overQuota', { remaining: quota?.remaining ?? 0 })}
            </Alert>
          )}
          <FormControl sx={{ mb: 2, display: 'flex' }}>
            <FormLabel id="epaper-when">{translate('epaperSend.when.title')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="epaper-when"
              value={when}
              onChange={(e) => setWhen(e.target.value as 'now' | 'schedule')}
            >
              <FormControlLabel value="now" control={<Radio />} label={translate('epaperSend.when.now')} />
              <FormControlLabel
                value="schedule"
                control={<Radio />}
                label={translate('epaperSend.when.schedule')}
              />
            </RadioGroup>
          </FormControl>
          {when === 'schedule' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <TextField
                type="date"
                size="small"
                label={translate('content.publish.setting.date')}
                value={wall.date}
                onChange={(e) => setWall({ ...wall, date: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="time"
                size="small"
                label={translate('content.publish.setting.time')}
                value={wall.time}
                onChange={(e) => setWall({ ...wall, time: e.target.value })}
                error={Boolean(timeProblem)}
                helperText={timeProblem ? translate(timeProblem.message, timeProblem.args) : ' '}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            <Button variant="outlined" disabled={busy} onClick={testSend}>
              {translate('epaperSend.actions.test')}
            </Button>
            <Button
              variant="contained"
              disableElevation
              disabled={busy || !audience || count === 0 || overQuota || Boolean(timeProblem)}
              onClick={() => setConfirming(true)}
            >
              {translate(when === 'now' ? 'epaperSend.actions.send' : 'epaperSend.actions.schedule')}
            </Button>
          </Stack>
        </>
      )}
      {item.status === STATUS.PUBLISHED && item.url && <PublicUrl url={item.url} />}
      <Stack direction="row" spacing={1}>
        <Button component={Link} to={listPath(kind)}>
          {translate('content.publish.send.toList')}
        </Button>
        <Button component={Link} to={writerPath(kind, item.id)}>
          {translate('content.publish.send.toWriter')}
        </Button>
      </Stack>
      {confirming && counted.data && (
        <EpaperSendConfirm
          audience={counted.data}
          at={when === 'schedule' ? format(instantOf(wall, zone), 'schedule') : undefined}
          onClose={() => setConfirming(false)}
          onSend={send}
        />
      )}
    </>
  );
}

export default function EpaperSend() {
  return (
    <PublishScreen resource="epaper" screen="send">
      {(item, kind) => <SendBody kind={kind} item={item} />}
    </PublishScreen>
  );
}
