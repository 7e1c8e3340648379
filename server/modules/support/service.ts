/**
 * Platform support access (issue 17). An operator asks a token into a site (the entry is logged with who, when and
 * why, before anything else happens), joins with it within SUPPORT_JOIN_MINUTES, and then works on that site with the
 * administrator's role for SUPPORT_SESSION_MINUTES (auth/session.ts supportScope). `expires_at` is the join deadline
 * until the entry is joined, then the end of the support session. The site's owner reads the log and may switch
 * support off, which ends every live entry at once.
 */
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import {
  type AdminTokenInput,
  type AdminTokenReply,
  type JoinReply,
  SUPPORT_JOIN_MINUTES,
  SUPPORT_LOG_PAGE,
  SUPPORT_SESSION_MINUTES,
  type SupportGetReply,
} from '../../../contract/support';
import type { SiteContext, UserContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { sessions, supportEntries } from '../auth/schema';
import { firstSiteOf, hashToken, newToken } from '../auth/session';
import { sites } from '../tenancy/schema';

const MINUTE = 60_000;

function operatorOnly(ctx: UserContext) {
  if (!ctx.user.platformAdmin) throw new AppError(Code.FORBIDDEN);
}

/** Owner-only calls: the site's owner id, whatever role or support entry the caller has. */
async function ownedSite(ctx: SiteContext) {
  const [site] = await ctx.deps.db.select().from(sites).where(eq(sites.id, ctx.site.id));
  if (!site || ctx.site.support || site.ownerId !== ctx.user.id) throw new AppError(Code.FORBIDDEN);
  return site;
}

export async function adminToken(
  ctx: UserContext,
  input: z.output<typeof AdminTokenInput>,
): Promise<z.input<typeof AdminTokenReply>> {
  operatorOnly(ctx);
  const { db, now } = ctx.deps;
  const key = input.site.toLowerCase();
  const byId = /^\d{1,9}$/.test(key);
  const [site] = await db
    .select()
    .from(sites)
    .where(byId ? eq(sites.id, Number(key)) : eq(sites.slug, key))
    .limit(1);
  if (!site) throw new AppError(Code.NOT_FOUND);
  if (!site.supportAccess) throw new AppError(Code.SUPPORT_OFF);
  const token = newToken();
  const expiresAt = new Date(now() + SUPPORT_JOIN_MINUTES * MINUTE);
  await db.insert(supportEntries).values({
    siteId: site.id,
    operatorId: ctx.user.id,
    operatorEmail: ctx.user.email,
    reason: input.reason,
    tokenHash: hashToken(token),
    createdAt: new Date(now()),
    expiresAt,
  });
  return { site_id: site.id, site_name: site.name, token, expires_at: expiresAt.toISOString() };
}

/** Spends the token (once, before its deadline, by the operator who asked it) and moves the session onto the site. */
export async function join(ctx: UserContext, token: string): Promise<z.input<typeof JoinReply>> {
  operatorOnly(ctx);
  const { db, now } = ctx.deps;
  const at = new Date(now());
  const hash = hashToken(token);
  const [found] = await db
    .select({ siteId: supportEntries.siteId, access: sites.supportAccess })
    .from(supportEntries)
    .innerJoin(sites, eq(sites.id, supportEntries.siteId))
    .where(and(eq(supportEntries.tokenHash, hash), eq(supportEntries.operatorId, ctx.user.id)));
  if (!found) throw new AppError(Code.SUPPORT_TOKEN_INVALID);
  if (!found.access) throw new AppError(Code.SUPPORT_OFF);
  const expiresAt = new Date(at.getTime() + SUPPORT_SESSION_MINUTES * MINUTE);
  // One conditional UPDATE: of two joins at once, one wins.
  const [entry] = await db
    .update(supportEntries)
    .set({ joinedAt: at, expiresAt })
    .where(
      and(
        eq(supportEntries.tokenHash, hash),
        isNull(supportEntries.joinedAt),
        gt(supportEntries.expiresAt, at),
      ),
    )
    .returning({ id: supportEntries.id, siteId: supportEntries.siteId });
  if (!entry) throw new AppError(Code.SUPPORT_TOKEN_INVALID);
  const previous = ctx.session.supportEntryId;
  await db.transaction(async (tx) => {
    // A session holds one support entry: the one it leaves ends now, so the owner's log shows no session nobody holds.
    if (previous)
      await tx
        .update(supportEntries)
        .set({ expiresAt: at })
        .where(and(eq(supportEntries.id, previous), gt(supportEntries.expiresAt, at)));
    await tx
      .update(sessions)
      .set({ supportEntryId: entry.id, siteId: entry.siteId })
      .where(eq(sessions.id, ctx.session.id));
  });
  return { site_id: entry.siteId, expires_at: expiresAt.toISOString() };
}

/** Ends the session's support entry; the session goes back to the operator's own first site, if any. */
export async function leave(ctx: UserContext): Promise<{ left: boolean }> {
  const { db, now } = ctx.deps;
  const entryId = ctx.session.supportEntryId;
  if (!entryId) return { left: false };
  const own = await firstSiteOf(db, ctx.user.id);
  const at = new Date(now());
  await db.transaction(async (tx) => {
    await tx
      .update(supportEntries)
      .set({ expiresAt: at })
      .where(and(eq(supportEntries.id, entryId), gt(supportEntries.expiresAt, at)));
    await tx
      .update(sessions)
      .set({ supportEntryId: null, siteId: own })
      .where(eq(sessions.id, ctx.session.id));
  });
  return { left: true };
}

export async function supportLog(ctx: SiteContext, page: number): Promise<z.input<typeof SupportGetReply>> {
  const site = await ownedSite(ctx);
  const { db } = ctx.deps;
  const where = eq(supportEntries.siteId, site.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportEntries)
      .where(where)
      .orderBy(desc(supportEntries.createdAt), desc(supportEntries.id))
      .limit(SUPPORT_LOG_PAGE)
      .offset((page - 1) * SUPPORT_LOG_PAGE),
    db.select({ n: count() }).from(supportEntries).where(where),
  ]);
  return {
    support_access: site.supportAccess,
    total: Number(total?.n ?? 0),
    entries: rows.map((r) => ({
      id: r.id,
      operator_email: r.operatorEmail,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      joined_at: r.joinedAt ? r.joinedAt.toISOString() : null,
    })),
  };
}

/** Switches support access; switching it off ends every entry still open or running on the site. */
export async function saveSupport(ctx: SiteContext, on: boolean): Promise<{ support_access: boolean }> {
  const site = await ownedSite(ctx);
  const { db, now } = ctx.deps;
  const at = new Date(now());
  await db.transaction(async (tx) => {
    await tx.update(sites).set({ supportAccess: on }).where(eq(sites.id, site.id));
    if (!on)
      await tx
        .update(supportEntries)
        .set({ expiresAt: at })
        .where(and(eq(supportEntries.siteId, site.id), gt(supportEntries.expiresAt, at)));
  });
  return { support_access: on };
}
