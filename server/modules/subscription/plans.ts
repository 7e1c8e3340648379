/**
 * The staff's side of reader plans (SPEC §7 subscription info/save_plan/save_content/get/status): every call needs
 * subscription.plan and the site plan's membership feature (contract/api/subscription.ts). A plan of another site
 * is 404. Rich text is sanitised when saved (richText.ts). Every change readers would see (the plan card on paid
 * articles, /subscribe) bumps the site's render version in the same transaction.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { subscriptionApi } from '../../../contract/api/subscription';
import { Code } from '../../../contract/codes';
import type { InputOf } from '../../../contract/endpoint';
import type { ReaderPlan, SubscriptionInfo } from '../../../contract/subscription';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { sanitizeRichText } from '../../workers/sanitize';
import { readerPlans, readerSubscriptions } from '../readers/schema';
import { bumpRender } from '../tenancy/invalidate';
import { sites } from '../tenancy/schema';
import { PLAN_ON, type ReaderPlanRow, sellsMembership } from './offer';
import { readerPlanTexts } from './schema';

/** Subscription statuses that hold a plan (a reader on it, or about to be). */
const HOLDING = ['pending', 'active', 'past_due'] as const;

async function subscriberCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ planId: readerSubscriptions.planId, n: count() })
    .from(readerSubscriptions)
    .where(and(inArray(readerSubscriptions.planId, ids), inArray(readerSubscriptions.status, [...HOLDING])))
    .groupBy(readerSubscriptions.planId);
  return new Map(rows.map((r) => [r.planId, Number(r.n)]));
}

const toPlan = (row: ReaderPlanRow, subscribers: number): ReaderPlan => ({
  id: row.id,
  lang_id: row.langId,
  name: row.name,
  price: row.price,
  content: row.content,
  cover: row.cover,
  func: row.func,
  freq: row.freq,
  status: row.status,
  subscribers,
});

async function planOfSite(db: Db, siteId: number, id: number): Promise<ReaderPlanRow> {
  const [row] = await db
    .select()
    .from(readerPlans)
    .where(and(eq(readerPlans.siteId, siteId), eq(readerPlans.id, id)));
  if (!row) throw new AppError(Code.NOT_FOUND);
  return row;
}

async function withCount(db: Db, row: ReaderPlanRow): Promise<ReaderPlan> {
  return toPlan(row, (await subscriberCounts(db, [row.id])).get(row.id) ?? 0);
}

/** The paywall text row of a language, made empty on first read. */
async function textRow(db: Db, siteId: number, langId: number) {
  await db.insert(readerPlanTexts).values({ siteId, langId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(readerPlanTexts)
    .where(and(eq(readerPlanTexts.siteId, siteId), eq(readerPlanTexts.langId, langId)));
  return row;
}

async function postOf(db: Db, siteId: number, langId: number): Promise<SubscriptionInfo['post']> {
  const [row, [site]] = await Promise.all([
    textRow(db, siteId, langId),
    db.select({ languages: sites.displayLanguages }).from(sites).where(eq(sites.id, siteId)),
  ]);
  return {
    id: row.id,
    uuid: row.uuid,
    lang_id: row.langId,
    content: row.content,
    frontend_display_language: site?.languages ?? [1],
  };
}

export async function subscriptionInfo(db: Db, siteId: number, langId: number): Promise<SubscriptionInfo> {
  const rows = await db
    .select()
    .from(readerPlans)
    .where(and(eq(readerPlans.siteId, siteId), eq(readerPlans.langId, langId)))
    .orderBy(asc(readerPlans.id));
  const [counts, post, membership, [on]] = await Promise.all([
    subscriberCounts(
      db,
      rows.map((r) => r.id),
    ),
    postOf(db, siteId, langId),
    sellsMembership(db, siteId),
    db
      .select({ id: readerPlans.id })
      .from(readerPlans)
      .where(and(eq(readerPlans.siteId, siteId), eq(readerPlans.status, PLAN_ON)))
      .limit(1),
  ]);
  return {
    list: rows.map((r) => toPlan(r, counts.get(r.id) ?? 0)),
    post,
    status: membership && Boolean(on),
    // The call itself needs subscription.plan and membership (server/http/action.ts): its caller may edit.
    able: true,
  };
}

export async function getPlan(db: Db, siteId: number, id: number): Promise<ReaderPlan> {
  return withCount(db, await planOfSite(db, siteId, id));
}

export async function savePlan(
  db: Db,
  siteId: number,
  input: InputOf<typeof subscriptionApi.savePlan>,
): Promise<ReaderPlan> {
  const values = {
    langId: input.lang_id,
    name: input.name,
    price: input.price,
    status: input.status,
    content: sanitizeRichText(input.content),
    cover: input.cover,
    func: input.func,
    freq: input.freq,
  };
  const row = await db.transaction(async (tx) => {
    let saved: ReaderPlanRow | undefined;
    if (input.id === 0) {
      [saved] = await tx
        .insert(readerPlans)
        .values({ siteId, ...values })
        .returning();
    } else {
      await planOfSite(tx, siteId, input.id);
      [saved] = await tx
        .update(readerPlans)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(readerPlans.siteId, siteId), eq(readerPlans.id, input.id)))
        .returning();
    }
    await bumpRender(tx, siteId);
    return saved as ReaderPlanRow;
  });
  return withCount(db, row);
}

export async function setPlanStatus(db: Db, siteId: number, id: number, status: 0 | 1): Promise<ReaderPlan> {
  const row = await db.transaction(async (tx) => {
    await planOfSite(tx, siteId, id);
    const [saved] = await tx
      .update(readerPlans)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(readerPlans.siteId, siteId), eq(readerPlans.id, id)))
      .returning();
    await bumpRender(tx, siteId);
    return saved;
  });
  return withCount(db, row);
}

export async function saveContent(
  db: Db,
  siteId: number,
  input: InputOf<typeof subscriptionApi.saveContent>,
): Promise<SubscriptionInfo['post']> {
  const content = sanitizeRichText(input.content);
  await db.transaction(async (tx) => {
    await tx
      .insert(readerPlanTexts)
      .values({ siteId, langId: input.lang_id, content })
      .onConflictDoUpdate({
        target: [readerPlanTexts.siteId, readerPlanTexts.langId],
        set: { content, updatedAt: new Date() },
      });
    await bumpRender(tx, siteId);
  });
  return postOf(db, siteId, input.lang_id);
}
