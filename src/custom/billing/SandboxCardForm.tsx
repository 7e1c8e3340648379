/**
 * The card form of the built-in sandbox gateway: number, expiry (MM/YY) and security code, checked here 500 ms after
 * typing (SPEC §5), then traded for a one-time prime at the gateway's own endpoint. The card lives in this
 * component's state only: never in the wizard's saved entries, never sent to /api.
 */
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, InputAdornment, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { DELAY, TIMEOUT } from '../../../contract/constants';
import { fetchWithin } from '../../dataProvider/client';
import {
  CARD_CCV,
  CARD_NUMBER,
  type CardFormHandle,
  type CardFormProps,
  expiryOk,
  formatExpiry,
  groupDigits,
  luhnOk,
} from './cardForm';

/** The sandbox gateway's card endpoint (server/adapters/payment/sandboxRoutes.ts). */
const PRIME_URL = '/sandbox-gateway/prime';

type Field = 'number' | 'expiry' | 'ccv';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const digits = (v: string) => v.replace(/\D/g, '');

function check(values: Values): Errors {
  const errors: Errors = {};
  const number = digits(values.number);
  if (!number) errors.number = 'validation.required';
  else if (!CARD_NUMBER.test(number) || !luhnOk(number)) errors.number = 'billing.card.invalidNumber';
  if (!values.expiry) errors.expiry = 'validation.required';
  else if (!expiryOk(values.expiry)) errors.expiry = 'billing.card.invalidExpiry';
  if (!values.ccv) errors.ccv = 'validation.required';
  else if (!CARD_CCV.test(values.ccv)) errors.ccv = 'billing.card.invalidCcv';
  return errors;
}

/** Asks the sandbox gateway for a prime; a refusal names the field it did not accept. */
async function requestPrime(values: Values): Promise<{ prime: string } | { error: string }> {
  try {
    // A short read outside the catalogue: SPEC §9's 3 s base.
    const response = await fetchWithin(TIMEOUT.base)(PRIME_URL, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: digits(values.number), expiry: values.expiry, ccv: values.ccv }),
    });
    const body = (await response.json()) as { prime?: string; error?: string };
    return body.prime ? { prime: body.prime } : { error: body.error ?? 'gateway' };
  } catch {
    return { error: 'gateway' };
  }
}

export default function SandboxCardForm({ disabled, ref }: CardFormProps & { ref?: Ref<CardFormHandle> }) {
  const translate = useTranslate();
  const [values, setValues] = useState<Values>({ number: '', expiry: '', ccv: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const timers = useRef(new Map<Field, ReturnType<typeof setTimeout>>());
  const latest = useRef(values);
  latest.current = values;

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setRefused(null);
    clearTimeout(timers.current.get(field));
    timers.current.set(
      field,
      setTimeout(() => {
        const error = check(latest.current)[field];
        setErrors((e) => ({ ...e, [field]: error }));
      }, DELAY.validate),
    );
  };

  useImperativeHandle(
    ref,
    () => ({
      async getPrime() {
        for (const timer of timers.current.values()) clearTimeout(timer);
        const found = check(latest.current);
        setErrors(found);
        if (Object.keys(found).length > 0) return null;
        const answer = await requestPrime(latest.current);
        if ('prime' in answer) return answer.prime;
        if (answer.error === 'number' || answer.error === 'expiry' || answer.error === 'ccv') {
          const key = { number: 'invalidNumber', expiry: 'invalidExpiry', ccv: 'invalidCcv' }[answer.error];
          setErrors({ [answer.error]: `billing.card.${key}` });
        } else setRefused('billing.card.gatewayError');
        return null;
      },
    }),
    [],
  );

  const field = (name: Field) => ({
    name: `card-${name}`,
    value: values[name],
    error: Boolean(errors[name]),
    helperText: errors[name] ? translate(errors[name]) : ' ',
    disabled,
    required: true,
    fullWidth: true,
    margin: 'dense' as const,
  });

  return (
    <Stack data-testid="card-form">
      <TextField
        {...field('number')}
        label={translate('billing.card.number')}
        onChange={(e) => change('number', groupDigits(e.target.value))}
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <CreditCardIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          {...field('expiry')}
          label={translate('billing.card.expiry')}
          placeholder="MM/YY"
          onChange={(e) => change('expiry', formatExpiry(e.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-exp', maxLength: 5 } }}
        />
        <TextField
          {...field('ccv')}
          label={translate('billing.card.ccv')}
          onChange={(e) => change('ccv', digits(e.target.value).slice(0, 4))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 } }}
        />
      </Stack>
      {refused ? (
        <Alert severity="error" role="alert">
          {translate(refused)}
        </Alert>
      ) : null}
      <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
        {translate('billing.card.sandboxHint')}
      </Alert>
    </Stack>
  );
}
