/**
 * The payment window (SPEC §4): a 520×570 popup the gateway's 3-D Secure page runs in, opened on our "connecting to
 * your bank…" page. It comes back to /plan/paid
 * (contract/plans.ts PAYMENT_RETURN_PATH), which tells its opener the order number with a message of this
 * origin only. The opener then asks the server how the payment went: the message itself proves nothing.
 */
import { PAYMENT_CONNECTING_PATH } from '../../../contract/plans';

export const WINDOW_SIZE = { width: 520, height: 570 } as const;
export const WINDOW_NAME = 'payment-window';
/** How often the opener looks whether the buyer closed the window (SPEC §4). */
export const CLOSED_CHECK_MS = 500;

export const RETURN_MESSAGE = 'payment-return';
export interface ReturnMessage {
  type: typeof RETURN_MESSAGE;
  order_number: string;
}

export function isReturnMessage(data: unknown): data is ReturnMessage {
  const m = data as Partial<ReturnMessage> | null;
  return (
    typeof m === 'object' && m !== null && m.type === RETURN_MESSAGE && typeof m.order_number === 'string'
  );
}

/**
 * Opens the window, centred over this one, on our "connecting to your bank…" page (in `lang`) until the gateway's
 * address is known. Called at the submit, while the click still counts as the user's: a window opened only after the
 * API answers may be blocked.
 */
export function openPaymentWindow(lang: string): Window | null {
  const { width, height } = WINDOW_SIZE;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return window.open(
    `${PAYMENT_CONNECTING_PATH}?lang=${encodeURIComponent(lang)}`,
    WINDOW_NAME,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}
