/** Accounts: registration, sign-in, password reset and change, and the session object of `member/status`. */
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ChangeInput,
  ForgotInput,
  LoginInput,
  RegisterInput,
  ResetInput,
  TokenLoginInput,
} from '../../../contract/auth';
import { Code } from '../../../contract/codes';
import { LOGIN_TICKET_TTL_S, type Locale, localeOr, RESET_TTL_S } from '../../../contract/constants';
import type { CardGateway, Session } from '../../../contract/session';
import type { Deps } from '../../deps';
import type { BaseContext, UserContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { preparedPerDb } from '../../http/prepared';
import { readRows } from '../../http/records';
import { JsonData } from '../../http/reply';
import type { AuthUser, SessionInfo, SiteScope } from '../../http/session';
import { t } from '../../i18n';
import { roleRef } from '../tenancy/roles';
import { roles, siteStaff, sites, users } from '../tenancy/schema';
import { type CurrentSiteRow, siteById, siteUrl, toCurrent, toSummary } from '../tenancy/sites';
import { attemptPassword, userByEmail } from './accounts';
import { checkPassword, hashPassword, isRecentPassword, setPassword } from './passwords';
import { authTokens, sessions } from './schema';
import { endSession, hashToken, newToken, resolveSite, rolePermissions, startSession } from './session';
import { consumeVerified, startVerification } from './verification';

type In<T extends z.ZodType> = z.output<T>;

/** A one-time token of `kind` for `userId`; the raw value is handed out, its hash kept. */
async function issueToken(deps: Deps, kind: 'reset' | 'login', userId: number, ttlS: number) {
  const token = newToken();
  await deps.db.insert(authTokens).values({
    id: hashToken(token),
    kind,
    userId,
    expiresAt: new Date(deps.now() + ttlS * 1000),
  });
  return token;
}

/** Spends a one-time token; answers its user or throws 2005. */
async function spendToken(deps: Deps, kind: 'reset' | 'login', token: string): Promise<number> {
  const [row] = await deps.db
    .update(authTokens)
    .set({ usedAt: new Date(deps.now()) })
    .where(
      and(
        eq(authTokens.id, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date(deps.now())),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (!row?.userId) throw new AppError(Code.LINK_INVALID);
  return row.userId;
}

/** Mails a code to a new address; an address with an account already answers 2004. */
export async function startRegistration(deps: Deps, email: string, lang: Locale) {
  if (await userByEmail(deps, email)) throw new AppError(Code.EMAIL_TAKEN);
  return startVerification(deps, email, 'register', lang);
}

/**
 * Makes the account, and no site: a new user starts in the wizard (/init), or skips it for a personal site without a
 * plan (site/start_free).
 */
export async function register(deps: Deps, input: In<typeof RegisterInput>, lang: Locale) {
  if (await userByEmail(deps, input.email)) throw new AppError(Code.EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const ok = await consumeVerified(deps, input.verify_token, input.email, 'register', tx);
    if (!ok) throw new AppError(Code.EMAIL_NOT_VERIFIED);
    const language = input.language ?? lang;
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, nickname: input.nickname, isVerified: true, language })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw new AppError(Code.EMAIL_TAKEN);
    return user.id;
  });
  return { token: await issueToken(deps, 'login', userId, LOGIN_TICKET_TTL_S) };
}

/** Signs in with account and password; five failures within 15 minutes lock the account, whatever the IP (2006). */
export async function login(deps: Deps, ctx: BaseContext, input: In<typeof LoginInput>) {
  const { user, ok } = await attemptPassword(deps, ctx, input.account, input.password);
  if (!user) throw new AppError(Code.USER_NOT_FOUND);
  if (!ok) throw new AppError(Code.WRONG_PASSWORD);
  if (ctx.session) await endSession(deps, ctx.req, ctx.reply, ctx.session.id);
  await startSession(deps, ctx.req, ctx.reply, user.id, input.remember);
  return null;
}

/** Signs in with a one-time ticket (from registration) and the account's password. */
export async function tokenLogin(deps: Deps, ctx: BaseContext, input: In<typeof TokenLoginInput>) {
  const [ticket] = await deps.db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(eq(authTokens.id, hashToken(input.token)))
    .limit(1);
  const [user] = ticket?.userId ? await deps.db.select().from(users).where(eq(users.id, ticket.userId)) : [];
  if (!user || !(await checkPassword(user.passwordHash, input.password)))
    throw new AppError(Code.LINK_INVALID);
  await spendToken(deps, 'login', input.token);
  if (ctx.session) await endSession(deps, ctx.req, ctx.reply, ctx.session.id);
  await startSession(deps, ctx.req, ctx.reply, user.id, input.remember);
  return null;
}

export async function logout(deps: Deps, ctx: BaseContext) {
  await endSession(deps, ctx.req, ctx.reply, ctx.session?.id);
  return null;
}

/**
 * Mails a reset link when the account exists; answers the same either way, so addresses cannot be probed. Both
 * answer after the same one lookup: the token and the mail (queued, not sent) are made after the reply, or an
 * existing account would answer later than an unknown one (issue 28).
 */
export async function forgot(deps: Deps, ctx: BaseContext, input: In<typeof ForgotInput>) {
  const user = await userByEmail(deps, input.account);
  if (user) {
    const lang = localeOr(user.language, ctx.lang);
    deps.afterReply.run(
      ctx.reply,
      () => mailResetLink(deps, user, lang),
      (err) => deps.log.error({ err, userId: user.id }, 'reset link not queued'),
    );
  }
  return null;
}

async function mailResetLink(deps: Deps, user: { id: number; email: string }, lang: Locale) {
  const token = await issueToken(deps, 'reset', user.id, RESET_TTL_S);
  const link = `${deps.config.publicUrl}/auth/reset?v=${encodeURIComponent(token)}`;
  await deps.outbox.enqueue({
    to: user.email,
    subject: t(lang, 'mail.reset.subject'),
    text: t(lang, 'mail.reset.body', { link, minutes: RESET_TTL_S / 60 }),
  });
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function reset(deps: Deps, input: In<typeof ResetInput>) {
  const [row] = await deps.db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.id, hashToken(input.reset_token)),
        eq(authTokens.kind, 'reset'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date(deps.now())),
      ),
    );
  if (!row?.userId) throw new AppError(Code.LINK_INVALID);
  if (await isRecentPassword(deps.db, row.userId, input.password)) throw new AppError(Code.PASSWORD_REUSED);
  const userId = await spendToken(deps, 'reset', input.reset_token);
  await setPassword(deps.db, userId, input.password);
  await deps.db.delete(sessions).where(eq(sessions.userId, userId));
  return null;
}

/**
 * Changes the signed-in user's password; the user's other sessions end. The current password is checked under the
 * sign-in lock, so a stolen session cannot guess it faster than a sign-in could.
 */
export async function change(deps: Deps, ctx: UserContext, input: In<typeof ChangeInput>) {
  const { user, ok } = await attemptPassword(deps, ctx, ctx.user.email, input.current);
  if (!user || !ok) throw new AppError(Code.CURRENT_PASSWORD_WRONG);
  if (await isRecentPassword(deps.db, user.id, input.new)) throw new AppError(Code.PASSWORD_REUSED);
  await setPassword(deps.db, user.id, input.new);
  await deps.db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, ctx.session.id)));
  return null;
}

const signedOut: Session = {
  isLogined: false,
  user: null,
  site: { current: null, list: [] },
  role: null,
  meta: { server_time: 0 },
  remember: false,
};

/** The card form's gateway: only what a browser may see (TapPay's app key is public by its design). */
function cardGateway(deps: Deps): CardGateway {
  const payment = deps.config.payment;
  if (payment.gateway === 'sandbox') return { gateway: 'sandbox' };
  const { url, appId, appKey, serverType } = payment.sdk;
  return { gateway: 'tappay', sdk_url: url, app_id: appId, app_key: appKey, server_type: serverType };
}

const meta = (deps: Deps): Session['meta'] => ({ server_time: deps.now(), payment: cardGateway(deps) });

/** The columns of a user's sites that the session object shows (the list's summary, the current site's toCurrent). */
const STATUS_SITE = {
  id: sites.id,
  name: sites.name,
  slug: sites.slug,
  domain: sites.domain,
  timezone: sites.timezone,
  status: sites.status,
  published: sites.published,
  badges: sites.badges,
  displayLanguages: sites.displayLanguages,
};
type StatusSite = { [K in keyof typeof STATUS_SITE]: (typeof STATUS_SITE)[K]['_']['data'] };

/**
 * member/status's own reads, prepared (issue 31): the user's sites, only the columns the session object shows (the
 * list's summary, the current site's toCurrent), and a role by id (a support scope's, which the scope does not carry).
 */
const statusStatements = preparedPerDb((db) => ({
  // Read by the lean row path (http/records.ts): this read runs on every member/status.
  sites: readRows<StatusSite>(
    db,
    db
      .select(STATUS_SITE)
      .from(siteStaff)
      .innerJoin(sites, eq(sites.id, siteStaff.siteId))
      .where(eq(siteStaff.userId, sql.placeholder('user')))
      .orderBy(asc(sites.id)),
    STATUS_SITE,
    'status_sites',
  ),
  role: db
    .select({ id: roles.id, name: roles.name, builtin: roles.builtin })
    .from(roles)
    .where(eq(roles.id, sql.placeholder('id')))
    .prepare('status_role'),
}));

type SessionUser = NonNullable<Session['user']>;
type Person = Omit<SessionUser, 'permissions' | 'base_permissions'>;
/** What a signed-in session says besides the user: its sites and role (kept written), then what each call writes. */
type SitesPart = Pick<Session, 'site' | 'role'>;
type CallPart = Omit<Session, 'isLogined' | 'user' | 'site' | 'role'>;

/*
 * member/status opens every page load, and its reply (about 2 kB) cost more to write than its SQL took (issue 31). So
 * it is written in parts, each kept as encoded JSON while what it is written from stays the same: the person per
 * cached user, the permission lists per cached scope, the sites and the role per scope and language while the user's
 * sites read the same. A call writes only the clock and a few flags. The parts, in order, make the session object:
 * personJson `{"isLogined":true,"user":{…,` + listsJson `"permissions":[…],"base_permissions":[…]` +
 * sitesJson `},"site":{…},"role":…,` + the call's part `"meta":{…},…}`.
 */

export const personJson = (person: Person): Buffer =>
  Buffer.from(`{"isLogined":true,"user":${JSON.stringify(person).slice(0, -1)},`);

export const listsJson = (permissions: readonly string[], base: readonly string[]): Buffer =>
  Buffer.from(`"permissions":${JSON.stringify(permissions)},"base_permissions":${JSON.stringify(base)}`);

export const sitesJson = (part: SitesPart): Buffer => Buffer.from(`},${JSON.stringify(part).slice(1, -1)},`);

/** The signed-in session object from its parts (above) and the call's own. */
export const sessionJson = (
  person: Buffer,
  lists: Buffer,
  sitesPart: Buffer,
  call: CallPart,
): JsonData<Session> => new JsonData([person, lists, sitesPart, JSON.stringify(call).slice(1)]);

const persons = new WeakMap<AuthUser, Buffer>();
function personOf(user: AuthUser): Buffer {
  let json = persons.get(user);
  if (json === undefined) {
    json = personJson({
      id: user.id,
      is_verified: user.isVerified,
      email: user.email,
      pending_email: user.pendingEmail,
      nickname: user.nickname,
      account: user.email,
      avatar: user.avatar,
      info: user.info,
      meta: { language: localeOr(user.language, 'zh-TW') },
      platform_admin: user.platformAdmin,
    });
    persons.set(user, json);
  }
  return json;
}

const NO_LISTS = listsJson([], []);
const permissionLists = new WeakMap<SiteScope, Buffer>();
/** A scope's permission lists, sorted (most of the reply). */
function listsOf(scope: SiteScope | null): Buffer {
  if (!scope) return NO_LISTS;
  let json = permissionLists.get(scope);
  if (json === undefined) {
    json = listsJson([...scope.permissions].sort(), [...scope.basePermissions].sort());
    permissionLists.set(scope, json);
  }
  return json;
}

/** The sites part written for a scope (or a user without one): kept while the language and the sites read are the same. */
const sitesParts = new WeakMap<object, { lang: Locale; list: readonly StatusSite[]; json: Buffer }>();
const STATUS_SITE_KEYS = Object.keys(STATUS_SITE) as (keyof StatusSite)[];

/** Two reads of the user's sites are the same, column by column (the two jsonb columns are arrays of numbers). */
function sameSites(a: readonly StatusSite[], b: readonly StatusSite[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    for (const key of STATUS_SITE_KEYS) {
      const x = a[i][key];
      const y = b[i][key];
      if (x === y) continue;
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      if (x.some((v, j) => v !== y[j])) return false;
    }
  return true;
}

function sitesOf(deps: Deps, lang: Locale, key: object, scope: SiteScope | null, list: StatusSite[]): Buffer {
  const kept = sitesParts.get(key);
  if (kept && kept.lang === lang && sameSites(kept.list, list)) return kept.json;
  const current = scope ? list.find((s) => s.id === scope.id) : undefined;
  // Staff's scope carries its role (http/caller.ts); a support scope's is read by supportSites.
  const role = scope?.role ? { id: scope.roleId, ...scope.role } : undefined;
  const json = writeSites(deps, lang, scope, current, list, role);
  sitesParts.set(key, { lang, list, json });
  return json;
}

/** The sites part: the current site, the user's sites, and the role named in the caller's language. */
function writeSites(
  deps: Deps,
  lang: Locale,
  scope: SiteScope | null,
  current: CurrentSiteRow | undefined,
  list: StatusSite[],
  role: { id: number; name: string; builtin: boolean } | undefined,
): Buffer {
  return sitesJson({
    site: { current: current ? toCurrent(current, scope, deps.config) : null, list: list.map(toSummary) },
    role: role ? roleRef(lang, role) : null,
  });
}

/** An operator in support works on a site that is not among their own (issue 17): read each time, never kept. */
async function supportSites(deps: Deps, lang: Locale, scope: SiteScope, list: StatusSite[]) {
  const current = await siteById(deps.db, scope.id);
  const [role] = await statusStatements(deps.db).role.execute({ id: scope.roleId });
  return { current, json: writeSites(deps, lang, scope, current, list, role) };
}

/** The session object of SPEC §3; a signed-in one written as JSON from its parts (above). */
export async function status(deps: Deps, ctx: BaseContext): Promise<Session | JsonData<Session>> {
  if (!ctx.user || !ctx.session) return { ...signedOut, meta: meta(deps) };
  const user = ctx.user;
  const found = resolveSite(deps, { session: ctx.session, user });
  const scope = found instanceof Promise ? await found : found;
  const list = await statusStatements(deps.db).sites.execute({ user: user.id });
  const support = scope?.support ? await supportSites(deps, ctx.lang, scope, list) : undefined;
  // Staff of this site and operators manage, which needs no read (most calls).
  const works =
    scope?.permissions.size || user.platformAdmin ? MANAGING : await managing(deps, ctx.session, user, scope);
  return sessionJson(
    personOf(user),
    listsOf(scope),
    support ? support.json : sitesOf(deps, ctx.lang, scope ?? user, scope, list),
    {
      meta: meta(deps),
      remember: ctx.session.remember,
      managing: works.managing,
      public_url: works.public_url,
      support:
        scope?.support && support?.current
          ? {
              site_id: support.current.id,
              site_name: support.current.name,
              expires_at: scope.support.expiresAt.toISOString(),
            }
          : null,
    },
  );
}

/** What status answers staff of the current site and platform operators, who manage without a further read. */
const MANAGING = { managing: true, public_url: null } as const;

/**
 * SPEC §6 non-managing users: whether a user with nothing to do here has anything to do on another site of theirs,
 * and otherwise the public address of the site they work on (or worked on, when they are no longer its staff). A new
 * account without any site is managing nothing and has no address: the wizard.
 */
async function managing(
  deps: Deps,
  session: SessionInfo,
  user: AuthUser,
  scope: SiteScope | null,
): Promise<Pick<Session, 'managing' | 'public_url'>> {
  const roleRows = await deps.db
    .select({ siteId: siteStaff.siteId, roleId: siteStaff.roleId, permissions: roles.permissions })
    .from(siteStaff)
    .innerJoin(roles, eq(roles.id, siteStaff.roleId))
    .where(eq(siteStaff.userId, user.id));
  if (roleRows.some((r) => r.siteId !== scope?.id && rolePermissions(r.roleId, r.permissions).length > 0))
    return { managing: true, public_url: null };
  const siteId = scope?.id ?? session.siteId;
  const site = siteId ? await siteById(deps.db, siteId) : undefined;
  return { managing: false, public_url: site ? siteUrl(site, deps.config) : null };
}
