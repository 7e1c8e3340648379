/**
 * What an operator may change of a plan (`npm run plans`, server/plansCli.ts): prices, limits, features, names,
 * helper text and whether it is on offer. Changes are written as `key=value` words; each value passes its rule here,
 * so a typo changes nothing. The table is what the plan cards show, what a payment charges, and the limits and
 * features in force on every site on the plan (tenancy/catalogue.ts; a running server sees a change within PLAN_CACHE_MS).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_TIMEZONE } from '../../../contract/constants';
import {
  DISCOUNT_APPLIES,
  DISCOUNT_CODE_MAX,
  DISCOUNT_CODE_MIN,
  discountCodeField,
} from '../../../contract/discounts';
import { FEATURES } from '../../../contract/plans';
import { dayBounds, wallTime } from '../../../contract/zoned';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { PlanRow } from '../tenancy/catalogue';
import { plans } from '../tenancy/schema';
import { type DiscountRow, usesOf } from './discounts';
import { discountCodes } from './schema';

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

/*
 * Discount codes (`npm run plans -- code …`; contract/discounts.ts): `code add <CODE> key=value …` with
 *   percent=1–100 or amount=<whole TWD> (one of them), plans=<id>,<id>… (every plan when none),
 *   from=YYYY-MM-DD and until=YYYY-MM-DD (days of the platform's DEFAULT_TIMEZONE, both whole; open when none),
 *   uses=<n> (unbounded when none), applies=first|every (first when none);
 * `code list`; `code end <CODE>` (or `code disable`): refused from now on, renewals included.
 */
const day = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, YYYY-MM-DD')
  .transform((d, ctx) => {
    const bounds = dayBounds(d, DEFAULT_TIMEZONE);
    if (!bounds || wallTime(bounds.start, DEFAULT_TIMEZONE).date !== d) {
      ctx.addIssue({ code: 'custom', message: 'not a day of the calendar' });
      return z.NEVER;
    }
    return bounds;
  });

const CODE_FIELDS = {
  percent: whole(100).pipe(z.number().min(1, 'from 1 to 100')),
  amount: whole(20_000_000).pipe(z.number().min(1, 'at least 1')),
  plans: z
    .string()
    .max(200)
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'plan ids separated by commas')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
  from: day,
  until: day,
  uses: whole(10_000_000).pipe(z.number().min(1, 'at least 1')),
  applies: z.enum(DISCOUNT_APPLIES),
} as const;
type CodeKey = keyof typeof CODE_FIELDS;
export const CODE_KEYS = Object.keys(CODE_FIELDS) as CodeKey[];

export type NewDiscountCode = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt' | 'endedAt'>;

/** `<CODE> key=value …` → the code to insert, or the first word that is wrong and why. */
export function parseCode(args: readonly string[]): { code: NewDiscountCode } | { error: string } {
  const [name = '', ...words] = args;
  const code = discountCodeField().safeParse(name);
  if (!code.success)
    return {
      error: `code: ${DISCOUNT_CODE_MIN}–${DISCOUNT_CODE_MAX} letters, digits, - or _ (not "${name.slice(0, 40)}")`,
    };
  const got: { [K in CodeKey]?: z.output<(typeof CODE_FIELDS)[K]> } = {};
  for (const arg of words) {
    const at = arg.indexOf('=');
    const key = (at > 0 ? arg.slice(0, at) : arg) as CodeKey;
    if (!(key in CODE_FIELDS))
      return { error: `unknown key "${key.slice(0, 40)}" (keys: ${CODE_KEYS.join(', ')})` };
    if (at < 0) return { error: `${key}: give a value, ${key}=…` };
    if (key in got) return { error: `${key}: given twice` };
    const parsed = CODE_FIELDS[key].safeParse(arg.slice(at + 1));
    if (!parsed.success)
      return { error: `${key}: ${parsed.error.issues[0]?.message ?? 'not a valid value'}` };
    (got as Record<string, unknown>)[key] = parsed.data;
  }
  if ((got.percent === undefined) === (got.amount === undefined))
    return { error: 'give percent=1–100 or amount=<whole TWD>, one of them' };
  if (got.from && got.until && got.until.end <= got.from.start) return { error: 'until: before from' };
  return {
    code: {
      code: code.data,
      percent: got.percent ?? null,
      amountOff: got.amount ?? null,
      planIds: got.plans ?? [],
      validFrom: got.from?.start ?? null,
      validUntil: got.until?.end ?? null,
      maxUses: got.uses ?? null,
      applies: got.applies ?? 'first',
    },
  };
}

/** Adds a code; answers why not when a plan named does not exist or the code is taken (in any case). */
export async function addCode(db: Db, code: NewDiscountCode): Promise<{ error: string } | { ok: true }> {
  const known = new Set((await allPlans(db)).map((p) => p.id));
  const unknown = (code.planIds ?? []).filter((id) => !known.has(id));
  if (unknown.length) return { error: `plans: there is no plan ${unknown.join(', ')}` };
  try {
    await db.insert(discountCodes).values(code);
    return { ok: true };
  } catch (err) {
    if (isUniqueViolation(err)) return { error: `code: ${code.code} exists already` };
    throw err;
  }
}

/** Ends a code now (`code end`); false when there is no such code or it has ended already. */
export async function endCode(db: Db, name: string, at: Date): Promise<boolean> {
  const [row] = await db
    .update(discountCodes)
    .set({ endedAt: at })
    .where(and(eq(discountCodes.code, name.toUpperCase()), isNull(discountCodes.endedAt)))
    .returning({ id: discountCodes.id });
  return Boolean(row);
}

/** Every code with its uses now, oldest first. */
export async function allCodes(db: Db) {
  const rows = await db.select().from(discountCodes).orderBy(asc(discountCodes.id));
  return Promise.all(rows.map(async (row) => ({ row, uses: await usesOf(db, row.id) })));
}

/** A code as one line of the operator's list. */
export function codeLine({ row, uses }: { row: DiscountRow; uses: number }, now: Date): string {
  const dayOf = (d: Date) => wallTime(d, DEFAULT_TIMEZONE).date;
  return [
    row.code,
    row.percent !== null ? `percent=${row.percent}` : `amount=${row.amountOff}`,
    `plans=${row.planIds.length ? row.planIds.join(',') : 'all'}`,
    `from=${row.validFrom ? dayOf(row.validFrom) : '-'}`,
    `until=${row.validUntil ? dayOf(new Date(row.validUntil.getTime() - 1)) : '-'}`,
    `uses=${uses}/${row.maxUses ?? '∞'}`,
    `applies=${row.applies}`,
    row.endedAt && row.endedAt <= now ? `ended ${row.endedAt.toISOString()}` : 'open',
  ].join('  ');
}
