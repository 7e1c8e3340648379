/**
 * The send screen's actions (contract/api/epaperSend.ts). The e-paper is looked up in the caller's sight on the
 * current site (content/scope.ts: another site's, or one out of sight, is 404).
 *
 * When is the e-paper published? Sending it is publishing it (SPEC §4: status 1 = sent, for an e-paper): a send now
 * publishes it as it starts, and a scheduled send marks the e-paper scheduled (status 2, at the send's time) and
 * publishes it when it starts. Cancelling a scheduled send takes the e-paper's schedule back (status 0) unless it was
 * already published.
 *
 * Sending again (issue 27): a send reaches only the members who do not have the e-paper yet (audience.ts
 * `hasReceived`), unless it asks for `resend_all`; when that leaves nobody it is refused (3344), and the quota counts
 * only the mails that will go. The screen is told beforehand (`audienceOf`: received, last send) so that it asks.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  EpaperAt,
  EpaperAudienceInput,
  EpaperAudienceReply,
  EpaperProgress,
} from '../../../contract/api/epaperSend';
import { Code } from '../../../contract/codes';
import { CONTENT_TYPE, STATUS } from '../../../contract/contentConstants';
import { instantOf } from '../../../contract/zoned';
import { configuredMailer } from '../../adapters/mailer';
import type { SiteContext } from '../../http/action';
import { AppError, notFound } from '../../http/errors';
import { contents, epaperSends } from '../content/schema';
import { findItem, scopeOf } from '../content/scope';
import { bumpRender } from '../tenancy/invalidate';
import { lockSite } from '../tenancy/lock';
import { siteById } from '../tenancy/sites';
import { audienceCount, memberTags } from './audience';
import { letterOf, mailFor } from './mail';
import { lastSent, latestSend, progressOf, quotaOf, startDueSend } from './sends';
import { wakeEpaperSenders } from './wake';

/** The e-paper `id` as the caller may see it (404 otherwise). */
const epaperOf = (ctx: SiteContext, id: number) =>
  findItem(scopeOf(ctx, CONTENT_TYPE.epaper), id, CONTENT_TYPE.epaper);

export async function audienceOf(
  ctx: SiteContext,
  input: { id: number; audience: EpaperAudienceInput },
): Promise<EpaperAudienceReply> {
  const item = await epaperOf(ctx, input.id);
  const { db } = ctx.deps;
  const [counted, last, quota] = await Promise.all([
    audienceCount(db, ctx.site.id, input.audience, item.id),
    lastSent(db, ctx.site.id, item.id),
    quotaOf(db, ctx.site.id, ctx.deps.now()),
  ]);
  return { ...counted, last_send: last, quota };
}

export const tagsOf = (ctx: SiteContext) => memberTags(ctx.deps.db, ctx.site.id);

/** The e-paper as it would be mailed now, to the caller alone: marked [TEST], recorded and counted nowhere. */
export async function testSend(ctx: SiteContext, id: number): Promise<{ to: string }> {
  const item = await epaperOf(ctx, id);
  const site = await siteById(ctx.deps.db, ctx.site.id);
  if (!site) throw notFound();
  const { config } = ctx.deps;
  // A test shows the current draft (what a send would publish), the paid part included, as its writer sees it.
  const letter = letterOf(site, { ...item, published: null }, { kind: 'paid' }, config);
  const mail = mailFor(
    letter,
    { email: ctx.user.email, readerId: 0 },
    { secret: ctx.deps.secret, now: ctx.deps.now(), test: true },
  );
  await configuredMailer(config, ctx.deps.log).send(mail);
  return { to: ctx.user.email };
}

async function atOf(ctx: SiteContext, at: z.output<typeof EpaperAt> | undefined): Promise<Date | undefined> {
  if (!at) return undefined;
  const site = await siteById(ctx.deps.db, ctx.site.id);
  const when = instantOf(at, site?.timezone ?? 'Asia/Taipei');
  if (Number.isNaN(when.getTime())) throw new AppError(Code.VALIDATION);
  if (when.getTime() <= ctx.deps.now()) throw new AppError(Code.SCHEDULE_IN_PAST);
  return when;
}

export async function send(
  ctx: SiteContext,
  input: {
    id: number;
    audience: EpaperAudienceInput;
    at?: z.output<typeof EpaperAt>;
    resend_all?: boolean;
  },
): Promise<EpaperProgress> {
  const { db } = ctx.deps;
  const item = await epaperOf(ctx, input.id);
  const at = await atOf(ctx, input.at);
  const now = ctx.deps.now();
  const siteId = ctx.site.id;
  const row = await db.transaction(async (tx) => {
    // One send decision at a time per site, so that two sends cannot both pass the quota, nor both reach a member.
    await lockSite(tx, siteId);
    const [active] = await tx
      .select({ id: epaperSends.id })
      .from(epaperSends)
      .where(and(eq(epaperSends.contentId, item.id), inArray(epaperSends.status, ['scheduled', 'sending'])));
    if (active) throw new AppError(Code.EPAPER_SEND_ACTIVE);
    const { count, received } = await audienceCount(tx, siteId, input.audience, item.id);
    if (count === 0) throw new AppError(Code.EPAPER_NO_RECIPIENTS);
    const resendAll = input.resend_all === true;
    const needed = resendAll ? count : count - received;
    if (needed === 0) throw new AppError(Code.EPAPER_ALREADY_RECEIVED);
    const quota = await quotaOf(tx, siteId, now);
    if (needed > quota.remaining) {
      const args = { needed, remaining: quota.remaining, limit: quota.limit };
      throw new AppError(Code.EPAPER_QUOTA, undefined, args, args);
    }
    const [made] = await tx
      .insert(epaperSends)
      .values({
        siteId,
        contentId: item.id,
        audience: input.audience,
        resendAll,
        status: 'scheduled',
        scheduledAt: at ?? new Date(now),
        // What the quota counts until the send starts and fixes its recipients.
        total: needed,
        createdBy: ctx.user.id,
      })
      .returning();
    if (at && item.status !== STATUS.PUBLISHED) {
      await tx
        .update(contents)
        .set({ status: STATUS.SCHEDULED, publishTs: at })
        .where(eq(contents.id, item.id));
      await bumpRender(tx, siteId);
    }
    return made;
  });
  const started = at ? row : ((await startDueSend(db, now, row.id)) ?? row);
  wakeEpaperSenders(db);
  return progressOf(db, started);
}

export async function progress(ctx: SiteContext, id: number): Promise<EpaperProgress | null> {
  const item = await epaperOf(ctx, id);
  const row = await latestSend(ctx.deps.db, ctx.site.id, item.id);
  return row ? progressOf(ctx.deps.db, row) : null;
}

export async function cancel(ctx: SiteContext, id: number): Promise<EpaperProgress> {
  const item = await epaperOf(ctx, id);
  const { db } = ctx.deps;
  const now = new Date(ctx.deps.now());
  const [row] = await db
    .update(epaperSends)
    .set({ status: 'cancelled', finishedAt: now })
    .where(
      and(
        eq(epaperSends.siteId, ctx.site.id),
        eq(epaperSends.contentId, item.id),
        eq(epaperSends.status, 'scheduled'),
      ),
    )
    .returning();
  if (!row) throw new AppError(Code.EPAPER_NOT_SCHEDULED);
  // The e-paper's schedule was the send's: it goes back to a draft (a published one stays published).
  await db
    .update(contents)
    .set({ status: STATUS.DRAFT, publishTs: null, updatedAt: now })
    .where(and(eq(contents.id, item.id), eq(contents.status, STATUS.SCHEDULED)));
  await bumpRender(db, ctx.site.id);
  return progressOf(db, row);
}
