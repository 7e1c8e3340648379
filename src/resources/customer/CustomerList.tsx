/**
 * /customer: the site's customer messages, newest first — subject (with a 新訊息 chip while new), sender, e-mail,
 * received, replies — with a keyword, status and date-range filter (remembered per route) and windowed pagination.
 * A row opens /customer/:id, which marks it read.
 */
import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { DataTable, DateInput, List, SearchInput, SelectInput } from 'react-admin';
import type { CustomerRow } from '../../../contract/api/customers';
import { DateTimeField } from '../../components/DateTimeField';
import { WindowPagination } from '../../components/WindowPagination';
import { tableSx } from '../../entities/view';

/** The filters; SearchInput shows its placeholder as given, so it is translated here. */
const filtersOf = (translate: (key: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('inbox.customers.filters.keyword')} />,
  <SelectInput
    key="status"
    source="status"
    label="inbox.customers.filters.status"
    alwaysOn
    emptyText="inbox.customers.filters.all"
    choices={[
      { id: 1, name: 'inbox.customers.statusNew' },
      { id: 2, name: 'inbox.customers.statusRead' },
    ]}
  />,
  <DateInput key="from" source="from" label="inbox.customers.filters.from" alwaysOn />,
  <DateInput key="to" source="to" label="inbox.customers.filters.to" alwaysOn />,
];

function TitleCell() {
  const translate = useTranslate();
  const record = useRecordContext<CustomerRow>();
  if (!record) return null;
  const fresh = record.status === 1;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: fresh ? 600 : 400 }}>
        {record.title}
      </Typography>
      {fresh ? (
        <Chip
          size="small"
          color="primary"
          label={translate('inbox.customers.statusNew')}
          data-testid="customer-new"
        />
      ) : null}
    </Stack>
  );
}

export default function CustomerList() {
  const translate = useTranslate();
  return (
    <List
      filters={filtersOf(translate)}
      exporter={false}
      pagination={<WindowPagination />}
      perPage={25}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable sx={tableSx} rowClick={(id) => `/customer/${id}`} bulkActionButtons={false}>
        <DataTable.Col source="title" disableSort>
          <TitleCell />
        </DataTable.Col>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="replies" disableSort />
      </DataTable>
    </List>
  );
}
