/**
 * What a site offers its readers: its plans on sale in a language (status 1), only while the site's own plan has the
 * membership feature, and the paywall text of that language (reader_plan_texts). The paywall (public pages), the
 * /subscribe page and the reader actions read these.
 */
import { and, asc, eq } from 'drizzle-orm';
import { hasFeature } from '../../../contract/plans';
import type { Db } from '../../db/client';
import { readerPlans } from '../readers/schema';
import { planFeatures, sitePlan } from '../tenancy/catalogue';
import { readerPlanTexts } from './schema';

export type ReaderPlanRow = typeof readerPlans.$inferSelect;

/** A plan's status: on sale to new readers (1) or not (0); never deleted once made. */
export const PLAN_ON = 1;

export async function sellsMembership(db: Db, siteId: number): Promise<boolean> {
  return hasFeature(planFeatures(await sitePlan(db, siteId)), 'membership');
}

/** The plans a reader may buy now in `langId` (none when the site's plan lacks membership). */
export async function offeredPlans(db: Db, siteId: number, langId: number): Promise<ReaderPlanRow[]> {
  if (!(await sellsMembership(db, siteId))) return [];
  return db
    .select()
    .from(readerPlans)
    .where(
      and(eq(readerPlans.siteId, siteId), eq(readerPlans.langId, langId), eq(readerPlans.status, PLAN_ON)),
    )
    .orderBy(asc(readerPlans.price), asc(readerPlans.id));
}

/** One plan a reader may buy now (any language of the site), or undefined. */
export async function offeredPlan(db: Db, siteId: number, id: number): Promise<ReaderPlanRow | undefined> {
  if (!(await sellsMembership(db, siteId))) return undefined;
  const [row] = await db
    .select()
    .from(readerPlans)
    .where(and(eq(readerPlans.siteId, siteId), eq(readerPlans.id, id), eq(readerPlans.status, PLAN_ON)));
  return row;
}

/** The paywall text of a language ('' when none was written). */
export async function paywallText(db: Db, siteId: number, langId: number): Promise<string> {
  const [row] = await db
    .select({ content: readerPlanTexts.content })
    .from(readerPlanTexts)
    .where(and(eq(readerPlanTexts.siteId, siteId), eq(readerPlanTexts.langId, langId)));
  return row?.content ?? '';
}
