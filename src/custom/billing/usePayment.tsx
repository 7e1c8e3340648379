/**
 * Paying with the payment window (SPEC §4), for the wizard's site/init and site/retry and for plan/choose: submit
 * opens the 'payment processing' modal and the 520×570 window on our "connecting to your bank…" page, then sends it
 * to the gateway's `redirect_url`. When the window comes back (/plan/paid posts the order number), `site/payment`
 * asks the server, which alone decides. Paid: wait 5 s (SPEC §9), let the page act (onPaid), refresh the session,
 * show the success modal. Otherwise the 付款失敗 modal says why (failureMessage): the bank declined (with its reason),
 * 3-D Secure failed, the window was closed (checked every 500 ms; the server is asked once more first, in case it
 * closed right after paying) — with a button opening it again, as the gateway still waits there, while 重新付款
 * supersedes it at once —, the connection was lost, or the payment is still processing (with a button asking
 * again). A reply already paid or failed (no 3-D Secure) needs no window.
 */
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'ra-core';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { planApi } from '../../../contract/api/plans';
import type { PaymentReply } from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import { DELAY } from '../../../contract/constants';
import { ApiError, call } from '../../dataProvider/client';
import { useReloadSession } from '../../layout/session';
import { CLOSED_CHECK_MS, isReturnMessage, openPaymentWindow } from './paymentWindow';

/** How often, and how many times, a payment the gateway still calls pending is asked again after the window. */
const PENDING_CHECK_MS = 1_000;
const PENDING_CHECKS = 5;

type State =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'success'; reply: PaymentReply }
  /**
   * `reopen`: the window was closed while the gateway still waits for 3-D Secure; it can be opened again.
   * `recheck`: the outcome is not known yet; the server can be asked again.
   */
  | { kind: 'failed'; message: Words; reply: PaymentReply | null; reopen?: boolean; recheck?: boolean };

/** A message key and its arguments. */
interface Words {
  key: string;
  args?: Record<string, string>;
}

/** Why a payment did not complete, in words: the server's finding first, then what the browser saw. */
export function failureWords(reply: PaymentReply | null, seen?: 'closed' | 'network' | 'processing'): Words {
  if (reply?.status === 'failed' || reply?.status === 'expired') {
    if (reply.failure === 'declined')
      return reply.gateway_message
        ? { key: 'billing.failed.declinedBecause', args: { reason: reply.gateway_message } }
        : { key: 'billing.failed.declined' };
    if (reply.failure === 'three_ds') return { key: 'billing.failed.threeDs' };
    if (reply.failure === 'unreached') return { key: 'billing.failed.unreached' };
    if (reply.failure === 'expired' || reply.status === 'expired') return { key: 'billing.failed.expired' };
  }
  if (seen) return { key: `billing.failed.${seen}` };
  return { key: 'billing.failed.body' };
}

export interface PaymentOptions {
  /** After a paid payment and its 5 s, before the session refresh and the success modal (e.g. switch site). */
  onPaid?(reply: PaymentReply): Promise<void> | void;
  /** A failed or abandoned payment (the site it was for stays, to be retried), or null after a call error. */
  onFailed?(reply: PaymentReply | null): void;
  /** A call error the page shows itself (a field's message): answer true, and no failure modal opens. */
  onError?(error: ApiError): boolean;
  /** The success modal's text and button. */
  successBody: string;
  successAction: string;
  onSuccessAction(reply: PaymentReply): void;
  /** The failure modal's retry (default: close it, the form is still there). */
  onRetry?(): void;
}

/**
 * A call that failed: nothing answered (the connection), the outcome not confirmed yet (19005: still processing),
 * or the server's own words (its message, in the user's language).
 */
function callFailure(err: unknown): Words {
  if (!(err instanceof ApiError)) return { key: 'billing.failed.network' };
  if (err.status === 0) return { key: 'billing.failed.network' };
  if (err.code === Code.PAYMENT_UNCONFIRMED) return { key: 'billing.failed.processing' };
  return err.message ? { key: err.message } : { key: 'billing.failed.body' };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function usePayment(options: PaymentOptions) {
  const [locale] = useLocaleState();
  const reloadSession = useReloadSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const opts = useRef(options);
  opts.current = options;
  /** Stops the current window's watchers (closed poll, message listener); one payment at a time. */
  const stopWatching = useRef<() => void>(() => undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopWatching.current();
    };
  }, []);

  const fail = useCallback(
    (reply: PaymentReply | null, message: Words, more: { reopen?: boolean; recheck?: boolean } = {}) => {
      opts.current.onFailed?.(reply);
      if (mounted.current) setState({ kind: 'failed', message, reply, ...more });
    },
    [],
  );

  const paid = useCallback(
    async (reply: PaymentReply) => {
      await sleep(DELAY.paymentSuccess);
      try {
        await opts.current.onPaid?.(reply);
        // The plan opens features: the session, and every permission and answer read under the old one.
        await reloadSession();
        await queryClient.invalidateQueries();
      } catch {
        // Paid all the same: the success modal's button leads on, and the page reloads what it shows.
      }
      if (mounted.current) setState({ kind: 'success', reply });
    },
    [reloadSession, queryClient],
  );

  /**
   * What the server says of the payment now. `patient` (the window came back): pending is asked again a few times,
   * then it is still processing. Not patient (the window was closed): pending means 3-D Secure was left undone.
   */
  const decide = useCallback(
    async (reply: PaymentReply, patient: boolean) => {
      try {
        for (let i = 0; ; i++) {
          const now = await call(planApi.payment, { order_number: reply.order_number });
          if (now.status === 'paid') return paid(now);
          if (now.status !== 'pending') return fail(now, failureWords(now));
          // The window was left before 3-D Secure ended: the same window may be opened again.
          if (!patient)
            return fail(reply, failureWords(null, 'closed'), { reopen: Boolean(reply.redirect_url) });
          if (i + 1 >= PENDING_CHECKS)
            return fail(reply, failureWords(null, 'processing'), { recheck: true });
          await sleep(PENDING_CHECK_MS);
        }
      } catch (err) {
        fail(reply, callFailure(err), { recheck: true });
      }
    },
    [paid, fail],
  );

  /** Sends the window to the gateway and waits for its message or its closing. */
  const watch = useCallback(
    (win: Window, reply: PaymentReply) => {
      let done = false;
      const finish = (patient: boolean) => {
        if (done) return;
        done = true;
        stop();
        void decide(reply, patient);
      };
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== window.location.origin || event.source !== win) return;
        if (!isReturnMessage(event.data) || event.data.order_number !== reply.order_number) return;
        finish(true);
      };
      const timer = setInterval(() => {
        if (win.closed) finish(false);
      }, CLOSED_CHECK_MS);
      const stop = () => {
        clearInterval(timer);
        window.removeEventListener('message', onMessage);
      };
      window.addEventListener('message', onMessage);
      stopWatching.current = () => {
        done = true;
        stop();
      };
      win.location.href = reply.redirect_url as string;
    },
    [decide],
  );

  /**
   * Pays: `start` makes the call (site/init, site/retry, plan/choose) and answers its reply, or null to stop
   * quietly (nothing was asked). Call it from the submit, once the card's prime is in hand.
   */
  const pay = useCallback(
    async (start: () => Promise<PaymentReply | null>) => {
      stopWatching.current();
      setState({ kind: 'processing' });
      const win = openPaymentWindow(locale ?? 'zh-TW');
      let reply: PaymentReply | null;
      try {
        reply = await start();
      } catch (err) {
        win?.close();
        const error = err instanceof ApiError ? err : null;
        if (error && opts.current.onError?.(error)) {
          setState({ kind: 'idle' });
          return;
        }
        fail(null, callFailure(err));
        return;
      }
      if (!reply) {
        win?.close();
        setState({ kind: 'idle' });
        return;
      }
      if (reply.status === 'pending' && reply.redirect_url) {
        // A blocked window: the buyer cannot confirm here; the modal's button opens it again on a click.
        if (!win || win.closed) return fail(reply, { key: 'billing.failed.blocked' }, { reopen: true });
        return watch(win, reply);
      }
      win?.close();
      if (reply.status === 'paid') return paid(reply);
      fail(reply, failureWords(reply));
    },
    [locale, watch, paid, fail],
  );

  /** Opens the window of a payment still waiting for 3-D Secure again (a click: the browser allows it). */
  const reopen = (reply: PaymentReply) => {
    const win = openPaymentWindow(locale ?? 'zh-TW');
    if (!win) return fail(reply, { key: 'billing.failed.blocked' }, { reopen: true });
    setState({ kind: 'processing' });
    watch(win, reply);
  };

  /** Asks the server again about a payment whose outcome was not known (still processing, or a lost answer). */
  const recheck = (reply: PaymentReply) => {
    setState({ kind: 'processing' });
    void decide(reply, true);
  };

  const close = () => setState({ kind: 'idle' });
  const dialogs: ReactNode = (
    <PaymentDialogs
      state={state}
      onClose={close}
      successBody={options.successBody}
      successAction={options.successAction}
      onSuccess={(reply) => {
        close();
        opts.current.onSuccessAction(reply);
      }}
      onRetry={() => {
        close();
        opts.current.onRetry?.();
      }}
      onReopen={reopen}
      onRecheck={recheck}
    />
  );
  return { pay, dialogs, busy: state.kind === 'processing', state };
}

function PaymentDialogs({
  state,
  onClose,
  successBody,
  successAction,
  onSuccess,
  onRetry,
  onReopen,
  onRecheck,
}: {
  state: State;
  onClose(): void;
  successBody: string;
  successAction: string;
  onSuccess(reply: PaymentReply): void;
  onRetry(): void;
  onReopen(reply: PaymentReply): void;
  onRecheck(reply: PaymentReply): void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <>
      <Dialog
        open={state.kind === 'processing'}
        aria-labelledby={`${titleId}-p`}
        data-testid="payment-processing"
      >
        <DialogTitle id={`${titleId}-p`}>{translate('billing.processing.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={28} />
            <DialogContentText>{translate('billing.processing.body')}</DialogContentText>
          </Box>
        </DialogContent>
      </Dialog>
      <Dialog
        open={state.kind === 'success'}
        aria-labelledby={`${titleId}-s`}
        data-testid="payment-success"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${titleId}-s`}>{translate('billing.success.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(successBody)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            onClick={() => state.kind === 'success' && onSuccess(state.reply)}
            autoFocus
          >
            {translate(successAction)}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={state.kind === 'failed'}
        onClose={onClose}
        aria-labelledby={`${titleId}-f`}
        data-testid="payment-failed"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${titleId}-f`}>{translate('billing.failed.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {state.kind === 'failed' ? translate(state.message.key, state.message.args) : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('billing.failed.close')}</Button>
          {state.kind === 'failed' && state.reopen && state.reply ? (
            <Button onClick={() => state.reply && onReopen(state.reply)}>
              {translate('billing.failed.reopen')}
            </Button>
          ) : null}
          {state.kind === 'failed' && state.recheck && state.reply ? (
            <Button onClick={() => state.reply && onRecheck(state.reply)}>
              {translate('billing.failed.recheck')}
            </Button>
          ) : null}
          <Button variant="contained" onClick={onRetry} autoFocus>
            {translate('billing.failed.retry')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
