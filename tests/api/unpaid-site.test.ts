/**
 * A site whose first payment has not succeeded says so to its owner (plan/current's `pending` and plan, the
 * banner's signal) until it is paid; SPEC §3's payer fields `address` and `payment` (card only) are checked and kept; the payment window's
 * first page ("connecting to your bank…") speaks the buyer's language and keeps the window's opener.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYER_ADDRESS_MAX, type PaymentReply, type SubscriptionReply } from '../../contract/billing';
import { Code } from '../../contract/codes';
import { PAYMENT_CONNECTING_PATH } from '../../contract/plans';
import type { Session } from '../../contract/session';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { payments } from '../../server/modules/tables';
import { answer3ds, payerFor } from '../fixtures/billing';
import { type Client, createTestApp, fieldErrors, ok, register, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let buyer: Client;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await register(t, 'unpaid@example.com', 'secret-pass-1', 'Unpaid');
});
afterAll(async () => {
  await t?.close();
});

const current = async (who: Client) => ok(await who.call<Session>('member/status')).site.current;

describe('an unpaid site', () => {
  it('is pending on its chosen plan from a failed first payment until the payment succeeds', async () => {
    // The site made at registration was never sent to pay: it has no subscription.
    expect((await buyer.call('plan/current')).code).toBe(Code.PLAN_NOT_ACTIVE);
    const failed = ok(
      await buyer.call<PaymentReply>('site/init', {
        slug: 'unpaid-shop',
        site_name: 'Unpaid shop',
        plan: 3,
        ...payerFor(t, SANDBOX_CARDS.declined),
      }),
    );
    expect(failed.status).toBe('failed');
    ok(await buyer.call('site/switch', { id: failed.site }));
    expect(await current(buyer)).toMatchObject({ id: failed.site, service: null });
    expect(ok(await buyer.call<SubscriptionReply>('plan/current'))).toMatchObject({
      status: 'pending',
      plan: 3,
    });

    const open = ok(await buyer.call<PaymentReply>('site/retry', { site: failed.site, ...payerFor(t) }));
    await answer3ds(t, open.redirect_url as string, true);
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: open.order_number })).status,
    ).toBe('paid');
    expect(await current(buyer)).toMatchObject({ id: failed.site, service: { id: 3 } });
    expect(ok(await buyer.call<SubscriptionReply>('plan/current'))).toMatchObject({
      status: 'active',
      plan: 3,
    });
  });
});

describe('the payer fields of SPEC §3', () => {
  it('keep the address, take only the card (payment 1), and refuse what breaks their rules', async () => {
    const payer = { ...payerFor(t, SANDBOX_CARDS.declined), address: '台北市信義區市府路 1 號', payment: 1 };
    const r = ok(
      await buyer.call<PaymentReply>('site/init', {
        slug: 'address-shop',
        site_name: 'A',
        plan: 2,
        ...payer,
      }),
    );
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderNumber, r.order_number));
    expect(row).toMatchObject({ address: '台北市信義區市府路 1 號', method: 1 });
    const refused = await buyer.call('site/init', {
      slug: 'address-shop-2',
      site_name: 'A',
      plan: 2,
      ...payerFor(t),
      address: 'x'.repeat(PAYER_ADDRESS_MAX + 1),
      payment: 2,
    });
    expect(Object.keys(fieldErrors(refused)).sort()).toEqual(['address', 'payment']);
  });
});

describe('the payment window’s first page', () => {
  it('says it is connecting to the bank in the asked language, and keeps its opener', async () => {
    for (const [lang, words] of [
      ['en', 'Connecting to your bank…'],
      ['ja', '銀行に接続しています…'],
      ['zh-TW', '正在連線到你的銀行…'],
      ['<script>', '正在連線到你的銀行…'],
    ]) {
      const res = await t.app.inject({ url: `${PAYMENT_CONNECTING_PATH}?lang=${encodeURIComponent(lang)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(res.body).toContain(words);
      expect(res.body).not.toContain('<script');
    }
  });
});
