/**
 * The ezPay e-invoice issuer (server/adapters/invoice/ezpay.ts) against the local fake of ezPay's API
 * (tests/fixtures/fakeEzPay.ts): PostData_ encrypted with the merchant's key and IV (another key or merchant is
 * refused as ezPay refuses it), the fields each buyer's choice sends, the tax split, the CheckCode of every answer
 * verified (a tampered answer is refused), a duplicate order number read back instead of issued twice, void (twice is
 * still one void) and allowance, and failures as typed errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCode,
  clip,
  decryptPostData,
  encryptPostData,
  ezPayInvoices,
  splitTax,
} from '../../server/adapters/invoice/ezpay';
import { InvoiceIssuerError, type InvoiceRequest } from '../../server/adapters/invoice/issuer';
import { invoiceConfig } from '../../server/config';
import { type FakeEzPay, startFakeEzPay } from '../fixtures/fakeEzPay';

let fake: FakeEzPay;
let seq = 0;

const issuerFor = (f: FakeEzPay, over: { hashKey?: string; merchantId?: string; timeoutMs?: number } = {}) =>
  ezPayInvoices({
    baseUrl: f.url,
    merchantId: over.merchantId ?? f.merchantId,
    hashKey: over.hashKey ?? f.hashKey,
    hashIv: f.hashIv,
    timeoutMs: over.timeoutMs ?? 5_000,
  });

function request(over: Partial<InvoiceRequest> = {}): InvoiceRequest {
  seq += 1;
  return {
    orderNumber: `S1-test-${seq}`,
    providerOrder: `T${Date.now().toString(36)}_${seq}`,
    siteId: 1,
    amount: 1599,
    item: 'CREATOR plan (init)',
    paidAt: new Date(),
    invoice: { mode: 'donation', donation: { code: '0958' } },
    buyerName: '王小明',
    buyerEmail: 'owner@example.com',
    buyerAddress: '台北市信義區市府路 1 號',
    ...over,
  };
}

const lastParams = () => fake.requests[fake.requests.length - 1].params;

beforeAll(async () => {
  fake = await startFakeEzPay();
});
afterAll(() => fake.close());

describe('the encryption and the check code', () => {
  it('round-trips PostData_ and needs the same key to read it', () => {
    const params = { MerchantOrderNo: 'A_1', BuyerName: '王 小明&=?', TotalAmt: '100' };
    const hex = encryptPostData(params, fake.hashKey, fake.hashIv);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(Object.fromEntries(decryptPostData(hex, fake.hashKey, fake.hashIv))).toEqual(params);
    expect(() => decryptPostData(hex, 'x'.repeat(32), fake.hashIv)).toThrow();
  });

  it('is SHA-256 of the sorted fields between HashIV and HashKey, upper-case', async () => {
    const { createHash } = await import('node:crypto');
    const expected = createHash('sha256')
      .update(
        'HashIV=iv&InvoiceTransNo=T1&MerchantID=M&MerchantOrderNo=O&RandomNum=1234&TotalAmt=500&HashKey=key',
      )
      .digest('hex')
      .toUpperCase();
    expect(
      checkCode(
        { TotalAmt: 500, RandomNum: '1234', MerchantOrderNo: 'O', MerchantID: 'M', InvoiceTransNo: 'T1' },
        'key',
        'iv',
      ),
    ).toBe(expected);
  });

  it('splits the tax out of a taxed total and bounds fields', () => {
    expect(splitTax(1599)).toEqual({ amt: 1523, tax: 76 });
    expect(splitTax(105)).toEqual({ amt: 100, tax: 5 });
    expect(splitTax(1)).toEqual({ amt: 1, tax: 0 });
    expect(clip('一二三四五六七八九十'.repeat(4), 30)).toHaveLength(30);
    expect(clip('a|b\nc', 10)).toBe('a b c');
  });
});

describe('issuing', () => {
  it('issues a donated invoice with the provider’s number and verified check code', async () => {
    const req = request();
    const issued = await issuerFor(fake).issue(req);
    expect(issued?.number).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(issued?.randomNumber).toMatch(/^\d{4}$/);
    expect(fake.invoices.get(req.providerOrder)?.number).toBe(issued?.number);
    expect(lastParams()).toMatchObject({
      RespondType: 'JSON',
      Version: '1.5',
      MerchantOrderNo: req.providerOrder,
      Status: '1',
      Category: 'B2C',
      BuyerName: '王小明',
      BuyerAddress: '台北市信義區市府路 1 號',
      LoveCode: '0958',
      CarrierType: '',
      PrintFlag: 'N',
      TaxType: '1',
      TaxRate: '5',
      Amt: '1523',
      TaxAmt: '76',
      TotalAmt: '1599',
      ItemPrice: '1599',
      ItemAmt: '1599',
      ItemCount: '1',
    });
  });

  it('sends a mobile barcode, a certificate, and a company (B2B, printed, priced before tax)', async () => {
    const issuer = issuerFor(fake);
    await issuer.issue(
      request({ invoice: { mode: 'member', member: { mode: 'barcode', barcode: '/ABC+123' } } }),
    );
    expect(lastParams()).toMatchObject({
      CarrierType: '0',
      CarrierNum: '/ABC+123',
      LoveCode: '',
      PrintFlag: 'N',
    });
    await issuer.issue(
      request({ invoice: { mode: 'member', member: { mode: 'natural', natural: 'AB12345678901234' } } }),
    );
    expect(lastParams()).toMatchObject({ CarrierType: '1', CarrierNum: 'AB12345678901234' });
    await issuer.issue(
      request({
        amount: 2000,
        invoice: { mode: 'company', company: { tax: '04595257', name: '某某股份有限公司' } },
      }),
    );
    expect(lastParams()).toMatchObject({
      Category: 'B2B',
      BuyerUBN: '04595257',
      BuyerName: '某某股份有限公司',
      PrintFlag: 'Y',
      Amt: '1905',
      TaxAmt: '95',
      ItemPrice: '1905',
      TotalAmt: '2000',
    });
    // Paid without the form: ezPay's own carrier under the buyer's e-mail.
    await issuer.issue(request({ invoice: null }));
    expect(lastParams()).toMatchObject({ CarrierType: '2', CarrierNum: 'owner@example.com', PrintFlag: 'N' });
  });

  it('answers a repeated order number with the invoice issued the first time (read back), not a second', async () => {
    const req = request();
    fake.failNext(1, 'answer-lost');
    const lost = issuerFor(fake, { timeoutMs: 300 });
    await expect(lost.issue(req)).rejects.toMatchObject({ kind: 'timeout' });
    const first = fake.invoices.get(req.providerOrder);
    expect(first).toBeDefined();
    const again = await issuerFor(fake).issue(req);
    expect(again?.number).toBe(first?.number);
    expect(fake.requests.slice(-2).map((r) => r.api)).toEqual(['invoice_issue', 'invoice_search']);
    expect([...fake.invoices.values()].filter((i) => i.merchantOrderNo === req.providerOrder)).toHaveLength(
      1,
    );
  });

  it('refuses an answer whose check code is not the invoice’s', async () => {
    fake.failNext(1, 'bad-check');
    await expect(issuerFor(fake).issue(request())).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('CheckCode'),
    });
  });

  it('is refused with ezPay’s codes for another key or another merchant', async () => {
    const wrongKey = issuerFor(fake, { hashKey: 'Z'.repeat(32) });
    await expect(wrongKey.issue(request())).rejects.toMatchObject({ kind: 'refused', code: 'KEY10002' });
    const wrongMerchant = issuerFor(fake, { merchantId: '99999999' });
    await expect(wrongMerchant.issue(request())).rejects.toMatchObject({ kind: 'refused', code: 'KEY10006' });
  });

  it('throws typed errors for HTTP 500, no answer and an error status', async () => {
    fake.failNext(1, 'http500');
    await expect(issuerFor(fake).issue(request())).rejects.toMatchObject({ kind: 'http' });
    fake.failNext(1, 'hang');
    await expect(issuerFor(fake, { timeoutMs: 200 }).issue(request())).rejects.toMatchObject({
      kind: 'timeout',
    });
    fake.failNext(1, 'error');
    const err = await issuerFor(fake)
      .issue(request())
      .catch((e) => e);
    expect(err).toBeInstanceOf(InvoiceIssuerError);
    expect(err).toMatchObject({ kind: 'refused', code: 'NOR10001' });
  });

  it('refuses an order number ezPay would not take, before sending', async () => {
    const before = fake.requests.length;
    await expect(
      issuerFor(fake).issue(request({ providerOrder: 'S1-too-long-and-dashed-000' })),
    ).rejects.toThrow();
    expect(fake.requests.length).toBe(before);
  });
});

describe('void and allowance', () => {
  async function issuedRef(amount = 1599) {
    const req = request({ amount });
    const issued = await issuerFor(fake).issue(req);
    if (!issued) throw new Error('not issued');
    return { ...issued, providerOrder: req.providerOrder, amount, buyerEmail: req.buyerEmail };
  }

  it('voids, and a second void (a lost answer retried) is still done', async () => {
    const ref = await issuedRef();
    await issuerFor(fake).void(ref, '退款');
    expect(fake.invoices.get(ref.providerOrder)?.status).toBe('void');
    expect(lastParams()).toMatchObject({ Version: '1.0', InvoiceNumber: ref.number, InvalidReason: '退款' });
    await expect(issuerFor(fake).void(ref, '退款')).resolves.toBeUndefined();
  });

  it('issues an allowance of part of the amount, taxed like the invoice', async () => {
    const ref = await issuedRef(1599);
    const { number } = await issuerFor(fake).allowance(ref, 500, 'CREATOR plan refund');
    expect(number).not.toBe('');
    expect(fake.invoices.get(ref.providerOrder)?.allowances.get(number)).toBe(500);
    expect(lastParams()).toMatchObject({
      InvoiceNo: ref.number,
      MerchantOrderNo: ref.providerOrder,
      ItemAmt: '476',
      ItemTaxAmt: '24',
      TotalAmt: '500',
    });
    await expect(issuerFor(fake).allowance(ref, 2000, 'x')).rejects.toMatchObject({ kind: 'refused' });
  });

  it('refuses a void answer with a wrong check code', async () => {
    const ref = await issuedRef();
    fake.failNext(1, 'bad-check');
    await expect(issuerFor(fake).void(ref, '退款')).rejects.toMatchObject({ kind: 'protocol' });
  });
});

describe('configuration', () => {
  it('is log by default; ezpay needs its merchant, a 32-character key and a 16-character IV', () => {
    expect(invoiceConfig({})).toEqual({ issuer: 'log' });
    expect(() => invoiceConfig({ INVOICE_ISSUER: 'ecpay' })).toThrow(/not known/);
    expect(() => invoiceConfig({ INVOICE_ISSUER: 'ezpay', EZPAY_MERCHANT_ID: '1' })).toThrow(/needed/);
    const env = {
      INVOICE_ISSUER: 'ezpay',
      EZPAY_MERCHANT_ID: '31090553',
      EZPAY_HASH_KEY: 'k'.repeat(32),
      EZPAY_HASH_IV: 'v'.repeat(16),
    };
    expect(invoiceConfig(env)).toEqual({
      issuer: 'ezpay',
      ezpay: {
        baseUrl: 'https://inv.ezpay.com.tw',
        merchantId: '31090553',
        hashKey: 'k'.repeat(32),
        hashIv: 'v'.repeat(16),
        timeoutMs: 20_000,
      },
    });
    expect(() => invoiceConfig({ ...env, EZPAY_HASH_KEY: 'short' })).toThrow(/32/);
    expect(() => invoiceConfig({ ...env, EZPAY_BASE_URL: 'http://inv.example.com' })).toThrow(/https/);
  });
});
