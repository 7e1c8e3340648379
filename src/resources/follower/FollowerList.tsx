/**
 * /follower: the site's followers — e-mail, source, the date they followed and the member behind them — with a
 * keyword, source and date-range filter (remembered per route), windowed pagination, 匯出 CSV of the current filter,
 * and removal of the selected rows (member.delete).
 */
import { Typography } from '@mui/material';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { DataTable, DateInput, List, SearchInput, TextInput, TopToolbar } from 'react-admin';
import type { Follower } from '../../../contract/api/followers';
import { followerApi } from '../../../contract/api/followers';
import { BulkDeleteButton } from '../../components/BulkDeleteButton';
import { CsvExportButton } from '../../components/CsvExportButton';
import { DateTimeField } from '../../components/DateTimeField';
import { WindowPagination } from '../../components/WindowPagination';
import { tableSx } from '../../entities/view';

/** The filters; SearchInput shows its placeholder as given, so it is translated here. */
const filtersOf = (translate: (key: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('inbox.followers.filters.keyword')} />,
  <TextInput key="source" source="source" label="inbox.followers.filters.source" alwaysOn resettable />,
  <DateInput key="from" source="from" label="inbox.followers.filters.from" alwaysOn />,
  <DateInput key="to" source="to" label="inbox.followers.filters.to" alwaysOn />,
];

/** Removes the selected followers in one call (subscribers/remove takes the ids), after a confirmation. */
function FollowerBulkDelete() {
  const notify = useNotify();
  return (
    <BulkDeleteButton
      resource="follower"
      onDone={(count) =>
        notify('inbox.followers.removed', { type: 'success', messageArgs: { smart_count: count } })
      }
    />
  );
}

function MemberCell({ record }: { record: Follower }) {
  const translate = useTranslate();
  if (!record.member)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('inbox.followers.noMember')}
      </Typography>
    );
  return <span>{record.member.name || record.email}</span>;
}

export default function FollowerList() {
  const translate = useTranslate();
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'follower', action: 'delete' });
  return (
    <List
      filters={filtersOf(translate)}
      actions={
        <TopToolbar>
          <CsvExportButton
            endpoint={followerApi.export}
            resource="follower"
            fileName="followers.csv"
            label="inbox.followers.export"
            done="inbox.followers.exported"
            data-testid="follower-export"
          />
        </TopToolbar>
      }
      pagination={<WindowPagination />}
      perPage={25}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable sx={tableSx} rowClick={false} bulkActionButtons={canDelete ? <FollowerBulkDelete /> : false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="source" disableSort />
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="member" disableSort render={(r: Follower) => <MemberCell record={r} />} />
      </DataTable>
    </List>
  );
}
