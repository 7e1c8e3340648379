/**
 * Sessions live in the database; the browser holds a random token in an HttpOnly, SameSite=Lax cookie (Secure
 * behind HTTPS). `remember` keeps the cookie 30 days; otherwise it is a browser-session cookie, and the server
 * ends it after a day without use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_S, SESSION_REMEMBER_S } from '../../../contract/constants';
import { BUILTIN_ROLE_PERMISSIONS, ROLE, supportPermissions } from '../../../contract/permissions';
import { grantedPermissions } from '../../../contract/plans';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { type AuthUser, SESSION_COOKIE, type SessionInfo, type SiteScope } from '../../http/session';
import { planFeatures, planRow, planService } from '../tenancy/catalogue';
import { roles, siteStaff, sites, users } from '../tenancy/schema';
import { sessions, supportEntries } from './schema';

/** Touch a session at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export async function resolveSession(
  deps: Deps,
  req: FastifyRequest,
): Promise<{ session: SessionInfo; user: AuthUser } | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const now = new Date(deps.now());
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const ttl = row.session.remember ? SESSION_REMEMBER_S : SESSION_IDLE_S;
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttl * 1000) })
      .where(eq(sessions.id, id));
  }
  const u = row.user;
  return {
    session: {
      id,
      userId: u.id,
      siteId: row.session.siteId,
      remember: row.session.remember,
      supportEntryId: row.session.supportEntryId,
    },
    user: {
      id: u.id,
      email: u.email,
      nickname: u.nickname,
      avatar: u.avatar,
      info: u.info,
      isVerified: u.isVerified,
      pendingEmail: u.pendingEmail,
      language: u.language,
      platformAdmin: u.platformAdmin,
    },
  };
}

/** The role's permission list: built-in roles take theirs from the contract, custom ones from the row. */
export function rolePermissions(roleId: number, stored: readonly string[]): string[] {
  return [...(BUILTIN_ROLE_PERMISSIONS[roleId] ?? stored)];
}

/**
 * The site the session works on: the one it chose if the user is still staff there, otherwise the user's first site;
 * with what the caller may do there (SPEC §6: the role's permissions AND the plan's features).
 */
export async function resolveSite(
  deps: Deps,
  ctx: { session: SessionInfo; user: AuthUser },
): Promise<SiteScope | null> {
  const support = await supportScope(deps, ctx);
  if (support && support !== 'lost') return support;
  const memberships = await deps.db
    .select({
      siteId: siteStaff.siteId,
      roleId: siteStaff.roleId,
      permissions: roles.permissions,
      serviceId: sites.serviceId,
    })
    .from(siteStaff)
    .innerJoin(roles, eq(roles.id, siteStaff.roleId))
    .innerJoin(sites, eq(sites.id, siteStaff.siteId))
    .where(eq(siteStaff.userId, ctx.user.id))
    .orderBy(asc(siteStaff.siteId));
  // A support session that ended leaves the operator without that site (unless they are its staff): no fallback.
  const chosen =
    memberships.find((m) => m.siteId === ctx.session.siteId) ??
    (support === 'lost' ? undefined : memberships[0]);
  if (!chosen) return null;
  const basePermissions = rolePermissions(chosen.roleId, chosen.permissions);
  const plan = await planRow(deps.db, chosen.serviceId);
  const features = planFeatures(plan);
  return {
    plan: planService(plan),
    id: chosen.siteId,
    roleId: chosen.roleId,
    permissions: new Set(grantedPermissions(basePermissions, features)),
    basePermissions,
    features,
  };
}

const isHttps = (req: FastifyRequest) => req.protocol === 'https';

/** The first site (lowest id) the user is staff of, or null: where a session starts or falls back to. */
export async function firstSiteOf(db: Db, userId: number): Promise<number | null> {
  const [first] = await db
    .select({ siteId: siteStaff.siteId })
    .from(siteStaff)
    .where(eq(siteStaff.userId, userId))
    .orderBy(asc(siteStaff.siteId))
    .limit(1);
  return first?.siteId ?? null;
}

export async function startSession(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
  /** The site to start on (one the user is staff of); by default their first. */
  siteId?: number,
): Promise<void> {
  const token = newToken();
  const now = deps.now();
  const ttl = remember ? SESSION_REMEMBER_S : SESSION_IDLE_S;
  // The session keeps the site it starts on, so joining another site later does not move the user there.
  const startOn = siteId ?? (await firstSiteOf(deps.db, userId));
  await deps.db.insert(sessions).values({
    id: hashToken(token),
    userId,
    siteId: startOn,
    remember,
    expiresAt: new Date(now + ttl * 1000),
    lastSeenAt: new Date(now),
    ip: req.ip ?? '',
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req),
    ...(remember ? { maxAge: SESSION_REMEMBER_S } : {}),
  });
}

export async function endSession(deps: Deps, req: FastifyRequest, reply: FastifyReply, sessionId?: string) {
  if (sessionId) await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(req) });
}

/**
 * The site an operator's session works on through its support entry (issue 17): while the entry is joined and
 * unexpired, the site still allows support and the user is still an operator, and the session's current site is that
 * one; with the administrator's role (never the owner's). `lost` when the session still
 * points at the site of an entry that no longer holds; otherwise null, and the session has only its own sites.
 */
async function supportScope(
  deps: Deps,
  ctx: { session: SessionInfo; user: AuthUser },
): Promise<SiteScope | 'lost' | null> {
  const entryId = ctx.session.supportEntryId;
  if (!entryId) return null;
  const [row] = await deps.db
    .select({ entry: supportEntries, serviceId: sites.serviceId, access: sites.supportAccess })
    .from(supportEntries)
    .innerJoin(sites, eq(sites.id, supportEntries.siteId))
    .where(and(eq(supportEntries.id, entryId), eq(supportEntries.operatorId, ctx.user.id)))
    .limit(1);
  if (!row || row.entry.siteId !== ctx.session.siteId) return null;
  if (
    !ctx.user.platformAdmin ||
    !row.entry.joinedAt ||
    !row.access ||
    row.entry.expiresAt.getTime() <= deps.now()
  )
    return 'lost';
  const basePermissions = supportPermissions();
  const plan = await planRow(deps.db, row.serviceId);
  const features = planFeatures(plan);
  return {
    plan: planService(plan),
    id: row.entry.siteId,
    roleId: ROLE.ADMIN,
    permissions: new Set(grantedPermissions(basePermissions, features)),
    basePermissions,
    features,
    support: { entryId, expiresAt: row.entry.expiresAt },
  };
}
