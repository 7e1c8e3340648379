/**
 * Paying for a site's plan through the sandbox gateway, over HTTP: the wizard's site/init with 3-D Secure (the
 * sandbox's own page answered), the window's site/payment that asks the gateway, declined cards and site/retry,
 * the gateway's signed notification (forgeries refused, duplicates ignored, racing the window: paid once), plan
 * changes once a month (19001), and other users' sites and payments out of reach.
 */
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentReply, PlanCard, SubscriptionReply } from '../../contract/billing';
import { Code } from '../../contract/codes';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import {
  paymentCards,
  paymentEvents,
  payments,
  roles,
  siteSubscriptions,
  sites,
} from '../../server/modules/tables';
import { answer3ds as answerOnPage, payerFor, paymentByOrder, subscriptionOf } from '../fixtures/billing';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let buyer: Client;
let stranger: Client;

const init = (c: Client, slug: string, number?: string, plan = 3) =>
  c.call<PaymentReply>('site/init', { slug, site_name: `Site ${slug}`, plan, ...payerFor(t, number) });

/** The buyer's answer on the sandbox's 3-D Secure page: the page the window opens, then its form's answer. */
async function answer3ds(redirectUrl: string, confirm: boolean): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: new URL(redirectUrl).pathname });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('3-D Secure');
  return answerOnPage(t, redirectUrl, confirm);
}

async function siteIdOf(slug: string): Promise<number> {
  const [row] = await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.slug, slug));
  return row.id;
}
const cardsOf = (siteId: number) =>
  t.database.db.select().from(paymentCards).where(eq(paymentCards.siteId, siteId));

beforeAll(async () => {
  t = await createTestApp();
  buyer = await register(t, 'buyer@example.com', 'secret-pass-1', 'Buyer');
  stranger = await register(t, 'stranger@example.com', 'secret-pass-1', 'Stranger');
});
afterAll(async () => {
  await t?.close();
});

describe('service/collection', () => {
  it('lists the plans on sale as cards, without the internal one, to anyone', async () => {
    const r = ok(await t.client().call<ListResult<PlanCard>>('service/collection', {}));
    expect(r.rows.map((p) => [p.id, p.title.en, p.price, p.members])).toEqual([
      [2, 'STARTER', 299, 500],
      [3, 'CREATOR', 799, 1000],
      [4, 'TEAM+', 1599, 1000],
      [5, 'BUSINESS', 6399, 2999],
    ]);
    expect(r.rows[1]).toMatchObject({ upload_mb: 100, newsletters: 4000, history: { count: 100, days: 14 } });
  });
});

describe('site/init with 3-D Secure', () => {
  let reply: PaymentReply;

  it('creates the site waiting for payment and answers the payment window’s address', async () => {
    reply = ok(await init(buyer, 'first-shop'));
    expect(reply).toMatchObject({
      status: 'pending',
      redirect_url: expect.stringContaining('/sandbox-gateway/3ds/'),
    });
    const [site] = await t.database.db.select().from(sites).where(eq(sites.slug, 'first-shop'));
    expect(site).toMatchObject({
      id: reply.site,
      serviceId: null,
      name: 'Site first-shop',
      published: false,
    });
    expect(await subscriptionOf(t, site.id)).toMatchObject({
      planId: 3,
      status: 'pending',
      periodStart: null,
    });
    expect(await paymentByOrder(t, reply.order_number)).toMatchObject({
      kind: 'init',
      amount: 799,
      status: 'pending',
      invoice: { mode: 'donation', donation: { code: '0958' } },
    });
    // The buyer owns it like any new site: it is in their list, with its default menu made.
    const mine = ok(await buyer.call<ListResult<{ id: number }>>('site/list', { query: { size: 100 } }));
    expect(mine.rows.map((s) => s.id)).toContain(site.id);
    // The window's message before the buyer answered: still pending, nothing applied.
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: reply.order_number })).status,
    ).toBe('pending');
  });

  it('the 4242 card confirmed on the 3-D Secure page: paid, the plan active for a month, the card kept', async () => {
    const back = await answer3ds(reply.redirect_url as string, true);
    expect(back).toContain('/plan/paid');
    const paid = ok(await buyer.call<PaymentReply>('site/payment', { order_number: reply.order_number }));
    expect(paid.status).toBe('paid');
    const sub = await subscriptionOf(t, reply.site);
    expect(sub).toMatchObject({ planId: 3, status: 'active', cancelAtPeriodEnd: false });
    expect((sub.periodEnd as Date).getTime() - (sub.periodStart as Date).getTime()).toBeGreaterThanOrEqual(
      28 * 86_400_000,
    );
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, reply.site));
    // Its first paid plan puts the site online.
    expect(site).toMatchObject({ serviceId: 3, published: true });
    const cards = await cardsOf(reply.site);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      lastFour: '4242',
      cardKey: expect.any(String),
      cardToken: expect.any(String),
    });
    expect(JSON.stringify(cards)).not.toContain(SANDBOX_CARDS.success);
    // The site's features follow its plan once the buyer works on it.
    ok(await buyer.call('site/switch', { id: reply.site }));
    const session = ok(await buyer.call<Session>('member/status'));
    expect(session.site.current?.service).toEqual({ id: 3, name: 'CREATOR' });
  });

  it('the late notification of that payment changes nothing; the same event again does nothing either', async () => {
    const [n] = t.notifications.filter((x) => x.body.includes(reply.order_number));
    expect(await t.deliver(n)).toMatchObject({ status: 200 });
    expect(await t.deliver(n)).toMatchObject({ status: 200 });
    const [{ n: events }] = await t.database.db.select({ n: count() }).from(paymentEvents);
    expect(events).toBe(1);
    expect(await cardsOf(reply.site)).toHaveLength(1);
    expect((await paymentByOrder(t, reply.order_number)).status).toBe('paid');
  });

  it('refuses a taken slug (3012), a plan not on sale, and invoice data that breaks its rules', async () => {
    expect((await init(buyer, 'first-shop')).code).toBe(Code.SLUG_TAKEN);
    expect(fieldErrors(await init(buyer, 'internal-plan', undefined, 1))).toHaveProperty('plan');
    const r = await buyer.call('site/init', {
      slug: 'bad-invoice',
      site_name: 'Bad invoice',
      plan: 2,
      ...payerFor(t),
      invoice: { mode: 'company', company: { tax: '12345678', name: '' } },
    });
    expect(Object.keys(fieldErrors(r)).sort()).toEqual(['invoice.company.name', 'invoice.company.tax']);
    const made = await t.database.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.slug, 'internal-plan'));
    expect(made).toEqual([]);
    expect(await t.database.db.select().from(sites).where(eq(sites.slug, 'bad-invoice'))).toEqual([]);
  });
});

describe('a declined card, then site/retry', () => {
  it('0002 fails at once; the site waits; a retry with 4242 pays', async () => {
    const failed = ok(await init(buyer, 'declined-shop', SANDBOX_CARDS.declined, 2));
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.redirect_url).toBeUndefined();
    expect(await subscriptionOf(t, failed.site)).toMatchObject({ status: 'pending', planId: 2 });
    expect(await cardsOf(failed.site)).toEqual([]);

    const again = ok(await buyer.call<PaymentReply>('site/retry', { site: failed.site, ...payerFor(t) }));
    expect(again).toMatchObject({ site: failed.site, status: 'pending' });
    expect(again.order_number).not.toBe(failed.order_number);
    await answer3ds(again.redirect_url as string, true);
    expect(
      ok(await buyer.call<PaymentReply>('site/payment', { order_number: again.order_number })).status,
    ).toBe('paid');
    expect(await subscriptionOf(t, failed.site)).toMatchObject({ status: 'active', planId: 2 });
    expect((await paymentByOrder(t, failed.order_number)).status).toBe('failed');
    // Paid now: no more retries.
    expect((await buyer.call('site/retry', { site: failed.site, ...payerFor(t) })).code).toBe(
      Code.PLAN_ALREADY_PAID,
    );
  });

  it('a failed 3-D Secure answer fails the payment and applies nothing', async () => {
    const r = ok(await init(buyer, 'no-3ds-shop'));
    await answer3ds(r.redirect_url as string, false);
    expect(ok(await buyer.call<PaymentReply>('site/payment', { order_number: r.order_number })).status).toBe(
      'failed',
    );
    expect(await subscriptionOf(t, r.site)).toMatchObject({ status: 'pending' });
    expect(await cardsOf(r.site)).toEqual([]);
  });
});

describe('the gateway’s notification', () => {
  it('a forged one (edited body, or no signature) is refused and pays nothing', async () => {
    const r = ok(await init(buyer, 'forged-shop'));
    const tradeId = new URL(r.redirect_url as string).pathname.split('/').pop() as string;
    const body = JSON.stringify({
      event_id: `sandbox:${tradeId}:paid`,
      rec_trade_id: tradeId,
      order_number: r.order_number,
      amount: 799,
      status: 'paid',
    });
    const url = `${t.config.publicUrl}/payment-gateway/notify`;
    const forged = await t.deliver({ url, body, headers: { 'x-sandbox-signature': 'ab'.repeat(32) } });
    expect(forged.status).toBe(400);
    expect((await t.deliver({ url, body, headers: {} })).status).toBe(400);
    const signed = t.sandbox.sign(body);
    const edited = await t.deliver({
      url,
      body: body.replace('799', '1'),
      headers: { 'x-sandbox-signature': signed },
    });
    expect(edited.status).toBe(400);
    // Even a correctly signed one is only a hint: the gateway's record says the trade still waits.
    expect((await t.deliver({ url, body, headers: { 'x-sandbox-signature': signed } })).status).toBe(200);
    expect((await paymentByOrder(t, r.order_number)).status).toBe('pending');
    expect(await subscriptionOf(t, r.site)).toMatchObject({ status: 'pending' });
    expect(await cardsOf(r.site)).toEqual([]);
  });

  it('racing the window’s site/payment: the payment is paid once, one card, one period', async () => {
    const r = ok(await init(buyer, 'race-shop', undefined, 4));
    await answer3ds(r.redirect_url as string, true);
    const [n] = t.notifications.filter((x) => x.body.includes(r.order_number));
    const [{ before }] = await t.database.db.select({ before: max(paymentCards.id) }).from(paymentCards);
    // Both callers read the payment as pending and ask the gateway before either records the answer: the query
    // waits until both are there, so that the race is certain rather than left to timing.
    const query = t.sandbox.query;
    let arrived = 0;
    let release = () => {};
    const bothAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.sandbox.query = async (tradeId) => {
      if (++arrived === 2) release();
      await bothAsked;
      return query(tradeId);
    };
    const [notified, windowed] = await Promise.all([
      t.deliver(n),
      buyer.call<PaymentReply>('site/payment', { order_number: r.order_number }),
    ]).finally(() => {
      t.sandbox.query = query;
    });
    expect(arrived).toBe(2);
    expect(notified.status).toBe(200);
    expect(ok(windowed).status).toBe('paid');
    const paid = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.siteId, r.site), eq(payments.status, 'paid')));
    expect(paid).toHaveLength(1);
    // The effects were applied by one caller only: one card inserted, the period starting when it was paid.
    const inserted = await t.database.db
      .select()
      .from(paymentCards)
      .where(gt(paymentCards.id, before ?? 0));
    expect(inserted.map((c) => [c.id, c.siteId])).toEqual([[(before ?? 0) + 1, r.site]]);
    const sub = await subscriptionOf(t, r.site);
    expect(sub).toMatchObject({ status: 'active', planId: 4 });
    expect(sub.periodStart?.getTime()).toBe(paid[0].paidAt?.getTime());
    // Its e-invoice is issued once, with the buyer's invoice data.
    expect(t.invoices.filter((i) => i.orderNumber === r.order_number)).toEqual([
      expect.objectContaining({ amount: 1599, invoice: { mode: 'donation', donation: { code: '0958' } } }),
    ]);
  });
});

describe('other users', () => {
  it('cannot see another user’s payment, retry their site, or change a plan they do not own', async () => {
    const [p] = await t.database.db.select().from(payments).limit(1);
    expect((await stranger.call('site/payment', { order_number: p.orderNumber })).status).toBe(404);
    expect((await stranger.call('site/retry', { site: p.siteId, ...payerFor(t) })).status).toBe(404);
    expect((await stranger.call('site/payment', { order_number: 'no-such-order' })).status).toBe(404);
    // A site without a plan yet (the one made at registration) has no subscription to change.
    expect((await stranger.call('plan/change', { id: 2, force: true })).code).toBe(Code.PLAN_NOT_ACTIVE);
    expect((await stranger.call('plan/current', {})).code).toBe(Code.PLAN_NOT_ACTIVE);
  });
});

describe('the seeded demo site', () => {
  it('is on its plan for a period from the seed, with a card on file and its first payment', async () => {
    const { owner, demoSiteId } = await signInOwner(t);
    const current = ok(await owner.call<SubscriptionReply>('plan/current', {}));
    expect(current).toMatchObject({
      plan: 4,
      status: 'active',
      next_plan: null,
      renew_attempts: 0,
      card: { last_four: '4242', expiry: '203012' },
      payments: [{ kind: 'init', plan: 4, amount: 1599, status: 'paid' }],
    });
    expect(current.next_attempt_at).toBe(current.period_end);
    const sub = await subscriptionOf(t, demoSiteId);
    expect((sub.periodEnd as Date).getTime()).toBeGreaterThan(t.clock.now + 27 * 86_400_000);
    // A downgrade can be asked for at once.
    expect(ok(await owner.call<SubscriptionReply>('plan/change', { id: 3 }))).toMatchObject({
      effective: 'period_end',
      next_plan: 3,
      charge: 0,
    });
  });
});

describe('plan/change, unsubscribe, subscribe', () => {
  it('asks first, then changes once a month (19001 the second time); cancels and resumes at period end', async () => {
    // The buyer's session works on first-shop (switched above), paid on CREATOR.
    const current = ok(await buyer.call<SubscriptionReply>('plan/current', {}));
    expect(current).toMatchObject({ plan: 3, status: 'active', applied: false });
    const asked = ok(await buyer.call<SubscriptionReply>('plan/change', { id: 4 }));
    expect(asked).toMatchObject({ plan: 4, applied: false });
    expect(ok(await buyer.call<SubscriptionReply>('plan/current', {})).plan).toBe(3);
    const changed = ok(await buyer.call<SubscriptionReply>('plan/change', { id: 4, force: true }));
    expect(changed).toMatchObject({ plan: 4, applied: true });
    const session = ok(await buyer.call<Session>('member/status'));
    expect(session.site.current?.service?.id).toBe(4);
    expect((await buyer.call('plan/change', { id: 5, force: true })).code).toBe(Code.PLAN_ALREADY_CHANGED);
    expect(fieldErrors(await buyer.call('plan/change', { id: 1, force: true }))).toHaveProperty('id');
    // A change of last month does not count.
    await t.database.db
      .update(siteSubscriptions)
      .set({ changedAt: new Date(t.clock.now - 32 * 86_400_000) })
      .where(eq(siteSubscriptions.siteId, await siteIdOf('first-shop')));
    expect(ok(await buyer.call<SubscriptionReply>('plan/change', { id: 5, force: true })).plan).toBe(5);

    expect(ok(await buyer.call<SubscriptionReply>('plan/unsubscribe', {})).cancel_at_period_end).toBe(true);
    expect(ok(await buyer.call<SubscriptionReply>('plan/current', {})).cancel_at_period_end).toBe(false);
    ok(await buyer.call('plan/unsubscribe', { force: true }));
    expect(ok(await buyer.call<SubscriptionReply>('plan/current', {})).cancel_at_period_end).toBe(true);
    ok(await buyer.call('plan/subscribe', { force: true }));
    expect(ok(await buyer.call<SubscriptionReply>('plan/current', {})).cancel_at_period_end).toBe(false);
  });

  it('staff of the site who are not its owner are refused, even holding the subscription permission', async () => {
    const siteId = await siteIdOf('first-shop');
    const admin = await staffOf(t, siteId, 'admin@example.com', ROLE.ADMIN, 'Admin');
    expect((await admin.call('plan/change', { id: 2, force: true })).status).toBe(403);
    const [role] = await t.database.db
      .insert(roles)
      .values({ siteId, name: 'Billing', permissions: ['subscription.plan'] })
      .returning({ id: roles.id });
    const billing = await staffOf(t, siteId, 'billing@example.com', role.id, 'Billing');
    expect((await billing.call('plan/change', { id: 2, force: true })).status).toBe(403);
    expect((await billing.call('plan/unsubscribe', { force: true })).status).toBe(403);
    expect(ok(await buyer.call<SubscriptionReply>('plan/current', {})).plan).toBe(5);
  });
});
