/**
 * /member/:id: one member — details and standing (status, plan, period, opt-in, follow), the tags editor and the
 * note (member.edit), the payments and the e-papers received, and removal with confirmation (member.delete).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useGetOne, useNotify, useRequireAccess, useTranslate } from 'ra-core';
import { type ReactNode, useEffect, useState } from 'react';
import { LinkBase, Loading, Title } from 'react-admin';
import { useNavigate } from 'react-router';
import { memberApi } from '../../../contract/api/members';
import type { MemberDetail as Detail } from '../../../contract/entities/member';
import { MEMBER_NOTE_MAX } from '../../../contract/members';
import { formatTwd } from '../../../contract/shop';
import { useDateTime } from '../../components/DateTimeField';
import { RemoveRecordButton } from '../../components/RemoveRecordButton';
import { call } from '../../dataProvider/client';
import type { EntityShowProps } from '../../entities/overrides';
import { failureMessage, memberKeys } from './api';
import { StatusChip } from './StatusChip';
import { TagsInput } from './TagsInput';

const BASE = '/member';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 120, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

function useSaver() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (run: () => Promise<Detail>, done: string) => {
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      notify(done, { type: 'success' });
      return true;
    } catch (err) {
      const message = failureMessage(err);
      if (message) notify(message, { type: 'error' });
      return false;
    }
  };
}

function TagsEditor({ member, canEdit }: { member: Detail; canEdit: boolean }) {
  const translate = useTranslate();
  const save = useSaver();
  const [busy, setBusy] = useState(false);
  const change = async (tags: string[]) => {
    setBusy(true);
    await save(() => call(memberApi.tags, { id: member.id, tags }), 'members.detail.tagsSaved');
    setBusy(false);
  };
  return (
    <Box data-testid="member-tags">
      <TagsInput
        label={translate('members.detail.tags')}
        value={member.tags}
        onChange={change}
        disabled={!canEdit || busy}
      />
    </Box>
  );
}

function NoteEditor({ member, canEdit }: { member: Detail; canEdit: boolean }) {
  const translate = useTranslate();
  const save = useSaver();
  const [note, setNote] = useState(member.meta.note);
  const [busy, setBusy] = useState(false);
  return (
    <Stack spacing={1}>
      <TextField
        label={translate('members.detail.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        disabled={!canEdit}
        slotProps={{ htmlInput: { maxLength: MEMBER_NOTE_MAX, 'data-testid': 'member-note' } }}
      />
      {canEdit ? (
        <Box>
          <Button
            variant="outlined"
            disabled={busy || note === member.meta.note}
            onClick={async () => {
              setBusy(true);
              await save(() => call(memberApi.note, { id: member.id, note }), 'members.detail.noteSaved');
              setBusy(false);
            }}
          >
            {translate('members.detail.saveNote')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function MemberCard({
  member,
  canEdit,
  canDelete,
}: {
  member: Detail;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const f = (k: string) => translate(`resources.member.fields.${k}`);
  const s = member.standing;
  return (
    <Card>
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Line label={f('name')}>{member.name || '—'}</Line>
            <Line label={f('email')}>{member.email}</Line>
            <Line label={f('intro')}>{member.intro || '—'}</Line>
            <Line label={f('source')}>{translate(`members.source.${member.source}`)}</Line>
            <Line label={f('created_at')}>{format(member.created_at)}</Line>
            <Line label={translate('members.detail.lastSeen')}>
              {member.last_seen_at ? format(member.last_seen_at) : translate('members.detail.never')}
            </Line>
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {translate('members.detail.standing')}
            </Typography>
            <Line label={f('status')}>
              <StatusChip status={s.status} />
            </Line>
            <Line label={f('plan')}>
              {s.plan?.name ?? '—'}
              {s.period_end
                ? ` · ${translate('members.detail.periodEnd', { date: format(s.period_end, 'date') })}`
                : ''}
              {s.cancel_at_period_end ? ` · ${translate('members.detail.cancelling')}` : ''}
            </Line>
            <Line label={f('epaper_opt_in')}>
              {translate(s.epaper_opt_in ? 'members.optIn.yes' : 'members.optIn.no')}
            </Line>
            <Line label="">
              <Chip
                size="small"
                variant="outlined"
                label={translate(
                  member.following ? 'members.detail.following' : 'members.detail.notFollowing',
                )}
              />
            </Line>
          </Box>
          <TagsEditor member={member} canEdit={canEdit} />
          <NoteEditor member={member} canEdit={canEdit} />
          <Box>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {translate('members.detail.payments')}
            </Typography>
            {member.payments.length ? (
              <Table size="small" data-testid="member-payments">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('members.payment.order')}</TableCell>
                    <TableCell>{translate('members.payment.plan')}</TableCell>
                    <TableCell align="right">{translate('members.payment.amount')}</TableCell>
                    <TableCell>{translate('members.payment.status')}</TableCell>
                    <TableCell>{translate('members.payment.date')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {member.payments.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell>{p.order_number}</TableCell>
                      <TableCell>{p.plan}</TableCell>
                      <TableCell align="right">{formatTwd(p.amount)}</TableCell>
                      <TableCell>{translate(`plan.payment.statuses.${p.status}`, { _: p.status })}</TableCell>
                      <TableCell>{format(p.paid_at ?? p.created_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('members.detail.noPayments')}
              </Typography>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {translate('members.detail.epapers')}
            </Typography>
            {member.epapers.length ? (
              <Table size="small" data-testid="member-epapers">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('members.epaper.title')}</TableCell>
                    <TableCell>{translate('members.epaper.status')}</TableCell>
                    <TableCell>{translate('members.epaper.sentAt')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {member.epapers.map((e) => (
                    <TableRow key={e.id}>
                      <TableCell>{e.title}</TableCell>
                      <TableCell>
                        {translate(`members.epaper.statuses.${e.status}`, { _: e.status })}
                      </TableCell>
                      <TableCell>{e.sent_at ? format(e.sent_at) : '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('members.detail.noEpapers')}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button component={LinkBase} to={BASE} startIcon={<ArrowBackIcon />} color="inherit">
          {translate('members.detail.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {canDelete ? (
          <RemoveRecordButton
            resource="member"
            record={member}
            name={member.name || member.email}
            words="members.detail"
            invalidate={memberKeys.all}
            backTo={BASE}
          />
        ) : null}
      </CardActions>
    </Card>
  );
}

/** The record page at /member/:id (the member entity's `Show`, src/entities/overrides/member.tsx). */
export default function MemberDetail({ id }: EntityShowProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { isPending: checking } = useRequireAccess({ resource: 'member', action: 'list' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'member', action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'member', action: 'delete' });
  const { data: member, error } = useGetOne<Detail>(
    'member',
    { id },
    { enabled: id > 0 && !checking, retry: false },
  );

  useEffect(() => {
    if (!error && id > 0) return;
    notify('members.detail.notFound', { type: 'error' });
    navigate(BASE);
  }, [error, id, notify, navigate]);

  return (
    <Box sx={{ maxWidth: 820, mt: 2 }}>
      <Title title={translate('members.detail.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('members.detail.title')}
      </Typography>
      {/* The list's row may stand in for the record until the full one (standing, payments) arrives. */}
      {member?.standing ? (
        <MemberCard key={member.id} member={member} canEdit={canEdit} canDelete={canDelete} />
      ) : (
        <Loading />
      )}
    </Box>
  );
}
