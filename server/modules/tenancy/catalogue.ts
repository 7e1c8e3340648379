/**
 * The plans, read from the `plans` table (seeded from contract/plans.ts): the cards on offer, and the plan in force
 * on a site (its limits and features), which every module asks here. The rows are cached in this process and
 * dropped on the `plans` table's notifications (its trigger, migration 0018: any writer, `npm run plans` included),
 * so a change is in force on every instance within a second (issue 32).
 */
import { asc, eq } from 'drizzle-orm';
import type { PlanCard } from '../../../contract/billing';
import type { ListResult } from '../../../contract/list';
import type { Feature } from '../../../contract/plans';
import { busOf, type ChangeBus } from '../../db/changeBus';
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

/** How long this process keeps the plan rows it read while it hears of their changes: a safety net only. */
export const PLAN_CACHE_MS = 30_000;
/** How long it keeps them while it cannot hear (no change bus, or its LISTEN connection down): the 1-s promise. */
export const PLAN_CACHE_UNHEARD_MS = 1_000;

// Per database (tests open several in one process); a transaction is a key of its own and reads afresh.
let cache = new WeakMap<Db, { at: number; rows: Promise<Map<number, PlanRow>> }>();
/** The change buses already told to drop this cache's rows of their database. */
const heard = new WeakSet<ChangeBus>();

/** Drops `db`'s rows on any plan change (this process's or another's) and whenever notifications may have been missed. */
function hear(db: Db, bus: ChangeBus): void {
  heard.add(bus);
  bus.on({
    change: (c) => {
      if (c.kind === 'plan' || c.kind === 'all') cache.delete(db);
    },
    reset: () => cache.delete(db),
  });
}

/** Every plan row by id: until one changes (within the notification's delay) or PLAN_CACHE_MS, whichever is first. */
export function plansInForce(db: Db): Promise<Map<number, PlanRow>> {
  const bus = busOf(db);
  if (bus && !heard.has(bus)) hear(db, bus);
  const ttl = bus?.listening ? PLAN_CACHE_MS : PLAN_CACHE_UNHEARD_MS;
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < ttl) return hit.rows;
  const rows = db
    .select()
    .from(plans)
    .then((list) => new Map(list.map((p) => [p.id, p])));
  // Set before the read ends, so a change heard meanwhile drops this read too.
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
