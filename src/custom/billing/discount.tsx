/**
 * A discount code on a plan's payment (contract/discounts.ts): the field, checked as the user types (DELAY.validate
 * after the last key, as the wizard's address) by `plan/quote`, with the code's refusal or what it takes off, and the
 * price before paying (price, discount, to pay). The server prices the payment again on its own: this only tells.
 * A plan change checks its code through its preview instead (PlanChangePage), with the same field.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, CircularProgress, InputAdornment, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { planApi } from '../../../contract/api/plans';
import { DELAY } from '../../../contract/constants';
import {
  DISCOUNT_CODE_MAX,
  type DiscountInfo,
  discountCodeField,
  type PlanQuote,
} from '../../../contract/discounts';
import { ApiError, call } from '../../dataProvider/client';

const money = (n: number) => n.toLocaleString('en-US');

/** What is known of the code typed: none typed, being checked, applies (the quote), refused (why), or not known. */
export type DiscountState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'ok'; quote: Pick<PlanQuote, 'price' | 'discount' | 'amount'>; info?: DiscountInfo }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown' };

/** The code as the server reads it (trimmed, in capitals); '' for none. */
export const typedCode = (value: string) => value.trim().toUpperCase();

/** The value typed, once it has stayed the same for DELAY.validate. */
export function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DELAY.validate);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** Whether a code typed is well-formed (contract's rule), so that only those are asked about. */
export const wellFormed = (code: string) => discountCodeField().safeParse(code).success;

/**
 * The quote of `plan` with the code typed (`site`: the caller's site paid again, whose first payment it may not be).
 * A refusal's message is the server's, in the user's language.
 */
export function useDiscountQuote(
  value: string,
  plan: number | undefined,
  site?: number | null,
): DiscountState {
  const code = typedCode(value);
  const settled = useSettled(code);
  const [state, setState] = useState<DiscountState>({ kind: 'none' });
  useEffect(() => {
    if (!settled || plan === undefined) {
      setState({ kind: 'none' });
      return;
    }
    if (!wellFormed(settled)) {
      setState({ kind: 'refused', message: 'validation.discountCode' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'checking' });
    call(planApi.quote, { plan, code: settled, ...(site != null && { site }) }, { signal: controller.signal })
      .then((quote) => setState({ kind: 'ok', quote, info: quote.code }))
      .catch((err) => {
        if (controller.signal.aborted) return;
        // A refusal of the code (HTTP 200 with its code) is told; anything else is not known yet.
        const refused = err instanceof ApiError && err.status === 200 && err.message;
        setState(refused ? { kind: 'refused', message: err.message } : { kind: 'unknown' });
      });
    return () => controller.abort();
  }, [settled, plan, site]);
  // Typing again: what was said of the code before no longer holds.
  if (code !== settled) return code ? { kind: 'checking' } : { kind: 'none' };
  return state;
}

/** Whether paying may go on: no code, or one that applies (or that could not be checked: the server decides). */
export const mayPay = (state: DiscountState) =>
  state.kind === 'none' || state.kind === 'ok' || state.kind === 'unknown';

/** The code to send with the payment: only one the user typed and that was not refused. */
export const codeToSend = (value: string, state: DiscountState) =>
  typedCode(value) && (state.kind === 'ok' || state.kind === 'unknown')
    ? { discount_code: typedCode(value) }
    : {};

function appliedText(translate: ReturnType<typeof useTranslate>, info: DiscountInfo) {
  const off =
    info.percent !== null
      ? translate('discount.percentOff', { percent: info.percent })
      : translate('discount.amountOff', { amount: money(info.amount_off ?? 0) });
  const applies = translate(info.applies === 'every' ? 'discount.appliesEvery' : 'discount.appliesFirst');
  const until = info.until ? translate('discount.until', { date: info.until }) : '';
  return `${translate('discount.applied', { code: info.code, off, applies })}${until}`;
}

export function DiscountField({
  value,
  onChange,
  state,
  disabled,
}: {
  value: string;
  onChange(value: string): void;
  state: DiscountState;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const helper =
    state.kind === 'checking'
      ? translate('discount.checking')
      : state.kind === 'refused'
        ? translate(state.message)
        : state.kind === 'unknown'
          ? translate('discount.unknown')
          : state.kind === 'ok'
            ? state.info
              ? appliedText(translate, state.info)
              : translate('discount.appliedCode', { code: typedCode(value) })
            : ' ';
  return (
    <TextField
      label={translate('discount.field')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      error={state.kind === 'refused'}
      helperText={helper}
      fullWidth
      autoComplete="off"
      data-testid="discount-field"
      slotProps={{
        htmlInput: {
          maxLength: DISCOUNT_CODE_MAX,
          spellCheck: false,
          autoCapitalize: 'characters',
          'data-testid': 'discount-code',
        },
        formHelperText: { role: 'status', 'aria-live': 'polite' } as object,
        input: {
          endAdornment:
            state.kind === 'checking' ? (
              <InputAdornment position="end">
                <CircularProgress size={18} aria-label={translate('discount.checking')} />
              </InputAdornment>
            ) : state.kind === 'ok' ? (
              <InputAdornment position="end">
                <CheckCircleIcon color="success" aria-hidden />
              </InputAdornment>
            ) : null,
        },
      }}
    />
  );
}

/** The price before paying once a code applies: the price, the discount and what is charged. */
export function PriceBreakdown({ state }: { state: DiscountState }) {
  const translate = useTranslate();
  if (state.kind !== 'ok') return null;
  const { price, discount, amount } = state.quote;
  const row = (label: string, text: string, testId: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={strong ? { fontWeight: 600 } : undefined}>{translate(label)}</Typography>
      <Typography sx={strong ? { fontWeight: 600 } : undefined} data-testid={testId}>
        {text}
      </Typography>
    </Box>
  );
  return (
    <Box data-testid="price-breakdown" sx={{ display: 'grid', gap: 0.5 }}>
      {row('discount.price', translate('discount.money', { amount: money(price) }), 'price-original')}
      {row('discount.off', translate('discount.minus', { amount: money(discount) }), 'price-discount')}
      {row('discount.total', translate('discount.money', { amount: money(amount) }), 'price-total', true)}
    </Box>
  );
}
