/**
 * /admin (SPEC §2): the site's staff — nickname, e-mail, role, when they joined — with a keyword filter panel and
 * windowed pagination; the seats used of the plan's limit; 邀請人員 opens the add dialog, 匯出 CSV downloads the list.
 * Open invitations follow in their own table. A row opens /admin/:id.
 */
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Avatar, Chip, Stack } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Button, DataTable, List, TopToolbar } from 'react-admin';
import { staffApi } from '../../../contract/api/staff';
import type { StaffMember } from '../../../contract/staff';
import { CsvExportButton } from '../../components/CsvExportButton';
import { DateTimeField } from '../../components/DateTimeField';
import { LimitCounter } from '../../components/LimitCounter';
import { FilterPanel } from '../../components/lists';
import { WindowPagination } from '../../components/WindowPagination';
import { initials, tableSx } from '../../entities/view';
import { useStaffOptions } from './api';
import { InviteDialog } from './InviteDialog';
import { PendingInvitations } from './PendingInvitations';
import { RoleChip } from './RoleChip';

function StaffFilters() {
  return <FilterPanel search={{ source: 'q', label: 'resources.admin.filters.keyword' }} />;
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
  const seats = useStaffOptions().data;

  return (
    <>
      <List
        aside={<StaffFilters />}
        actions={
          <TopToolbar>
            <LimitCounter usage={seats} message="staff.seats" testId="staff-seats" />
            <CsvExportButton
              endpoint={staffApi.export}
              fileName="staff.csv"
              label="staff.export"
              done="staff.exported"
            />
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
