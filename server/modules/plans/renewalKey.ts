/**
 * A renewal charge's purpose, `renewal:<period end ISO>:<attempt>` (payments.purpose, unique per site): which period
 * it renews and which try it is. The unique index lets only one charge exist per site, period and attempt; the key
 * also tells an outcome's effects which state of the subscription they apply to (see renewal.ts).
 */

export interface RenewalKey {
  /** The end of the period being renewed: the next period starts here. */
  periodEnd: Date;
  /** 0 at the period's end, then 1, 2, … for each retry. */
  attempt: number;
}

const PREFIX = 'renewal:';

export const renewalPurpose = (key: RenewalKey): string =>
  `${PREFIX}${key.periodEnd.toISOString()}:${key.attempt}`;

/** The key of a renewal payment's purpose, or null for any other payment. */
export function renewalKeyOf(purpose: string | null): RenewalKey | null {
  if (!purpose?.startsWith(PREFIX)) return null;
  const cut = purpose.lastIndexOf(':');
  const periodEnd = new Date(purpose.slice(PREFIX.length, cut));
  const attempt = Number(purpose.slice(cut + 1));
  if (Number.isNaN(periodEnd.getTime()) || !Number.isInteger(attempt) || attempt < 0) return null;
  return { periodEnd, attempt };
}
