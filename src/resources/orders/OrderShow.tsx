/**
 * /orders/:id, the orders entity's record page (src/entities/overrides/orders.tsx `Show`): one order — buyer, address, note, the items as they were ordered, subtotal, shipping and total, the
 * timeline of its moves (who and when), its payments — and staff's moves by its status (order.edit): 出貨 asks the
 * tracking code in a dialog (the buyer is mailed), 完成, 作廢 after a confirmation that says a paid order is refunded.
 * 列印出貨單 opens the packing slip (/orders/:id/slip) in a new tab.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CancelIcon from '@mui/icons-material/BlockOutlined';
import DoneIcon from '@mui/icons-material/DoneAllOutlined';
import ShipIcon from '@mui/icons-material/LocalShippingOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useRequireAccess, useTranslate } from 'ra-core';
import { type ReactNode, useEffect, useState } from 'react';
import { Confirm, LinkBase, Loading, Title } from 'react-admin';
import { useNavigate } from 'react-router';
import type { OrderDetail } from '../../../contract/entities/orders';
import type { OrderEvent } from '../../../contract/orders';
import { formatTwd, ORDER_STATUS, type OrderStatus, TRACKING_CODE_MAX } from '../../../contract/shop';
import { useDateTime } from '../../components/DateTimeField';
import { FormDialog } from '../../components/FormDialog';
import type { ApiError } from '../../dataProvider/client';
import type { EntityShowProps } from '../../entities/overrides';
import { failureText, getOrder, moveOrder, orderKeys } from './api';
import { StatusChip } from './StatusChip';

const BASE = '/orders';
/** The order an address names (0: none). */
export const idOf = (param: string | undefined): number =>
  param && /^\d{1,10}$/.test(param) ? Number(param) : 0;
const preWrap = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Box component="dd" sx={{ m: 0, ...preWrap }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Items({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const sum = (label: string, value: string, strong = false) => (
    <TableRow>
      <TableCell colSpan={4} align="right" sx={{ fontWeight: strong ? 600 : 400, borderBottom: 0 }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 600 : 400, borderBottom: 0 }}>
        {value}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" data-testid="order-items">
      <TableHead>
        <TableRow>
          <TableCell>{translate('orders.show.goods')}</TableCell>
          <TableCell>{translate('orders.show.code')}</TableCell>
          <TableCell align="right">{translate('orders.show.price')}</TableCell>
          <TableCell align="right">{translate('orders.show.qty')}</TableCell>
          <TableCell align="right">{translate('orders.show.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.lines.map((line) => (
          <TableRow key={line.id} data-testid="order-item">
            <TableCell>
              {line.goods_name}
              {line.sku_name ? (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {line.sku_name}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>{line.sku_code}</TableCell>
            <TableCell align="right">{formatTwd(line.price)}</TableCell>
            <TableCell align="right">{line.qty}</TableCell>
            <TableCell align="right">{formatTwd(line.amount)}</TableCell>
          </TableRow>
        ))}
        {sum(translate('orders.show.subtotal'), formatTwd(order.subtotal))}
        {sum(
          translate('orders.show.shipping', { name: order.logistic_name || '—' }),
          order.logistic_fee === 0 ? translate('orders.show.free') : formatTwd(order.logistic_fee),
        )}
        {sum(translate('orders.show.total'), formatTwd(order.total), true)}
      </TableBody>
    </Table>
  );
}

function Timeline({ events }: { events: OrderEvent[] }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {events.map((e) => (
        <Box
          component="li"
          key={e.id}
          sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 2, py: 0.5 }}
          data-testid="order-event"
        >
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {e.from_status === null
              ? translate('orders.show.created')
              : translate('orders.show.moved', {
                  from: translate(`orders.status.${e.from_status}`),
                  to: translate(`orders.status.${e.to_status}`),
                })}
            {e.detail && e.to_status === ORDER_STATUS.SHIPPED ? ` · ${e.detail}` : ''}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {format(e.at)} ·{' '}
            {translate('orders.show.by', {
              who:
                e.actor === 'staff'
                  ? e.staff || translate('orders.actor.staff')
                  : translate(`orders.actor.${e.actor}`),
            })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function Payments({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  if (order.payments.length === 0)
    return <Typography color="text.secondary">{translate('orders.show.noPayments')}</Typography>;
  return (
    <Table size="small" data-testid="order-payments">
      <TableBody>
        {order.payments.map((p) => (
          <TableRow key={p.id}>
            <TableCell>{p.order_number}</TableCell>
            <TableCell align="right">{formatTwd(p.amount)}</TableCell>
            <TableCell>{translate(`orders.payment.${p.status}`)}</TableCell>
            <TableCell>{p.trade_id ? `${translate('orders.show.tradeId')} ${p.trade_id}` : ''}</TableCell>
            <TableCell>{p.paid_at ? format(p.paid_at) : ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type Move = { status: OrderStatus; code?: string };

function ShipDialog({
  order,
  busy,
  onClose,
  onShip,
  error,
}: {
  order: OrderDetail;
  busy: boolean;
  onClose: () => void;
  onShip: (code: string) => void;
  error?: string;
}) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const trimmed = code.trim();
  return (
    <FormDialog titleId="order-ship-title" onClose={onClose} testId="order-ship-dialog">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed && !busy) onShip(trimmed);
        }}
      >
        <DialogTitle id="order-ship-title">
          {translate('orders.actions.shipTitle', { number: order.order_number })}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('orders.actions.codeLabel')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={Boolean(error)}
            helperText={error ? translate(error) : translate('orders.actions.codeHint')}
            slotProps={{ htmlInput: { maxLength: TRACKING_CODE_MAX, 'data-testid': 'order-ship-code' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('orders.actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!trimmed || busy}
            data-testid="order-ship-confirm"
          >
            {translate('orders.actions.shipConfirm')}
          </Button>
        </DialogActions>
      </Box>
    </FormDialog>
  );
}

function Actions({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'orders', action: 'edit' });
  const [open, setOpen] = useState<OrderStatus | null>(null);
  const move = useMutation({
    mutationFn: ({ status, code }: Move) => moveOrder(order.id, status, code),
    onSuccess: (moved, { status }) => {
      queryClient.setQueryData(orderKeys.order(order.id), moved);
      void queryClient.invalidateQueries({ queryKey: orderKeys.list });
      setOpen(null);
      const done =
        status === ORDER_STATUS.SHIPPED
          ? 'shipped'
          : status === ORDER_STATUS.COMPLETED
            ? 'completed'
            : 'invalidated';
      notify(`orders.actions.${done}`, { type: 'success' });
    },
    onError: (error) => {
      // A code field error stays in the dialog; the rest is told and the order read again.
      if ((error as ApiError).body?.errors?.code) return;
      const text = failureText(error);
      if (text) notify(text, { type: 'error' });
      setOpen(null);
      void queryClient.invalidateQueries({ queryKey: orderKeys.order(order.id) });
    },
  });
  const may = (status: OrderStatus) => canEdit && order.moves.includes(status);
  const codeError = (move.error as ApiError | null)?.body?.errors?.code;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        component="a"
        href={`${BASE}/${order.id}/slip`}
        target="_blank"
        rel="noopener"
        startIcon={<PrintIcon />}
        data-testid="order-slip"
      >
        {translate('orders.show.slip')}
      </Button>
      {may(ORDER_STATUS.SHIPPED) ? (
        <Button
          variant="contained"
          startIcon={<ShipIcon />}
          onClick={() => {
            move.reset();
            setOpen(ORDER_STATUS.SHIPPED);
          }}
          data-testid="order-ship"
        >
          {translate('orders.actions.ship')}
        </Button>
      ) : null}
      {may(ORDER_STATUS.COMPLETED) ? (
        <Button
          variant="contained"
          color="success"
          startIcon={<DoneIcon />}
          onClick={() => setOpen(ORDER_STATUS.COMPLETED)}
          data-testid="order-complete"
        >
          {translate('orders.actions.complete')}
        </Button>
      ) : null}
      {may(ORDER_STATUS.INVALID) ? (
        <Button
          color="error"
          startIcon={<CancelIcon />}
          onClick={() => setOpen(ORDER_STATUS.INVALID)}
          data-testid="order-invalidate"
        >
          {translate('orders.actions.invalidate')}
        </Button>
      ) : null}
      {open === ORDER_STATUS.SHIPPED ? (
        <ShipDialog
          order={order}
          busy={move.isPending}
          onClose={() => setOpen(null)}
          onShip={(code) => move.mutate({ status: ORDER_STATUS.SHIPPED, code })}
          error={codeError}
        />
      ) : null}
      <Confirm
        isOpen={open === ORDER_STATUS.COMPLETED}
        loading={move.isPending}
        title={translate('orders.actions.completeTitle', { number: order.order_number })}
        content={translate('orders.actions.completeBody')}
        confirm="orders.actions.complete"
        onConfirm={() => move.mutate({ status: ORDER_STATUS.COMPLETED })}
        onClose={() => setOpen(null)}
      />
      <Confirm
        isOpen={open === ORDER_STATUS.INVALID}
        loading={move.isPending}
        title={translate('orders.actions.invalidateTitle', { number: order.order_number })}
        content={
          order.status === ORDER_STATUS.PAID
            ? translate('orders.actions.invalidatePaidBody', { amount: formatTwd(order.total) })
            : translate('orders.actions.invalidateBody')
        }
        confirm="orders.actions.invalidate"
        confirmColor="warning"
        onConfirm={() => move.mutate({ status: ORDER_STATUS.INVALID })}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

function OrderCards({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" data-testid="order-number">
          {translate('orders.show.title', { number: order.order_number })}
        </Typography>
        <StatusChip status={order.status} />
        <Typography variant="body2" color="text.secondary">
          {format(order.created_at)}
        </Typography>
      </Stack>
      <Actions order={order} />
      <Section title={translate('orders.show.buyer')} testId="order-buyer">
        <Facts
          rows={[
            [
              translate('orders.show.buyer'),
              [order.buyer_name, order.buyer_email, order.buyer_phone].filter(Boolean).join(' · '),
            ],
            [translate('orders.show.address'), order.address],
            ...(order.note ? [[translate('orders.show.note'), order.note] as [string, ReactNode]] : []),
            [translate('orders.show.logistics'), order.logistic_name || '—'],
            ...(order.logistic_code
              ? [
                  [
                    translate('orders.show.tracking'),
                    <span key="code" data-testid="order-tracking">
                      {order.logistic_code}
                    </span>,
                  ] as [string, ReactNode],
                ]
              : []),
            ...(order.status === ORDER_STATUS.CREATED && order.expires_at
              ? [
                  ['', translate('orders.show.expires', { date: format(order.expires_at) })] as [
                    string,
                    ReactNode,
                  ],
                ]
              : []),
          ]}
        />
      </Section>
      <Section title={translate('orders.show.items')}>
        <Items order={order} />
      </Section>
      <Section title={translate('orders.show.timeline')} testId="order-timeline">
        <Timeline events={order.events} />
      </Section>
      <Section title={translate('orders.show.payments')}>
        <Payments order={order} />
      </Section>
      <Box>
        <Button component={LinkBase} to={BASE} startIcon={<ArrowBackIcon />} color="inherit">
          {translate('orders.show.back')}
        </Button>
      </Box>
    </Stack>
  );
}

/** Order `id`, once the caller may read orders. */
export function useOrder(id: number) {
  const { isPending: checking } = useRequireAccess({ resource: 'orders', action: 'list' });
  const query = useQuery({
    queryKey: orderKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: id > 0 && !checking,
    retry: false,
  });
  return { id, ...query };
}

/** The record page of order `id`; a missing one goes back to the list. */
export default function OrderShow({ id: asked }: EntityShowProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id, data: order, error } = useOrder(asked);

  useEffect(() => {
    if (!error && id > 0) return;
    if ((error as ApiError | null)?.status === 403) return;
    notify('ra.notification.item_doesnt_exist', { type: 'error' });
    navigate(BASE);
  }, [error, id, notify, navigate]);

  return (
    <Box sx={{ maxWidth: 960, mt: 2 }}>
      <Title
        title={
          order
            ? translate('orders.show.title', { number: order.order_number })
            : translate('resources.orders.name', { smart_count: 1 })
        }
      />
      {order ? <OrderCards order={order} /> : <Loading />}
    </Box>
  );
}
