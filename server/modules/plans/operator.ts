/**
 * What an operator may change of a plan (`npm run plans`, server/plansCli.ts): prices, limits, features, names,
 * helper text and whether it is on offer. Changes are written as `key=value` words; each value passes its rule here,
 * so a typo changes nothing. The table is what the plan cards show, what a payment charges, and the limits and
 * features in force on every site on the plan (tenancy/catalogue.ts; a running server sees a change within PLAN_CACHE_MS).
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { FEATURES } from '../../../contract/plans';
import type { Db } from '../../db/client';
import type { PlanRow } from '../tenancy/catalogue';
import { plans } from '../tenancy/schema';

/** A whole number written in digits (an empty or signed value is a typo, not 0). */
const whole = (max: number) =>
  z
    .string()
    .max(12)
    .regex(/^\d{1,9}$/, 'a whole number')
    .transform(Number)
    .pipe(z.number().max(max));
const count = whole(10_000_000);
const words = (max: number) => z.string().trim().min(1).max(max);

/** Each key an operator writes, with its rule and the column it sets. */
const FIELDS = {
  price: whole(20_000_000),
  members: count,
  staff: count,
  history_count: count,
  history_days: count,
  upload_mb: count,
  newsletters: count,
  ai_per_month: count,
  features: z
    .string()
    .max(200)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(FEATURES))),
  offered: z.enum(['yes', 'no']).transform((v) => (v === 'yes' ? 1 : 0)),
  name_tw: words(50),
  name_en: words(50),
  helper_tw: z.string().trim().max(200),
  helper_en: z.string().trim().max(200),
  icon: words(40),
} as const;

type Key = keyof typeof FIELDS;
const COLUMN: Record<Key, keyof PlanRow> = {
  price: 'price',
  members: 'members',
  staff: 'staffCount',
  history_count: 'historyCount',
  history_days: 'historyDays',
  upload_mb: 'uploadMb',
  newsletters: 'newsletters',
  ai_per_month: 'aiPerMonth',
  features: 'features',
  offered: 'status',
  name_tw: 'nameTw',
  name_en: 'nameEn',
  helper_tw: 'helperTw',
  helper_en: 'helperEn',
  icon: 'icon',
};

export const PLAN_KEYS = Object.keys(FIELDS) as Key[];

/** `key=value` words → the columns to set, or the first word that is wrong and why. */
export function parsePlanChanges(args: readonly string[]): { set: Partial<PlanRow> } | { error: string } {
  if (args.length === 0)
    return { error: `nothing to change: give key=value (keys: ${PLAN_KEYS.join(', ')})` };
  const set: Record<string, unknown> = {};
  for (const arg of args) {
    const at = arg.indexOf('=');
    const key = (at > 0 ? arg.slice(0, at) : arg) as Key;
    if (!(key in FIELDS))
      return { error: `unknown key "${key.slice(0, 40)}" (keys: ${PLAN_KEYS.join(', ')})` };
    if (at < 0) return { error: `${key}: give a value, ${key}=…` };
    const parsed = FIELDS[key].safeParse(arg.slice(at + 1));
    if (!parsed.success)
      return { error: `${key}: ${parsed.error.issues[0]?.message ?? 'not a valid value'}` };
    set[COLUMN[key]] = parsed.data;
  }
  return { set: set as Partial<PlanRow> };
}

/** Sets the columns of plan `id`; answers the plan as it now is, or undefined when there is no such plan. */
export async function changePlan(db: Db, id: number, set: Partial<PlanRow>): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return row;
}

export const allPlans = (db: Db): Promise<PlanRow[]> => db.select().from(plans).orderBy(asc(plans.id));

/** A plan as one line of the operator's list. */
export const planLine = (p: PlanRow): string =>
  [
    `${p.id}`,
    `${p.nameEn} (${p.nameTw})`,
    `price=${p.price}`,
    `members=${p.members}`,
    `staff=${p.staffCount}`,
    `history_count=${p.historyCount}`,
    `history_days=${p.historyDays}`,
    `upload_mb=${p.uploadMb}`,
    `newsletters=${p.newsletters}`,
    `ai_per_month=${p.aiPerMonth}`,
    `features=${p.features.join(',')}`,
    `offered=${p.status === 1 ? 'yes' : 'no'}`,
  ].join('  ');
