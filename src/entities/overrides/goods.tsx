/**
 * Goods on the generated screens (contract/entities/goods.ts): the list's price range, stock and stock warning
 * cells, the bulk on/offline (product/status), and the product dialog's SKU list — a small table with add, edit and
 * remove, each SKU edited in the SKU modal (its words and rules are the declaration's).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  useCanAccess,
  useInput,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'ra-core';
import { Fragment, useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { goodsApi } from '../../../contract/api/goods';
import type { Field, Fields } from '../../../contract/entity';
import { formatTwd, type ShopStatus } from '../../../contract/shop';
import { type ApiError, call } from '../../dataProvider/client';
import { editable, issueMessage } from '../form';
import type { EntityOverrides } from '../overrides';
import type { FieldInputProps } from '../view';

const R = 'resources.goods';

function Dash() {
  return (
    <Typography component="span" variant="body2" color="text.disabled">
      —
    </Typography>
  );
}

function PricesCell() {
  const record = useRecordContext();
  const prices = record?.prices as { min: number; max: number } | null | undefined;
  if (!prices) return <Dash />;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {prices.min === prices.max
        ? formatTwd(prices.min)
        : `${formatTwd(prices.min)} – ${formatTwd(prices.max)}`}
    </span>
  );
}

/** The units left, with the warning when an online SKU is out or all are running low. */
function StockCell() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const alert = record.stock_alert as 'out' | 'low' | null | undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <span data-testid="goods-stock">{Number(record.stock ?? 0).toLocaleString('en-US')}</span>
      {alert ? (
        <Chip
          size="small"
          color={alert === 'out' ? 'error' : 'warning'}
          variant="outlined"
          label={translate(`${R}.alert.${alert}`)}
          data-testid="goods-stock-alert"
        />
      ) : null}
    </Stack>
  );
}

/** 上架 / 下架 of the selected products: all of them or none (product/status). */
function BulkStatus() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('goods');
  const { canAccess } = useCanAccess({ resource: 'goods', action: 'edit' });
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  const run = async (status: ShopStatus) => {
    setBusy(true);
    try {
      const { ids } = await call(goodsApi.status, { ids: selectedIds.map(Number), status });
      notify(`${R}.bulk.done`, { type: 'success', messageArgs: { smart_count: ids.length } });
      unselectAll();
      refresh();
    } catch (err) {
      notify((err as ApiError).message || 'errors.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" disabled={busy} onClick={() => run('online')} data-testid="goods-bulk-online">
        {translate(`${R}.bulk.online`)}
      </Button>
      <Button size="small" disabled={busy} onClick={() => run('offline')} data-testid="goods-bulk-offline">
        {translate(`${R}.bulk.offline`)}
      </Button>
    </>
  );
}

type Sku = Record<string, unknown>;

/** A new SKU's values: each field's default (online, ships at once), empty text. */
const emptySku = (fields: Fields): Sku =>
  Object.fromEntries(
    editable(fields).map(([name, field]) => {
      const parsed = field.input?.safeParse(undefined);
      return [name, parsed?.success ? parsed.data : field.kind === 'text' ? '' : null];
    }),
  );

/** The value a SKU input holds as its rule reads it (numbers from the text typed). */
function typedValue(field: Field, text: unknown): unknown {
  if (field.kind === 'money' || field.kind === 'number') {
    if (text === '' || text === null || text === undefined) return undefined;
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

/** The SKU modal: one SKU's inputs, checked by the declaration's rules before it goes back to the list. */
function SkuDialog({
  fields,
  sku,
  others,
  onDone,
  onClose,
}: {
  fields: Fields;
  sku: Sku;
  /** The product's other SKUs' codes (a code once per product). */
  others: string[];
  onDone: (sku: Sku) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [values, setValues] = useState<Sku>(() =>
    Object.fromEntries(Object.entries(sku).map(([k, v]) => [k, v ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = editable(fields).filter(([name]) => name !== 'id');

  const done = () => {
    const out: Sku = { id: sku.id ?? 0 };
    const found: Record<string, string> = {};
    for (const [name, field] of shown) {
      const value = typedValue(field, values[name]);
      const parsed = field.input?.safeParse(value);
      if (parsed && !parsed.success) {
        const { message, args } = issueMessage(parsed.error.issues[0]);
        found[name] = translate(message, args);
      } else out[name] = parsed?.data;
    }
    const code = String(out.code ?? '').toLowerCase();
    if (!found.code && others.some((c) => c.toLowerCase() === code))
      found.code = translate(`${R}.sku.duplicate`);
    setErrors(found);
    if (Object.keys(found).length === 0) onDone(out);
  };

  const input = (name: string, field: Field) => {
    const label = translate(`${R}.fields.${name}`);
    const hint = translate(`${R}.hints.${name}`, { _: '' });
    const common = {
      label,
      value: values[name] ?? '',
      onChange: (e: { target: { value: unknown } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
      error: Boolean(errors[name]),
      helperText: errors[name] || hint || undefined,
      fullWidth: true,
      required: field.input?.safeParse(field.kind === 'text' ? '' : undefined).success === false,
      margin: 'dense' as const,
      slotProps: { htmlInput: { 'data-testid': `sku-${name}` } },
    };
    if (field.kind === 'enum')
      return (
        <TextField {...common} select>
          {(field.choices ?? []).map((c) => (
            <MenuItem key={String(c)} value={c}>
              {translate(`${R}.fields.${name}_${c}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    if (field.kind === 'money')
      return (
        <TextField
          {...common}
          type="number"
          slotProps={{
            htmlInput: { 'data-testid': `sku-${name}`, min: 0, step: 1 },
            input: { startAdornment: <InputAdornment position="start">NT$</InputAdornment> },
          }}
        />
      );
    if (field.kind === 'number')
      return (
        <TextField
          {...common}
          type="number"
          slotProps={{ htmlInput: { 'data-testid': `sku-${name}`, min: 0, step: 1 } }}
        />
      );
    return <TextField {...common} />;
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="sku-dialog">
      <DialogTitle id={titleId}>
        {translate(sku.id || sku.code ? `${R}.sku.edit` : `${R}.sku.create`)}
      </DialogTitle>
      <DialogContent dividers>
        {shown.map(([name, field]) => (
          <Fragment key={name}>{input(name, field)}</Fragment>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={done} data-testid="sku-done">
          {translate(`${R}.sku.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** When a SKU ships: at once, or within its lead time after payment. */
function ShipsIn({ days }: { days: number }) {
  const translate = useTranslate();
  return days > 0 ? translate(`${R}.sku.shipsIn`, { smart_count: days }) : translate(`${R}.sku.shipsNow`);
}

/** The product dialog's SKU list: a table of the SKUs, each added or edited in the SKU modal. */
function SkusInput({ source, field }: FieldInputProps) {
  const translate = useTranslate();
  const { field: input } = useInput({ source });
  const { getFieldState, formState } = useFormContext();
  const skus: Sku[] = Array.isArray(input.value) ? input.value : [];
  const [editing, setEditing] = useState<{ at: number; sku: Sku } | null>(null);
  const fields = field.fields ?? {};
  const set = (next: Sku[]) => input.onChange(next);
  // Touch formState so that the rows' server errors show when they arrive.
  void formState.errors;
  const rowError = (i: number) =>
    ['code', 'name', 'price', 'qty', 'shift', 'status', 'id']
      .map((k) => getFieldState(`${source}.${i}.${k}`).error?.message)
      .find(Boolean);
  const listError = getFieldState(source).error?.message;

  return (
    <Box sx={{ my: 2 }} data-testid="goods-skus">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {translate(`${R}.fields.skus`)}
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ at: skus.length, sku: emptySku(fields) })}
          data-testid="sku-add"
        >
          {translate(`${R}.sku.add`)}
        </Button>
      </Stack>
      {skus.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${R}.sku.empty`)}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap', px: 1 } }}>
            <TableHead>
              <TableRow>
                {['name', 'code', 'price', 'qty', 'shift', 'status'].map((k) => (
                  <TableCell key={k} sx={{ whiteSpace: 'nowrap' }}>
                    {translate(`${R}.fields.${k}`)}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {skus.map((sku, i) => {
                const error = rowError(i);
                return (
                  <TableRow key={sku.id ? `id-${sku.id}` : `code-${sku.code}`} data-testid="sku-row">
                    <TableCell>{String(sku.name ?? '')}</TableCell>
                    <TableCell>
                      {String(sku.code ?? '')}
                      {error ? (
                        <Typography variant="caption" color="error" component="div" data-testid="sku-error">
                          {translate(error, { _: error })}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTwd(Number(sku.price ?? 0))}</TableCell>
                    <TableCell>{Number(sku.qty ?? 0).toLocaleString('en-US')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <ShipsIn days={Number(sku.shift ?? 0)} />
                    </TableCell>
                    <TableCell>{translate(`${R}.fields.status_${sku.status}`)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        size="small"
                        aria-label={translate(`${R}.sku.edit`)}
                        onClick={() => setEditing({ at: i, sku })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={translate(`${R}.sku.remove`)}
                        onClick={() => set(skus.filter((_, j) => j !== i))}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {listError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(listError, { _: listError })}
        </Alert>
      ) : null}
      {editing ? (
        <SkuDialog
          fields={fields}
          sku={editing.sku}
          others={skus.filter((_, j) => j !== editing.at).map((s) => String(s.code ?? ''))}
          onClose={() => setEditing(null)}
          onDone={(sku) => {
            const next = [...skus];
            next[editing.at] = sku;
            set(next);
            setEditing(null);
          }}
        />
      ) : null}
    </Box>
  );
}

const goods: EntityOverrides = {
  cells: { prices: PricesCell, stock: StockCell },
  inputs: { skus: SkusInput },
  BulkActions: BulkStatus,
};

export default goods;
