/** The plans on offer, read from the `plans` table (seeded from contract/plans.ts). */
import { asc, eq } from 'drizzle-orm';
import type { PlanCard } from '../../../contract/billing';
import type { ListResult } from '../../../contract/list';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema';
import { FieldError } from '../../http/errors';

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
