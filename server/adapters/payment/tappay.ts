/**
 * TapPay's backend API (https://docs.tappaysdk.com/tutorial/en/back.html, "Server APIs"): every call is an HTTP
 * POST of JSON to `<base>/tpc/…` with the partner key both in the `x-api-key` header and as `partner_key`, and
 * answers JSON whose `status` is 0 on success. TapPay asks callers to wait up to 30 s (banks are slow at peak hours).
 *
 * Confirmed from TapPay's pages: the four paths, `x-api-key`, `prime` (one use, 90 s), `remember` → `card_secret
 * {card_key, card_token}`, `three_domain_secure` with `result_url {frontend_redirect_url, backend_notify_url}` (both
 * https) → `payment_url`, `cardholder {phone_number (E.164), name, email}`, `details` (100), `order_number` (50),
 * amounts in whole TWD (1 to 20,000,000), and the codes 4 (IP mismatch), 5 (wrong JSON), 80 (invalid x-api-key),
 * 81/84 (partner), 421/422 (gateway or authorisation timeout), 501–515 (missing or invalid arguments).
 *
 * Not confirmed (no page of theirs at hand said it; taken from public client libraries and kept narrow):
 * - the Record API's `record_status` values (-1 error, 0 authorised, 1 captured, 2 partly refunded, 3 refunded,
 *   4 pending, 5 cancelled) and its request `{records_per_page, filters {rec_trade_id}}` or `{…, filters
 *   {order_number}}`; whether the order number filter matches exactly is not said either, so the adapter asks for a
 *   page of records and keeps only those whose `order_number` is exactly ours;
 * - `card_info.expiry_date` as `YYYYMM`, kept as given;
 * - the Backend Notify body. TapPay documents no signature on it, so a notification is never believed: only its
 *   `rec_trade_id` is read, and the event is what the Record API answers for that trade (TapPay itself advises
 *   checking with the Record API before showing a result). A forged notification can at most make us ask.
 */
import type { TapPayConfig } from '../../config';
import {
  assertCharge,
  type ChargeResult,
  CURRENCY,
  type PaymentEvent,
  type PaymentGateway,
  PaymentGatewayError,
  type PrimeCharge,
  type TokenCharge,
  type TradeRecord,
  type TradeStatus,
} from './gateway';

/** Codes that say our request or our keys are wrong, not the card: an operator must act, so they throw. */
const REFUSED = new Set([4, 5, 61, 80, 81, 84, ...Array.from({ length: 16 }, (_, i) => 501 + i)]);
/** The gateway or the bank timed out: the outcome is unknown until the record is queried. */
const TIMED_OUT = new Set([421, 422]);

const RECORD_STATUS: Record<number, TradeStatus> = {
  [-1]: 'failed',
  0: 'authorized',
  1: 'paid',
  2: 'partially_refunded',
  3: 'refunded',
  4: 'pending',
  5: 'cancelled',
};

/** Records asked for by order number: ours is unique, but the filter might match more than it (see above). */
const ORDER_RECORDS = 50;
/** Of several records of one order number, the one that says most: money taken, then waiting, then the rest. */
const RECORD_RANK: Record<TradeStatus, number> = {
  paid: 0,
  authorized: 0,
  partially_refunded: 0,
  refunded: 0,
  pending: 1,
  failed: 2,
  cancelled: 2,
};

/** The longest `rec_trade_id` we accept from a notification (TapPay's are 20 characters). */
const TRADE_ID_MAX = 64;
const NOTIFICATION_MAX = 64 * 1024;

type Reply = Record<string, unknown> & { status: number; msg?: string };

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};

export function tapPayGateway(config: TapPayConfig): PaymentGateway {
  const base = config.baseUrl.replace(/\/+$/, '');

  /** What a charge by prime and by card token both send. */
  const chargeBody = (charge: PrimeCharge | TokenCharge) => ({
    merchant_id: config.merchantId,
    amount: charge.amount,
    currency: CURRENCY,
    order_number: charge.orderNumber,
    details: charge.details,
    cardholder: cardholder(charge.cardholder),
  });

  async function call(path: string, body: Record<string, unknown>): Promise<Reply> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': config.partnerKey },
        body: JSON.stringify({ partner_key: config.partnerKey, ...body }),
        signal: AbortSignal.timeout(config.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new PaymentGatewayError(`TapPay ${path}: no answer within ${config.timeoutMs} ms`, 'timeout');
      throw new PaymentGatewayError(`TapPay ${path}: ${(error as Error).message}`, 'network');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      throw new PaymentGatewayError(
        `TapPay ${path}: the answer was cut off`,
        timedOut ? 'timeout' : 'network',
      );
    }
    if (!response.ok)
      throw new PaymentGatewayError(`TapPay ${path}: HTTP ${response.status} ${text.slice(0, 200)}`, 'http');
    let reply: unknown;
    try {
      reply = JSON.parse(text);
    } catch {
      throw new PaymentGatewayError(
        `TapPay ${path}: the answer is not JSON: ${text.slice(0, 200)}`,
        'protocol',
      );
    }
    const status = obj(reply).status;
    if (typeof status !== 'number')
      throw new PaymentGatewayError(`TapPay ${path}: the answer has no status`, 'protocol');
    const msg = str(obj(reply).msg);
    if (REFUSED.has(status))
      throw new PaymentGatewayError(`TapPay ${path}: refused (${status} ${msg})`, 'refused', String(status));
    if (TIMED_OUT.has(status))
      throw new PaymentGatewayError(`TapPay ${path}: ${status} ${msg}`, 'timeout', String(status));
    return reply as Reply;
  }

  /** A pay-by-prime or pay-by-token answer → ours; card data only as key, token, last four and expiry. */
  function chargeResult(reply: Reply, wantCard: boolean): ChargeResult {
    const tradeId = str(reply.rec_trade_id);
    if (reply.status !== 0)
      return {
        status: 'declined',
        ...(tradeId && { tradeId }),
        code: String(reply.status),
        // The bank's own reason when TapPay passes it on (`bank_result_msg`), which says more than its `msg`.
        message: str(reply.bank_result_msg) || str(reply.msg),
      };
    if (!tradeId) throw new PaymentGatewayError('TapPay: a success without rec_trade_id', 'protocol');
    const secret = obj(reply.card_secret);
    const info = obj(reply.card_info);
    const card =
      wantCard && str(secret.card_key) && str(secret.card_token)
        ? {
            cardKey: str(secret.card_key),
            cardToken: str(secret.card_token),
            lastFour: str(info.last_four),
            expiry: str(info.expiry_date),
          }
        : undefined;
    const paymentUrl = str(reply.payment_url);
    if (paymentUrl) return { status: 'pending', tradeId, redirectUrl: paymentUrl, ...(card && { card }) };
    return {
      status: 'paid',
      tradeId,
      bankTransactionId: str(reply.bank_transaction_id),
      amount: num(reply.amount),
      ...(card && { card }),
    };
  }

  const cardholder = (c: PrimeCharge['cardholder']) => ({
    phone_number: c.phone,
    name: c.name,
    email: c.email,
  });

  /** The Record API's records whose `field` is exactly `value` (its filter may match more), read. */
  async function records(perPage: number, field: 'rec_trade_id' | 'order_number', value: string) {
    const reply = await call('/tpc/transaction/query', {
      records_per_page: perPage,
      filters: { [field]: value },
    });
    const all = Array.isArray(reply.trade_records) ? reply.trade_records.map(obj) : [];
    return all.filter((r) => str(r[field]) === value).map(tradeRecord);
  }

  async function query(tradeId: string): Promise<TradeRecord | null> {
    return (await records(1, 'rec_trade_id', tradeId))[0] ?? null;
  }

  async function queryByOrder(orderNumber: string): Promise<TradeRecord | null> {
    const ours = await records(ORDER_RECORDS, 'order_number', orderNumber);
    return ours.sort((x, y) => RECORD_RANK[x.status] - RECORD_RANK[y.status])[0] ?? null;
  }

  function tradeRecord(record: Record<string, unknown>): TradeRecord {
    const amount = num(record.amount);
    const status = RECORD_STATUS[num(record.record_status)];
    if (!status)
      throw new PaymentGatewayError(`TapPay: unknown record_status ${str(record.record_status)}`, 'protocol');
    return {
      tradeId: str(record.rec_trade_id),
      orderNumber: str(record.order_number),
      amount,
      // `refunded_amount` is not confirmed either: without it, a refunded trade is refunded in full.
      refunded:
        typeof record.refunded_amount === 'number'
          ? record.refunded_amount
          : status === 'refunded'
            ? amount
            : 0,
      status,
    };
  }

  return {
    name: 'tappay',

    async payByPrime(charge) {
      assertCharge(charge);
      const reply = await call('/tpc/payment/pay-by-prime', {
        prime: charge.prime,
        ...chargeBody(charge),
        remember: charge.remember,
        ...(charge.threeDomainSecure && {
          three_domain_secure: true,
          result_url: {
            frontend_redirect_url: charge.threeDomainSecure.returnUrl,
            backend_notify_url: charge.threeDomainSecure.notifyUrl,
          },
        }),
      });
      return chargeResult(reply, charge.remember);
    },

    async payByToken(charge: TokenCharge) {
      assertCharge(charge);
      const reply = await call('/tpc/payment/pay-by-token', {
        card_key: charge.cardKey,
        card_token: charge.cardToken,
        ...chargeBody(charge),
      });
      return chargeResult(reply, false);
    },

    async refund(tradeId, amount) {
      const reply = await call('/tpc/transaction/refund', {
        rec_trade_id: tradeId,
        ...(amount !== undefined && { amount }),
      });
      if (reply.status !== 0)
        throw new PaymentGatewayError(
          `TapPay refund: ${reply.status} ${str(reply.msg)}`,
          'refused',
          String(reply.status),
        );
      return { refunded: num(reply.refund_amount) };
    },

    query,
    queryByOrder,

    async verifyNotification(rawBody): Promise<PaymentEvent | null> {
      const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
      if (text.length > NOTIFICATION_MAX) return null;
      let tradeId: string;
      try {
        tradeId = str(obj(JSON.parse(text)).rec_trade_id);
      } catch {
        return null;
      }
      if (!tradeId || tradeId.length > TRADE_ID_MAX) return null;
      // The notification only names the trade: what happened is what TapPay's record says. When TapPay cannot be
      // asked, the error goes up: the caller answers 5xx and TapPay sends the notification again.
      const record = await query(tradeId);
      if (!record) return null;
      const status =
        record.status === 'paid' || record.status === 'authorized'
          ? 'paid'
          : record.status === 'failed' || record.status === 'cancelled'
            ? 'failed'
            : undefined;
      if (!status) return null;
      return {
        eventId: `tappay:${tradeId}:${status}`,
        tradeId,
        orderNumber: record.orderNumber,
        amount: record.amount,
        status,
      };
    },
  };
}
