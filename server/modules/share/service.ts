/**
 * Facebook and Instagram sharing (contract/api/share.ts). A connection is one `social_connections` row per site and
 * platform: the OAuth callback stores the pages offered and the USER token sealed (status pending); connect picks a
 * page and keeps only that page's token, sealed (connected); disconnect forgets the token and keeps the row
 * (disconnected, page name kept); unconnect deletes the row (cancels a pending authorisation, or forgets the
 * connection entirely). A share is a `shares` row inserted before anything is posted, unique per site and request
 * key, so a retry with the same key answers the first result and never posts twice; it leaves pending with one
 * conditional UPDATE.
 */
import { and, desc, eq } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { STATUS } from '../../../contract/contentConstants';
import type { Connection, SharePlatformId, ShareRow } from '../../../contract/share';
import { SocialError } from '../../adapters/social/provider';
import { SOCIAL_CALLBACK_PATH } from '../../adapters/social/sandbox';
import { tokenSealer } from '../../adapters/social/seal';
import type { Deps } from '../../deps';
import type { SiteContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { signToken } from '../../shared/tokens';
import { findItem, scopeOf, viewerOf } from '../content/scope';
import { urlsOnSite } from '../content/url';
import { shares, socialConnections } from './schema';

/** How long an authorisation dialog may stay open. */
const STATE_MINUTES = 15;
const PLATFORMS: SharePlatformId[] = ['facebook', 'instagram'];

type ConnectionRow = typeof socialConnections.$inferSelect;
type ShareRecord = typeof shares.$inferSelect;

export const sealerOf = (deps: Deps) => tokenSealer(deps.secret, deps.config.social.tokenKey);
export const redirectUri = (deps: Deps) => `${deps.config.publicUrl}${SOCIAL_CALLBACK_PATH}`;

async function rowOf(deps: Deps, siteId: number, platform: SharePlatformId) {
  const [row] = await deps.db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.siteId, siteId), eq(socialConnections.platform, platform)));
  return row;
}

function connectionOf(platform: SharePlatformId, row?: ConnectionRow): Connection {
  if (!row) return { platform, status: 'none', page_id: '', page_name: '', pages: [] };
  return {
    platform,
    status: row.status,
    page_id: row.pageId,
    page_name: row.pageName,
    pages: row.status === 'pending' ? row.pages : [],
  };
}

export async function connections(ctx: SiteContext) {
  return {
    connections: await Promise.all(
      PLATFORMS.map(async (p) => connectionOf(p, await rowOf(ctx.deps, ctx.site.id, p))),
    ),
  };
}

export function authorize(ctx: SiteContext, platform: SharePlatformId) {
  const state = signToken(
    ctx.deps.secret,
    { k: 'social', site: ctx.site.id, user: ctx.user.id, platform },
    STATE_MINUTES * 60_000,
    ctx.deps.now(),
  );
  return { url: ctx.deps.social.dialogUrl({ state, redirectUri: redirectUri(ctx.deps), platform }) };
}

/** The callback's work once its state is verified: the pages offered, the user token sealed, status pending. */
export async function authorised(
  deps: Deps,
  who: { site: number; user: number; platform: SharePlatformId },
  code: string,
) {
  const userToken = await deps.social.exchangeCode(code, redirectUri(deps));
  const offered = await deps.social.listPages(userToken, who.platform);
  const pages = offered.slice(0, 100).map((p) => ({ id: p.id.slice(0, 64), name: p.name.slice(0, 200) }));
  const values = {
    status: 'pending' as const,
    pages,
    tokenSealed: sealerOf(deps).seal(userToken),
    connectedBy: who.user,
    updatedAt: new Date(deps.now()),
  };
  await deps.db
    .insert(socialConnections)
    .values({ siteId: who.site, platform: who.platform, ...values })
    .onConflictDoUpdate({ target: [socialConnections.siteId, socialConnections.platform], set: values });
  return pages.length;
}

export async function connect(ctx: SiteContext, input: { type: SharePlatformId; page: string }) {
  const { deps } = ctx;
  const row = await rowOf(deps, ctx.site.id, input.type);
  const userToken = row?.status === 'pending' ? sealerOf(deps).open(row.tokenSealed) : null;
  if (!row || !userToken) throw new AppError(Code.SOCIAL_NOT_AUTHORISED);
  if (!row.pages.some((p) => p.id === input.page)) throw new AppError(Code.SOCIAL_PAGE_UNKNOWN);
  const page = (await platformCall(deps, row, () => deps.social.listPages(userToken, input.type))).find(
    (p) => p.id === input.page,
  );
  if (!page) throw new AppError(Code.SOCIAL_PAGE_UNKNOWN);
  const [saved] = await deps.db
    .update(socialConnections)
    .set({
      status: 'connected',
      pageId: page.id.slice(0, 64),
      pageName: page.name.slice(0, 200),
      tokenSealed: sealerOf(deps).seal(page.token),
      pages: [],
      connectedBy: ctx.user.id,
      updatedAt: new Date(deps.now()),
    })
    .where(and(eq(socialConnections.id, row.id), eq(socialConnections.status, 'pending')))
    .returning();
  if (!saved) throw new AppError(Code.SOCIAL_NOT_AUTHORISED);
  return connectionOf(input.type, saved);
}

export async function disconnect(ctx: SiteContext, platform: SharePlatformId) {
  const [row] = await ctx.deps.db
    .update(socialConnections)
    .set({ status: 'disconnected', tokenSealed: '', pages: [], updatedAt: new Date(ctx.deps.now()) })
    .where(and(eq(socialConnections.siteId, ctx.site.id), eq(socialConnections.platform, platform)))
    .returning();
  return connectionOf(platform, row);
}

export async function unconnect(ctx: SiteContext, platform: SharePlatformId) {
  await ctx.deps.db
    .delete(socialConnections)
    .where(and(eq(socialConnections.siteId, ctx.site.id), eq(socialConnections.platform, platform)));
  return connectionOf(platform);
}

/** A platform call; an expired token (Graph 190) leaves the connection disconnected. */
async function platformCall<T>(deps: Deps, row: ConnectionRow, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const kind = err instanceof SocialError ? err.kind : 'failed';
    if (kind === 'token_expired')
      await deps.db
        .update(socialConnections)
        .set({ status: 'disconnected', tokenSealed: '', pages: [], updatedAt: new Date(deps.now()) })
        .where(eq(socialConnections.id, row.id));
    else deps.log.warn({ err, platform: row.platform }, 'social platform call failed');
    throw new AppError(codeOf(kind));
  }
}

const codeOf = (kind: string) =>
  kind === 'rate_limited'
    ? Code.SOCIAL_RATE_LIMITED
    : kind === 'token_expired'
      ? Code.SOCIAL_TOKEN_EXPIRED
      : Code.SOCIAL_FAILED;

function shareOf(r: ShareRecord): ShareRow {
  return {
    id: r.id,
    platform: r.platform,
    status: r.status,
    message: r.message,
    image: r.image,
    link: r.link,
    remote_id: r.remoteId,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    posted_at: r.postedAt?.toISOString() ?? null,
  };
}

/** The item as the caller sees it (404 otherwise), whether it is published, and what the panel starts with. */
async function itemOf(ctx: SiteContext, id: number) {
  const item = await findItem(viewerOf(ctx), id);
  const published = item.status === STATUS.PUBLISHED && item.published !== null;
  const link = published ? (await urlsOnSite(scopeOf(ctx, item.type as never)))(item).url : '';
  return {
    item,
    published,
    link,
    message: item.published?.title ?? item.title,
    image: item.published?.cover ?? item.cover,
  };
}

export async function shareStatus(ctx: SiteContext, id: number) {
  const { item, published, link, message, image } = await itemOf(ctx, id);
  const rows = await ctx.deps.db
    .select()
    .from(shares)
    .where(and(eq(shares.siteId, ctx.site.id), eq(shares.contentId, item.id)))
    .orderBy(desc(shares.id))
    .limit(50);
  const platforms = await Promise.all(
    PLATFORMS.map(async (platform) => {
      const row = await rowOf(ctx.deps, ctx.site.id, platform);
      const ready = row?.status === 'connected';
      return { platform, ready, page_name: ready ? row.pageName : '', needs_image: platform === 'instagram' };
    }),
  );
  return { platforms, message, image, link, published, shares: rows.map(shareOf) };
}

async function byKey(ctx: SiteContext, key: string) {
  const [row] = await ctx.deps.db
    .select()
    .from(shares)
    .where(and(eq(shares.siteId, ctx.site.id), eq(shares.requestKey, key)));
  return row;
}

/** A share found by its key: the first attempt's result, the same for every retry. */
function answer(row: ShareRecord): ShareRow {
  if (row.status === 'failed') throw new AppError(codeOf(row.error?.split(':')[0] ?? 'failed'));
  return shareOf(row);
}

export async function execute(
  ctx: SiteContext,
  input: { id: number; message: string; image: string; platform: SharePlatformId; key: string },
) {
  const { deps } = ctx;
  const { item, published, link } = await itemOf(ctx, input.id);
  const earlier = await byKey(ctx, input.key);
  if (earlier) {
    if (earlier.contentId !== item.id || earlier.platform !== input.platform)
      throw new AppError(Code.CONFLICT);
    return answer(earlier);
  }
  if (!published) throw new AppError(Code.SHARE_NOT_PUBLISHED);
  if (input.platform === 'instagram' && !input.image) throw new AppError(Code.SOCIAL_NEEDS_IMAGE);
  const conn = await rowOf(deps, ctx.site.id, input.platform);
  const token = conn?.status === 'connected' ? sealerOf(deps).open(conn.tokenSealed) : null;
  if (!conn || !token) throw new AppError(Code.SOCIAL_NOT_CONNECTED);

  const [row] = await deps.db
    .insert(shares)
    .values({
      siteId: ctx.site.id,
      contentId: item.id,
      platform: input.platform,
      message: input.message,
      image: input.image,
      link,
      requestKey: input.key,
      createdBy: ctx.user.id,
    })
    .onConflictDoNothing()
    .returning();
  // Another call with this key got in first: its result is this one's.
  if (!row) {
    const first = await byKey(ctx, input.key);
    if (!first) throw new AppError(Code.CONFLICT);
    return answer(first);
  }

  const imageUrl = input.image.startsWith('/') ? `${deps.config.publicUrl}${input.image}` : input.image;
  let remoteId: string;
  try {
    remoteId = await platformCall(deps, conn, () =>
      deps.social.post(input.platform, conn.pageId, token, { message: input.message, link, imageUrl }),
    );
  } catch (err) {
    const kind =
      err instanceof AppError && err.code === Code.SOCIAL_RATE_LIMITED
        ? 'rate_limited'
        : err instanceof AppError && err.code === Code.SOCIAL_TOKEN_EXPIRED
          ? 'token_expired'
          : 'failed';
    await deps.db
      .update(shares)
      .set({ status: 'failed', error: kind })
      .where(and(eq(shares.id, row.id), eq(shares.status, 'pending')));
    throw err;
  }
  const [done] = await deps.db
    .update(shares)
    .set({ status: 'posted', remoteId: remoteId.slice(0, 200), postedAt: new Date(deps.now()) })
    .where(and(eq(shares.id, row.id), eq(shares.status, 'pending')))
    .returning();
  return shareOf(done ?? (await byKey(ctx, input.key)) ?? row);
}
