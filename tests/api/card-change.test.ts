/**
 * Changing the card on file (plan/card, server/modules/plans/card.ts) on the sandbox gateway and the test clock: only
 * with `subscription.payment` on the site; an active site's new card verified with 3-D Secure (NT$1, refunded once)
 * replaces the old; a past_due site's new card pays the overdue renewal once — the site active again from the old
 * period's end, the renewal job charging nothing more for it; a declined or unconfirmed new card changes nothing.
 * The same for a reader's plan (reader/subscription/card, from /account).
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_VERIFICATION_AMOUNT,
  type PaymentReply,
  RETRY_AFTER_DAYS,
  type SubscriptionReply,
} from '../../contract/billing';
import { Code } from '../../contract/codes';
import { CARD_CHANGE_PATH } from '../../contract/plans';
import type { ReaderPaymentReply, ReaderPlan, ReaderStatusReply } from '../../contract/subscription';
import type { TokenCharge } from '../../server/adapters/payment/gateway';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { renewDueReaders } from '../../server/jobs/readerRenewal';
import { RENEWAL_LEASE_MS, type RenewalResult } from '../../server/jobs/renewal';
import { nextPeriodEnd } from '../../server/modules/plans/payments';
import { paymentCards, payments, readerPayments, readerSubscriptions } from '../../server/modules/tables';
import { answer3ds, payerFor, paymentByOrder, subscriptionOf } from '../fixtures/billing';
import { addReader, readerCall, readerCookie, sitePage } from '../fixtures/readers';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const PASSWORD = 'secret-pass-1';
const DAY = 86_400_000;
/** A second card the sandbox pays with (any Luhn-valid number but its special ones). */
const NEW_CARD = '5555555555554444';

let t: TestApp;
/** Order numbers of every card-token charge the gateway received (renewals). */
const tokenCharges: string[] = [];
/** Trade ids of every refund the gateway was asked for. */
const refunds: string[] = [];

async function buySite(c: Client, slug: string, card?: string): Promise<number> {
  const r = ok(
    await c.call<PaymentReply>('site/init', {
      slug,
      site_name: `Site ${slug}`,
      plan: 3,
      ...payerFor(t, card),
    }),
  );
  await answer3ds(t, r.redirect_url as string, true);
  expect(ok(await c.call<PaymentReply>('site/payment', { order_number: r.order_number })).status).toBe(
    'paid',
  );
  ok(await c.call('site/switch', { id: r.site }));
  return r.site;
}

async function signIn(email: string, siteId: number): Promise<Client> {
  const c = t.client();
  ok(await c.login(email, PASSWORD));
  ok(await c.call('site/switch', { id: siteId }));
  return c;
}

const cardsOf = (siteId: number) =>
  t.database.db.select().from(paymentCards).where(eq(paymentCards.siteId, siteId));
const paymentsOf = (siteId: number, kind: 'card' | 'renewal') =>
  t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.siteId, siteId), eq(payments.kind, kind)))
    .orderBy(payments.id);
const clockTo = (ms: number) => t.clock.advance(ms - t.clock.now);
const outcomeFor = (results: RenewalResult[], siteId: number) =>
  results.filter((r) => r.siteId === siteId).map((r) => r.outcome);
async function chargedFor(siteId: number) {
  const orders = new Set((await paymentsOf(siteId, 'renewal')).map((p) => p.orderNumber));
  return tokenCharges.filter((o) => orders.has(o)).length;
}

/** A site whose renewal charge failed: past_due after its period's end (attempt 1 next). */
async function pastDueSite(email: string, slug: string) {
  let owner = await register(t, email, PASSWORD, 'Late');
  const id = await buySite(owner, slug, SANDBOX_CARDS.tokenDeclined);
  const oldEnd = (await subscriptionOf(t, id)).periodEnd as Date;
  const job = t.startRenewals({ intervalMs: 3_600_000 });
  await job.pass();
  clockTo(oldEnd.getTime());
  expect(outcomeFor(await job.pass(), id)).toEqual(['past_due']);
  // The owner's mail links straight to the card change.
  const [mail] = (await t.flushMail()).filter((m) => m.to === email && m.subject.includes('扣款失敗'));
  expect(mail.text).toContain(`${t.config.publicUrl}${CARD_CHANGE_PATH}`);
  owner = await signIn(email, id);
  return { owner, id, oldEnd, job };
}

beforeAll(async () => {
  t = await createTestApp();
  const { payByToken, refund } = t.sandbox;
  t.sandbox.payByToken = (charge: TokenCharge) => {
    tokenCharges.push(charge.orderNumber);
    return payByToken(charge);
  };
  t.sandbox.refund = (tradeId: string, amount?: number) => {
    refunds.push(tradeId);
    return refund(tradeId, amount);
  };
});
afterAll(async () => {
  await t?.close();
});

describe('who may change the card', () => {
  it('refused without subscription.payment (403) and for another site’s owner; staff holding it may', async () => {
    const owner = await register(t, 'card-owner@example.com', PASSWORD, 'Owner');
    const id = await buySite(owner, 'card-perm');
    const before = await cardsOf(id);

    const noPay = await staffOf(
      t,
      id,
      'card-nopay@example.com',
      await customRole(t, id, '編輯', ['post.view', 'subscription.plan']),
    );
    const refused = await noPay.call('plan/card', payerFor(t, NEW_CARD));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(Code.FORBIDDEN);

    // Another site's owner works on their own site: the call changes that one (none here: no plan), never this.
    const other = await register(t, 'card-other@example.com', PASSWORD, 'Other');
    expect((await other.call('site/switch', { id })).code).not.toBe(1);
    expect((await other.call('plan/card', payerFor(t, NEW_CARD))).code).toBe(Code.PLAN_NOT_ACTIVE);
    expect(await cardsOf(id)).toEqual(before);
    expect(await paymentsOf(id, 'card')).toEqual([]);

    // Staff whose role holds subscription.payment change it, and follow their payment's window.
    const payer = await staffOf(
      t,
      id,
      'card-payer@example.com',
      await customRole(t, id, '付款', ['post.view', 'subscription.payment']),
    );
    const r = ok(await payer.call<PaymentReply>('plan/card', payerFor(t, NEW_CARD)));
    expect(r.status).toBe('pending');
    // Its order is not another owner's to ask.
    expect((await other.call('site/payment', { order_number: r.order_number })).status).toBe(404);
    await answer3ds(t, r.redirect_url as string, true);
    expect(ok(await payer.call<PaymentReply>('site/payment', { order_number: r.order_number })).status).toBe(
      'paid',
    );
    expect((await cardsOf(id)).map((c) => c.lastFour)).toEqual(['4444']);
  });
});

describe('an active site', () => {
  it('replaces the card after 3-D Secure; the NT$1 verification refunded once, not invoiced; the plan untouched', async () => {
    const owner = await register(t, 'card-active@example.com', PASSWORD, 'Active');
    const id = await buySite(owner, 'card-active');
    const [old] = await cardsOf(id);
    expect(old.lastFour).toBe('4242');
    const sub = await subscriptionOf(t, id);
    const invoices = t.invoices.length;

    const r = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, NEW_CARD)));
    expect(r).toMatchObject({ site: id, status: 'pending' });
    // Until the bank confirms, the old card stays.
    expect(await cardsOf(id)).toEqual([old]);
    await answer3ds(t, r.redirect_url as string, true);
    expect(ok(await owner.call<PaymentReply>('site/payment', { order_number: r.order_number })).status).toBe(
      'paid',
    );

    const cards = await cardsOf(id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ lastFour: '4444' });
    expect(cards[0].cardToken).not.toBe(old.cardToken);
    const paid = await paymentByOrder(t, r.order_number);
    expect(paid).toMatchObject({
      kind: 'card',
      amount: CARD_VERIFICATION_AMOUNT,
      status: 'paid',
      purpose: null,
    });
    expect(paid.refundedAt).not.toBeNull();
    expect(refunds.filter((x) => x === paid.recTradeId)).toHaveLength(1);
    // Asked again, and the gateway's notification delivered again: still refunded once.
    ok(await owner.call('site/payment', { order_number: r.order_number }));
    for (const n of t.notifications.filter((n) => n.body.includes(r.order_number))) await t.deliver(n);
    expect(refunds.filter((x) => x === paid.recTradeId)).toHaveLength(1);
    expect(t.invoices.length).toBe(invoices);
    // The plan and its period are as they were.
    expect(await subscriptionOf(t, id)).toMatchObject({
      status: 'active',
      planId: sub.planId,
      periodEnd: sub.periodEnd,
      nextAttemptAt: sub.nextAttemptAt,
    });
    const current = ok(await owner.call<SubscriptionReply>('plan/current', {}));
    expect(current.card).toMatchObject({ last_four: '4444' });
    // The verification is listed as given back, not as a payment kept.
    expect(current.payments.find((p) => p.order_number === r.order_number)).toMatchObject({
      kind: 'card',
      amount: 1,
      status: 'refunded',
    });
  });

  it('a declined card, or one whose 3-D Secure fails, leaves the old card', async () => {
    const owner = await register(t, 'card-declined@example.com', PASSWORD, 'Declined');
    const id = await buySite(owner, 'card-declined');
    const before = await cardsOf(id);
    const declined = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, SANDBOX_CARDS.declined)));
    expect(declined.status).toBe('failed');
    const unconfirmed = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, NEW_CARD)));
    await answer3ds(t, unconfirmed.redirect_url as string, false);
    expect(
      ok(await owner.call<PaymentReply>('site/payment', { order_number: unconfirmed.order_number })).status,
    ).toBe('failed');
    expect(await cardsOf(id)).toEqual(before);
    expect(await subscriptionOf(t, id)).toMatchObject({ status: 'active', renewAttempts: 0 });
  });
});

describe('a past_due site', () => {
  it('charged the overdue renewal once with the new card: active from the old end, and the job charges nothing more', async () => {
    const { id, oldEnd, job } = await pastDueSite('card-late@example.com', 'card-late');
    const charged = await chargedFor(id);
    expect(charged).toBe(1);
    // The owner comes a few minutes before the first retry's time.
    const retryAt = oldEnd.getTime() + RETRY_AFTER_DAYS[0] * DAY;
    clockTo(retryAt - 5 * 60_000);
    const owner = await signIn('card-late@example.com', id);
    const alert = ok(await owner.call<SubscriptionReply>('plan/current', {}));
    expect(alert).toMatchObject({ status: 'past_due', renew_attempts: 1 });

    const r = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, NEW_CARD)));
    expect(r.status).toBe('pending');
    const open = await paymentByOrder(t, r.order_number);
    expect(open).toMatchObject({ kind: 'card', amount: 799, purpose: `renewal:${oldEnd.toISOString()}:1` });
    // The retry falls due while the window is open: the job finds the attempt taken and charges nothing.
    clockTo(retryAt);
    expect(outcomeFor(await job.pass(), id)).toEqual(['pending']);
    expect(await chargedFor(id)).toBe(charged);
    // A second card change meanwhile (the first one's window left) supersedes it: one open, nothing charged twice.
    const again = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, NEW_CARD)));
    expect(await paymentByOrder(t, r.order_number)).toMatchObject({ status: 'expired', failure: 'expired' });
    expect(await paymentByOrder(t, again.order_number)).toMatchObject({
      kind: 'card',
      purpose: `renewal:${oldEnd.toISOString()}:1`,
    });

    await answer3ds(t, again.redirect_url as string, true);
    expect(
      ok(await owner.call<PaymentReply>('site/payment', { order_number: again.order_number })).status,
    ).toBe('paid');
    const sub = await subscriptionOf(t, id);
    const next = nextPeriodEnd(sub.periodStart, oldEnd);
    expect(sub).toMatchObject({
      status: 'active',
      periodStart: oldEnd,
      periodEnd: next,
      renewAttempts: 0,
      nextAttemptAt: next,
    });
    expect((await cardsOf(id)).map((c) => c.lastFour)).toEqual(['4444']);
    const paid = await paymentByOrder(t, again.order_number);
    // A charge for the plan: kept (not refunded), invoiced.
    expect(paid).toMatchObject({ status: 'paid', refundedAt: null });
    expect(refunds).not.toContain(paid.recTradeId);
    expect(t.invoices.filter((i) => i.orderNumber === again.order_number)).toHaveLength(1);

    // Every later retry time of the old period passes without a charge; the next period's end charges the new card.
    for (const days of RETRY_AFTER_DAYS) {
      clockTo(oldEnd.getTime() + days * DAY + 60_000);
      expect(outcomeFor(await job.pass(), id)).toEqual([]);
    }
    expect(await chargedFor(id)).toBe(charged);
    clockTo(next.getTime());
    expect(outcomeFor(await job.pass(), id)).toEqual(['renewed']);
    expect(await chargedFor(id)).toBe(charged + 1);
  });

  it('a declined new card leaves the old card and past_due as they were; the job’s retry stays its own', async () => {
    const { owner, id, oldEnd, job } = await pastDueSite('card-late2@example.com', 'card-late2');
    const before = await cardsOf(id);
    const sub = await subscriptionOf(t, id);
    const r = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, SANDBOX_CARDS.declined)));
    expect(r.status).toBe('failed');
    expect(await paymentByOrder(t, r.order_number)).toMatchObject({
      status: 'failed',
      purpose: `card:${r.order_number}`,
    });
    // An unconfirmed one too.
    const u = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, NEW_CARD)));
    await answer3ds(t, u.redirect_url as string, false);
    expect(ok(await owner.call<PaymentReply>('site/payment', { order_number: u.order_number })).status).toBe(
      'failed',
    );
    expect(await cardsOf(id)).toEqual(before);
    expect(await subscriptionOf(t, id)).toEqual(sub);
    // The retry charges the kept card, as scheduled.
    const charged = await chargedFor(id);
    clockTo(oldEnd.getTime() + RETRY_AFTER_DAYS[0] * DAY);
    expect(outcomeFor(await job.pass(), id)).toEqual(['past_due']);
    expect(await chargedFor(id)).toBe(charged + 1);
    expect(await subscriptionOf(t, id)).toMatchObject({ status: 'past_due', renewAttempts: 2 });
  });
});

describe('a card change left open', () => {
  it('past its window the renewal job expires it and charges the kept card; paid late, it is refunded', async () => {
    const { id, oldEnd, job } = await pastDueSite('card-open@example.com', 'card-open');
    const retryAt = oldEnd.getTime() + RETRY_AFTER_DAYS[0] * DAY;
    clockTo(retryAt - 5 * 60_000);
    const owner = await signIn('card-open@example.com', id);
    const r = ok(await owner.call<PaymentReply>('plan/card', payerFor(t, NEW_CARD)));
    const charged = await chargedFor(id);
    clockTo(retryAt);
    expect(outcomeFor(await job.pass(), id)).toEqual(['pending']);
    // The lease over, the window is too: expired, its purpose given back; the next pass charges the kept card.
    clockTo(retryAt + RENEWAL_LEASE_MS);
    expect(outcomeFor(await job.pass(), id)).toEqual(['skipped']);
    expect(await paymentByOrder(t, r.order_number)).toMatchObject({
      status: 'expired',
      purpose: `card:${r.order_number}`,
    });
    clockTo(retryAt + 2 * RENEWAL_LEASE_MS);
    expect(outcomeFor(await job.pass(), id)).toEqual(['past_due']);
    expect(await chargedFor(id)).toBe(charged + 1);
    expect(await subscriptionOf(t, id)).toMatchObject({ status: 'past_due', renewAttempts: 2 });
    // The owner confirms in the old window after all: the money is given back, nothing else changes.
    await answer3ds(t, r.redirect_url as string, true);
    const late = await signIn('card-open@example.com', id);
    expect(ok(await late.call<PaymentReply>('site/payment', { order_number: r.order_number })).status).toBe(
      'refunded',
    );
    expect(await subscriptionOf(t, id)).toMatchObject({ status: 'past_due', renewAttempts: 2 });
    expect((await cardsOf(id)).map((c) => c.lastFour)).toEqual(['0341']);
  });
});

describe('a reader’s plan (/account)', () => {
  let site: number;
  let readerPlan: ReaderPlan;
  const readerPrime = (number: string) => {
    const answer = t.sandbox.createPrime({ number, expiry: '12/30', ccv: '123' });
    if ('error' in answer) throw new Error(answer.error);
    return answer.prime;
  };
  const readerSub = async (readerId: number) =>
    (
      await t.database.db.select().from(readerSubscriptions).where(eq(readerSubscriptions.readerId, readerId))
    )[0];
  const readerRow = async (orderNumber: string) =>
    (await t.database.db.select().from(readerPayments).where(eq(readerPayments.orderNumber, orderNumber)))[0];
  const changeCard = (cookie: string, number: string) =>
    readerCall(
      t,
      'reader/subscription/card',
      { prime: readerPrime(number), cardholder: { name: '讀者' } },
      { cookie },
    );
  const status = async (cookie: string, order: string) =>
    (
      (await readerCall(t, 'reader/subscription/status', { order_number: order }, { cookie }))
        .data as ReaderStatusReply
    ).payment?.status;
  const jobDeps = () => ({ db: t.database.db, now: () => t.clock.now, log: t.app.log, payment: t.sandbox });

  /** A reader on the demo site who paid for its plan with `number`. */
  async function paidReader(email: string, number: string) {
    const reader = await addReader(t, site, { email, name: email.split('@')[0] });
    const cookie = await readerCookie(t, reader);
    const answer = await readerCall(
      t,
      'reader/subscription/pay',
      { plan_id: readerPlan.id, prime: readerPrime(number), cardholder: { name: '讀者' } },
      { cookie },
    );
    if (answer.code !== 1) throw new Error(JSON.stringify(answer));
    const paid = answer.data as ReaderPaymentReply;
    await answer3ds(t, paid.redirect_url as string, true);
    expect(await status(cookie, paid.order_number)).toBe('paid');
    return reader;
  }

  beforeAll(async () => {
    const signedIn = await signInOwner(t);
    site = signedIn.demoSiteId;
    readerPlan = ok(
      await signedIn.owner.call<ReaderPlan>('subscription/save_plan', {
        id: 0,
        lang_id: 1,
        price: 150,
        status: 1,
        name: '月方案',
        freq: 1,
      }),
    );
    ok(await signedIn.owner.call('site/publish', { publish: true }));
  });

  it('an active reader’s card replaced after 3-D Secure (back to /account), the NT$1 refunded once; a declined one changes nothing', async () => {
    const reader = await paidReader('reader-card@example.com', SANDBOX_CARDS.success);
    const cookie = await readerCookie(t, reader);
    const before = await readerSub(reader.id);
    const declined = (await changeCard(cookie, SANDBOX_CARDS.declined)).data as ReaderPaymentReply;
    expect(declined.status).toBe('failed');
    expect((await readerSub(reader.id)).card).toEqual(before.card);

    const r = (await changeCard(cookie, NEW_CARD)).data as ReaderPaymentReply;
    expect(r.status).toBe('pending');
    const back = new URL(await answer3ds(t, r.redirect_url as string, true));
    expect(back.pathname).toBe('/account');
    expect(await status(cookie, r.order_number)).toBe('paid');
    expect(await status(cookie, r.order_number)).toBe('paid');
    const after = await readerSub(reader.id);
    expect(after.card?.lastFour).toBe('4444');
    // /account shows the new card and the change form.
    const page = await sitePage(t, '/account', { cookie });
    expect(page.body).toContain('•••• 4444');
    expect(page.body).toContain('data-card="/api/reader/subscription/card"');
    expect(page.body).toMatch(/<script src="[^"]*subscribe\.js"/);
    expect(after).toMatchObject({ status: 'active', periodEnd: before.periodEnd, planId: before.planId });
    const row = await readerRow(r.order_number);
    expect(row).toMatchObject({ kind: 'card', amount: CARD_VERIFICATION_AMOUNT, status: 'paid' });
    expect(row.refundedAt).not.toBeNull();
    expect(refunds.filter((x) => x === row.recTradeId)).toHaveLength(1);
  });

  it('a past_due reader’s renewal paid once with the new card: active from the old end, the job charging nothing', async () => {
    const reader = await paidReader('reader-late@example.com', SANDBOX_CARDS.tokenDeclined);
    const oldEnd = (await readerSub(reader.id)).periodEnd as Date;
    clockTo(oldEnd.getTime() + 1000);
    const first = await renewDueReaders(jobDeps());
    expect(first.filter((x) => x.readerId === reader.id).map((x) => x.outcome)).toEqual(['past_due']);
    const retryAt = oldEnd.getTime() + RETRY_AFTER_DAYS[0] * DAY;
    clockTo(retryAt - 5 * 60_000);
    const cookie = await readerCookie(t, reader);
    // /account says what is owed and offers the card change that pays it.
    const page = await sitePage(t, '/account', { cookie });
    expect(page.body).toContain('上期續訂扣款失敗，尚未付款的金額： <strong>NT$150</strong>');
    expect(page.body).toContain('更換並立即付款');
    const r = (await changeCard(cookie, NEW_CARD)).data as ReaderPaymentReply;
    expect(await readerRow(r.order_number)).toMatchObject({
      kind: 'card',
      amount: 150,
      purpose: `renewal:${oldEnd.toISOString()}:1`,
    });
    // The retry falls due while the window is open: nothing charged.
    const tokensBefore = tokenCharges.length;
    clockTo(retryAt);
    const during = await renewDueReaders(jobDeps());
    expect(during.filter((x) => x.readerId === reader.id).map((x) => x.outcome)).toEqual(['pending']);
    expect(tokenCharges.length).toBe(tokensBefore);
    await answer3ds(t, r.redirect_url as string, true);
    expect(await status(cookie, r.order_number)).toBe('paid');
    const sub = await readerSub(reader.id);
    expect(sub).toMatchObject({ status: 'active', periodStart: oldEnd, renewAttempts: 0 });
    expect(sub.periodEnd?.getTime()).toBe(sub.nextAttemptAt?.getTime());
    expect(sub.periodEnd?.getTime()).toBeGreaterThan(oldEnd.getTime() + 27 * DAY);
    expect(sub.card?.lastFour).toBe('4444');
    const row = await readerRow(r.order_number);
    expect(row.refundedAt).toBeNull();
    expect(refunds).not.toContain(row.recTradeId);
    for (const days of RETRY_AFTER_DAYS) {
      clockTo(oldEnd.getTime() + days * DAY + 60_000);
      expect((await renewDueReaders(jobDeps())).filter((x) => x.readerId === reader.id)).toEqual([]);
    }
    expect(tokenCharges.length).toBe(tokensBefore);
  });
});
