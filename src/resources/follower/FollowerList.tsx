/**
 * /follower: the site's followers — e-mail, source, the date they followed and the member behind them — with a
 * keyword, source and date-range filter (remembered per route), windowed pagination, 匯出 CSV of the current filter,
 * and removal of the selected rows (member.delete).
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useListContext, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Button, Confirm, DataTable, DateInput, List, SearchInput, TextInput, TopToolbar } from 'react-admin';
import type { Follower } from '../../../contract/api/followers';
import { DateTimeField } from '../../components/DateTimeField';
import { WindowPagination } from '../../components/WindowPagination';
import { toFilters } from '../../dataProvider';
import type { ApiError } from '../../dataProvider/client';
import { resourceApis } from '../../dataProvider/resources';
import { tableSx } from '../../entities/view';
import { downloadFollowersCsv, removeFollowers } from './api';

/** The filters; SearchInput shows its placeholder as given, so it is translated here. */
const filtersOf = (translate: (key: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('inbox.followers.filters.keyword')} />,
  <TextInput key="source" source="source" label="inbox.followers.filters.source" alwaysOn resettable />,
  <DateInput key="from" source="from" label="inbox.followers.filters.from" alwaysOn />,
  <DateInput key="to" source="to" label="inbox.followers.filters.to" alwaysOn />,
];

function ExportButton() {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const api = resourceApis.follower;
      await downloadFollowersCsv(
        api ? toFilters(api, filterValues) : [],
        sort?.field ? { col: sort.field, order: sort.order === 'ASC' ? 'asc' : 'desc' } : undefined,
      );
      notify('inbox.followers.exported', { type: 'success' });
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.message) notify(failure.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="inbox.followers.export" onClick={run} disabled={busy} data-testid="follower-export">
      <DownloadIcon />
    </Button>
  );
}

/** Removes the selected followers in one call, after a confirmation. */
function BulkRemoveButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeFollowers(selectedIds.map(Number)),
    onSuccess: (done) => {
      notify('inbox.followers.removed', { type: 'success', messageArgs: { smart_count: done.ids.length } });
      onUnselectItems(true);
    },
    onError: (error) => {
      const failure = error as ApiError;
      if (failure?.message) notify(failure.message, { type: 'error' });
    },
    onSettled: () => {
      setOpen(false);
      return queryClient.invalidateQueries({ queryKey: ['follower'] });
    },
  });
  const args = {
    smart_count: selectedIds.length,
    name: translate('resources.follower.name', { smart_count: selectedIds.length }),
  };
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={remove.isPending}
        title="ra.message.bulk_delete_title"
        content="ra.message.bulk_delete_content"
        titleTranslateOptions={args}
        contentTranslateOptions={args}
        confirmColor="warning"
        onConfirm={() => remove.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
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
          <ExportButton />
        </TopToolbar>
      }
      pagination={<WindowPagination />}
      perPage={25}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable sx={tableSx} rowClick={false} bulkActionButtons={canDelete ? <BulkRemoveButton /> : false}>
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
