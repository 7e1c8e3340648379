/**
 * The open invitations under the staff list: who was invited, as what, until when; each may be cancelled (its link
 * stops working and its seat is freed). Nothing shows when there are none. An address may have two (one kept out of
 * another inviter's sight): cancelling withdraws all of its that one sees, and a 管理員's needs setting.admin.
 */
import CancelIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import {
  Box,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, usePermissions, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { mayTouchRole } from '../../../contract/permissions';
import type { Invitation } from '../../../contract/staff';
import { useDateTime } from '../../components/DateTimeField';
import type { ApiError } from '../../dataProvider/client';
import { cancelInvitation, staffKeys, useInvitations } from './api';
import { RoleChip } from './RoleChip';

export function PendingInvitations({ canCancel }: { canCancel: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { format } = useDateTime();
  const { data: invitations } = useInvitations();
  const { permissions = [] } = usePermissions<string[]>();
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);
  if (!invitations?.length) return null;
  const held = new Set(permissions);
  const cancellable = (email: string) =>
    canCancel && invitations.every((i) => i.email !== email || mayTouchRole(held, i.role.id));

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await cancelInvitation(cancelling.email);
      notify('staff.pending.cancelled', { type: 'success' });
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.message) notify(failure.message, { type: 'error' });
    } finally {
      setBusy(false);
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    }
  };

  return (
    <Card sx={{ mt: 2 }} data-testid="pending-invitations">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('staff.pending.title')}
        </Typography>
        {/* A narrow window scrolls the table in its card, rather than cutting off its last column. */}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.admin.fields.nickname')}</TableCell>
                <TableCell>{translate('resources.admin.fields.email')}</TableCell>
                <TableCell>{translate('resources.admin.fields.role')}</TableCell>
                <TableCell />
                {canCancel ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {invitations.map((invitation) => (
                <TableRow key={`${invitation.email} ${invitation.role.id}`}>
                  <TableCell>{invitation.nickname}</TableCell>
                  <TableCell>{invitation.email}</TableCell>
                  <TableCell>
                    <RoleChip role={invitation.role} />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Chip
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={translate('staff.pending.chip')}
                      />
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {translate('staff.pending.expires', { date: format(invitation.expires_at) })}
                      </Typography>
                    </Stack>
                  </TableCell>
                  {cancellable(invitation.email) ? (
                    <TableCell align="right">
                      <Tooltip title={translate('staff.pending.cancel')}>
                        <IconButton
                          size="small"
                          aria-label={translate('staff.pending.cancel')}
                          onClick={() => setCancelling(invitation)}
                        >
                          <CancelIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  ) : canCancel ? (
                    <TableCell />
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
      <Confirm
        isOpen={cancelling !== null}
        loading={busy}
        title="staff.pending.cancelTitle"
        titleTranslateOptions={{ email: cancelling?.email ?? '' }}
        content="staff.pending.cancelBody"
        confirm="staff.pending.cancel"
        confirmColor="warning"
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
      />
    </Card>
  );
}
