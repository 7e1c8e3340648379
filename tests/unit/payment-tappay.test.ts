/**
 * The TapPay adapter's HTTP contract (server/adapters/payment/tappay.ts), against a local fake of TapPay's backend
 * API (tests/fixtures/fakeTapPay.ts), never the real one: what each call sends (path, headers, body) and how each
 * answer is read — success, decline, 3-D Secure, remembered card, token charge, refund, record query, notification
 * checked through the record — and that a hung, broken or refusing gateway is a clear PaymentGatewayError.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaymentGateway,
  PaymentGatewayError,
  type PrimeCharge,
} from '../../server/adapters/payment/gateway';
import { tapPayGateway } from '../../server/adapters/payment/tappay';
import { type FakeTapPay, startFakeTapPay } from '../fixtures/fakeTapPay';

let fake: FakeTapPay;
beforeAll(async () => {
  fake = await startFakeTapPay();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.fault = undefined;
});

const gateway = (over: { partnerKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  tapPayGateway({
    baseUrl: over.baseUrl ?? fake.url,
    partnerKey: over.partnerKey ?? fake.partnerKey,
    merchantId: fake.merchantId,
    timeoutMs: over.timeoutMs ?? 5_000,
  });

let orders = 0;
const charge = (prime: string, extra: Partial<PrimeCharge> = {}): PrimeCharge => ({
  prime,
  amount: 799,
  orderNumber: `site-7-plan-3-${++orders}`,
  details: 'CREATOR plan, 1 month',
  cardholder: { phone: '+886912345678', name: '王小明', email: 'owner@example.com' },
  remember: false,
  ...extra,
});

/** A fake TapPay of the test's own (its trades and requests apart from the shared one's), with a gateway on it. */
async function withOwnFake(test: (fresh: FakeTapPay, g: PaymentGateway) => Promise<void>) {
  const fresh = await startFakeTapPay({ partnerKey: fake.partnerKey, merchantId: fake.merchantId });
  try {
    await test(
      fresh,
      tapPayGateway({
        baseUrl: fresh.url,
        partnerKey: fake.partnerKey,
        merchantId: fake.merchantId,
        timeoutMs: 5_000,
      }),
    );
  } finally {
    await fresh.close();
  }
}

async function rejection(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

describe('pay by prime', () => {
  it('sends TapPay’s request: path, x-api-key, partner key, merchant, TWD amount, order, cardholder', async () => {
    const prime = fake.prime('ok');
    const result = await gateway().payByPrime(charge(prime));
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req.path).toBe('/tpc/payment/pay-by-prime');
    expect(req.headers['x-api-key']).toBe(fake.partnerKey);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      partner_key: fake.partnerKey,
      prime,
      merchant_id: fake.merchantId,
      amount: 799,
      currency: 'TWD',
      order_number: `site-7-plan-3-${orders}`,
      details: 'CREATOR plan, 1 month',
      cardholder: { phone_number: '+886912345678', name: '王小明', email: 'owner@example.com' },
      remember: false,
    });
    expect(result).toMatchObject({ status: 'paid', amount: 799 });
    if (result.status !== 'paid') throw new Error('not paid');
    expect(result.tradeId).toMatch(/^D/);
    expect(result.bankTransactionId).toMatch(/^TP/);
    expect(result.card).toBeUndefined();
  });

  it('a declined card is an answer with TapPay’s code, not an error', async () => {
    const result = await gateway().payByPrime(charge(fake.prime('declined')));
    expect(result).toMatchObject({ status: 'declined', code: '10003', message: 'Do not honour' });
  });

  it('a prime used twice is declined (TapPay 121)', async () => {
    const prime = fake.prime('ok');
    expect((await gateway().payByPrime(charge(prime))).status).toBe('paid');
    expect(await gateway().payByPrime(charge(prime))).toMatchObject({ status: 'declined', code: '121' });
  });

  it('3-D Secure: sends three_domain_secure and result_url, answers the payment window’s address', async () => {
    await withOwnFake(async (fresh, g) => {
      const result = await g.payByPrime(
        charge(fresh.prime('ok'), {
          threeDomainSecure: {
            returnUrl: 'https://admin.example.com/init/paid',
            notifyUrl: 'https://admin.example.com/api/payment/notify',
          },
        }),
      );
      expect(fresh.requests[0].body).toMatchObject({
        three_domain_secure: true,
        result_url: {
          frontend_redirect_url: 'https://admin.example.com/init/paid',
          backend_notify_url: 'https://admin.example.com/api/payment/notify',
        },
      });
      expect(result.status).toBe('pending');
      if (result.status !== 'pending') throw new Error('not pending');
      expect(result.redirectUrl).toBe(`${fresh.url}/3ds/${result.tradeId}`);
      // Nothing is paid until the record says so.
      expect(await g.query(result.tradeId)).toMatchObject({ status: 'pending' });
    });
  });

  it('remember: keeps the card key, card token, last four and expiry, and never a card number', async () => {
    await withOwnFake(async (fresh, g) => {
      const result = await g.payByPrime(charge(fresh.prime('ok'), { remember: true }));
      expect(fresh.requests[0].body.remember).toBe(true);
      if (result.status !== 'paid' || !result.card) throw new Error('no card kept');
      const [[cardKey, cardToken]] = [...fresh.cards];
      expect(result.card).toEqual({ cardKey, cardToken, lastFour: '4242', expiry: '203012' });
      // Only those four of TapPay's card_info reach the product: not the BIN (a card number's first six digits),
      // nor the issuer. (TapPay never sends a card number; the sandbox's tests check the same with a real one.)
      const text = JSON.stringify(result);
      expect(text).not.toContain('424242');
      expect(text).not.toContain('FAKE BANK');

      // Renewals: pay by card token, with the same merchant and a new order number.
      const renewal = await g.payByToken({
        cardKey,
        cardToken,
        amount: 799,
        orderNumber: 'site-7-renewal-2026-12',
        details: 'CREATOR plan, renewal',
        cardholder: { phone: '+886912345678', name: '王小明', email: 'owner@example.com' },
      });
      expect(fresh.requests[1].path).toBe('/tpc/payment/pay-by-token');
      expect(fresh.requests[1].headers['x-api-key']).toBe(fake.partnerKey);
      expect(fresh.requests[1].body).toEqual({
        partner_key: fake.partnerKey,
        card_key: cardKey,
        card_token: cardToken,
        merchant_id: fake.merchantId,
        amount: 799,
        currency: 'TWD',
        order_number: 'site-7-renewal-2026-12',
        details: 'CREATOR plan, renewal',
        cardholder: { phone_number: '+886912345678', name: '王小明', email: 'owner@example.com' },
      });
      expect(renewal).toMatchObject({ status: 'paid', amount: 799 });

      const wrongToken = await g.payByToken({
        cardKey,
        cardToken: 'token_forged',
        amount: 799,
        orderNumber: 'x',
        details: 'x',
        cardholder: { phone: '+886912345678', name: 'x', email: 'x@example.com' },
      });
      expect(wrongToken.status).toBe('declined');
    });
  });

  it('a renewal’s token charge: refused by TapPay is a decline with its code; its gateway timing out (421) throws', async () => {
    await withOwnFake(async (fresh, g) => {
      const first = await g.payByPrime(charge(fresh.prime('ok'), { remember: true }));
      if (first.status !== 'paid' || !first.card) throw new Error('no card kept');
      const renewal = {
        cardKey: first.card.cardKey,
        cardToken: first.card.cardToken,
        amount: 299,
        orderNumber: 'S7-renewal-1',
        details: 'STARTER plan renewal',
        cardholder: { phone: '', name: 'Owner', email: 'owner@example.com' },
      };
      expect(await g.payByToken({ ...renewal, cardKey: 'key_gone' })).toMatchObject({
        status: 'declined',
        code: '10',
        message: 'Card token not found',
      });
      // The renewal job leaves such a charge pending and never charges its attempt again.
      fresh.fault = 'bank-timeout';
      expect(await rejection(g.payByToken(renewal))).toMatchObject({ kind: 'timeout', code: '421' });
      expect(fresh.requests.at(-1)?.path).toBe('/tpc/payment/pay-by-token');
      expect(await g.payByToken({ ...renewal, orderNumber: 'S7-renewal-2' })).toMatchObject({
        status: 'paid',
        amount: 299,
      });
    });
  });
});

describe('refund and record query', () => {
  it('refunds in part then in full, and the record follows', async () => {
    await withOwnFake(async (fresh, g) => {
      const paid = await g.payByPrime(charge(fresh.prime('ok')));
      if (paid.status !== 'paid') throw new Error('not paid');
      expect(await g.query(paid.tradeId)).toEqual({
        tradeId: paid.tradeId,
        orderNumber: `site-7-plan-3-${orders}`,
        amount: 799,
        refunded: 0,
        status: 'paid',
      });
      expect(await g.refund(paid.tradeId, 300)).toEqual({ refunded: 300 });
      expect(fresh.requests.at(-1)).toMatchObject({
        path: '/tpc/transaction/refund',
        body: { partner_key: fake.partnerKey, rec_trade_id: paid.tradeId, amount: 300 },
      });
      expect(await g.query(paid.tradeId)).toMatchObject({ refunded: 300, status: 'partially_refunded' });
      expect(await g.refund(paid.tradeId)).toEqual({ refunded: 499 });
      expect(fresh.requests.at(-1)?.body).toEqual({
        partner_key: fake.partnerKey,
        rec_trade_id: paid.tradeId,
      });
      expect(await g.query(paid.tradeId)).toMatchObject({ refunded: 799, status: 'refunded' });
      const query = fresh.requests.find((r) => r.path === '/tpc/transaction/query');
      expect(query?.body).toEqual({
        partner_key: fake.partnerKey,
        records_per_page: 1,
        filters: { rec_trade_id: paid.tradeId },
      });
      // Nothing left to refund: TapPay refuses, and so does the adapter, loudly.
      expect((await rejection(g.refund(paid.tradeId))).kind).toBe('refused');
    });
  });

  it('an unknown trade is null', async () => {
    expect(await gateway().query('D000000000000nothing')).toBeNull();
  });
});

describe('record query by our order number (a charge whose answer was lost)', () => {
  it('sends the order number as the filter and keeps only the record of exactly that order', async () => {
    await withOwnFake(async (fresh, g) => {
      const mine = await g.payByPrime(charge(fresh.prime('ok'), { orderNumber: 'S7-lost' }));
      // A later order whose number contains ours: the fake's search answers it first.
      await g.payByPrime(charge(fresh.prime('ok'), { orderNumber: 'S7-lost-2', amount: 299 }));
      if (mine.status !== 'paid') throw new Error('not paid');
      fresh.requests.length = 0;
      expect(await g.queryByOrder('S7-lost')).toEqual({
        tradeId: mine.tradeId,
        orderNumber: 'S7-lost',
        amount: 799,
        refunded: 0,
        status: 'paid',
      });
      expect(fresh.requests).toEqual([
        {
          path: '/tpc/transaction/query',
          headers: expect.objectContaining({ 'x-api-key': fake.partnerKey }),
          body: { partner_key: fake.partnerKey, records_per_page: 50, filters: { order_number: 'S7-lost' } },
          clientPort: expect.any(Number),
        },
      ]);
      // A part of an order number is no order of ours.
      expect(await g.queryByOrder('S7-lo')).toBeNull();
    });
  });

  it('an order that never reached TapPay is null; a declined or waiting one is found as it stands', async () => {
    await withOwnFake(async (fresh, g) => {
      expect(await g.queryByOrder('S7-never')).toBeNull();
      const declined = await g.payByPrime(charge(fresh.prime('declined'), { orderNumber: 'S7-declined' }));
      expect(await g.queryByOrder('S7-declined')).toMatchObject({
        tradeId: declined.tradeId,
        status: 'failed',
      });
      const waiting = await g.payByPrime(
        charge(fresh.prime('ok'), {
          orderNumber: 'S7-3ds',
          threeDomainSecure: { returnUrl: 'https://a.example/r', notifyUrl: 'https://a.example/n' },
        }),
      );
      if (waiting.status !== 'pending') throw new Error('not pending');
      expect(await g.queryByOrder('S7-3ds')).toMatchObject({ tradeId: waiting.tradeId, status: 'pending' });
      fresh.complete(waiting.tradeId, true);
      expect(await g.queryByOrder('S7-3ds')).toMatchObject({ tradeId: waiting.tradeId, status: 'paid' });
    });
  });

  it('a renewal’s token charge whose answer timed out (421) is found by its order number', async () => {
    await withOwnFake(async (fresh, g) => {
      const first = await g.payByPrime(charge(fresh.prime('ok'), { remember: true }));
      if (first.status !== 'paid' || !first.card) throw new Error('no card kept');
      const renewal = {
        cardKey: first.card.cardKey,
        cardToken: first.card.cardToken,
        amount: 299,
        orderNumber: 'S7-renewal-lost',
        details: 'STARTER plan renewal',
        cardholder: { phone: '', name: 'Owner', email: 'owner@example.com' },
      };
      // Never sent: nothing at TapPay.
      fresh.fault = 'bank-timeout';
      await rejection(g.payByToken(renewal));
      expect(await g.queryByOrder('S7-renewal-lost')).toBeNull();
      // Sent and charged, the answer lost on its way back (our timeout): the record has it.
      fresh.fault = 'answer-lost';
      const impatient = tapPayGateway({
        baseUrl: fresh.url,
        partnerKey: fake.partnerKey,
        merchantId: fake.merchantId,
        timeoutMs: 200,
      });
      expect((await rejection(impatient.payByToken(renewal))).kind).toBe('timeout');
      const [tradeId] = [...fresh.trades.keys()].slice(-1);
      expect(await g.queryByOrder('S7-renewal-lost')).toEqual({
        tradeId,
        orderNumber: 'S7-renewal-lost',
        amount: 299,
        refunded: 0,
        status: 'paid',
      });
    });
  });
});

describe('backend notification: trusted only through the record', () => {
  it('answers the record’s outcome, the same event id each time, whatever the body claims', async () => {
    await withOwnFake(async (fresh, g) => {
      const pending = await g.payByPrime(
        charge(fresh.prime('ok'), {
          threeDomainSecure: { returnUrl: 'https://a.example/r', notifyUrl: 'https://a.example/n' },
        }),
      );
      if (pending.status !== 'pending') throw new Error('not pending');
      // A notification claiming success before the record shows it: not an event yet.
      const claim = JSON.stringify({ rec_trade_id: pending.tradeId, status: 0, amount: 1 });
      expect(await g.verifyNotification(claim, {})).toBeNull();

      fresh.complete(pending.tradeId, true);
      const first = await g.verifyNotification(Buffer.from(claim), {});
      const again = await g.verifyNotification(claim, {});
      expect(first).toEqual({
        eventId: `tappay:${pending.tradeId}:paid`,
        tradeId: pending.tradeId,
        orderNumber: `site-7-plan-3-${orders}`,
        // The record's amount, not the notification's.
        amount: 799,
        status: 'paid',
      });
      expect(again).toEqual(first);
      expect(fresh.requests.filter((r) => r.path === '/tpc/transaction/query')).toHaveLength(3);
    });
  });

  it('a failed 3-D Secure is a failed event', async () => {
    await withOwnFake(async (fresh, g) => {
      const pending = await g.payByPrime(
        charge(fresh.prime('ok'), {
          threeDomainSecure: { returnUrl: 'https://a.example/r', notifyUrl: 'https://a.example/n' },
        }),
      );
      if (pending.status !== 'pending') throw new Error('not pending');
      fresh.complete(pending.tradeId, false);
      expect(await g.verifyNotification(JSON.stringify({ rec_trade_id: pending.tradeId }), {})).toMatchObject(
        {
          eventId: `tappay:${pending.tradeId}:failed`,
          status: 'failed',
        },
      );
    });
  });

  it('refuses a notification naming no known trade, or not JSON, without asking for more than the record', async () => {
    const g = gateway();
    expect(await g.verifyNotification(JSON.stringify({ rec_trade_id: 'D_forged_trade_id' }), {})).toBeNull();
    expect(await g.verifyNotification('not json', {})).toBeNull();
    expect(await g.verifyNotification(JSON.stringify({ status: 0 }), {})).toBeNull();
    expect(await g.verifyNotification(JSON.stringify({ rec_trade_id: 'D'.repeat(65) }), {})).toBeNull();
    // Only the forged id was looked up.
    expect(fake.requests.map((r) => r.path)).toEqual(['/tpc/transaction/query']);
  });
});

describe('a gateway that fails is a clear error, never a crash or a guess', () => {
  it('a charge of the wrong form is refused before TapPay is called', async () => {
    for (const extra of [
      { amount: 0 },
      { amount: 99.5 },
      { amount: 20_000_001 },
      { orderNumber: 'x'.repeat(51) },
      { details: '' },
    ])
      expect((await rejection(gateway().payByPrime(charge(fake.prime('ok'), extra)))).kind).toBe('refused');
    expect(fake.requests).toHaveLength(0);
  });

  it('a wrong partner key: refused, with TapPay’s code 80', async () => {
    const error = await rejection(
      gateway({ partnerKey: 'partner_wrong' }).payByPrime(charge(fake.prime('ok'))),
    );
    expect(error).toMatchObject({ kind: 'refused', code: '80' });
  });

  it('no answer within the timeout: timeout', async () => {
    fake.fault = 'hang';
    const started = Date.now();
    const error = await rejection(gateway({ timeoutMs: 200 }).query('D1'));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('TapPay’s own gateway timeout (421): timeout, so the caller queries the record later', async () => {
    fake.fault = 'bank-timeout';
    expect(await rejection(gateway().payByPrime(charge(fake.prime('ok'))))).toMatchObject({
      kind: 'timeout',
      code: '421',
    });
  });

  it('an HTML page instead of JSON, or JSON without status: protocol', async () => {
    fake.fault = 'html';
    const html = await rejection(gateway().payByPrime(charge(fake.prime('ok'))));
    expect(html.kind).toBe('protocol');
    expect(html.message).toContain('not JSON');
    fake.fault = 'no-status';
    expect((await rejection(gateway().query('D1'))).kind).toBe('protocol');
  });

  it('HTTP 500: http', async () => {
    fake.fault = 'http500';
    const error = await rejection(gateway().refund('D1'));
    expect(error.kind).toBe('http');
    expect(error.message).toContain('HTTP 500');
  });

  it('nothing listening: network', async () => {
    const closed = await startFakeTapPay();
    const url = closed.url;
    await closed.close();
    expect((await rejection(gateway({ baseUrl: url }).query('D1'))).kind).toBe('network');
  });
});
