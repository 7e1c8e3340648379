/**
 * /orders/:id/slip: the packing slip of an order, outside the frame, to print and put in the parcel: the site, the
 * order number and date, who it goes to (name, phone, address), the items with their SKU codes and quantities, and
 * the buyer's note. A print stylesheet drops the 列印 button and the screen's margins; prices are left off (a parcel
 * may be a gift).
 */
import PrintIcon from '@mui/icons-material/PrintOutlined';
import {
  Box,
  Button,
  GlobalStyles,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Loading } from 'react-admin';
import { useParams } from 'react-router';
import { useDateTime } from '../../components/DateTimeField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSessionQuery } from '../../layout/session';
import { idOf, useOrder } from './OrderShow';

const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: '15mm' },
      '@media print': {
        body: { background: '#fff' },
        '[data-print="hide"]': { display: 'none !important' },
        '[data-print="page"]': {
          margin: '0 !important',
          padding: '0 !important',
          maxWidth: 'none !important',
        },
      },
    }}
  />
);

export default function OrderSlip() {
  const translate = useTranslate();
  const { format } = useDateTime();
  const { data: session } = useSessionQuery();
  const { data: order } = useOrder(idOf(useParams().id));
  useDocumentTitle(
    order ? `${translate('orders.slip.title')} ${order.order_number}` : translate('orders.slip.title'),
    session?.site.current?.name ?? '',
  );
  if (!order) return <Loading />;
  const cell = { borderColor: '#999' };
  return (
    <Box
      component="main"
      data-print="page"
      sx={{ maxWidth: 760, mx: 'auto', my: 4, px: 3, color: '#000', bgcolor: '#fff' }}
      data-testid="order-slip-page"
    >
      {printStyles}
      <Box data-print="hide" sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('orders.slip.print')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 3 }}>
        <Typography variant="h5" component="h1">
          {session?.site.current?.name ?? ''}
        </Typography>
        <Typography variant="h6" component="p">
          {translate('orders.slip.title')}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mb: 3,
        }}
      >
        <dt>{translate('orders.slip.orderNumber')}</dt>
        <dd style={{ margin: 0 }}>{order.order_number}</dd>
        <dt>{translate('orders.slip.date')}</dt>
        <dd style={{ margin: 0 }}>{format(order.created_at)}</dd>
        <dt>{translate('orders.slip.to')}</dt>
        <dd style={{ margin: 0 }}>{order.buyer_name}</dd>
        {order.buyer_phone ? (
          <>
            <dt>{translate('orders.slip.phone')}</dt>
            <dd style={{ margin: 0 }}>{order.buyer_phone}</dd>
          </>
        ) : null}
        <dt>{translate('orders.show.address')}</dt>
        <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="order-slip-address">
          {order.address}
        </dd>
        <dt>{translate('orders.show.logistics')}</dt>
        <dd style={{ margin: 0 }}>
          {order.logistic_name}
          {order.logistic_code ? ` · ${order.logistic_code}` : ''}
        </dd>
      </Box>
      <Table size="small" sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={cell}>{translate('orders.show.goods')}</TableCell>
            <TableCell sx={cell}>{translate('orders.show.code')}</TableCell>
            <TableCell sx={cell} align="right">
              {translate('orders.show.qty')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.id} data-testid="order-slip-item">
              <TableCell sx={cell}>
                {line.goods_name}
                {line.sku_name ? ` — ${line.sku_name}` : ''}
              </TableCell>
              <TableCell sx={cell}>{line.sku_code}</TableCell>
              <TableCell sx={cell} align="right">
                {line.qty}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {order.note ? (
        <Box sx={{ mb: 3 }}>
          <Typography variant="subtitle2">{translate('orders.show.note')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{order.note}</Typography>
        </Box>
      ) : null}
      <Typography>{translate('orders.slip.thanks')}</Typography>
    </Box>
  );
}
