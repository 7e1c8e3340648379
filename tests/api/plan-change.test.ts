/**
 * plan/change's rules (docs/payments-and-plans.md, "Plans"): an upgrade now, the price difference for the days
 * left charged on the card on file (declined: nothing changes, 19006; no answer: 19005, and no second charge
 * meanwhile); a downgrade at the period's end, taken back by choosing the current plan again; the preview's
 * over_limits; plan/current's payments and card.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentReply, SubscriptionReply } from '../../contract/billing';
import { Code } from '../../contract/codes';
import { ROLE } from '../../contract/permissions';
import { prorate } from '../../server/modules/plans/change';
import { payments, siteSubscriptions, sites } from '../../server/modules/tables';
import { answer3ds, payerFor } from '../fixtures/billing';
import { type Client, createTestApp, ok, register, signInOwner, type TestApp } from '../fixtures/testApp';

const DAY = 86_400_000;
let t: TestApp;
let buyer: Client;
let siteId: number;

const change = (id: number, force = false) => buyer.call<SubscriptionReply>('plan/change', { id, force });
async function subscription() {
  const [row] = await t.database.db
    .select()
    .from(siteSubscriptions)
    .where(eq(siteSubscriptions.siteId, siteId));
  return row;
}
const serviceOf = async () =>
  (await t.database.db.select().from(sites).where(eq(sites.id, siteId)))[0].serviceId;
const renderVersionOf = async () =>
  (await t.database.db.select().from(sites).where(eq(sites.id, siteId)))[0].renderVersion;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await register(t, 'buyer@example.com', 'secret-pass-1', 'Buyer');
  const paid = ok(
    await buyer.call<PaymentReply>('site/init', {
      slug: 'change-shop',
      site_name: 'Change shop',
      plan: 3,
      ...payerFor(t),
      invoice: { mode: 'company', company: { tax: '04595257', name: '範例公司' } },
    }),
  );
  await answer3ds(t, paid.redirect_url as string, true);
  expect(ok(await buyer.call<PaymentReply>('site/payment', { order_number: paid.order_number })).status).toBe(
    'paid',
  );
  siteId = paid.site;
  ok(await buyer.call('site/switch', { id: siteId }));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Each case starts on CREATOR (799), 10 days into a 30-day period, with no change this month.
  await t.database.db
    .update(siteSubscriptions)
    .set({
      planId: 3,
      nextPlanId: null,
      changedAt: null,
      periodStart: new Date(t.clock.now - 10 * DAY),
      periodEnd: new Date(t.clock.now + 20 * DAY),
    })
    .where(eq(siteSubscriptions.siteId, siteId));
  await t.database.db.update(sites).set({ serviceId: 3 }).where(eq(sites.id, siteId));
});

describe('proration', () => {
  it('charges the difference for the days left, a begun day counted, rounded to whole TWD', () => {
    const start = new Date(0);
    const end = new Date(30 * DAY);
    expect(prorate(799, 1599, start, end, 10 * DAY)).toBe(533); // 800 × 20/30 = 533.3
    expect(prorate(799, 1599, start, end, 10 * DAY + 1)).toBe(533); // the 11th day has begun: still 20 left
    expect(prorate(799, 1599, start, end, 0)).toBe(800);
    expect(prorate(799, 1599, start, end, 30 * DAY)).toBe(0);
    expect(prorate(799, 299, start, end, 0)).toBe(0);
    expect(prorate(299, 6399, start, end, 29 * DAY)).toBe(203); // 6100 / 30 = 203.3
  });
});

describe('an upgrade', () => {
  it('previews the charge, then charges the card on file and takes effect now; the period end stays', async () => {
    const before = await subscription();
    const preview = ok(await change(4));
    expect(preview).toMatchObject({
      plan: 4,
      applied: false,
      effective: 'now',
      charge: 533,
      over_limits: [],
    });
    expect(await subscription()).toMatchObject({ planId: 3, changedAt: null });

    // The plan's features show on the public pages (the shop's cart link): their cache moves on with the switch.
    const rendered = await renderVersionOf();
    const done = ok(await change(4, true));
    expect(await renderVersionOf()).toBe(rendered + 1);
    expect(done).toMatchObject({ plan: 4, applied: true, effective: 'now', charge: 533, next_plan: null });
    expect(done.period_end).toBe(before.periodEnd?.toISOString());
    expect(await serviceOf()).toBe(4);
    const [latest] = done.payments;
    expect(latest).toMatchObject({ kind: 'change', plan: 4, amount: 533, status: 'paid' });
    expect(done.card).toEqual({ last_four: '4242', expiry: expect.any(String) });
    // Its e-invoice once, to the company the buyer named at first.
    expect(t.invoices.filter((i) => i.orderNumber === latest.order_number)).toEqual([
      expect.objectContaining({ amount: 533, invoice: expect.objectContaining({ mode: 'company' }) }),
    ]);
    // One change a month.
    expect((await change(5)).code).toBe(Code.PLAN_ALREADY_CHANGED);
  });

  it('declined on the card on file: nothing changes (19006)', async () => {
    const payByToken = t.sandbox.payByToken;
    t.sandbox.payByToken = async () => ({ status: 'declined', code: 'declined', message: 'no' });
    const r = await change(5, true).finally(() => {
      t.sandbox.payByToken = payByToken;
    });
    expect(r.code).toBe(Code.CHARGE_DECLINED);
    expect(await subscription()).toMatchObject({ planId: 3, changedAt: null });
    expect(await serviceOf()).toBe(3);
    const current = ok(await buyer.call<SubscriptionReply>('plan/current', {}));
    expect(current.payments[0]).toMatchObject({ kind: 'change', plan: 5, status: 'failed' });
  });

  it('the gateway gives no answer: nothing changes (19005), and no second charge while it may be paid', async () => {
    const payByToken = t.sandbox.payByToken;
    let calls = 0;
    t.sandbox.payByToken = async () => {
      calls++;
      throw new Error('socket hang up');
    };
    try {
      expect((await change(5, true)).code).toBe(Code.PAYMENT_UNCONFIRMED);
      expect(await subscription()).toMatchObject({ planId: 3, changedAt: null });
      expect((await change(5, true)).code).toBe(Code.PAYMENT_IN_PROGRESS);
      expect(calls).toBe(1);
    } finally {
      t.sandbox.payByToken = payByToken;
    }
    const open = await t.database.db.select().from(payments).where(eq(payments.status, 'pending'));
    expect(open.map((p) => [p.kind, p.planId])).toEqual([['change', 5]]);
    // Once its window has passed with no record at the gateway, it failed and the upgrade may be tried again.
    t.clock.advance(16 * 60_000);
    expect(ok(await change(5, true))).toMatchObject({ plan: 5, applied: true });
  });
});

describe('a downgrade', () => {
  it('previews the limits the site is over, waits for the period end, and can be taken back', async () => {
    // CREATOR allows 5 staff: the owner and two open invitations are 3, over STARTER's 2.
    for (const email of ['a@example.com', 'b@example.com'])
      ok(await buyer.call('member/invite', { email, nickname: email, roles: ROLE.EDITOR }));
    const preview = ok(await change(2));
    expect(preview).toMatchObject({
      plan: 3,
      next_plan: 2,
      applied: false,
      effective: 'period_end',
      charge: 0,
      over_limits: [{ what: 'staff', used: 3, limit: 2 }],
    });
    expect((await subscription()).nextPlanId).toBeNull();

    const done = ok(await change(2, true));
    expect(done).toMatchObject({ plan: 3, next_plan: 2, applied: true, effective: 'period_end' });
    expect(await serviceOf()).toBe(3);
    const current = ok(await buyer.call<SubscriptionReply>('plan/current', {}));
    expect(current).toMatchObject({ plan: 3, next_plan: 2 });
    // Another plan this month: 19001. Taking the downgrade back is always allowed.
    expect((await change(4, true)).code).toBe(Code.PLAN_ALREADY_CHANGED);
    expect(ok(await change(3))).toMatchObject({ plan: 3, next_plan: null, applied: false });
    expect(ok(await change(3, true))).toMatchObject({ plan: 3, next_plan: null, applied: true });
    expect(await subscription()).toMatchObject({ planId: 3, nextPlanId: null });
    expect((await change(2, true)).code).toBe(Code.PLAN_ALREADY_CHANGED);
  });
});

describe('the seeded demo site', () => {
  it('is on an active plan with a card the sandbox knows: its owner can upgrade on a fresh install', async () => {
    const { owner, demoSiteId } = await signInOwner(t);
    const current = ok(await owner.call<SubscriptionReply>('plan/current'));
    expect(current).toMatchObject({ status: 'active', card: { last_four: '4242' } });
    const preview = ok(await owner.call<SubscriptionReply>('plan/change', { id: 5, force: false }));
    expect(preview).toMatchObject({ effective: 'now', applied: false });
    expect(preview.charge).toBeGreaterThan(0);
    expect(ok(await owner.call<SubscriptionReply>('plan/change', { id: 5, force: true }))).toMatchObject({
      plan: 5,
      applied: true,
    });
    const [charged] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.siteId, demoSiteId))
      .orderBy(desc(payments.id))
      .limit(1);
    expect(charged).toMatchObject({ kind: 'change', status: 'paid', amount: preview.charge });
  });
});
