/** The orders resource (/orders, /orders/:id): the list, and one order with its moves; the packing slip is a route. */
import OrdersIcon from '@mui/icons-material/ReceiptLongOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const orders: ResourceProps = {
  name: 'orders',
  list: lazy(() => import('./OrderList')),
  // At /orders/:id: the record page shows the order and makes staff's moves (order/save).
  edit: lazy(() => import('./OrderShow')),
  icon: OrdersIcon,
  recordRepresentation: 'order_number',
};

export default orders;
