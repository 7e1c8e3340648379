/** An order's status as a chip, its words once in i18n `orders.status.*`. */
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ORDER_STATUS, type OrderStatus } from '../../../contract/shop';

const COLORS: Record<OrderStatus, ChipProps['color']> = {
  [ORDER_STATUS.CREATED]: 'warning',
  [ORDER_STATUS.PAID]: 'info',
  [ORDER_STATUS.SHIPPED]: 'primary',
  [ORDER_STATUS.COMPLETED]: 'success',
  [ORDER_STATUS.INVALID]: 'default',
};

export function StatusChip({ status }: { status: OrderStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === ORDER_STATUS.INVALID ? 'outlined' : 'filled'}
      label={translate(`orders.status.${status}`)}
      data-testid="order-status"
      data-status={status}
    />
  );
}
