/**
 * The plans, read from the `plans` table (seeded from contract/plans.ts): the cards on offer, and the plan in force
 * on a site (its limits and features), which every module asks here. The rows are cached in this process for
 * PLAN_CACHE_MS, so an operator's `npm run plans` change is in force on every instance within that time.
 */
import { asc, eq } from 'drizzle-orm';
import type { PlanCard } from '../../../contract/billing';
import type { ListResult } from '../../../contract/list';
import type { Feature } from '../../../contract/plans';
import type { Db } from '../../db/client';
import { FieldError } from '../../http/errors';
import { plans, sites } from './schema';

export type PlanRow = typeof plans.$inferSelect;

const OFFERED = 1;

const toCard = (p: PlanRow): PlanCard => ({
  id: p.id,
  icon: p.icon,
  title: { tw: p.nameTw, en: p.nameEn },
  price: p.price,
  helper: { tw: p.helperTw, en: p.helperEn },
  features: p.features,
  members: p.members,
  staff: p.staffCount,
  upload_mb: p.uploadMb,
  newsletters: p.newsletters,
  history: { count: p.historyCount, days: p.historyDays },
});

/** How long this process trusts the plan rows it read (README, Plans). */
export const PLAN_CACHE_MS = 30_000;

// Per database (tests open several in one process); a transaction is a key of its own and reads afresh.
let cache = new WeakMap<Db, { at: number; rows: Promise<Map<number, PlanRow>> }>();

/** Every plan row by id, at most PLAN_CACHE_MS old. */
export function plansInForce(db: Db): Promise<Map<number, PlanRow>> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < PLAN_CACHE_MS) return hit.rows;
  const rows = db
    .select()
    .from(plans)
    .then((list) => new Map(list.map((p) => [p.id, p])));
  const entry = { at: Date.now(), rows };
  cache.set(db, entry);
  // A failed read is not kept: the next caller asks again.
  rows.catch(() => cache.get(db) === entry && cache.delete(db));
  return rows;
}

/** Test hook: forget the cached rows, so a change made in the database is read at once. */
export function forgetPlans(): void {
  cache = new WeakMap();
}

/** A plan row by id (a site's `service_id`), or undefined for none. */
export async function planRow(db: Db, id: number | null | undefined): Promise<PlanRow | undefined> {
  return id == null ? undefined : (await plansInForce(db)).get(id);
}

/** The plan in force on a site, or undefined before its first payment. */
export async function sitePlan(db: Db, siteId: number): Promise<PlanRow | undefined> {
  const [site] = await db.select({ serviceId: sites.serviceId }).from(sites).where(eq(sites.id, siteId));
  return planRow(db, site?.serviceId);
}

/** What a plan unlocks; no plan, nothing. */
export const planFeatures = (plan: PlanRow | undefined): readonly Feature[] => plan?.features ?? [];

/** How replies name a site's plan (`service`). */
export const planService = (plan: PlanRow | undefined) => (plan ? { id: plan.id, name: plan.nameEn } : null);

export async function planCards(db: Db): Promise<ListResult<PlanCard>> {
  const rows = await db.select().from(plans).where(eq(plans.status, OFFERED)).orderBy(asc(plans.id));
  return { rows: rows.map(toCard), total: rows.length };
}

/** A plan one may buy now; a withdrawn or unknown id is a field error on `field`. */
export async function offeredPlan(db: Db, id: number, field: string): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row || row.status !== OFFERED) throw new FieldError({ [field]: { message: 'validation.format' } });
  return row;
}
