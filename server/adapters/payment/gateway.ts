/**
 * The card payment gateway, behind one interface: the built-in sandbox (sandbox.ts, the offline default) or TapPay
 * (tappay.ts). Card numbers never reach the product: the browser trades the card for a one-time `prime` at the
 * gateway, the server pays with the prime, and what it may keep of a card is the gateway's card key and card token
 * (to charge it again), its last four digits and its expiry.
 *
 * Amounts are whole New Taiwan dollars. The caller names each charge with its own order number (at most 50
 * characters: TapPay's `order_number`), so that a retried call or a notification can be matched to its order;
 * recording a payment once is the caller's job (every notification event carries a stable id for that).
 */

export const CURRENCY = 'TWD';
/** TapPay's limits for TWD: from 1 to 20,000,000 a transaction. */
export const AMOUNT_MAX = 20_000_000;
export const ORDER_NUMBER_MAX = 50;
/** TapPay's `details`. */
export const DETAILS_MAX = 100;

export interface Cardholder {
  /** E.164, e.g. +886912345678. */
  phone: string;
  name: string;
  email: string;
}

/** What the product may keep of a card: never its number. */
export interface CardOnFile {
  cardKey: string;
  cardToken: string;
  lastFour: string;
  /** `YYYYMM`, as the gateway gives it. */
  expiry: string;
}

interface ChargeBase {
  amount: number;
  orderNumber: string;
  /** What is bought, shown on the gateway's records (TapPay `details`, at most 100 characters). */
  details: string;
  cardholder: Cardholder;
}

export interface PrimeCharge extends ChargeBase {
  prime: string;
  /** Keep the card for later charges (renewals): the answer then carries `card`. */
  remember: boolean;
  /**
   * Ask for 3-D Secure: the answer is then `pending` with the payment window's address, and the outcome arrives as
   * a backend notification to `notifyUrl` while the window returns to `returnUrl`.
   */
  threeDomainSecure?: { returnUrl: string; notifyUrl: string };
}

export interface TokenCharge extends ChargeBase {
  cardKey: string;
  cardToken: string;
}

/**
 * The gateway's answer to a charge. A refused charge is an answer, not an error. With `remember`, a pending answer
 * already carries the card (TapPay gives it then): keep it only once the trade is paid.
 */
export type ChargeResult =
  | { status: 'paid'; tradeId: string; bankTransactionId: string; amount: number; card?: CardOnFile }
  | { status: 'pending'; tradeId: string; redirectUrl: string; card?: CardOnFile }
  | { status: 'declined'; tradeId?: string; code: string; message: string };

export type TradeStatus =
  | 'authorized'
  | 'paid'
  | 'partially_refunded'
  | 'refunded'
  | 'pending'
  | 'failed'
  | 'cancelled';

export interface TradeRecord {
  tradeId: string;
  orderNumber: string;
  amount: number;
  /** How much of it has been refunded. */
  refunded: number;
  status: TradeStatus;
}

/**
 * A backend notification the gateway stands behind. `eventId` is the same each time the gateway repeats the same
 * event (a duplicate), so the caller can store it under a unique key and act once.
 */
export interface PaymentEvent {
  eventId: string;
  tradeId: string;
  orderNumber: string;
  amount: number;
  status: 'paid' | 'failed';
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'tappay';
  payByPrime(charge: PrimeCharge): Promise<ChargeResult>;
  /** Charges a card kept by an earlier `remember` (renewals): no 3-D Secure, no window. */
  payByToken(charge: TokenCharge): Promise<ChargeResult>;
  /** Refunds all of a trade, or `amount` of it; answers how much this refund gave back. */
  refund(tradeId: string, amount?: number): Promise<{ refunded: number }>;
  /** The gateway's record of a trade, or null when it knows none. */
  query(tradeId: string): Promise<TradeRecord | null>;
  /**
   * The gateway's record of the trade made for OUR order number (exactly that one), or null when it has none: how a
   * charge whose call threw before answering (so without a trade id) is found, or known never to have arrived.
   */
  queryByOrder(orderNumber: string): Promise<TradeRecord | null>;
  /**
   * A backend notification as it arrived (the raw body, before any JSON parsing, and the headers): the event when
   * the gateway stands behind it, else null (forged, edited, unknown, or not final yet). Throws a
   * PaymentGatewayError only when the gateway could not be asked: answer 5xx, and the gateway sends it again.
   */
  verifyNotification(
    rawBody: Buffer | string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentEvent | null>;
}

/** The gateway could not be asked, or answered something we cannot read: nothing is known of the charge. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'http' | 'protocol' | 'refused',
    /** The gateway's own code when it gave one (TapPay `status`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/** A charge the gateways would refuse for its form: refused here, before any call, the same for every gateway. */
export function assertCharge(charge: { amount: number; orderNumber: string; details: string }): void {
  if (!Number.isInteger(charge.amount) || charge.amount < 1 || charge.amount > AMOUNT_MAX)
    throw new PaymentGatewayError(
      `amount ${charge.amount} is not a whole TWD amount from 1 to ${AMOUNT_MAX}`,
      'refused',
    );
  if (charge.orderNumber === '' || charge.orderNumber.length > ORDER_NUMBER_MAX)
    throw new PaymentGatewayError(`an order number has 1 to ${ORDER_NUMBER_MAX} characters`, 'refused');
  if (charge.details === '' || charge.details.length > DETAILS_MAX)
    throw new PaymentGatewayError(`details have 1 to ${DETAILS_MAX} characters`, 'refused');
}
