/**
 * /orders: the site's orders, newest first — order number, created, buyer, units, total, status — with a keyword
 * (order number, buyer's name, e-mail, phone), status (one or several), date-range and SKU filter (remembered per
 * route), windowed pagination, and 匯出 CSV of the current filter (one row per item). A row opens /orders/:id.
 */
import { useTranslate } from 'ra-core';
import {
  DataTable,
  DateInput,
  List,
  SearchInput,
  SelectArrayInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { orderApi } from '../../../contract/api/orders';
import type { OrderRow } from '../../../contract/orders';
import { formatTwd, ORDER_STATUSES } from '../../../contract/shop';
import { CsvExportButton } from '../../components/CsvExportButton';
import { DateTimeField } from '../../components/DateTimeField';
import { WindowPagination } from '../../components/WindowPagination';
import { tableSx } from '../../entities/view';
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

export default function OrderList() {
  const translate = useTranslate();
  return (
    <List
      filters={filtersOf(translate)}
      actions={
        <TopToolbar>
          <CsvExportButton
            endpoint={orderApi.export}
            resource="orders"
            fileName="orders.csv"
            label="orders.list.export"
            done="orders.list.exported"
            data-testid="order-export"
          />
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
