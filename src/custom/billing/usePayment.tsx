/**
 * Paying with the payment window (SPEC §4), for the wizard's site/init and site/retry and for plan/choose: submit
 * opens the 'payment processing' modal and the 520×570 window at the gateway's `redirect_url`. When the window comes
 * back (/plan/paid posts the order number), `site/payment` asks the server, which alone decides. Paid: wait 5 s
 * (SPEC §9), let the page act (onPaid), refresh the session, show the success modal. Failed, the window closed
 * (checked every 500 ms; the server is asked once more first, in case it closed right after paying) or a call
 * error: the 付款失敗 modal with a retry — and, when the window was closed before 3-D Secure ended, a button opening
 * it again (the gateway still waits there; a new attempt may be refused meanwhile). A reply already paid or failed
 * (no 3-D Secure) needs no window.
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
import { useTranslate } from 'ra-core';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { planApi } from '../../../contract/api/plans';
import type { PaymentReply } from '../../../contract/billing';
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
  /** `reopen`: the window was closed while the gateway still waits for 3-D Secure; it can be opened again. */
  | { kind: 'failed'; message: string; reply: PaymentReply | null; reopen: boolean };

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function usePayment(options: PaymentOptions) {
  const translate = useTranslate();
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

  const fail = useCallback((reply: PaymentReply | null, message = 'billing.failed.body', reopen = false) => {
    opts.current.onFailed?.(reply);
    if (mounted.current) setState({ kind: 'failed', message, reply, reopen });
  }, []);

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

  /** What the server says of the payment now; pending is asked again a few times before it counts as failed. */
  const decide = useCallback(
    async (reply: PaymentReply, patient: boolean) => {
      try {
        for (let i = 0; ; i++) {
          const now = await call(planApi.payment, { order_number: reply.order_number });
          if (now.status === 'paid') return paid(now);
          // Still pending: the window was left before 3-D Secure ended; the same window may be opened again.
          if (now.status === 'pending' && (!patient || i + 1 >= PENDING_CHECKS))
            return fail(reply, 'billing.failed.body', Boolean(reply.redirect_url));
          if (now.status !== 'pending') return fail(now);
          await sleep(PENDING_CHECK_MS);
        }
      } catch (err) {
        fail(reply, err instanceof ApiError && err.message ? err.message : 'billing.failed.body');
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
      const win = openPaymentWindow(translate('billing.processing.window'));
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
        fail(null, error?.message || 'billing.failed.body');
        return;
      }
      if (!reply) {
        win?.close();
        setState({ kind: 'idle' });
        return;
      }
      if (reply.status === 'pending' && reply.redirect_url) {
        // A blocked window: the buyer cannot confirm here; the modal's button opens it again on a click.
        if (!win || win.closed) return fail(reply, 'billing.failed.blocked', true);
        return watch(win, reply);
      }
      win?.close();
      if (reply.status === 'paid') return paid(reply);
      fail(reply);
    },
    [translate, watch, paid, fail],
  );

  /** Opens the window of a payment still waiting for 3-D Secure again (a click: the browser allows it). */
  const reopen = (reply: PaymentReply) => {
    const win = openPaymentWindow(translate('billing.processing.window'));
    if (!win) return fail(reply, 'billing.failed.blocked', true);
    setState({ kind: 'processing' });
    watch(win, reply);
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
}: {
  state: State;
  onClose(): void;
  successBody: string;
  successAction: string;
  onSuccess(reply: PaymentReply): void;
  onRetry(): void;
  onReopen(reply: PaymentReply): void;
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
          <DialogContentText>{state.kind === 'failed' ? translate(state.message) : null}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('billing.failed.close')}</Button>
          {state.kind === 'failed' && state.reopen && state.reply ? (
            <Button onClick={() => state.reply && onReopen(state.reply)}>
              {translate('billing.failed.reopen')}
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
