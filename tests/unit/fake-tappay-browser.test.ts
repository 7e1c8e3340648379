/**
 * The fake TapPay's browser side (tests/fixtures/fakeTapPaySdk.ts), which the wizard's TapPay browser test stands
 * on: its TPDirect script and field pages are served, getPrime's call checks the app id and key and the card and
 * makes a prime of the card's kind that the backend part then charges, 3-D Secure's addresses must be https (or this
 * machine), and the 3-D Secure page settles the trade, posts the Backend Notify and sends the window back.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapPayGateway } from '../../server/adapters/payment/tappay';
import { type FakeTapPay, startFakeTapPay } from '../fixtures/fakeTapPay';
import { FAKE_CARDS, PRIME_REFUSED } from '../fixtures/fakeTapPaySdk';

let fake: FakeTapPay;
/** The product's notification endpoint, as far as the fake can tell. */
const received: { body: string; type?: string }[] = [];
const receiver = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c.toString();
  });
  req.on('end', () => {
    received.push({ body, type: req.headers['content-type'] });
    res.writeHead(200).end('ok');
  });
});
let product = '';

beforeAll(async () => {
  fake = await startFakeTapPay();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  product = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const gateway = () =>
  tapPayGateway({
    baseUrl: fake.url,
    partnerKey: fake.partnerKey,
    merchantId: fake.merchantId,
    timeoutMs: 5_000,
  });

let orders = 0;
const charge = (prime: string, returnUrl = `${product}/plan/paid`, notifyUrl = `${product}/notify`) => ({
  prime,
  amount: 799,
  orderNumber: `S9-fake-${++orders}`,
  details: 'CREATOR plan',
  cardholder: { phone: '', name: '王小明', email: 'owner@example.com' },
  remember: true,
  threeDomainSecure: { returnUrl, notifyUrl },
});

/** getPrime's call from the number field. */
async function getPrime(card: Record<string, unknown>) {
  const res = await fetch(`${fake.url}/sdk/prime`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app_id: fake.appId, app_key: fake.appKey, server_type: 'sandbox', ...card }),
  });
  return (await res.json()) as { status: number; msg: string; card?: { prime: string; lastfour: string } };
}

const card = (number: string) => ({ number, expiry: '12/39', ccv: '123' });

describe('the fake TPDirect', () => {
  it('serves the script (a TPDirect global) and the field pages', async () => {
    const script = await fetch(fake.sdkUrl);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const text = await script.text();
    expect(text).toContain('window.TPDirect');
    for (const api of ['setupSDK', 'onUpdate', 'getTappayFieldsStatus', 'getPrime'])
      expect(text).toContain(api);
    const field = await fetch(
      `${fake.url}/sdk/field?field=number&session=s&origin=http://a.test&placeholder=%3Cb%3E`,
    );
    const html = await field.text();
    expect(html).toContain('<input id="field"');
    // The placeholder is the page's text, never its markup.
    expect(html).toContain('placeholder="&lt;b&gt;"');
  });

  it('getPrime: the app id and key, then the card, are checked; a prime of the card’s kind', async () => {
    expect(await getPrime({ ...card(FAKE_CARDS.pays), app_key: 'app_wrong' })).toMatchObject({
      status: 1001,
    });
    expect((await getPrime(card('4242424242424241'))).status).not.toBe(0);
    expect((await getPrime({ ...card(FAKE_CARDS.pays), expiry: '01/20' })).status).not.toBe(0);
    expect((await getPrime({ ...card(FAKE_CARDS.pays), ccv: '1' })).status).not.toBe(0);
    expect(await getPrime(card(FAKE_CARDS.refused))).toEqual(PRIME_REFUSED);
    const ok = await getPrime(card(FAKE_CARDS.pays));
    expect(ok).toMatchObject({ status: 0, msg: 'Success', card: { lastfour: '4242' } });
    expect(ok.card?.prime).toMatch(/^test_ok_/);
    expect((await getPrime(card(FAKE_CARDS.declined))).card?.prime).toMatch(/^test_declined_/);
    expect((await getPrime(card(FAKE_CARDS.fails3ds))).card?.prime).toMatch(/^test_fails3ds_/);
  });

  it('a declined card’s prime is declined by Pay by Prime (TapPay’s code)', async () => {
    const prime = (await getPrime(card(FAKE_CARDS.declined))).card?.prime ?? '';
    expect(await gateway().payByPrime(charge(prime))).toMatchObject({ status: 'declined', code: '10003' });
  });
});

describe('the fake’s 3-D Secure', () => {
  it('takes result addresses over https or to this machine only, as TapPay takes https', async () => {
    const prime = (await getPrime(card(FAKE_CARDS.pays))).card?.prime ?? '';
    await expect(
      gateway().payByPrime(charge(prime, 'http://admin.example.com/plan/paid', 'http://admin.example.com/n')),
    ).rejects.toThrow(/513/);
    // The prime was not spent on the refused request.
    expect((await gateway().payByPrime(charge(prime, 'https://admin.example.com/plan/paid'))).status).toBe(
      'pending',
    );
  });

  it('Complete: the trade is paid, the Backend Notify posted, the window sent back with the trade', async () => {
    const prime = (await getPrime(card(FAKE_CARDS.pays))).card?.prime ?? '';
    const g = gateway();
    const result = await g.payByPrime(charge(prime));
    if (result.status !== 'pending') throw new Error('not pending');
    expect(result.card?.lastFour).toBe('4242');
    expect(result.redirectUrl).toBe(`${fake.url}/3ds/${result.tradeId}`);
    const page = await fetch(result.redirectUrl);
    expect(await page.text()).toContain('Complete');

    received.length = 0;
    const answered = await fetch(result.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'answer=complete',
      redirect: 'manual',
    });
    expect(answered.status).toBe(303);
    const back = new URL(answered.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${product}/plan/paid`);
    expect(back.searchParams.get('rec_trade_id')).toBe(result.tradeId);
    expect(back.searchParams.get('status')).toBe('0');
    expect(back.searchParams.get('order_number')).toMatch(/^S9-fake-/);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toMatchObject({ rec_trade_id: result.tradeId, status: 0 });
    expect(fake.notifications.at(-1)).toMatchObject({ url: `${product}/notify`, status: 200 });
    // What the notification names is what the record says: paid.
    expect(await g.verifyNotification(received[0].body, {})).toMatchObject({
      status: 'paid',
      tradeId: result.tradeId,
    });
    // Answered once: the page waits for nothing any more.
    expect((await fetch(result.redirectUrl)).status).toBe(404);
  });

  it('a card failing 3-D Secure fails even when completed; Fail fails any card', async () => {
    for (const [number, answer] of [
      [FAKE_CARDS.fails3ds, 'complete'],
      [FAKE_CARDS.pays, 'fail'],
    ] as const) {
      const prime = (await getPrime(card(number))).card?.prime ?? '';
      const g = gateway();
      const result = await g.payByPrime(charge(prime));
      if (result.status !== 'pending') throw new Error('not pending');
      const answered = await fetch(result.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `answer=${answer}`,
        redirect: 'manual',
      });
      expect(new URL(answered.headers.get('location') ?? '').searchParams.get('status')).not.toBe('0');
      expect(await g.query(result.tradeId)).toMatchObject({ status: 'failed' });
    }
  });
});
