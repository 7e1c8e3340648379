/**
 * /member: the site's members — name, e-mail, plan, status, sign-up date, e-paper opt-in — with a filter panel
 * (keyword over name or e-mail, status, tag, plan, opt-in), sorting, windowed pagination and bulk removal. The top
 * shows the members used of the plan's limit; 匯出 CSV downloads the current filter, 匯入 CSV and 新增會員 open
 * their dialogs. A row opens /member/:id.
 */
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { Card, CardContent, Chip, Typography } from '@mui/material';
import { useCanAccess, useListContext, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import {
  BulkDeleteButton,
  Button,
  DataTable,
  FilterList,
  FilterListItem,
  List,
  TopToolbar,
} from 'react-admin';
import { MEMBER_STATUSES, type Member, type MemberStatus } from '../../../contract/members';
import { DateTimeField } from '../../components/DateTimeField';
import { LongFilterList } from '../../components/LongFilterList';
import { FilterLiveSearch } from '../../components/lists';
import { WindowPagination } from '../../components/WindowPagination';
import { toFilters } from '../../dataProvider';
import { resourceApis } from '../../dataProvider/resources';
import { tableSx } from '../../entities/view';
import { AddMemberDialog } from './AddMemberDialog';
import { downloadMembersCsv, failureMessage, useMemberPlans, useMemberRoom, useMemberTags } from './api';
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
    <Card
      sx={{
        order: -1,
        mr: 2,
        mt: 8,
        width: { md: 200, lg: 240 },
        flexShrink: 0,
        display: { xs: 'none', md: 'block' },
      }}
      data-testid="member-filters"
    >
      <CardContent>
        <FilterLiveSearch source="q" label="resources.member.filters.keyword" />
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
      </CardContent>
    </Card>
  );
}

function Room() {
  const translate = useTranslate();
  const { data } = useMemberRoom();
  if (!data) return null;
  return (
    <Typography
      variant="body2"
      color={data.used >= data.limit ? 'warning.main' : 'text.secondary'}
      sx={{ alignSelf: 'center', mr: 1 }}
      data-testid="member-room"
    >
      {translate('members.room', { used: data.used, limit: data.limit })}
    </Typography>
  );
}

function ExportButton() {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const api = resourceApis.member;
      await downloadMembersCsv({
        filters: api ? toFilters(api, filterValues) : [],
        ...(sort?.field ? { sort: { col: sort.field, order: sort.order === 'ASC' ? 'asc' : 'desc' } } : {}),
      });
      notify('members.exported', { type: 'success' });
    } catch (err) {
      const message = failureMessage(err);
      if (message) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="members.export" onClick={run} disabled={busy} data-testid="member-export">
      <DownloadIcon />
    </Button>
  );
}

function Actions() {
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'member', action: 'edit' });
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  return (
    <TopToolbar>
      <Room />
      <ExportButton />
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
        bulkActionButtons={canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
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
