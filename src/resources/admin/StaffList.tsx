/**
 * /admin (SPEC §2): the site's staff — nickname, e-mail, role, when they joined — with a keyword filter panel and
 * windowed pagination; the seats used of the plan's limit; 邀請人員 opens the add dialog, 匯出 CSV downloads the list.
 * Open invitations follow in their own table. A row opens /admin/:id.
 */
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Avatar, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Button, DataTable, List, TopToolbar } from 'react-admin';
import type { StaffMember } from '../../../contract/staff';
import { DateTimeField } from '../../components/DateTimeField';
import { FilterLiveSearch } from '../../components/lists';
import { WindowPagination } from '../../components/WindowPagination';
import type { ApiError } from '../../dataProvider/client';
import { initials, tableSx } from '../../entities/view';
import { downloadStaffCsv, useStaffOptions } from './api';
import { InviteDialog } from './InviteDialog';
import { PendingInvitations } from './PendingInvitations';
import { RoleChip } from './RoleChip';

function StaffFilters() {
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 240, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
      <CardContent>
        <FilterLiveSearch source="q" label="resources.admin.filters.keyword" />
      </CardContent>
    </Card>
  );
}

function Seats() {
  const translate = useTranslate();
  const { data } = useStaffOptions();
  if (!data) return null;
  return (
    <Typography
      variant="body2"
      color={data.used >= data.limit ? 'warning.main' : 'text.secondary'}
      sx={{ alignSelf: 'center', mr: 1 }}
      data-testid="staff-seats"
    >
      {translate('staff.seats', { used: data.used, limit: data.limit })}
    </Typography>
  );
}

function ExportButton() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadStaffCsv();
      notify('staff.exported', { type: 'success' });
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.message) notify(failure.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="staff.export" onClick={run} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

function NicknameCell() {
  const translate = useTranslate();
  const record = useRecordContext<StaffMember>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar src={record.avatar || undefined} alt="" sx={{ width: 32, height: 32, fontSize: '0.9rem' }}>
        {initials(record.nickname || record.email)}
      </Avatar>
      <span>{record.nickname}</span>
      {record.is_self ? <Chip size="small" variant="outlined" label={translate('staff.you')} /> : null}
    </Stack>
  );
}

export default function StaffList() {
  const { canAccess: canInvite = false } = useCanAccess({ resource: 'admin', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'admin', action: 'edit' });
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <List
        aside={<StaffFilters />}
        actions={
          <TopToolbar>
            <Seats />
            <ExportButton />
            {canInvite ? (
              <Button label="staff.invite" variant="contained" onClick={() => setInviting(true)}>
                <PersonAddIcon />
              </Button>
            ) : null}
          </TopToolbar>
        }
        pagination={<WindowPagination />}
        perPage={25}
        sort={{ field: 'joined_at', order: 'ASC' }}
      >
        <DataTable sx={tableSx} rowClick={(id) => `/admin/${id}`} bulkActionButtons={false}>
          <DataTable.Col source="nickname">
            <NicknameCell />
          </DataTable.Col>
          <DataTable.Col source="email" />
          <DataTable.Col source="role" render={(r: StaffMember) => <RoleChip role={r.role} />} />
          <DataTable.Col source="joined_at">
            <DateTimeField source="joined_at" />
          </DataTable.Col>
        </DataTable>
      </List>
      <PendingInvitations canCancel={canEdit} />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </>
  );
}
