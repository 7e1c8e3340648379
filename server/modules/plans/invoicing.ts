/**
 * A payment just became paid: its e-invoice is issued (Deps.invoice), exactly once, and its receipt mailed once.
 * `paymentPaid` is called by the caller that flipped the payment to paid, after that transaction committed. It
 * inserts the payment's row in payment_invoices (unique per payment: a second caller inserts nothing and does
 * nothing) with a lease on it, and tries once. A failed attempt is retried by the invoice job (jobs/invoices.ts,
 * which claims due rows with FOR UPDATE SKIP LOCKED and a lease, as the renewal job does) after INVOICE_RETRY_MS,
 * then given up (`failed`, logged: issued by hand). Every retry sends the row's own provider order number, which
 * the provider keys the invoice on: an attempt whose answer was lost is answered with the invoice it made, never a
 * second one (adapters/invoice/ezpay.ts).
 *
 * The receipt (amount, plan, period, card, invoice number, in the owner's language) goes through the outbox once
 * the invoice is issued or given up — with the log issuer at once — so it waits on a broken provider for the retries'
 * span at most. A refund of the payment voids its invoice (a whole refund within the invoice's two-month period) or
 * adds an allowance (`invoiceRefunded`), worked the same way; an allowance whose answer was lost is not retried (the
 * provider has no key to recognise it again): it is left `failed` for a person to check.
 *
 * Only the platform's own sales are invoiced here: readers' plans (modules/subscription) are the site owner's sales,
 * invoiced by the owner.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { type Locale, localeOr } from '../../../contract/constants';
import { wallTime } from '../../../contract/zoned';
import { InvoiceIssuerError, type InvoiceRef, type InvoiceRequest } from '../../adapters/invoice/issuer';
import type { Deps } from '../../deps';
import { t } from '../../i18n';
import { plans } from '../tenancy/schema';
import { ownerOf } from './owner';
import { paymentCards, paymentInvoices, payments, siteSubscriptions } from './schema';

type PaymentRow = typeof payments.$inferSelect;
export type InvoiceRow = typeof paymentInvoices.$inferSelect;
export type InvoicingDeps = Pick<Deps, 'db' | 'invoice' | 'log' | 'now' | 'outbox' | 'config'>;

/** How long a worker's claim on a row lasts: longer than an issuer's call may take (ezPay: 20 s by default). */
export const INVOICE_LEASE_MS = 5 * 60_000;
/** The wait after each failed attempt; after the last one the invoice is given up. About an hour and a half. */
export const INVOICE_RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
export const INVOICE_MAX_ATTEMPTS = INVOICE_RETRY_MS.length + 1;
const ERROR_MAX = 500;

/** The provider's order number: the payment's id and randomness, 20 of [A-Z0-9_] at most (ezPay's MerchantOrderNo). */
export const providerOrderOf = (paymentId: number) =>
  `${paymentId.toString(36).toUpperCase()}_${randomBytes(6).toString('hex').toUpperCase()}`.slice(0, 20);

export async function paymentPaid(deps: InvoicingDeps, payment: PaymentRow): Promise<void> {
  // A plan an operator made free renews without a charge: nothing to invoice, nothing to receipt.
  if (payment.amount < 1) return;
  try {
    const row = await insertRow(deps, payment);
    if (row) await work(deps, row);
  } catch (err) {
    deps.log.error(
      { err, order: payment.orderNumber },
      'e-invoice: attempt failed; the invoice job tries again',
    );
  }
}

/** The payment's row, claimed by its inserter for a lease; none when it was made before (another caller's). */
async function insertRow(deps: InvoicingDeps, payment: PaymentRow): Promise<InvoiceRow | undefined> {
  const now = deps.now();
  // The period this charge paid for, and its card, as the subscription stands just after it.
  const [sub] = await deps.db
    .select({ start: siteSubscriptions.periodStart, end: siteSubscriptions.periodEnd })
    .from(siteSubscriptions)
    .where(eq(siteSubscriptions.siteId, payment.siteId));
  const [card] = payment.card
    ? [payment.card]
    : await deps.db
        .select({ lastFour: paymentCards.lastFour })
        .from(paymentCards)
        .where(eq(paymentCards.siteId, payment.siteId))
        .orderBy(desc(paymentCards.id))
        .limit(1);
  const [row] = await deps.db
    .insert(paymentInvoices)
    .values({
      paymentId: payment.id,
      providerOrder: providerOrderOf(payment.id),
      nextAttemptAt: new Date(now + INVOICE_LEASE_MS),
      periodStart: sub?.start ?? null,
      periodEnd: sub?.end ?? null,
      cardLastFour: card?.lastFour ?? null,
      createdAt: new Date(now),
    })
    .onConflictDoNothing({ target: paymentInvoices.paymentId })
    .returning();
  return row;
}

/**
 * What is left of a row its caller has claimed: the issue, then a refund's void or allowance, then the receipt.
 * Each step moves the row on with a conditional UPDATE (on the state it was claimed in).
 */
export async function work(deps: InvoicingDeps, claimed: InvoiceRow): Promise<void> {
  let row = claimed;
  if (row.status === 'pending') row = await attemptIssue(deps, row);
  if (row.status !== 'pending' && row.refundState === 'pending') row = await attemptRefund(deps, row);
  if (row.status !== 'pending' && !row.receiptAt) row = await sendReceipt(deps, row);
  // Nothing left (the claim's lease is dropped); a retry keeps its time.
  if (row.status !== 'pending' && row.refundState !== 'pending' && row.receiptAt && row.nextAttemptAt)
    await deps.db
      .update(paymentInvoices)
      .set({ nextAttemptAt: null })
      .where(and(eq(paymentInvoices.id, row.id), eq(paymentInvoices.attempts, row.attempts)));
}

async function paymentOf(deps: InvoicingDeps, row: InvoiceRow) {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, row.paymentId));
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, payment.planId));
  const owner = await ownerOf(deps.db, payment.siteId);
  return { payment, plan, owner };
}

/** What the invoice says was bought: the plan, in Chinese (an invoice of Taiwan). */
const itemOf = (plan: { nameTw: string } | undefined, payment: PaymentRow) =>
  t('zh-TW', `receipt.item.${payment.kind}`, { plan: plan?.nameTw ?? payment.planId });

const errorText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, ERROR_MAX);

async function attemptIssue(deps: InvoicingDeps, row: InvoiceRow): Promise<InvoiceRow> {
  const { payment, plan, owner } = await paymentOf(deps, row);
  const request: InvoiceRequest = {
    orderNumber: payment.orderNumber,
    providerOrder: row.providerOrder,
    siteId: payment.siteId,
    amount: payment.amount,
    item: itemOf(plan, payment),
    paidAt: payment.paidAt ?? new Date(deps.now()),
    invoice: payment.invoice ?? null,
    buyerName: owner?.nickname || owner?.site || '',
    buyerEmail: owner?.email ?? '',
    buyerAddress: payment.address,
  };
  const attempts = row.attempts + 1;
  const asClaimed = and(
    eq(paymentInvoices.id, row.id),
    eq(paymentInvoices.status, 'pending'),
    eq(paymentInvoices.attempts, row.attempts),
  );
  let set: Partial<InvoiceRow>;
  try {
    const issued = await deps.invoice.issue(request);
    set = issued
      ? { status: 'issued', ...issued, attempts, lastError: null }
      : { status: 'logged', attempts, lastError: null };
  } catch (err) {
    const giveUp = attempts >= INVOICE_MAX_ATTEMPTS;
    set = {
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: errorText(err),
      ...(!giveUp && { nextAttemptAt: new Date(deps.now() + INVOICE_RETRY_MS[attempts - 1]) }),
    };
    if (giveUp)
      deps.log.error(
        { err, order: payment.orderNumber, providerOrder: row.providerOrder, attempts },
        'e-invoice given up: issue it by hand',
      );
    else deps.log.warn({ err, order: payment.orderNumber, attempts }, 'e-invoice not issued; will try again');
  }
  const [next] = await deps.db.update(paymentInvoices).set(set).where(asClaimed).returning();
  // Another worker moved it on meanwhile (our lease ran out): theirs is the row.
  return next ?? (await rowOf(deps, row.id));
}

const rowOf = async (deps: Pick<Deps, 'db'>, id: number) =>
  (await deps.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, id)))[0];

/** Taiwan's invoice periods are two months (Jan–Feb, Mar–Apr …), in Taipei time. */
const invoicePeriod = (at: Date | number) => {
  const [y, m] = wallTime(at, 'Asia/Taipei').date.split('-').map(Number);
  return `${y}-${Math.ceil(m / 2)}`;
};

async function attemptRefund(deps: InvoicingDeps, row: InvoiceRow): Promise<InvoiceRow> {
  const attempts = row.refundAttempts + 1;
  const asClaimed = and(
    eq(paymentInvoices.id, row.id),
    eq(paymentInvoices.refundState, 'pending'),
    eq(paymentInvoices.refundAttempts, row.refundAttempts),
  );
  const done = async (set: Partial<InvoiceRow>) => {
    const [next] = await deps.db
      .update(paymentInvoices)
      .set({ refundAttempts: attempts, ...set })
      .where(asClaimed)
      .returning();
    return next ?? (await rowOf(deps, row.id));
  };
  if (row.status === 'failed') {
    deps.log.error({ invoice: row.providerOrder }, 'refund: the invoice was never issued; nothing to void');
    return done({ refundState: 'failed', lastError: 'refund: no invoice was issued' });
  }
  const { payment, plan } = await paymentOf(deps, row);
  const amount = row.refundAmount ?? payment.amount;
  const ref: InvoiceRef = {
    number: row.number ?? '',
    randomNumber: row.randomNumber ?? '',
    providerId: row.providerId ?? '',
    issuedAt: row.issuedAt ?? payment.paidAt ?? new Date(deps.now()),
    providerOrder: row.providerOrder,
    amount: payment.amount,
    buyerEmail: (await ownerOf(deps.db, payment.siteId))?.email ?? '',
  };
  const whole = amount >= payment.amount;
  const samePeriod = invoicePeriod(ref.issuedAt) === invoicePeriod(deps.now());
  let step: 'void' | 'allowance' = whole && samePeriod ? 'void' : 'allowance';
  try {
    if (step === 'void') {
      try {
        await deps.invoice.void(ref, t('zh-TW', 'receipt.voidReason'));
        return done({ status: 'void', refundState: 'done', lastError: null });
      } catch (err) {
        if (!(err instanceof InvoiceIssuerError && err.kind === 'void_expired')) throw err;
        step = 'allowance';
      }
    }
    const allowance = await deps.invoice.allowance(ref, amount, itemOf(plan, payment));
    return done({
      status: 'allowance',
      refundState: 'done',
      allowanceNumber: allowance.number || null,
      lastError: null,
    });
  } catch (err) {
    // An allowance whose answer was lost may have been made: a person checks, rather than a second one.
    const unknown = step === 'allowance' && !(err instanceof InvoiceIssuerError && err.kind === 'refused');
    const giveUp = unknown || attempts >= INVOICE_MAX_ATTEMPTS;
    if (giveUp)
      deps.log.error(
        { err, order: payment.orderNumber, invoice: row.number, step },
        `refund: the invoice's ${step} given up: make it by hand`,
      );
    else deps.log.warn({ err, order: payment.orderNumber, step }, `refund: ${step} failed; will try again`);
    return done({
      refundState: giveUp ? 'failed' : 'pending',
      lastError: errorText(err),
      ...(!giveUp && { nextAttemptAt: new Date(deps.now() + INVOICE_RETRY_MS[attempts - 1]) }),
    });
  }
}

/**
 * A refund of a paid payment, whole or `amount` of it: its invoice is voided or allowanced (once: a second refund
 * of the same payment is refused here and answers false). The invoice job does it when the issue is still pending.
 */
export async function invoiceRefunded(
  deps: InvoicingDeps,
  paymentId: number,
  amount: number,
): Promise<boolean> {
  const [row] = await deps.db
    .update(paymentInvoices)
    .set({
      refundAmount: amount,
      refundState: 'pending',
      nextAttemptAt: new Date(deps.now() + INVOICE_LEASE_MS),
    })
    .where(and(eq(paymentInvoices.paymentId, paymentId), isNull(paymentInvoices.refundState)))
    .returning();
  if (!row) return false;
  try {
    await work(deps, row);
  } catch (err) {
    deps.log.error({ err, payment: paymentId }, 'refund: invoice step failed; the invoice job tries again');
  }
  return true;
}

/** Queues the receipt once (the row is marked first; a queue that fails unmarks it for the job's next pass). */
async function sendReceipt(deps: InvoicingDeps, row: InvoiceRow): Promise<InvoiceRow> {
  const at = new Date(deps.now());
  const [marked] = await deps.db
    .update(paymentInvoices)
    .set({ receiptAt: at })
    .where(
      and(
        eq(paymentInvoices.id, row.id),
        isNull(paymentInvoices.receiptAt),
        ne(paymentInvoices.status, 'pending'),
      ),
    )
    .returning();
  if (!marked) return rowOf(deps, row.id);
  try {
    const { payment, plan, owner } = await paymentOf(deps, marked);
    if (!owner?.email) return marked;
    const lang: Locale = localeOr(owner.language, 'zh-TW');
    const day = (d: Date | null) => (d ? wallTime(d, owner.timezone).date : '—');
    const args = {
      site: owner.site,
      plan: lang === 'zh-TW' ? plan.nameTw : plan.nameEn,
      kind: t(lang, `plan.payment.kinds.${payment.kind}`),
      amount: payment.amount.toLocaleString('en-US'),
      paid: day(payment.paidAt),
      start: day(marked.periodStart),
      end: day(marked.periodEnd),
      card: marked.cardLastFour ?? t(lang, 'renewal.mail.noCard'),
      invoice: marked.number ?? t(lang, 'receipt.mail.noInvoice'),
      order: payment.orderNumber,
      link: `${deps.config.publicUrl}/plan/current`,
    };
    await deps.outbox.enqueue({
      to: owner.email,
      subject: t(lang, 'receipt.mail.subject', args),
      text: t(lang, 'receipt.mail.body', args),
    });
    return marked;
  } catch (err) {
    deps.log.error({ err, invoice: row.providerOrder }, 'receipt not queued; tried again');
    const [back] = await deps.db
      .update(paymentInvoices)
      .set({ receiptAt: null, nextAttemptAt: new Date(deps.now() + INVOICE_RETRY_MS[0]) })
      .where(eq(paymentInvoices.id, row.id))
      .returning();
    return back ?? marked;
  }
}
