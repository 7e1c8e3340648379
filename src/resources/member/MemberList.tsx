/**
 * /member: the site's members — name, e-mail, plan, status, sign-up date, e-paper opt-in — with a filter panel
 * (keyword over name or e-mail, status, tag, plan, opt-in), sorting, windowed pagination and bulk removal. The top
 * shows the members used of the plan's limit; 匯出 CSV downloads the current filter, 匯入 CSV and 新增會員 open
 * their dialogs. A row opens /member/:id.
 */
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { Chip } from '@mui/material';
import { useCanAccess, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Button, DataTable, FilterList, FilterListItem, List, TopToolbar } from 'react-admin';
import { memberApi } from '../../../contract/api/members';
import { MEMBER_STATUSES, type Member, type MemberStatus } from '../../../contract/members';
import { BulkDeleteButton } from '../../components/BulkDeleteButton';
import { CsvExportButton } from '../../components/CsvExportButton';
import { DateTimeField } from '../../components/DateTimeField';
import { LimitCounter } from '../../components/LimitCounter';
import { LongFilterList } from '../../components/LongFilterList';
import { FilterPanel } from '../../components/lists';
import { WindowPagination } from '../../components/WindowPagination';
import { tableSx } from '../../entities/view';
import { AddMemberDialog } from './AddMemberDialog';
import { useMemberPlans, useMemberRoom, useMemberTags } from './api';
import { ImportDialog } from './ImportDialog';

const STATUS_COLOR = { free: 'default', paid: 'success', lapsed: 'warning' } as const;

export function StatusChip({ status }: { status: MemberStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'free' ? 'outlined' : 'filled'}
      label={translate(`members.status.${status}`)}
      data-testid={`member-status-${status}`}
    />
  );
}

function MemberFilters() {
  const translate = useTranslate();
  const { data: tags } = useMemberTags();
  const { data: plans } = useMemberPlans();
  return (
    <FilterPanel
      search={{ source: 'q', label: 'resources.member.filters.keyword' }}
      data-testid="member-filters"
    >
      <FilterList label="resources.member.filters.status" icon={<FlagIcon />}>
        {MEMBER_STATUSES.map((s) => (
          <FilterListItem key={s} label={translate(`members.status.${s}`)} value={{ status: s }} />
        ))}
      </FilterList>
      {tags?.length ? (
        <LongFilterList
          label="resources.member.filters.tag"
          icon={<LocalOfferIcon />}
          data-testid="member-tag-filter"
        >
          {tags.map((t) => (
            <FilterListItem key={t.tag} label={<span>{t.tag}</span>} value={{ tag: t.tag }} />
          ))}
        </LongFilterList>
      ) : null}
      {plans?.length ? (
        <FilterList label="resources.member.filters.plan" icon={<WorkspacesIcon />}>
          {plans.map((p) => (
            <FilterListItem key={p.id} label={<span>{p.name}</span>} value={{ plan: p.id }} />
          ))}
        </FilterList>
      ) : null}
      <FilterList label="resources.member.filters.epaper_opt_in" icon={<MailIcon />}>
        <FilterListItem label={translate('members.optIn.yes')} value={{ epaper_opt_in: 1 }} />
        <FilterListItem label={translate('members.optIn.no')} value={{ epaper_opt_in: 0 }} />
      </FilterList>
    </FilterPanel>
  );
}

function Actions() {
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'member', action: 'edit' });
  const room = useMemberRoom().data;
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  return (
    <TopToolbar>
      <LimitCounter usage={room} message="members.room" testId="member-room" />
      <CsvExportButton
        endpoint={memberApi.export}
        resource="member"
        fileName="members.csv"
        label="members.export"
        done="members.exported"
        data-testid="member-export"
      />
      {canEdit ? (
        <>
          <Button label="members.import" onClick={() => setDialog('import')} data-testid="member-import">
            <UploadIcon />
          </Button>
          <Button label="members.add" variant="contained" onClick={() => setDialog('add')}>
            <PersonAddIcon />
          </Button>
        </>
      ) : null}
      {dialog === 'add' ? <AddMemberDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportDialog onClose={() => setDialog(null)} /> : null}
    </TopToolbar>
  );
}

export default function MemberList() {
  const translate = useTranslate();
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'member', action: 'delete' });
  return (
    <List
      aside={<MemberFilters />}
      actions={<Actions />}
      pagination={<WindowPagination />}
      perPage={25}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable
        sx={tableSx}
        rowClick={(id) => `/member/${id}`}
        bulkActionButtons={canDelete ? <BulkDeleteButton resource="member" /> : false}
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="plan" disableSort render={(r: Member) => r.plan?.name ?? '—'} />
        <DataTable.Col source="status" render={(r: Member) => <StatusChip status={r.status} />} />
        <DataTable.Col source="tags" disableSort render={(r: Member) => r.tags.join('、')} />
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
        <DataTable.Col
          source="epaper_opt_in"
          disableSort
          render={(r: Member) => translate(r.epaper_opt_in ? 'members.optIn.yes' : 'members.optIn.no')}
        />
      </DataTable>
    </List>
  );
}
