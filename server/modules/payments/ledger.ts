/**
 * One-off card payments, exactly once, over any payment table (a small descriptor says which): a pending row first
 * with our unique order number, the charge with the browser's one-time prime and 3-D Secure, and an outcome only ever
 * learnt from the gateway (`settleLedger` queries the trade), whoever asks — the buyer's page on its return, the
 * gateway's signed notification, a job. A row flips out of `pending` with one conditional
 * `UPDATE … WHERE status = 'pending' RETURNING` inside a transaction, and only the caller that flipped it applies the
 * effects (the descriptor's `onPaid`, in that transaction). Money the gateway took for a row we no longer count
 * (failed, expired — or one whose effects could not apply any more) is refunded, once.
 *
 * The rules are those of the site's own plan (server/modules/plans/payments.ts), whose matching helpers
 * (recordOf, outcomeOf, paidAtGateway, neverReached) this reuses; shop orders (server/modules/shop/payments.ts) pay
 * through it.
 */
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAYMENT_WINDOW_MINUTES, type PaymentStatus } from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import {
  type ChargeResult,
  type PaymentEvent,
  PaymentGatewayError,
  type PrimeCharge,
  type TradeRecord,
} from '../../adapters/payment/gateway';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { neverReached, outcomeOf, paidAtGateway, recordOf, UNCONFIRMED_MS } from '../plans/payments';

/** What the ledger needs of the app. */
export type LedgerDeps = Pick<Deps, 'db' | 'now' | 'log' | 'payment'>;

/** How long a buyer's window is waited for before a job expires its payment (shop orders: server/jobs/orderExpiry.ts). */
export const LEDGER_WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60_000;

/** What every ledger row has. */
export interface LedgerRow {
  id: number;
  orderNumber: string;
  amount: number;
  status: PaymentStatus;
  recTradeId: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** A payment table: its columns the ledger reads and writes (the rows' own keys are the same names). */
type LedgerTable = PgTable & {
  id: PgColumn;
  orderNumber: PgColumn;
  status: PgColumn;
  recTradeId: PgColumn;
};
/** A table of notifications already handled: event id → payment. */
type EventTable = PgTable & { id: PgColumn; eventId: PgColumn };

export interface Ledger<R extends LedgerRow> {
  /** Named in the logs. */
  label: string;
  table: LedgerTable;
  events: EventTable;
  /**
   * A paid row's effects, in the transaction that flipped it. Answers false when they can no longer apply (what was
   * paid for is gone): the row is then not counted (expired) and its money refunded.
   */
  onPaid(tx: Db, row: R, at: Date): Promise<boolean>;
  /** Rows settled elsewhere (e.g. renewals, by their job): looked up, never settled here. */
  skip?: (row: R) => boolean;
  /** Further columns recorded from an accepted charge's answer (e.g. the card kept for renewals). */
  charged?: (result: Exclude<ChargeResult, { status: 'declined' }>) => Record<string, unknown>;
  /** Further columns set when a row leaves `pending` for anything but paid (e.g. a purpose given back). */
  released?: Record<string, unknown>;
  /**
   * After a row was settled paid (by the caller that flipped it, after the commit), and again on each later settle
   * of a paid row: e.g. a card verification given back once. Answers the row as it then stands.
   */
  afterPaid?: (deps: LedgerDeps, row: R) => Promise<R>;
}

type AnyDb = Db;

// The descriptor's tables differ in their other columns; the ledger touches only the ones above.
// biome-ignore lint/suspicious/noExplicitAny: a table of any shape, narrowed by the descriptor
const tableOf = (l: { table: LedgerTable }) => l.table as any;

const UNCOUNTED: PaymentStatus[] = ['failed', 'expired'];

export async function ledgerRowByOrder<R extends LedgerRow>(
  db: AnyDb,
  ledger: Ledger<R>,
  orderNumber: string,
): Promise<R | undefined> {
  const [row] = await db.select().from(tableOf(ledger)).where(eq(ledger.table.orderNumber, orderNumber));
  return row as R | undefined;
}

/** Moves a row out of `pending` to `to` (only if still pending); answers it, or undefined when someone was first. */
async function flip<R extends LedgerRow>(
  db: AnyDb,
  ledger: Ledger<R>,
  id: number,
  set: Partial<LedgerRow>,
  extra?: SQL,
): Promise<R | undefined> {
  const [row] = await db
    .update(tableOf(ledger))
    .set(set.status === 'paid' ? set : { ...set, ...ledger.released })
    .where(and(eq(ledger.table.id, id), eq(ledger.table.status, 'pending'), extra))
    .returning();
  return row as R | undefined;
}

/** A new pending row; another open one where the table allows one (a concurrent attempt) answers 19004. */
export async function insertPending<R extends LedgerRow>(
  db: AnyDb,
  ledger: Ledger<R>,
  values: Record<string, unknown>,
): Promise<R> {
  try {
    const [row] = (await db.insert(tableOf(ledger)).values(values).returning()) as R[];
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.PAYMENT_IN_PROGRESS);
    throw err;
  }
}

/**
 * Makes room for a new payment: each open row given is settled through the gateway. One still waiting on 3-D Secure
 * (the gateway made its trade) is superseded: expired now, a late payment of it refunded. One whose charge call
 * threw and that the gateway does not know yet holds the new attempt back (19004) for PAYMENT_UNCONFIRMED_SECONDS at
 * most (settling then fails it). A gateway that cannot be asked refuses the attempt too (19005).
 */
export async function openSlot<R extends LedgerRow>(
  deps: LedgerDeps,
  ledger: Ledger<R>,
  open: R[],
): Promise<void> {
  for (const found of open) {
    const row = await settleLedgerRow(deps, ledger, found, 'throw');
    if (row.status !== 'pending') continue;
    if (!row.recTradeId) throw new AppError(Code.PAYMENT_IN_PROGRESS);
    await expireRow(deps, ledger, row);
  }
}

/** A pending row whose outcome is unknown and no longer waited for: expired (the gateway's late yes is refunded). */
export async function expireRow<R extends LedgerRow>(
  deps: LedgerDeps,
  ledger: Ledger<R>,
  row: R,
): Promise<boolean> {
  const expired = await flip(deps.db, ledger, row.id, { status: 'expired' });
  if (expired) deps.log.warn({ order: row.orderNumber }, `${ledger.label}: payment expired, outcome unknown`);
  return Boolean(expired);
}

export interface LedgerCharge extends Omit<PrimeCharge, 'amount' | 'orderNumber' | 'remember'> {
  remember?: boolean;
}

/**
 * Charges a pending row by prime: answers the row as it then stands (pending with the 3-D Secure window's address,
 * paid, or failed). A gateway call that throws without the gateway refusing leaves it pending (19005 is thrown).
 */
export async function chargeByPrime<R extends LedgerRow>(
  deps: LedgerDeps,
  ledger: Ledger<R>,
  payment: R,
  charge: LedgerCharge,
): Promise<{ row: R; redirectUrl?: string }> {
  let result: ChargeResult;
  try {
    result = await deps.payment.payByPrime({
      ...charge,
      remember: charge.remember ?? false,
      amount: payment.amount,
      orderNumber: payment.orderNumber,
    });
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, `${ledger.label}: gateway call failed`);
    if (!(err instanceof PaymentGatewayError && err.kind === 'refused'))
      throw new AppError(Code.PAYMENT_UNCONFIRMED);
    return { row: (await flip(deps.db, ledger, payment.id, { status: 'failed' })) ?? payment };
  }
  if (result.status === 'declined') {
    const set = { status: 'failed' as const, ...(result.tradeId && { recTradeId: result.tradeId }) };
    return { row: (await flip(deps.db, ledger, payment.id, set)) ?? payment };
  }
  await deps.db
    .update(tableOf(ledger))
    .set({ recTradeId: result.tradeId, ...ledger.charged?.(result) })
    .where(eq(ledger.table.id, payment.id));
  const withTrade = { ...payment, recTradeId: result.tradeId };
  if (result.status === 'pending') return { row: withTrade, redirectUrl: result.redirectUrl };
  return { row: await settleLedgerRow(deps, ledger, withTrade, 'keep') };
}

/**
 * The gateway's record of a row: by its trade id, or by our order number when the charge's call threw (no trade id);
 * a record of ours found so gives the row its trade id.
 */
export async function lookUp<R extends LedgerRow>(
  deps: Pick<Deps, 'db' | 'payment'>,
  ledger: Ledger<R>,
  payment: R,
): Promise<{ payment: R; asked: TradeRecord | null }> {
  if (payment.recTradeId) return { payment, asked: await deps.payment.query(payment.recTradeId) };
  const asked = await deps.payment.queryByOrder(payment.orderNumber);
  const record = recordOf(asked, payment);
  if (!record) return { payment, asked };
  await deps.db
    .update(tableOf(ledger))
    .set({ recTradeId: record.tradeId })
    .where(and(eq(ledger.table.id, payment.id), isNull(ledger.table.recTradeId)));
  return { payment: { ...payment, recTradeId: record.tradeId }, asked };
}

/** Asks the gateway how a row went and records it exactly once; answers the row as it now stands. */
export async function settleLedger<R extends LedgerRow>(
  deps: LedgerDeps,
  ledger: Ledger<R>,
  orderNumber: string,
): Promise<R> {
  const row = await ledgerRowByOrder(deps.db, ledger, orderNumber);
  if (!row) throw new Error(`${ledger.label}: no payment ${orderNumber}`);
  return settleLedgerRow(deps, ledger, row, 'keep');
}

export async function settleLedgerRow<R extends LedgerRow>(
  deps: LedgerDeps,
  ledger: Ledger<R>,
  found: R,
  unreachable: 'keep' | 'throw',
): Promise<R> {
  if (found.status === 'paid') return ledger.afterPaid ? ledger.afterPaid(deps, found) : found;
  const open = found.status === 'pending';
  if (!(open || UNCOUNTED.includes(found.status))) return found;
  // Failed with no trade: refused or declined before the gateway made one; nothing to ask.
  if (!found.recTradeId && found.status === 'failed') return found;
  let payment: R;
  let asked: TradeRecord | null;
  try {
    ({ payment, asked } = await lookUp(deps, ledger, found));
  } catch (err) {
    deps.log.error({ err, order: found.orderNumber }, `${ledger.label}: gateway query failed`);
    if (unreachable === 'throw') throw new AppError(Code.PAYMENT_UNCONFIRMED);
    return found;
  }
  if (ledger.skip?.(payment)) return payment;
  if (open && neverReached(payment, asked, UNCONFIRMED_MS, deps.now())) {
    const failed = await flip(
      deps.db,
      ledger,
      payment.id,
      { status: 'failed' },
      isNull(ledger.table.recTradeId),
    );
    return failed ?? ((await ledgerRowByOrder(deps.db, ledger, payment.orderNumber)) as R);
  }
  const record = recordOf(asked, payment);
  if (asked && !record)
    deps.log.error({ order: payment.orderNumber, record: asked }, `${ledger.label}: record does not match`);
  if (!open)
    return record && paidAtGateway(record) ? refundLate(deps, ledger, payment, record.tradeId) : payment;
  const outcome = outcomeOf(record, payment);
  if (outcome === 'pending') return payment;
  const settled = await deps.db.transaction(async (tx) => {
    const at = new Date(deps.now());
    const flipped = await flip(tx, ledger, payment.id, {
      status: outcome,
      ...(outcome === 'paid' && { paidAt: at }),
    });
    // Someone else settled it first: theirs are the effects.
    if (!flipped)
      return { row: (await ledgerRowByOrder(tx, ledger, payment.orderNumber)) as R, refund: false };
    if (outcome !== 'paid' || (await ledger.onPaid(tx, flipped, at))) return { row: flipped, refund: false };
    // Paid for something gone: not counted, and given back after the commit.
    const [expired] = await tx
      .update(tableOf(ledger))
      .set({ status: 'expired', paidAt: null })
      .where(eq(ledger.table.id, flipped.id))
      .returning();
    return { row: expired as R, refund: true };
  });
  if (settled.refund && record) return refundLate(deps, ledger, settled.row, record.tradeId);
  return settled.row.status === 'paid' && ledger.afterPaid
    ? ledger.afterPaid(deps, settled.row)
    : settled.row;
}

/**
 * Money the gateway took for a row we no longer count: refunded, once (the row moves to `refunded` first; a refund
 * that fails moves it back, so that the next settle tries again).
 */
export async function refundLate<R extends LedgerRow>(
  deps: Pick<Deps, 'db' | 'payment' | 'log'>,
  ledger: Ledger<R>,
  payment: R,
  tradeId: string,
): Promise<R> {
  const [claimed] = await deps.db
    .update(tableOf(ledger))
    .set({ status: 'refunded' })
    .where(and(eq(ledger.table.id, payment.id), inArray(ledger.table.status, UNCOUNTED)))
    .returning();
  if (!claimed) return (await ledgerRowByOrder(deps.db, ledger, payment.orderNumber)) as R;
  try {
    const { refunded } = await deps.payment.refund(tradeId);
    deps.log.warn({ order: payment.orderNumber, was: payment.status, refunded }, `${ledger.label}: refunded`);
    return claimed as R;
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, `${ledger.label}: refund failed; tried again later`);
    const [back] = await deps.db
      .update(tableOf(ledger))
      .set({ status: payment.status })
      .where(and(eq(ledger.table.id, payment.id), eq(ledger.table.status, 'refunded')))
      .returning();
    return (back ?? claimed) as R;
  }
}

/**
 * A verified notification of one of the ledger's rows: only a hint — the row is settled by asking the gateway; an
 * event id seen before does nothing. A row whose charge call threw gets the event's trade id first.
 */
export async function settleNotification<R extends LedgerRow>(
  deps: LedgerDeps,
  ledger: Ledger<R>,
  event: PaymentEvent,
): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the descriptor's event table, of any shape
  const events = ledger.events as any;
  const [seen] = await deps.db
    .select({ id: ledger.events.id })
    .from(events)
    .where(eq(ledger.events.eventId, event.eventId));
  if (seen) return;
  const payment = await ledgerRowByOrder(deps.db, ledger, event.orderNumber);
  if (!payment) {
    deps.log.warn({ event }, `${ledger.label}: notification for an unknown order`);
    return;
  }
  if (!payment.recTradeId)
    await deps.db
      .update(tableOf(ledger))
      .set({ recTradeId: event.tradeId })
      .where(and(eq(ledger.table.id, payment.id), isNull(ledger.table.recTradeId)));
  await settleLedger(deps, ledger, payment.orderNumber);
  await deps.db
    .insert(events)
    .values({ eventId: event.eventId, paymentId: payment.id, receivedAt: new Date(deps.now()) })
    .onConflictDoNothing();
}
