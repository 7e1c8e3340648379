/**
 * /orders: the site's orders, newest first — order number, created, buyer, units, total, status — with a keyword
 * (order number, buyer's name, e-mail, phone), status (one or several), date-range and SKU filter (remembered per
 * route), windowed pagination, and 匯出 CSV of the current filter (one row per item). A row opens /orders/:id.
 */
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useListContext, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import {
  Button,
  DataTable,
  DateInput,
  List,
  SearchInput,
  SelectArrayInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import type { OrderRow } from '../../../contract/orders';
import { formatTwd, ORDER_STATUSES } from '../../../contract/shop';
import { DateTimeField } from '../../components/DateTimeField';
import { WindowPagination } from '../../components/WindowPagination';
import { toFilters } from '../../dataProvider';
import { resourceApis } from '../../dataProvider/resources';
import { tableSx } from '../../entities/view';
import { downloadOrdersCsv, failureText } from './api';
import { StatusChip } from './StatusChip';

const STATUS_CHOICES = ORDER_STATUSES.map((s) => ({ id: s, name: `orders.status.${s}` }));

/** The filters; SearchInput shows its placeholder as given, so it is translated here. */
const filtersOf = (translate: (key: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('orders.list.filters.keyword')} />,
  <SelectArrayInput
    key="status"
    source="status"
    label="orders.list.filters.status"
    alwaysOn
    choices={STATUS_CHOICES}
    sx={{ minWidth: 160 }}
  />,
  <DateInput key="from" source="from" label="orders.list.filters.from" alwaysOn />,
  <DateInput key="to" source="to" label="orders.list.filters.to" alwaysOn />,
  <TextInput key="sku" source="sku" label="orders.list.filters.sku" alwaysOn resettable />,
];

function ExportButton() {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const api = resourceApis.orders;
      await downloadOrdersCsv(
        api ? toFilters(api, filterValues) : [],
        sort?.field ? { col: sort.field, order: sort.order === 'ASC' ? 'asc' : 'desc' } : undefined,
      );
      notify('orders.list.exported', { type: 'success' });
    } catch (err) {
      const text = failureText(err);
      if (text) notify(text, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="orders.list.export" onClick={run} disabled={busy} data-testid="order-export">
      <DownloadIcon />
    </Button>
  );
}

export default function OrderList() {
  const translate = useTranslate();
  return (
    <List
      filters={filtersOf(translate)}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      exporter={false}
      pagination={<WindowPagination />}
      perPage={25}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable sx={tableSx} rowClick={(id) => `/orders/${id}`} bulkActionButtons={false}>
        <DataTable.Col source="order_number" disableSort />
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
        <DataTable.Col
          source="buyer_name"
          disableSort
          render={(r: OrderRow) => <span title={r.buyer_email}>{r.buyer_name || r.buyer_email}</span>}
        />
        <DataTable.NumberCol source="items" disableSort />
        <DataTable.Col source="total" align="right" render={(r: OrderRow) => formatTwd(r.total)} />
        <DataTable.Col source="status" render={(r: OrderRow) => <StatusChip status={r.status} />} />
      </DataTable>
    </List>
  );
}
