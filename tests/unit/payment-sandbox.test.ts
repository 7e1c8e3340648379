/**
 * The built-in sandbox gateway (server/adapters/payment/sandbox.ts and sandboxRoutes.ts), the offline default: its
 * three test cards, one-time and expiring primes, the 3-D Secure page and its answers, signed notifications sent
 * over real HTTP and verified (a forged or edited one refused, a repeated one the same event), token charges,
 * refunds; then the choice of gateway by configuration (server/config.ts, adapters/payment/index.ts).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySecretOf, paymentGateway } from '../../server/adapters/payment';
import type { PrimeCharge } from '../../server/adapters/payment/gateway';
import {
  PRIME_TTL_MS,
  PRIMES_MAX,
  SANDBOX_CARDS,
  type SandboxGateway,
  SIGNATURE_HEADER,
  sandboxGateway,
} from '../../server/adapters/payment/sandbox';
import { sandboxRoutes } from '../../server/adapters/payment/sandboxRoutes';
import {
  loadConfig,
  paymentConfig,
  TAPPAY_PRODUCTION_URL,
  TAPPAY_SANDBOX_URL,
  TAPPAY_SDK_URL,
} from '../../server/config';

const SECRET = 'a-test-secret-of-at-least-32-characters';

/** The product's notification endpoint, as far as the sandbox can tell: raw bodies and headers, kept. */
interface Received {
  body: Buffer;
  headers: IncomingHttpHeaders;
}
const received: Received[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ body: Buffer.concat(chunks), headers: req.headers });
    res.writeHead(200).end('ok');
  });
});
let notifyUrl = '';
let clock = Date.parse('2026-11-25T10:00:00Z');
let sandbox: SandboxGateway;
const app = Fastify();

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payment/notify`;
  sandbox = sandboxGateway({ publicUrl: 'http://admin.test', notifySecret: SECRET, now: () => clock });
  await app.register(sandboxRoutes(sandbox));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const card = (number: string) => ({ number, expiry: '12/30', ccv: '123' });

function primeFor(number: string): string {
  const answer = sandbox.createPrime(card(number));
  if (!('prime' in answer)) throw new Error(`no prime: ${answer.error}`);
  return answer.prime;
}

let orders = 0;
const charge = (prime: string, extra: Partial<PrimeCharge> = {}): PrimeCharge => ({
  prime,
  amount: 299,
  orderNumber: `site-1-plan-2-${++orders}`,
  details: 'STARTER plan, 1 month',
  cardholder: { phone: '+886912345678', name: 'Owner', email: 'owner@example.com' },
  remember: false,
  ...extra,
});

const threeDS = { returnUrl: 'http://admin.test/init?step=3', notifyUrl: '' };
const with3ds = () => ({ threeDomainSecure: { ...threeDS, notifyUrl } });

describe('the card form’s prime', () => {
  it('trades valid card fields for a prime, and says which field is wrong', () => {
    expect(
      sandbox.createPrime({ number: '4242 4242 4242 4242', expiry: '12/30', ccv: '123' }),
    ).toHaveProperty('prime');
    expect(sandbox.createPrime(card('4242424242424241'))).toEqual({ error: 'number' });
    expect(sandbox.createPrime(card('4242'))).toEqual({ error: 'number' });
    expect(sandbox.createPrime({ ...card(SANDBOX_CARDS.success), expiry: '10/26' })).toEqual({
      error: 'expiry',
    });
    expect(sandbox.createPrime({ ...card(SANDBOX_CARDS.success), expiry: '13/30' })).toEqual({
      error: 'expiry',
    });
    expect(sandbox.createPrime({ ...card(SANDBOX_CARDS.success), ccv: '12' })).toEqual({ error: 'ccv' });
    expect(sandbox.createPrime({ ...card(SANDBOX_CARDS.success), number: '4'.repeat(100_000) })).toEqual({
      error: 'number',
    });
  });

  it('is served at POST /sandbox-gateway/prime', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/sandbox-gateway/prime',
      payload: card('4242424242424242'),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().prime).toMatch(/^prime_[0-9a-f]{32}$/);
    const bad = await app.inject({ method: 'POST', url: '/sandbox-gateway/prime', payload: card('1234') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'number' });
  });

  it('keeps at most PRIMES_MAX primes waiting, since anyone may ask for one; expired ones make room', () => {
    const busy = sandboxGateway({ publicUrl: 'http://admin.test', notifySecret: SECRET, now: () => clock });
    for (let i = 0; i < PRIMES_MAX; i++)
      expect(busy.createPrime(card(SANDBOX_CARDS.success))).toHaveProperty('prime');
    expect(busy.createPrime(card(SANDBOX_CARDS.success))).toEqual({ error: 'busy' });
    clock += PRIME_TTL_MS;
    expect(busy.createPrime(card(SANDBOX_CARDS.success))).toHaveProperty('prime');
  });

  it('is good for one payment only, and for 90 seconds', async () => {
    const prime = primeFor(SANDBOX_CARDS.success);
    expect((await sandbox.payByPrime(charge(prime))).status).toBe('paid');
    expect(await sandbox.payByPrime(charge(prime))).toMatchObject({ status: 'declined', code: 'prime' });

    const late = primeFor(SANDBOX_CARDS.success);
    clock += PRIME_TTL_MS;
    expect(await sandbox.payByPrime(charge(late))).toMatchObject({ status: 'declined', code: 'prime' });
    expect(await sandbox.payByPrime(charge('prime_never_issued'))).toMatchObject({ status: 'declined' });
  });
});

describe('the test cards, without 3-D Secure', () => {
  it('4242 4242 4242 4242 pays; remember keeps key, token, last four and expiry, never the number', async () => {
    const result = await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.success), { remember: true }));
    if (result.status !== 'paid' || !result.card) throw new Error('not paid with a kept card');
    expect(result.amount).toBe(299);
    expect(result.card).toEqual({
      cardKey: expect.stringMatching(/^key_/),
      cardToken: expect.stringMatching(/^token_/),
      lastFour: '4242',
      expiry: '203012',
    });
    expect(JSON.stringify(result)).not.toContain(SANDBOX_CARDS.success);
    expect(await sandbox.query(result.tradeId)).toMatchObject({ status: 'paid', amount: 299, refunded: 0 });

    // Renewals charge the kept card; a forged token is declined.
    const token = { cardKey: result.card.cardKey, cardToken: result.card.cardToken };
    const renewal = await sandbox.payByToken({ ...charge(''), ...token });
    expect(renewal).toMatchObject({ status: 'paid', amount: 299 });
    expect(await sandbox.payByToken({ ...charge(''), ...token, cardToken: 'token_forged' })).toMatchObject({
      status: 'declined',
      code: 'card_token',
    });
  });

  it('4000 0000 0000 0002 is declined', async () => {
    const result = await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.declined)));
    expect(result).toMatchObject({ status: 'declined', code: 'declined' });
    if (result.status !== 'declined' || !result.tradeId) throw new Error('no trade');
    expect(await sandbox.query(result.tradeId)).toMatchObject({ status: 'failed' });
  });

  it('4000 0000 0000 3063 is declined without 3-D Secure', async () => {
    expect(await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.fails3ds)))).toMatchObject({
      status: 'declined',
      code: '3ds_required',
    });
  });

  it('amounts are whole TWD from 1', async () => {
    for (const amount of [0, -1, 1.5, 20_000_001])
      await expect(
        sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.success), { amount })),
      ).rejects.toMatchObject({
        kind: 'refused',
      });
  });
});

describe('3-D Secure in the payment window, and the signed notification', () => {
  it('4242: the page, "confirm", the window sent back, a signed notification that verifies', async () => {
    received.length = 0;
    const result = await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.success), with3ds()));
    if (result.status !== 'pending') throw new Error('not pending');
    expect(result.redirectUrl).toBe(`http://admin.test/sandbox-gateway/3ds/${result.tradeId}`);
    expect(await sandbox.query(result.tradeId)).toMatchObject({ status: 'pending' });

    const path = new URL(result.redirectUrl).pathname;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('NT$299');
    expect(page.body).toContain('•••• 4242');
    expect(page.body).not.toContain(SANDBOX_CARDS.success);
    expect(page.body).toContain('value="confirm"');
    expect(page.body).toContain('value="fail"');
    expect(page.body).not.toContain('<script');

    const answer = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=confirm',
    });
    expect(answer.statusCode).toBe(303);
    const back = new URL(answer.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://admin.test/init');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      step: '3',
      rec_trade_id: result.tradeId,
      order_number: `site-1-plan-2-${orders}`,
      status: '0',
    });

    expect(received).toHaveLength(1);
    const [note] = received;
    expect(note.headers['content-type']).toBe('application/json');
    const event = await sandbox.verifyNotification(note.body, note.headers);
    expect(event).toEqual({
      eventId: `sandbox:${result.tradeId}:paid`,
      tradeId: result.tradeId,
      orderNumber: `site-1-plan-2-${orders}`,
      amount: 299,
      status: 'paid',
    });
    expect(await sandbox.query(result.tradeId)).toMatchObject({ status: 'paid' });

    // The step is over: the page and its answer are gone.
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const again = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=confirm',
    });
    expect(again.statusCode).toBe(404);
    expect(received).toHaveLength(1);
  });

  it('4000 0000 0000 3063 fails 3-D Secure even when confirmed; "fail" fails any card', async () => {
    received.length = 0;
    const hard = await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.fails3ds), with3ds()));
    const soft = await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.success), with3ds()));
    if (hard.status !== 'pending' || soft.status !== 'pending') throw new Error('not pending');
    const back = new URL((await sandbox.complete3ds(hard.tradeId, true)) as string);
    expect(back.searchParams.get('status')).toBe('-1');
    await sandbox.complete3ds(soft.tradeId, false);
    const events = await Promise.all(received.map((r) => sandbox.verifyNotification(r.body, r.headers)));
    expect(events.map((e) => [e?.tradeId, e?.status])).toEqual([
      [hard.tradeId, 'failed'],
      [soft.tradeId, 'failed'],
    ]);
  });

  it('refuses a forged or edited notification, and answers a repeated one as the same event', async () => {
    received.length = 0;
    const result = await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.success), with3ds()));
    if (result.status !== 'pending') throw new Error('not pending');
    await sandbox.complete3ds(result.tradeId, true);
    const [{ body, headers }] = received;
    const signature = headers[SIGNATURE_HEADER] as string;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);

    // Edited: the amount changed, the signature kept.
    const edited = Buffer.from(body.toString('utf8').replace('"amount":299', '"amount":1'));
    expect(await sandbox.verifyNotification(edited, headers)).toBeNull();
    // Forged: signed with another secret; a paid claim with no signature; a signature that is not hex.
    const forger = sandboxGateway({
      publicUrl: 'http://x',
      notifySecret: 'another-secret-of-32-characters!!',
    });
    expect(
      await sandbox.verifyNotification(body, { [SIGNATURE_HEADER]: forger.sign(body.toString()) }),
    ).toBeNull();
    expect(await sandbox.verifyNotification(body, {})).toBeNull();
    expect(await sandbox.verifyNotification(body, { [SIGNATURE_HEADER]: 'zz'.repeat(32) })).toBeNull();
    expect(await sandbox.verifyNotification(body, { [SIGNATURE_HEADER]: signature.slice(0, 62) })).toBeNull();
    // Signed, but not a notification of ours.
    const nonsense = '{"status":"paid"}';
    expect(
      await sandbox.verifyNotification(nonsense, { [SIGNATURE_HEADER]: sandbox.sign(nonsense) }),
    ).toBeNull();

    // Repeated as sent: verifiable each time, with the same event id, so the caller can act once.
    const first = await sandbox.verifyNotification(body, headers);
    const second = await sandbox.verifyNotification(Buffer.from(body), headers);
    expect(first?.eventId).toBe(`sandbox:${result.tradeId}:paid`);
    expect(second).toEqual(first);
  });

  it('escapes what it shows on the page', async () => {
    const result = await sandbox.payByPrime(
      charge(primeFor(SANDBOX_CARDS.success), { ...with3ds(), details: '<img src=x onerror=alert(1)>' }),
    );
    if (result.status !== 'pending') throw new Error('not pending');
    const page = await app.inject({ method: 'GET', url: new URL(result.redirectUrl).pathname });
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toContain('<img');
  });

  it('a notification that cannot be delivered is reported, and the window still goes back', async () => {
    const errors: unknown[] = [];
    const lonely = sandboxGateway({
      publicUrl: 'http://admin.test',
      notifySecret: SECRET,
      deliver: async () => {
        throw new Error('connection refused');
      },
      onDeliveryError: (error) => errors.push(error),
    });
    const prime = lonely.createPrime(card(SANDBOX_CARDS.success));
    if (!('prime' in prime)) throw new Error('no prime');
    const result = await lonely.payByPrime(charge(prime.prime, with3ds()));
    if (result.status !== 'pending') throw new Error('not pending');
    expect(await lonely.complete3ds(result.tradeId, true)).toContain('status=0');
    expect(errors).toHaveLength(1);
    // The product can still learn the outcome by asking.
    expect(await lonely.query(result.tradeId)).toMatchObject({ status: 'paid' });
  });
});

describe('refunds', () => {
  it('in part, then the rest, then nothing more', async () => {
    const paid = await sandbox.payByPrime(charge(primeFor(SANDBOX_CARDS.success)));
    if (paid.status !== 'paid') throw new Error('not paid');
    expect(await sandbox.refund(paid.tradeId, 99)).toEqual({ refunded: 99 });
    expect(await sandbox.query(paid.tradeId)).toMatchObject({ refunded: 99, status: 'partially_refunded' });
    expect(await sandbox.refund(paid.tradeId)).toEqual({ refunded: 200 });
    expect(await sandbox.query(paid.tradeId)).toMatchObject({ refunded: 299, status: 'refunded' });
    await expect(sandbox.refund(paid.tradeId, 1)).rejects.toMatchObject({ kind: 'refused' });
    expect(await sandbox.query('sbx_unknown')).toBeNull();
  });
});

describe('the gateway chosen by configuration', () => {
  it('the sandbox by default, with its pages; a secret from the database unless one is given', () => {
    const unset = paymentConfig({});
    expect(unset).toEqual({ gateway: 'sandbox', notifySecret: '' });
    // Every instance on one database derives the same secret; another database another.
    const config = notifySecretOf(unset, 'a'.repeat(64));
    if (config.gateway !== 'sandbox') throw new Error('not the sandbox');
    expect(config.notifySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(notifySecretOf(unset, 'a'.repeat(64))).toEqual(config);
    expect(notifySecretOf(unset, 'b'.repeat(64))).not.toEqual(config);
    expect(notifySecretOf({ gateway: 'sandbox', notifySecret: SECRET }, 'a'.repeat(64))).toEqual({
      gateway: 'sandbox',
      notifySecret: SECRET,
    });
    expect(paymentConfig({ PAYMENT_NOTIFY_SECRET: SECRET })).toEqual({
      gateway: 'sandbox',
      notifySecret: SECRET,
    });
    expect(() => paymentConfig({ PAYMENT_NOTIFY_SECRET: 'short' })).toThrow(/32 characters/);
    const payment = paymentGateway(config, 'http://admin.test');
    expect(payment.gateway.name).toBe('sandbox');
    expect(payment.routes).toBeTypeOf('function');
  });

  it('TapPay with PAYMENT_GATEWAY=tappay: keys required, TapPay’s sandbox unless told, https only', () => {
    const keys = {
      PAYMENT_GATEWAY: 'tappay',
      TAPPAY_PARTNER_KEY: 'partner_x',
      TAPPAY_MERCHANT_ID: 'merchant_x',
      TAPPAY_APP_ID: '12348',
      TAPPAY_APP_KEY: 'app_x',
    };
    expect(paymentConfig(keys)).toEqual({
      gateway: 'tappay',
      tappay: {
        baseUrl: TAPPAY_SANDBOX_URL,
        partnerKey: 'partner_x',
        merchantId: 'merchant_x',
        timeoutMs: 30_000,
      },
      sdk: { url: TAPPAY_SDK_URL, appId: 12348, appKey: 'app_x', serverType: 'sandbox' },
    });
    expect(
      paymentConfig({ ...keys, TAPPAY_BASE_URL: `${TAPPAY_PRODUCTION_URL}/`, TAPPAY_TIMEOUT_MS: '20000' }),
    ).toMatchObject({
      tappay: { baseUrl: TAPPAY_PRODUCTION_URL, timeoutMs: 20_000 },
    });
    expect(paymentConfig({ ...keys, TAPPAY_BASE_URL: 'http://127.0.0.1:9999' })).toMatchObject({
      tappay: { baseUrl: 'http://127.0.0.1:9999' },
    });
    expect(() => paymentConfig({ ...keys, TAPPAY_BASE_URL: 'http://prod.tappaysdk.com' })).toThrow(/https/);
    expect(() => paymentConfig({ ...keys, TAPPAY_BASE_URL: 'not a url' })).toThrow(/not an address/);
    expect(() => paymentConfig({ ...keys, TAPPAY_TIMEOUT_MS: '0' })).toThrow(/TAPPAY_TIMEOUT_MS/);
    expect(() => paymentConfig({ PAYMENT_GATEWAY: 'tappay', TAPPAY_PARTNER_KEY: 'partner_x' })).toThrow(
      /TAPPAY_MERCHANT_ID/,
    );
    expect(() => paymentConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/neither sandbox nor tappay/);
    const config = paymentConfig(keys);
    const payment = paymentGateway(config, 'http://admin.test');
    expect(payment.gateway.name).toBe('tappay');
    expect(payment.routes).toBeUndefined();
  });

  it('TapPay’s card form: app id and key required, its SDK over https, the server type of TAPPAY_BASE_URL', () => {
    const keys = {
      PAYMENT_GATEWAY: 'tappay',
      TAPPAY_PARTNER_KEY: 'partner_x',
      TAPPAY_MERCHANT_ID: 'merchant_x',
    };
    const app = { ...keys, TAPPAY_APP_ID: '12348', TAPPAY_APP_KEY: 'app_x' };
    // A half-set configuration stops the start.
    expect(() => paymentConfig(keys)).toThrow(/TAPPAY_APP_ID and TAPPAY_APP_KEY/);
    expect(() => paymentConfig({ ...keys, TAPPAY_APP_ID: '12348' })).toThrow(/TAPPAY_APP_KEY/);
    expect(() => paymentConfig({ ...keys, TAPPAY_APP_KEY: 'app_x' })).toThrow(/TAPPAY_APP_ID/);
    expect(() => paymentConfig({ ...app, TAPPAY_APP_ID: '12a' })).toThrow(/positive whole number/);
    expect(() => paymentConfig({ ...app, TAPPAY_APP_KEY: 'app x<script>' })).toThrow(/not an app key/);
    expect(() => paymentConfig({ ...app, TAPPAY_APP_KEY: 'a'.repeat(129) })).toThrow(/not an app key/);
    // Production's API means production's primes; another address (a fake) says its own, sandbox by default.
    expect(paymentConfig({ ...app, TAPPAY_BASE_URL: TAPPAY_PRODUCTION_URL })).toMatchObject({
      sdk: { serverType: 'production' },
    });
    expect(() =>
      paymentConfig({ ...app, TAPPAY_BASE_URL: TAPPAY_PRODUCTION_URL, TAPPAY_SERVER_TYPE: 'sandbox' }),
    ).toThrow(/does not match/);
    expect(() => paymentConfig({ ...app, TAPPAY_SERVER_TYPE: 'live' })).toThrow(
      /neither sandbox nor production/,
    );
    expect(
      paymentConfig({
        ...app,
        TAPPAY_BASE_URL: 'http://127.0.0.1:9999',
        TAPPAY_SDK_URL: 'http://127.0.0.1:9999/sdk/tpdirect/v5',
        TAPPAY_SERVER_TYPE: 'production',
      }),
    ).toMatchObject({ sdk: { url: 'http://127.0.0.1:9999/sdk/tpdirect/v5', serverType: 'production' } });
    expect(() =>
      paymentConfig({ ...app, TAPPAY_SDK_URL: 'http://js.tappaysdk.com/sdk/tpdirect/v5' }),
    ).toThrow(/TAPPAY_SDK_URL.*https/);
    // TapPay returns 3-D Secure's window and notification only to https: so must the public address be.
    expect(() => loadConfig({ ...app, PUBLIC_URL: 'http://admin.example.com' })).toThrow(/PUBLIC_URL.*https/);
    expect(loadConfig({ ...app, PUBLIC_URL: 'https://admin.example.com' }).payment.gateway).toBe('tappay');
    expect(loadConfig({ ...app, HOST: '127.0.0.1', PORT: '8123' }).publicUrl).toBe('http://127.0.0.1:8123');
    expect(loadConfig({ PUBLIC_URL: 'http://admin.example.com' }).payment.gateway).toBe('sandbox');
  });
});
