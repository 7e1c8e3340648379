/**
 * E-invoices of the site plans' charges through the ezPay issuer and a local fake of ezPay's API
 * (tests/fixtures/fakeEzPay.ts), over HTTP on the sandbox gateway: one invoice per charge even with the window and
 * the gateway's notification settling at once and the notification repeated; a provider failure retried by the
 * invoice job into exactly one invoice (also when the first answer was lost: the order number is read back), given up
 * after the last retry; two job instances never both issue; the invoice number in plan/current; one receipt mail per
 * charge (a renewal's too, for its new period) with the amount, plan, period, card and invoice number, after the
 * invoice (or its giving up), at once with the log issuer; a whole refund voids the invoice and a part of one adds
 * an allowance, once, a failed void retried by the job.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentReply, SubscriptionReply } from '../../contract/billing';
import { wallTime } from '../../contract/zoned';
import { ezPayInvoices } from '../../server/adapters/invoice/ezpay';
import { mailQueue } from '../../server/adapters/outbox';
import { INVOICE_MAX_ATTEMPTS, INVOICE_RETRY_MS, paymentPaid } from '../../server/modules/plans/invoicing';
import { RefundRefused, refundPayment } from '../../server/modules/plans/refund';
import { paymentInvoices, payments } from '../../server/modules/tables';
import { answer3ds, payerFor, paymentByOrder } from '../fixtures/billing';
import { type FakeEzPay, startFakeEzPay } from '../fixtures/fakeEzPay';
import { type Client, createTestApp, ok, register, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let fake: FakeEzPay;
let buyer: Client;
const EMAIL = 'invoice-buyer@example.com';

/** The payment's invoice row. */
async function invoiceOf(orderNumber: string) {
  const payment = await paymentByOrder(t, orderNumber);
  const [row] = await t.database.db
    .select()
    .from(paymentInvoices)
    .where(eq(paymentInvoices.paymentId, payment.id));
  return row;
}
/** Issue calls the fake received for a provider order number, repeats included. */
const issueCalls = (providerOrder: string) =>
  fake.requests.filter((r) => r.api === 'invoice_issue' && r.params.MerchantOrderNo === providerOrder).length;
/** Receipts mailed to `email` since the last look (`mails` keeps every mail sent). */
const seen = new Set<unknown>();
async function receiptsTo(email: string) {
  const fresh = (await t.flushMail()).filter((m) => !seen.has(m));
  for (const m of fresh) seen.add(m);
  return fresh.filter((m) => m.to === email && m.subject.includes('付款收據'));
}

/** A new site paid through the wizard's 3-D Secure window (its site/payment settling it). */
async function buySite(slug: string, plan = 3): Promise<PaymentReply> {
  const r = ok(
    await buyer.call<PaymentReply>('site/init', { slug, site_name: `Site ${slug}`, plan, ...payerFor(t) }),
  );
  await answer3ds(t, r.redirect_url as string, true);
  expect(ok(await buyer.call<PaymentReply>('site/payment', { order_number: r.order_number })).status).toBe(
    'paid',
  );
  return r;
}

const refundDeps = () => ({
  db: t.database.db,
  now: () => t.clock.now,
  log: t.app.log,
  config: t.config,
  outbox: mailQueue(t.database.db, () => t.clock.now),
  invoice: issuer,
  payment: t.sandbox,
});
let issuer: ReturnType<typeof ezPayInvoices>;

beforeAll(async () => {
  fake = await startFakeEzPay();
  issuer = ezPayInvoices({
    baseUrl: fake.url,
    merchantId: fake.merchantId,
    hashKey: fake.hashKey,
    hashIv: fake.hashIv,
    timeoutMs: 1_000,
  });
  t = await createTestApp({ invoice: issuer });
  buyer = await register(t, EMAIL, 'secret-pass-1', '王小明');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('one invoice per charge', () => {
  it('with the window and the notification settling at once, and the notification repeated', async () => {
    await receiptsTo(EMAIL);
    const r = ok(
      await buyer.call<PaymentReply>('site/init', {
        slug: 'inv-race',
        site_name: 'Invoice race',
        plan: 4,
        ...payerFor(t),
        invoice: { mode: 'member', member: { mode: 'barcode', barcode: '/ABC+123' } },
      }),
    );
    await answer3ds(t, r.redirect_url as string, true);
    const [n] = t.notifications.filter((x) => x.body.includes(r.order_number));
    const [notified, windowed] = await Promise.all([
      t.deliver(n),
      buyer.call<PaymentReply>('site/payment', { order_number: r.order_number }),
    ]);
    expect(notified.status).toBe(200);
    expect(ok(windowed).status).toBe('paid');
    expect((await t.deliver(n)).status).toBe(200);
    const row = await invoiceOf(r.order_number);
    expect(row).toMatchObject({ status: 'issued', attempts: 1, nextAttemptAt: null });
    expect(row.providerOrder).toMatch(/^[A-Z0-9_]{1,20}$/);
    expect(issueCalls(row.providerOrder)).toBe(1);
    const made = fake.invoices.get(row.providerOrder);
    expect(made?.number).toBe(row.number);
    expect(made?.params).toMatchObject({ CarrierType: '0', CarrierNum: '/ABC+123', TotalAmt: '1599' });

    // The receipt, once, after the invoice: amount, plan, period, card and invoice number.
    const receipts = await receiptsTo(EMAIL);
    expect(receipts).toHaveLength(1);
    const payment = await paymentByOrder(t, r.order_number);
    const sub = ok(await buyer.call('site/switch', { id: r.site }));
    expect(sub).toBeDefined();
    const current = ok(await buyer.call<SubscriptionReply>('plan/current', {}));
    const day = (iso: string | null) => wallTime(iso as string, 'Asia/Taipei').date;
    expect(receipts[0].subject).toContain('NT$1,599');
    for (const part of [
      'TEAM+',
      'NT$1,599',
      '4242',
      row.number as string,
      day(current.period_start),
      day(current.period_end),
      payment.orderNumber,
    ])
      expect(receipts[0].text).toContain(part);
    // plan/current lists it.
    expect(current.payments.find((p) => p.order_number === r.order_number)?.invoice_number).toBe(row.number);
    await t.invoicesDue();
    expect(await receiptsTo(EMAIL)).toEqual([]);
  });

  it('when two settlers report the same payment paid at once', async () => {
    const r = await buySite('inv-twice');
    const payment = await paymentByOrder(t, r.order_number);
    const before = fake.requests.length;
    // As if a second settler had flipped it too: both calls find the row made, neither issues again.
    await Promise.all([paymentPaid(refundDeps(), payment), paymentPaid(refundDeps(), payment)]);
    expect(fake.requests.length).toBe(before);
    const row = await invoiceOf(r.order_number);
    expect(issueCalls(row.providerOrder)).toBe(1);
    expect(await receiptsTo(EMAIL)).toHaveLength(1);
  });
});

describe('a provider that fails', () => {
  it('is retried by the job after the wait, into exactly one invoice; the receipt waits for it', async () => {
    fake.failNext(1, 'http500');
    const r = await buySite('inv-retry');
    const failed = await invoiceOf(r.order_number);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, number: null });
    expect(failed.lastError).toContain('HTTP 500');
    expect(await receiptsTo(EMAIL)).toEqual([]);
    // Not before its time.
    await t.invoicesDue();
    expect((await invoiceOf(r.order_number)).attempts).toBe(1);
    t.clock.advance(INVOICE_RETRY_MS[0]);
    // Two instances' passes at once: one takes it.
    await Promise.all([t.invoicesDue(), t.invoicesDue()]);
    const row = await invoiceOf(r.order_number);
    expect(row).toMatchObject({ status: 'issued', attempts: 2, lastError: null });
    expect([...fake.invoices.values()].filter((i) => i.merchantOrderNo === row.providerOrder)).toHaveLength(
      1,
    );
    expect(issueCalls(row.providerOrder)).toBe(2);
    const receipts = await receiptsTo(EMAIL);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain(row.number as string);
  });

  it('after a lost answer: the retry is told it was issued and keeps that invoice', async () => {
    fake.failNext(1, 'answer-lost');
    const r = await buySite('inv-lost');
    const pending = await invoiceOf(r.order_number);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    const made = fake.invoices.get(pending.providerOrder);
    expect(made).toBeDefined();
    t.clock.advance(INVOICE_RETRY_MS[0]);
    await t.invoicesDue();
    expect(await invoiceOf(r.order_number)).toMatchObject({ status: 'issued', number: made?.number });
    expect(
      [...fake.invoices.values()].filter((i) => i.merchantOrderNo === pending.providerOrder),
    ).toHaveLength(1);
    expect(await receiptsTo(EMAIL)).toHaveLength(1);
  });

  it('is given up after the last retry, and the receipt goes without a number', async () => {
    fake.failNext(INVOICE_MAX_ATTEMPTS, 'error');
    const r = await buySite('inv-down');
    for (const wait of INVOICE_RETRY_MS) {
      expect(await receiptsTo(EMAIL)).toEqual([]);
      t.clock.advance(wait);
      await t.invoicesDue();
    }
    const row = await invoiceOf(r.order_number);
    expect(row).toMatchObject({ status: 'failed', attempts: INVOICE_MAX_ATTEMPTS, number: null });
    expect(row.lastError).toContain('NOR10001');
    expect(issueCalls(row.providerOrder)).toBe(INVOICE_MAX_ATTEMPTS);
    const receipts = await receiptsTo(EMAIL);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain('尚未開立');
    t.clock.advance(INVOICE_RETRY_MS[INVOICE_RETRY_MS.length - 1]);
    await t.invoicesDue();
    expect(issueCalls(row.providerOrder)).toBe(INVOICE_MAX_ATTEMPTS);
  });
});

describe('refunds', () => {
  it('a whole refund voids the invoice, once', async () => {
    const r = await buySite('inv-void');
    const row = await invoiceOf(r.order_number);
    expect(row.status).toBe('issued');
    expect(await refundPayment(refundDeps(), r.order_number)).toEqual({ refunded: 799, invoice: true });
    expect(fake.invoices.get(row.providerOrder)?.status).toBe('void');
    expect(await invoiceOf(r.order_number)).toMatchObject({ status: 'void', refundState: 'done' });
    expect((await paymentByOrder(t, r.order_number)).status).toBe('refunded');
    await expect(refundPayment(refundDeps(), r.order_number)).rejects.toBeInstanceOf(RefundRefused);
    expect(
      fake.requests.filter((q) => q.api === 'invoice_invalid' && q.params.InvoiceNumber === row.number),
    ).toHaveLength(1);
  });

  it('a part of one adds an allowance of that part', async () => {
    const r = await buySite('inv-part');
    const row = await invoiceOf(r.order_number);
    expect(await refundPayment(refundDeps(), r.order_number, 300)).toEqual({ refunded: 300, invoice: true });
    const after = await invoiceOf(r.order_number);
    expect(after).toMatchObject({ status: 'allowance', refundState: 'done', refundAmount: 300 });
    expect(fake.invoices.get(row.providerOrder)?.allowances.get(after.allowanceNumber as string)).toBe(300);
    expect(fake.invoices.get(row.providerOrder)?.status).toBe('issued');
  });

  it('a void the provider failed is retried by the job', async () => {
    const r = await buySite('inv-void-retry');
    const row = await invoiceOf(r.order_number);
    fake.failNext(1, 'http500');
    await refundPayment(refundDeps(), r.order_number);
    expect(await invoiceOf(r.order_number)).toMatchObject({ status: 'issued', refundState: 'pending' });
    t.clock.advance(INVOICE_RETRY_MS[0]);
    await t.invoicesDue();
    expect(await invoiceOf(r.order_number)).toMatchObject({ status: 'void', refundState: 'done' });
    expect(fake.invoices.get(row.providerOrder)?.status).toBe('void');
  });
});

describe('a renewal (the clock a period on: last)', () => {
  it('is invoiced and receipted once, for the new period', async () => {
    const r = await buySite('inv-renew');
    await receiptsTo(EMAIL);
    ok(await buyer.call('site/switch', { id: r.site }));
    const before = ok(await buyer.call<SubscriptionReply>('plan/current', {}));
    t.clock.advance(new Date(before.period_end as string).getTime() - t.clock.now + 1_000);
    const renewals = t.startRenewals();
    await renewals.pass();
    await renewals.pass();
    // Sessions idle out over the month the clock jumped.
    const owner = t.client();
    ok(await owner.login(EMAIL, 'secret-pass-1'));
    ok(await owner.call('site/switch', { id: r.site }));
    const after = ok(await owner.call<SubscriptionReply>('plan/current', {}));
    const [renewal] = after.payments.filter((p) => p.kind === 'renewal');
    expect(renewal).toMatchObject({
      status: 'paid',
      invoice_number: expect.stringMatching(/^[A-Z]{2}\d{8}$/),
    });
    // Every site of the buyer renewed; this one's receipt, once.
    const receipts = (await receiptsTo(EMAIL)).filter((m) => m.subject.includes('Site inv-renew'));
    expect(receipts).toHaveLength(1);
    const day = (iso: string | null) => wallTime(iso as string, 'Asia/Taipei').date;
    for (const part of [
      '續訂',
      renewal.invoice_number as string,
      day(after.period_start),
      day(after.period_end),
    ])
      expect(receipts[0].text).toContain(part);
    await renewals.stop();
  });
});

describe('the log issuer', () => {
  it('issues nothing, and the receipt goes at once', async () => {
    const logged = await createTestApp({ seed: false });
    try {
      const c = await register(logged, 'logged@example.com', 'secret-pass-1', 'Logged');
      const r = ok(
        await c.call<PaymentReply>('site/init', {
          slug: 'inv-log',
          site_name: 'Logged',
          plan: 2,
          ...payerFor(logged),
        }),
      );
      await answer3ds(logged, r.redirect_url as string, true);
      ok(await c.call('site/payment', { order_number: r.order_number }));
      const [payment] = await logged.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderNumber, r.order_number));
      const [row] = await logged.database.db
        .select()
        .from(paymentInvoices)
        .where(eq(paymentInvoices.paymentId, payment.id));
      expect(row).toMatchObject({ status: 'logged', number: null });
      const receipts = (await logged.flushMail()).filter(
        (m) => m.to === 'logged@example.com' && m.subject.includes('付款收據'),
      );
      expect(receipts).toHaveLength(1);
      expect(receipts[0].text).toContain('NT$299');
      expect(logged.invoices.filter((i) => i.orderNumber === r.order_number)).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});
