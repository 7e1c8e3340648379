/**
 * Sessions live in the database; the browser holds a random token in an HttpOnly, SameSite=Lax cookie (Secure
 * behind HTTPS). `remember` keeps the cookie 30 days; otherwise it is a browser-session cookie, and the server
 * ends it after a day without use.
 */
import { hash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_S, SESSION_REMEMBER_S, SESSION_TOUCH_MS } from '../../../contract/constants';
import { BUILTIN_ROLE_PERMISSIONS, ROLE, supportPermissions } from '../../../contract/permissions';
import { grantedPermissions } from '../../../contract/plans';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import type { CachedCaller, CachedSite } from '../../http/callerCache';
import { preparedPerDb } from '../../http/prepared';
import {
  type AuthUser,
  type MaybePromise,
  SESSION_COOKIE,
  type SessionInfo,
  type SiteScope,
} from '../../http/session';
import { type PlanRow, planFeatures, planService } from '../tenancy/catalogue';
import { plans, roles, siteStaff, sites, users } from '../tenancy/schema';
import { sessions, supportEntries } from './schema';

export const hashToken = (token: string) => hash('sha256', token);
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * The statements every signed-in request may run, built once per database handle and prepared (issue 31): the
 * session with its user, its touch, the user's staff rows with their roles, sites and plans, and a support entry.
 */
function statements(db: Db) {
  const session = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('caller_session');
  const touch = db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}`, expiresAt: sql`${sql.placeholder('expires')}` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('caller_session_touch');
  const memberships = db
    .select({
      siteId: siteStaff.siteId,
      roleId: siteStaff.roleId,
      permissions: roles.permissions,
      roleName: roles.name,
      roleBuiltin: roles.builtin,
      plan: plans,
    })
    .from(siteStaff)
    .innerJoin(roles, eq(roles.id, siteStaff.roleId))
    .innerJoin(sites, eq(sites.id, siteStaff.siteId))
    .leftJoin(plans, eq(plans.id, sites.serviceId))
    .where(eq(siteStaff.userId, sql.placeholder('user')))
    .orderBy(asc(siteStaff.siteId))
    .prepare('caller_memberships');
  const support = db
    .select({ entry: supportEntries, access: sites.supportAccess, plan: plans })
    .from(supportEntries)
    .innerJoin(sites, eq(sites.id, supportEntries.siteId))
    .leftJoin(plans, eq(plans.id, sites.serviceId))
    .where(
      and(
        eq(supportEntries.id, sql.placeholder('entry')),
        eq(supportEntries.operatorId, sql.placeholder('user')),
      ),
    )
    .limit(1)
    .prepare('caller_support');
  return { session, touch, memberships, support };
}

const statementsOf = preparedPerDb(statements);

export function resolveSession(
  deps: Deps,
  req: FastifyRequest,
): MaybePromise<{ session: SessionInfo; user: AuthUser } | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const now = deps.now();
  // A cached session past its expiry is read again: another instance may have extended it since.
  const caller = deps.callers?.get(id);
  // The usual call (cached, touched recently) is answered at once, with no promise (issue 31).
  if (caller && caller.expiresAt > now && now - caller.lastSeenAt <= SESSION_TOUCH_MS) return caller;
  return sessionRead(deps, id, now, caller);
}

async function sessionRead(deps: Deps, id: string, now: number, cached: CachedCaller | undefined) {
  const caller = cached && cached.expiresAt > now ? cached : await readSession(deps, id, now);
  if (!caller) return null;
  if (now - caller.lastSeenAt > SESSION_TOUCH_MS) await touchSession(deps, caller, now);
  return caller;
}

async function readSession(deps: Deps, id: string, now: number): Promise<CachedCaller | undefined> {
  const mark = deps.callers?.mark() ?? 0;
  const [row] = await statementsOf(deps.db).session.execute({ id, now: new Date(now).toISOString() });
  if (!row) return undefined;
  const u = row.user;
  const caller: CachedCaller = {
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
    expiresAt: row.session.expiresAt.getTime(),
    lastSeenAt: row.session.lastSeenAt.getTime(),
  };
  deps.callers?.set(id, caller, mark);
  return caller;
}

/** Touches a session at most every SESSION_TOUCH_MS, so reads stay reads; the sliding expiry moves with it. */
async function touchSession(deps: Deps, caller: CachedCaller, now: number) {
  const ttl = caller.session.remember ? SESSION_REMEMBER_S : SESSION_IDLE_S;
  const expires = now + ttl * 1000;
  const write = () =>
    statementsOf(deps.db).touch.execute({
      id: caller.session.id,
      now: new Date(now).toISOString(),
      expires: new Date(expires).toISOString(),
    });
  await (deps.callers ? deps.callers.touch(caller.session.id, write) : write());
  caller.lastSeenAt = now;
  caller.expiresAt = expires;
}

/** The role's permission list: built-in roles take theirs from the contract, custom ones from the row. */
export function rolePermissions(roleId: number, stored: readonly string[]): string[] {
  return [...(BUILTIN_ROLE_PERMISSIONS[roleId] ?? stored)];
}

/**
 * The site the session works on: the one it chose if the user is still staff there, otherwise the user's first site;
 * with what the caller may do there (SPEC §6: the role's permissions AND the plan's features). Cached with the
 * session (http/callerCache.ts); a support scope past its entry's expiry is read again.
 */
export function resolveSite(
  deps: Deps,
  ctx: { session: SessionInfo; user: AuthUser },
): MaybePromise<SiteScope | null> {
  const caller = deps.callers?.get(ctx.session.id);
  const cached = caller?.site;
  if (cached && !(cached.scope?.support && cached.scope.support.expiresAt.getTime() <= deps.now()))
    return cached.scope;
  return siteRead(deps, ctx, caller);
}

async function siteRead(
  deps: Deps,
  ctx: { session: SessionInfo; user: AuthUser },
  caller: CachedCaller | undefined,
): Promise<SiteScope | null> {
  const cache = deps.callers;
  const mark = cache?.mark() ?? 0;
  const site = await readSite(deps, ctx);
  // Kept only on the entry this request's session was read from (not one read again meanwhile).
  if (caller && caller.session === ctx.session) cache?.setSite(ctx.session.id, caller, site, mark);
  return site.scope;
}

async function readSite(deps: Deps, ctx: { session: SessionInfo; user: AuthUser }): Promise<CachedSite> {
  const support = await supportScope(deps, ctx);
  if (support && support !== 'lost') return support;
  const memberships = await statementsOf(deps.db).memberships.execute({ user: ctx.user.id });
  // A support session that ended leaves the operator without that site (unless they are its staff): no fallback.
  const chosen =
    memberships.find((m) => m.siteId === ctx.session.siteId) ??
    (support === 'lost' ? undefined : memberships[0]);
  if (!chosen) return { scope: null, siteId: null, roleId: null, planId: null };
  const basePermissions = rolePermissions(chosen.roleId, chosen.permissions);
  const plan = chosen.plan ?? undefined;
  const features = planFeatures(plan);
  return {
    scope: {
      plan: planService(plan),
      id: chosen.siteId,
      roleId: chosen.roleId,
      role: { name: chosen.roleName, builtin: chosen.roleBuiltin },
      permissions: new Set(grantedPermissions(basePermissions, features)),
      basePermissions,
      features,
    },
    siteId: chosen.siteId,
    roleId: chosen.roleId,
    planId: plan?.id ?? null,
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
): Promise<CachedSite | 'lost' | null> {
  const entryId = ctx.session.supportEntryId;
  if (!entryId) return null;
  const [row] = await statementsOf(deps.db).support.execute({ entry: entryId, user: ctx.user.id });
  if (!row || row.entry.siteId !== ctx.session.siteId) return null;
  if (
    !ctx.user.platformAdmin ||
    !row.entry.joinedAt ||
    !row.access ||
    row.entry.expiresAt.getTime() <= deps.now()
  )
    return 'lost';
  const basePermissions = supportPermissions();
  const plan: PlanRow | undefined = row.plan ?? undefined;
  const features = planFeatures(plan);
  return {
    scope: {
      plan: planService(plan),
      id: row.entry.siteId,
      roleId: ROLE.ADMIN,
      permissions: new Set(grantedPermissions(basePermissions, features)),
      basePermissions,
      features,
      support: { entryId, expiresAt: row.entry.expiresAt },
    },
    siteId: row.entry.siteId,
    roleId: null,
    planId: plan?.id ?? null,
  };
}
