/**
 * The card form of TapPay (PAYMENT_GATEWAY=tappay): TapPay's own card fields, from its web SDK (TPDirect), in
 * fields that look like the sandbox form's. The SDK's script is loaded once per page from the address the server
 * names (the session's meta.payment); TPDirect.setupSDK takes the public app id and key and the server type, then
 * TPDirect.card.setup puts each field in an iframe of TapPay's origin: the card never reaches this page, our API nor
 * storage. TPDirect.card.onUpdate tells each field's status (0 ok, 1 empty, 2 error, 3 typing), shown as the sandbox
 * form shows its errors; TPDirect.card.getPrime trades the fields for the one-time prime, and a refusal is shown here
 * with TapPay's reason.
 */
import CreditCardIcon from '@mui/icons-material/CreditCard';
import {
  Alert,
  Button,
  InputAdornment,
  type InputBaseComponentProps,
  Stack,
  TextField,
  useTheme,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { TIMEOUT } from '../../../contract/constants';
import type { CardGateway } from '../../../contract/session';
import type { CardFormHandle, CardFormProps } from './cardForm';

type TapPayGateway = Extract<CardGateway, { gateway: 'tappay' }>;

/** TapPay's field status: 0 ok, 1 empty, 2 error, 3 typing. */
type FieldStatus = 0 | 1 | 2 | 3;
type Field = 'number' | 'expiry' | 'ccv';
type Statuses = Record<Field, FieldStatus>;

interface FieldsUpdate {
  canGetPrime: boolean;
  hasError: boolean;
  cardType: string;
  status: Statuses;
}

interface PrimeResult {
  status: number;
  msg: string;
  card?: { prime: string; lastfour?: string };
}

/** The part of TapPay's global TPDirect this form uses (TapPay's Direct Pay "TapPay Fields"). */
interface TPDirect {
  setupSDK(appId: number, appKey: string, serverType: 'sandbox' | 'production'): void;
  card: {
    setup(config: {
      fields: Record<'number' | 'expirationDate' | 'ccv', { element: HTMLElement; placeholder: string }>;
      styles: Record<string, Record<string, string>>;
    }): void;
    onUpdate(callback: (update: FieldsUpdate) => void): void;
    getTappayFieldsStatus(): FieldsUpdate;
    getPrime(callback: (result: PrimeResult) => void): void;
  };
}

declare global {
  interface Window {
    TPDirect?: TPDirect;
  }
}

/** The script being loaded or loaded, by address: once per page; a failed load may be tried again. */
let loading: { url: string; sdk: Promise<TPDirect> } | null = null;
/** The app id, key and server type TPDirect was set up with (setupSDK once per page and settings). */
let setUpWith = '';

function loadSdk(url: string): Promise<TPDirect> {
  if (loading?.url === url) return loading.sdk;
  const script = document.createElement('script');
  const sdk = new Promise<TPDirect>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('TapPay SDK: no answer')), TIMEOUT.outside);
    script.onload = () => {
      clearTimeout(timer);
      if (window.TPDirect) resolve(window.TPDirect);
      else reject(new Error('TapPay SDK: no TPDirect'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('TapPay SDK: not loaded'));
    };
  });
  script.src = url;
  script.async = true;
  document.head.appendChild(script);
  loading = { url, sdk };
  sdk.catch(() => {
    if (loading?.sdk === sdk) loading = null;
    script.remove();
  });
  return sdk;
}

const INVALID: Record<Field, string> = {
  number: 'billing.card.invalidNumber',
  expiry: 'billing.card.invalidExpiry',
  ccv: 'billing.card.invalidCcv',
};
const FIELDS: Field[] = ['number', 'expiry', 'ccv'];

/** The error a field's status shows: while typing, only an error TapPay already sees; on paying, also empty or unfinished. */
function errorOf(field: Field, status: FieldStatus, paying: boolean): string | undefined {
  if (status === 2) return INVALID[field];
  if (!paying || status === 0) return undefined;
  return status === 1 ? 'validation.required' : INVALID[field];
}

/** The MUI input's slot: the element TPDirect puts its iframe in, labelled and described as the input would be. */
function FieldHost({ ref, className, id, disabled, testId, ...aria }: InputBaseComponentProps) {
  return (
    <fieldset
      ref={ref as Ref<HTMLFieldSetElement>}
      id={id}
      className={className}
      aria-labelledby={id ? `${id}-label` : undefined}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
      data-testid={testId}
      // The fields are TapPay's iframes: while paying they take no input.
      style={disabled ? { pointerEvents: 'none', opacity: 0.6 } : undefined}
    />
  );
}

export default function TapPayCardForm({
  disabled,
  gateway,
  ref,
}: CardFormProps & { gateway: TapPayGateway; ref?: Ref<CardFormHandle> }) {
  const translate = useTranslate();
  const theme = useTheme();
  const [sdk, setSdk] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const api = useRef<TPDirect | null>(null);
  const hosts: Record<Field, RefObject<HTMLFieldSetElement | null>> = {
    number: useRef<HTMLFieldSetElement>(null),
    expiry: useRef<HTMLFieldSetElement>(null),
    ccv: useRef<HTMLFieldSetElement>(null),
  };
  const { sdk_url: url, app_id: appId, app_key: appKey, server_type: serverType } = gateway;
  const text = theme.palette.text.primary;
  const fontFamily = String(theme.typography.fontFamily);
  const invalid = theme.palette.error.main;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads again after a failed load; the hosts are refs
  useEffect(() => {
    let live = true;
    setSdk('loading');
    api.current = null;
    loadSdk(url).then(
      (tp) => {
        const [number, expiry, ccv] = FIELDS.map((f) => hosts[f].current);
        if (!live || !number || !expiry || !ccv) return;
        const settings = `${appId} ${appKey} ${serverType}`;
        if (setUpWith !== settings) {
          tp.setupSDK(appId, appKey, serverType);
          setUpWith = settings;
        }
        tp.card.setup({
          fields: {
            number: { element: number, placeholder: '•••• •••• •••• ••••' },
            expirationDate: { element: expiry, placeholder: 'MM / YY' },
            ccv: { element: ccv, placeholder: '•••' },
          },
          styles: {
            // As the sandbox form's inputs: the theme's text, red once TapPay finds the field wrong.
            input: { color: text, 'font-size': '16px', 'font-family': fontFamily },
            '.invalid': { color: invalid },
          },
        });
        // An update is a change in the fields: a refusal of the card before it no longer holds. Each update tells every
        // field's status, and a field's shown error changes only when its own status does.
        let last: Statuses = { number: 1, expiry: 1, ccv: 1 };
        tp.card.onUpdate((update) => {
          if (!live) return;
          setRefused(null);
          const changed = FIELDS.filter((f) => last[f] !== update.status[f]);
          last = { ...update.status };
          if (!changed.length) return;
          setErrors((shown) => ({
            ...shown,
            ...Object.fromEntries(changed.map((f) => [f, errorOf(f, update.status[f], false)])),
          }));
        });
        api.current = tp;
        setSdk('ready');
      },
      () => {
        if (live) setSdk('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [url, appId, appKey, serverType, attempt, text, fontFamily, invalid]);

  useImperativeHandle(
    ref,
    () => ({
      async getPrime() {
        const tp = api.current;
        if (!tp) {
          setSdk((now) => (now === 'loading' ? now : 'failed'));
          return null;
        }
        const now = tp.card.getTappayFieldsStatus();
        setErrors(Object.fromEntries(FIELDS.map((f) => [f, errorOf(f, now.status[f], true)])));
        if (!now.canGetPrime) return null;
        setRefused(null);
        const result = await new Promise<PrimeResult | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), TIMEOUT.outside);
          tp.card.getPrime((answer) => {
            clearTimeout(timer);
            resolve(answer);
          });
        });
        if (result?.status === 0 && result.card?.prime) return result.card.prime;
        // No answer, or TapPay could not be reached (the SDK's own network errors are negative): try again later.
        if (!result || result.status < 0) setRefused(translate('billing.card.gatewayError'));
        else setRefused(translate('billing.card.primeRefused', { msg: result.msg || String(result.status) }));
        return null;
      },
    }),
    [translate],
  );

  const field = (name: Field, label: string) => ({
    label: translate(label),
    error: Boolean(errors[name]),
    helperText: errors[name] ? translate(errors[name]) : ' ',
    disabled: disabled || sdk !== 'ready',
    required: true,
    fullWidth: true,
    margin: 'dense' as const,
    inputRef: hosts[name],
  });
  const slots = (name: Field) => ({
    // TapPay's fields say nothing of being empty: the label stays above them.
    inputLabel: { shrink: true },
    input: {
      notched: true,
      inputComponent: FieldHost,
      ...(name === 'number' && {
        startAdornment: (
          <InputAdornment position="start">
            <CreditCardIcon fontSize="small" />
          </InputAdornment>
        ),
      }),
    },
    htmlInput: { testId: `tappay-${name}` },
  });

  return (
    <Stack data-testid="card-form">
      <TextField {...field('number', 'billing.card.number')} slotProps={slots('number')} />
      <Stack direction="row" spacing={2}>
        <TextField {...field('expiry', 'billing.card.expiry')} slotProps={slots('expiry')} />
        <TextField {...field('ccv', 'billing.card.ccv')} slotProps={slots('ccv')} />
      </Stack>
      {sdk === 'failed' ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {translate('billing.card.sdkRetry')}
            </Button>
          }
        >
          {translate('billing.card.sdkError')}
        </Alert>
      ) : null}
      {refused ? (
        <Alert severity="error" role="alert">
          {refused}
        </Alert>
      ) : null}
      <Alert severity="info" variant="outlined" role="note" sx={{ mt: 1 }}>
        {translate(serverType === 'sandbox' ? 'billing.card.tappaySandboxHint' : 'billing.card.tappayHint')}
      </Alert>
    </Stack>
  );
}
