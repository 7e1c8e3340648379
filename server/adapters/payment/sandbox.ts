/**
 * The built-in sandbox gateway, the offline default: a gateway the product serves itself, in this process, so that
 * `npm start` and the tests can pay with no network. It behaves like TapPay where the product can tell: a card form
 * trades card fields for a one-time prime (sandboxRoutes.ts serves it), 3-D Secure sends the buyer to a page of
 * its own (`/sandbox-gateway/3ds/<trade>`), and the outcome of that step reaches the product's backend as a
 * notification, signed with HMAC-SHA256 over the raw body with PAYMENT_NOTIFY_SECRET.
 *
 * Cards, primes and trades live in this memory only (the sandbox is the "gateway side"): a restart forgets them,
 * and two instances do not share them. The test cards:
 * - 4242 4242 4242 4242 pays (with or without 3-D Secure, and by card token);
 * - 4000 0000 0000 0002 is declined;
 * - 4000 0000 0000 3063 fails 3-D Secure (and is declined without it: the bank demands it);
 * - 4000 0000 0000 0341 pays by prime (3-D Secure too) and is kept, but its card-token charges are declined
 *   (renewals that fail); `failTokens` does the same to a kept card later.
 * Any other valid card number (Luhn) pays like 4242.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  assertCharge,
  type CardOnFile,
  type ChargeResult,
  type PaymentEvent,
  type PaymentGateway,
  PaymentGatewayError,
  type TradeRecord,
  type TradeStatus,
} from './gateway';

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  fails3ds: '4000000000003063',
  tokenDeclined: '4000000000000341',
} as const;

/**
 * A card every sandbox knows from its start, as if kept from a 4242 payment: the seeded demo site's card on file
 * (server/seed.ts), so that the demo can change plans and renew on `npm start`.
 */
export const SANDBOX_KEPT_CARD = {
  cardKey: 'key_seed_demo',
  cardToken: 'token_seed_demo',
  lastFour: '4242',
  expiry: '203012',
} as const;

/** Where sandboxRoutes.ts serves the card form's prime and the 3-D Secure page. */
export const SANDBOX_PREFIX = '/sandbox-gateway';
/** The header carrying a notification's signature: hex HMAC-SHA256 of the raw body. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** Like TapPay's, a prime is good for 90 seconds and one payment. */
export const PRIME_TTL_MS = 90_000;
const NOTIFY_TIMEOUT_MS = 10_000;
const NOTIFICATION_MAX = 64 * 1024;
/** Primes waiting at once: the card form needs no session, so its memory is bounded. */
export const PRIMES_MAX = 10_000;

/** What the card form sends: never kept outside this module. */
export interface SandboxCardFields {
  number: string;
  /** MM/YY */
  expiry: string;
  ccv: string;
}

/** A card field that is wrong, or `busy` when too many primes wait (the form is open to anyone). */
export type CardFieldError = 'number' | 'expiry' | 'ccv' | 'busy';

/** What the 3-D Secure page shows of a trade waiting for it. */
export interface PendingTrade {
  amount: number;
  details: string;
  lastFour: string;
}

export interface SandboxOptions {
  /** The product's address: the 3-D Secure page is served under it. */
  publicUrl: string;
  notifySecret: string;
  /** Sends a signed notification; by default an HTTP POST of the body (10 s timeout). */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<void>;
  /** A notification that could not be delivered (the product can still query the trade). */
  onDeliveryError?: (error: unknown, tradeId: string) => void;
  now?: () => number;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  /** The card form's server side: card fields → a one-time prime, or which field is wrong. */
  createPrime(card: SandboxCardFields): { prime: string } | { error: CardFieldError };
  /** A trade waiting for its 3-D Secure step, or null. */
  pendingTrade(tradeId: string): PendingTrade | null;
  /**
   * The buyer's answer on the 3-D Secure page: the trade is paid (or fails), the backend is notified, and the
   * answer is where the payment window goes next (the charge's `returnUrl`); null when no trade waits.
   */
  complete3ds(tradeId: string, confirmed: boolean): Promise<string | null>;
  /** The signature of a notification body, as the sandbox sends it. */
  sign(body: string): string;
  /** For tests: the kept card's token charges are declined from now on (or pay again, with `fail` false). */
  failTokens(cardKey: string, fail?: boolean): void;
}

interface Card {
  number: string;
  expiry: string;
}

interface Trade {
  orderNumber: string;
  amount: number;
  refunded: number;
  status: TradeStatus;
  details: string;
  card: Card;
  threeDomainSecure?: { returnUrl: string; notifyUrl: string };
}

/** A charge's trade before its outcome is known (failed until it is decided otherwise). */
const tradeOf = (charge: { orderNumber: string; amount: number; details: string }, card: Card): Trade => ({
  orderNumber: charge.orderNumber,
  amount: charge.amount,
  refunded: 0,
  status: 'failed',
  details: charge.details,
  card,
});

const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

/** The Luhn check digit test every card number passes. */
function luhnOk(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY → YYYYMM when it is this month or later, else undefined. */
function expiryOf(text: string, now: number): string | undefined {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  const today = new Date(now);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return undefined;
  return `${year}${m[1]}`;
}

async function postJson(url: string, body: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`notification to ${url}: HTTP ${response.status}`);
}

const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export function sandboxGateway(options: SandboxOptions): SandboxGateway {
  const now = options.now ?? Date.now;
  const deliver = options.deliver ?? postJson;
  const primes = new Map<string, { card: Card; expiresAt: number }>();
  const cards = new Map<string, { cardToken: string; card: Card }>([
    [
      SANDBOX_KEPT_CARD.cardKey,
      {
        cardToken: SANDBOX_KEPT_CARD.cardToken,
        card: { number: SANDBOX_CARDS.success, expiry: SANDBOX_KEPT_CARD.expiry },
      },
    ],
  ]);
  /** Kept cards whose token charges are declined (failTokens). */
  const failingTokens = new Set<string>();
  const trades = new Map<string, Trade>();
  /** Order number → trade id: the record query by order number (a charge whose answer was lost). */
  const orders = new Map<string, string>();
  const sign = (body: string) => createHmac('sha256', options.notifySecret).update(body).digest('hex');

  function remember(card: Card): CardOnFile {
    const cardKey = id('key');
    const cardToken = id('token');
    cards.set(cardKey, { cardToken, card });
    return { cardKey, cardToken, lastFour: card.number.slice(-4), expiry: card.expiry };
  }

  function newTrade(trade: Trade): string {
    const tradeId = id('sbx');
    trades.set(tradeId, trade);
    orders.set(trade.orderNumber, tradeId);
    return tradeId;
  }

  function recordOf(tradeId: string): TradeRecord | null {
    const trade = trades.get(tradeId);
    if (!trade) return null;
    return {
      tradeId,
      orderNumber: trade.orderNumber,
      amount: trade.amount,
      refunded: trade.refunded,
      status: trade.status,
    };
  }

  function declined(tradeId: string, code: string, message: string): ChargeResult {
    return { status: 'declined', tradeId, code, message };
  }

  return {
    name: 'sandbox',
    sign,

    createPrime(fields) {
      // Lengths first: nothing long reaches a pattern.
      const number = digitsOnly(String(fields.number ?? '').slice(0, 40));
      if (!/^\d{13,19}$/.test(number) || !luhnOk(number)) return { error: 'number' };
      const expiry = expiryOf(String(fields.expiry ?? '').slice(0, 10), now());
      if (!expiry) return { error: 'expiry' };
      if (!/^\d{3,4}$/.test(String(fields.ccv ?? '').slice(0, 5))) return { error: 'ccv' };
      // The map is in the order primes were made, so in expiry order: drop the expired ones from its front, and
      // stop at the first that lives (a full scan on every ask made asking quadratic).
      for (const [prime, entry] of primes) {
        if (entry.expiresAt > now()) break;
        primes.delete(prime);
      }
      if (primes.size >= PRIMES_MAX) return { error: 'busy' };
      const prime = id('prime');
      // The security code is checked and dropped, as a gateway does after authorisation.
      primes.set(prime, { card: { number, expiry }, expiresAt: now() + PRIME_TTL_MS });
      return { prime };
    },

    async payByPrime(charge) {
      assertCharge(charge);
      const entry = primes.get(charge.prime);
      // One use, whatever the outcome.
      primes.delete(charge.prime);
      if (!entry || entry.expiresAt <= now())
        return { status: 'declined', code: 'prime', message: 'Invalid or used prime' };
      const { card } = entry;
      const trade = tradeOf(charge, card);
      if (card.number === SANDBOX_CARDS.declined)
        return declined(newTrade(trade), 'declined', 'Card declined (sandbox)');
      if (charge.threeDomainSecure) {
        const tradeId = newTrade({
          ...trade,
          status: 'pending',
          threeDomainSecure: charge.threeDomainSecure,
        });
        const redirectUrl = `${options.publicUrl}${SANDBOX_PREFIX}/3ds/${tradeId}`;
        return { status: 'pending', tradeId, redirectUrl, ...(charge.remember && { card: remember(card) }) };
      }
      if (card.number === SANDBOX_CARDS.fails3ds)
        return declined(newTrade(trade), '3ds_required', 'The bank requires 3-D Secure (sandbox)');
      const tradeId = newTrade({ ...trade, status: 'paid' });
      return {
        status: 'paid',
        tradeId,
        bankTransactionId: tradeId,
        amount: charge.amount,
        ...(charge.remember && { card: remember(card) }),
      };
    },

    async payByToken(charge) {
      assertCharge(charge);
      const kept = cards.get(charge.cardKey);
      if (!kept || kept.cardToken !== charge.cardToken)
        return { status: 'declined', code: 'card_token', message: 'Unknown card key or token' };
      const trade = tradeOf(charge, kept.card);
      if (
        kept.card.number === SANDBOX_CARDS.declined ||
        kept.card.number === SANDBOX_CARDS.tokenDeclined ||
        failingTokens.has(charge.cardKey)
      )
        return declined(newTrade(trade), 'declined', 'Card declined (sandbox)');
      const tradeId = newTrade({ ...trade, status: 'paid' });
      return { status: 'paid', tradeId, bankTransactionId: tradeId, amount: charge.amount };
    },

    failTokens(cardKey, fail = true) {
      if (fail) failingTokens.add(cardKey);
      else failingTokens.delete(cardKey);
    },

    pendingTrade(tradeId) {
      const trade = trades.get(tradeId);
      if (trade?.status !== 'pending') return null;
      return { amount: trade.amount, details: trade.details, lastFour: trade.card.number.slice(-4) };
    },

    async complete3ds(tradeId, confirmed) {
      const trade = trades.get(tradeId);
      if (!trade?.threeDomainSecure || trade.status !== 'pending') return null;
      const paid = confirmed && trade.card.number !== SANDBOX_CARDS.fails3ds;
      trade.status = paid ? 'paid' : 'failed';
      const status = paid ? 'paid' : 'failed';
      const body = JSON.stringify({
        event_id: `sandbox:${tradeId}:${status}`,
        rec_trade_id: tradeId,
        order_number: trade.orderNumber,
        amount: trade.amount,
        status,
      });
      try {
        await deliver(trade.threeDomainSecure.notifyUrl, body, { [SIGNATURE_HEADER]: sign(body) });
      } catch (error) {
        options.onDeliveryError?.(error, tradeId);
      }
      const back = new URL(trade.threeDomainSecure.returnUrl);
      back.searchParams.set('rec_trade_id', tradeId);
      back.searchParams.set('order_number', trade.orderNumber);
      back.searchParams.set('status', paid ? '0' : '-1');
      return back.toString();
    },

    async refund(tradeId, amount) {
      const trade = trades.get(tradeId);
      if (!trade || (trade.status !== 'paid' && trade.status !== 'partially_refunded'))
        throw new PaymentGatewayError(`sandbox: trade ${tradeId} cannot be refunded`, 'refused');
      const give = amount ?? trade.amount - trade.refunded;
      if (!Number.isInteger(give) || give < 1 || give > trade.amount - trade.refunded)
        throw new PaymentGatewayError(`sandbox: refund of ${give} exceeds what is left`, 'refused');
      trade.refunded += give;
      trade.status = trade.refunded === trade.amount ? 'refunded' : 'partially_refunded';
      return { refunded: give };
    },

    async query(tradeId) {
      return recordOf(tradeId);
    },

    async queryByOrder(orderNumber) {
      const tradeId = orders.get(orderNumber);
      return tradeId ? recordOf(tradeId) : null;
    },

    async verifyNotification(rawBody, headers): Promise<PaymentEvent | null> {
      const raw = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
      if (raw.length > NOTIFICATION_MAX) return null;
      const header = headers[SIGNATURE_HEADER];
      const given = Buffer.from(typeof header === 'string' ? header : '', 'hex');
      const expected = createHmac('sha256', options.notifySecret).update(raw).digest();
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return null;
      }
      const { event_id, rec_trade_id, order_number, amount, status } = body ?? {};
      if (
        typeof event_id !== 'string' ||
        typeof rec_trade_id !== 'string' ||
        typeof order_number !== 'string' ||
        typeof amount !== 'number' ||
        (status !== 'paid' && status !== 'failed')
      )
        return null;
      return { eventId: event_id, tradeId: rec_trade_id, orderNumber: order_number, amount, status };
    },
  };
}
