/**
 * Discount codes on the site plan's payments (contract/discounts.ts for the rules a buyer sees, operator.ts for how
 * an operator makes them). The server alone prices a payment: the code as typed is looked up, checked for the plan,
 * the moment and the kind of payment, and its discount taken off here; the browser's price is never read.
 *
 * Uses, race-free: a use is a payment made with the code that still counts (pending or paid; renewals continue a use
 * and count none). `reserveUse` locks the code's row, counts those payments and lets the new payment's insert follow
 * in the same transaction, so two payments at once with a single-use code are counted one after the other: the
 * second is refused (19023), never charged in full behind the buyer's back. A payment that ends failed or expired no
 * longer counts by its status alone, which gives the use back in the very UPDATE that flips it, wherever that is.
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { DEFAULT_TIMEZONE } from '../../../contract/constants';
import { DISCOUNT_CHECKS_PER_MINUTE, type DiscountInfo, discountOf } from '../../../contract/discounts';
import { wallTime } from '../../../contract/zoned';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { SharedBudget } from '../../shared/sharedBudget';
import { discountCodes, payments } from './schema';

export type DiscountRow = typeof discountCodes.$inferSelect;

/** Which payment a code is asked for: the plan charged, whether it is the site's first payment, and when. */
export interface DiscountUse {
  planId: number;
  first: boolean;
  at: Date;
}

/** What a payment charges: the amount, the discount taken off it and the code that took it (or none). */
export interface Priced {
  amount: number;
  discount: number;
  discountCodeId: number | null;
}

export const fullPrice = (price: number): Priced => ({ amount: price, discount: 0, discountCodeId: null });

export async function codeNamed(db: Db, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase()));
  return row;
}

/** A moment as the platform's calendar day (the operator's `from`/`until` are days of DEFAULT_TIMEZONE). */
const dayOf = (at: Date) => wallTime(at, DEFAULT_TIMEZONE).date;

/** Why `row` does not apply to `use` (a refusal's code and message arguments), or null when it does. */
export function refusalOf(
  row: DiscountRow,
  use: DiscountUse,
): { code: (typeof Code)[keyof typeof Code]; args?: Record<string, string> } | null {
  const at = use.at.getTime();
  if ((row.endedAt && row.endedAt.getTime() <= at) || (row.validUntil && at >= row.validUntil.getTime()))
    return { code: Code.DISCOUNT_EXPIRED };
  if (row.validFrom && at < row.validFrom.getTime())
    return { code: Code.DISCOUNT_NOT_YET, args: { date: dayOf(row.validFrom) } };
  if (row.planIds.length > 0 && !row.planIds.includes(use.planId))
    return { code: Code.DISCOUNT_NOT_FOR_PLAN };
  if (row.applies === 'first' && !use.first) return { code: Code.DISCOUNT_FIRST_ONLY };
  return null;
}

function refuse(row: DiscountRow, use: DiscountUse) {
  const refusal = refusalOf(row, use);
  if (refusal) throw new AppError(refusal.code, undefined, null, refusal.args);
}

/** The code's uses now: its payments, other than renewals, that are pending or paid. */
export async function usesOf(db: Db, codeId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.discountCodeId, codeId),
        inArray(payments.status, ['pending', 'paid']),
        ne(payments.kind, 'renewal'),
      ),
    );
  return n;
}

const usedUp = async (db: Db, row: DiscountRow) =>
  row.maxUses !== null && (await usesOf(db, row.id)) >= row.maxUses;

/** The code look-ups each user or site has left: a bucket per key, shared by the instances (issue 32). */
const checks = (db: Db) => new SharedBudget(db, 'discount', DISCOUNT_CHECKS_PER_MINUTE);

/**
 * What a charge of `price` costs with `code` (none: the full price). A code that does not apply is refused with its
 * reason (19020–19025); a code used up too, though only reserveUse decides that for good.
 */
export async function priceWith(
  db: Db,
  price: number,
  code: string | undefined,
  use: DiscountUse,
  /** Who asks (`user:<id>`, `site:<id>`): each look-up of a code takes one of their DISCOUNT_CHECKS_PER_MINUTE. */
  who: string,
): Promise<Priced & { row?: DiscountRow }> {
  if (!code) return fullPrice(price);
  // Codes are short words: guessing them is held to a human pace (19026), whatever the answer would be.
  if ((await checks(db).take(who, 1, use.at.getTime())) === 0)
    throw new AppError(Code.DISCOUNT_TOO_MANY_CHECKS);
  const row = await codeNamed(db, code);
  if (!row) throw new AppError(Code.DISCOUNT_UNKNOWN);
  refuse(row, use);
  if (await usedUp(db, row)) throw new AppError(Code.DISCOUNT_USED_UP);
  const discount = discountOf(row, price);
  return { amount: price - discount, discount, discountCodeId: row.id, row };
}

/**
 * Takes one use of the code for the payment about to be inserted in the same transaction `tx`: the code's row is
 * locked, so a concurrent reservation waits and then counts this payment. Refused as priceWith refuses (the code
 * may have ended or been used up since the price was told).
 */
export async function reserveUse(tx: Db, codeId: number, use: DiscountUse): Promise<void> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId)).for('update');
  if (!row) throw new AppError(Code.DISCOUNT_UNKNOWN);
  refuse(row, use);
  if (await usedUp(tx, row)) throw new AppError(Code.DISCOUNT_USED_UP);
}

/**
 * A renewal's price: the subscription's kept code takes its discount when it is an `every` one still valid for the
 * plan renewed (no use is taken: the first payment took it); otherwise the full price.
 */
export async function renewalPrice(
  db: Db,
  codeId: number | null,
  planId: number,
  price: number,
  at: Date,
): Promise<Priced> {
  if (codeId === null) return fullPrice(price);
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  if (row?.applies !== 'every' || refusalOf(row, { planId, first: false, at })) return fullPrice(price);
  const discount = discountOf(row, price);
  return { amount: price - discount, discount, discountCodeId: row.id };
}

/** Whether the site has ever paid for a plan (a `first` code is for a site that has not). */
export async function hasPaid(db: Db, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.siteId, siteId), eq(payments.status, 'paid')))
    .limit(1);
  return Boolean(row);
}

/** A code as the buyer is told of it (plan/quote). */
export const infoOf = (row: DiscountRow): DiscountInfo => ({
  code: row.code,
  percent: row.percent,
  amount_off: row.amountOff,
  applies: row.applies,
  until: row.validUntil ? dayOf(new Date(row.validUntil.getTime() - 1)) : null,
});
