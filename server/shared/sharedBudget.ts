/**
 * So many of something per client per minute (the analytics events of a visitor, the discount codes a user tries),
 * shared by every instance (issue 32): a token bucket, refilled continuously, kept as a row of `client_budgets` and
 * taken from in one upsert, so two instances never both spend the same tokens and a client gets its budget once
 * however its requests are spread. A bucket untouched for a minute is full again, which is what no row means: such
 * rows are pruned once a minute by each process. Nothing is evicted early, so a flood of new keys (someone rotating
 * addresses) costs the other clients nothing of what they have spent; it costs a row per key for a minute.
 */
import { lt, sql } from 'drizzle-orm';
import { clientBudgets } from '../db/appTables';
import type { Db } from '../db/client';

const MINUTE_MS = 60_000;

/** When this process last pruned each database's full buckets. */
const prunedAt = new WeakMap<Db, number>();

export class SharedBudget {
  constructor(
    private readonly db: Db,
    /** Names this budget's rows (`<name>:<key>`), apart from other budgets' buckets of the same client. */
    private readonly name: string,
    private readonly perMinute: number,
  ) {}

  /** How many of `wanted` the client may have now (the rest are refused). */
  async take(key: string, wanted: number, now: number): Promise<number> {
    if (now - (prunedAt.get(this.db) ?? 0) >= MINUTE_MS) {
      prunedAt.set(this.db, now);
      await this.db.delete(clientBudgets).where(lt(clientBudgets.at, now - MINUTE_MS));
    }
    const per = this.perMinute;
    const first = Math.min(wanted, per);
    // Every SET expression reads the row as it was: the refilled tokens, what they grant, what is left.
    const refilled = sql`least(${per}::float8, ${clientBudgets.tokens} + greatest(0, ${now}::bigint - ${clientBudgets.at}) * ${per / MINUTE_MS}::float8)`;
    const granted = sql`least(${wanted}::int, floor(${refilled})::int)`;
    const [row] = await this.db
      .insert(clientBudgets)
      .values({ key: `${this.name}:${key}`, tokens: per - first, at: now, granted: first })
      .onConflictDoUpdate({
        target: clientBudgets.key,
        set: {
          tokens: sql`${refilled} - ${granted}`,
          at: sql`greatest(${clientBudgets.at}, ${now}::bigint)`,
          granted,
        },
      })
      .returning({ granted: clientBudgets.granted });
    return row.granted;
  }
}
