/**
 * Orders on the generated list (contract/entities/orders.ts): the status as a chip, the buyer's name with the e-mail
 * address on hover; and the record page with its moves (resources/orders/OrderShow.tsx, with the packing slip's
 * route beside it) at /orders/:id, which the rows open.
 */
import { useRecordContext } from 'ra-core';
import { lazy } from 'react';
import type { OrderRow } from '../../../contract/entities/orders';
import { StatusChip } from '../../resources/orders/StatusChip';
import type { EntityOverrides } from '../overrides';

function StatusCell() {
  const order = useRecordContext<OrderRow>();
  return order ? <StatusChip status={order.status} /> : null;
}

/** The name, or the address when none was given; the address on hover. */
function BuyerCell() {
  const order = useRecordContext<OrderRow>();
  return order ? <span title={order.buyer_email}>{order.buyer_name || order.buyer_email}</span> : null;
}

const orders: EntityOverrides = {
  cells: { status: StatusCell, buyer_name: BuyerCell },
  Show: lazy(() => import('../../resources/orders/OrderShow')),
};

export default orders;
