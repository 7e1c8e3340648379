/**
 * action(): the one way to declare an API endpoint. It states the path, the input schema from contract/, who may
 * call it (public, a signed-in user, or staff of the current site holding a permission), whether a solved bot
 * challenge is needed, and a handler that returns data or throws an AppError. The helper parses the input, checks
 * access, and writes the `{code, msg, data}` envelope; no handler writes one by hand.
 */
import { Readable } from 'node:stream';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../contract/codes';
import { type Locale, pickLocale, TOKEN_MAX } from '../../contract/constants';
import type { Access, AnyEndpoint, Endpoint } from '../../contract/endpoint';
import { holdsAny } from '../../contract/permissions';
import { hasFeature } from '../../contract/plans';
import type { Deps } from '../deps';
import { SITE_PREFIX } from '../siteHost';
import { AppError, FieldError } from './errors';
import { readMultipart } from './multipart';
import { dataOf, type JsonData, sendError, sendOk, zodFieldErrors } from './reply';
import { type AuthUser, type ReaderScope, resolvers, type SessionInfo, type SiteScope } from './session';
import { siteCallTurn } from './siteTurns';

export type { Access };

/** The reply header that marks a platform operator's session (issue 17). */
export const PLATFORM_ADMIN_HEADER = 'X-Platform-Admin';

export interface BaseContext {
  deps: Deps;
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Locale;
  /** The query string, e.g. `t=writer`. */
  query: Record<string, string>;
  session: SessionInfo | null;
  user: AuthUser | null;
  site: SiteScope | null;
}
export interface UserContext extends BaseContext {
  session: SessionInfo;
  user: AuthUser;
}
export interface SiteContext extends UserContext {
  site: SiteScope;
}
/** A public site's visitor: the site of the request's host, and the reader its cookie signs in (http/session.ts). */
export interface ReaderContext extends BaseContext, ReaderScope {}
type ContextFor<A extends Access> = A extends 'site'
  ? SiteContext
  : A extends 'user'
    ? UserContext
    : A extends 'reader'
      ? ReaderContext
      : BaseContext;

/** An endpoint of the catalogue (contract/api) with the handler that serves it. */
export interface ActionDef<S extends z.ZodType, O extends z.ZodType, A extends Access>
  extends Endpoint<S, O, A> {
  handler: (input: z.output<S>, ctx: ContextFor<A>) => Promise<z.input<O> | JsonData<z.input<O>>>;
  /**
   * Waits on the outside world (an AI or translation provider, up to a minute or more) rather than on the database:
   * runs without one of its site's turns (siteTurns.ts), which such a wait would otherwise hold.
   */
  outside?: true;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds actions of every input and result type
export type AnyAction = ActionDef<any, any, Access>;

/** Binds a handler to an endpoint: `action({...authorApi.list, handler})`. */
export function action<S extends z.ZodType, O extends z.ZodType, A extends Access>(
  def: ActionDef<S, O, A>,
): ActionDef<S, O, A> {
  return def;
}

/** A call made for the request by other means than its own body (the REST face, an action running another). */
export interface Call {
  body: unknown;
  /** The query string the action reads (a content kind's `t`). */
  query: Record<string, string>;
}

async function run(def: AnyAction, deps: Deps, req: FastifyRequest, reply: FastifyReply, call?: Call) {
  // Form data is for multipart actions only: elsewhere no parser takes it (Fastify answers 415, sent as 1001 by the
  // error handler), and a call of another action's making (the REST face) is never one.
  const isMultipart = def.multipart === true && !call && req.isMultipart();
  // A reader action lives on a site's host, where the admin's session cookie is never sent.
  // The resolvers answer a cached caller at once; only a read is awaited (each await is a turn of the event loop's
  // microtasks, on every call).
  const found = def.access === 'reader' ? null : resolvers().session(deps, req);
  const session = found instanceof Promise ? await found : found;
  // SPEC §7 "a header marks platform admin": every reply to a platform operator's session says so.
  if (session?.user.platformAdmin) reply.header(PLATFORM_ADMIN_HEADER, '1');
  const ctx: BaseContext = {
    deps,
    req,
    reply,
    lang: pickLocale(req.headers['accept-language']),
    query: call ? call.query : ((req.query ?? {}) as Record<string, string>),
    session: session?.session ?? null,
    user: session?.user ?? null,
    site: null,
  };
  if (def.access === 'reader') Object.assign(ctx, await resolvers().reader(deps, req));
  else if (def.access !== 'public') {
    if (!ctx.user) throw new AppError(Code.UNAUTHORIZED);
    if (def.access === 'site') {
      const site = resolvers().site(deps, ctx as UserContext);
      ctx.site = site instanceof Promise ? await site : site;
      // An operator whose support session ended (issue 17) is refused, so the SPA reads the session again and leaves.
      if (!ctx.site) throw new AppError(ctx.session?.supportEntryId ? Code.FORBIDDEN : Code.NO_SITE);
      if (def.permission && !holdsAny(ctx.site.permissions, def.permission))
        throw new AppError(Code.FORBIDDEN);
      if (def.feature && !hasFeature(ctx.site.features, def.feature)) throw new AppError(Code.FORBIDDEN);
    }
  }
  const multipart = isMultipart ? await readMultipart(req, def.fileMaxBytes) : undefined;
  const raw: unknown = multipart
    ? multipart.fields
    : call
      ? call.body
      : def.method === 'GET'
        ? (req.query ?? {})
        : (req.body ?? {});
  const nul = pathsWithNul(raw);
  if (nul.length)
    throw new FieldError(Object.fromEntries(nul.map((p) => [p || '_', { message: 'validation.format' }])));
  // The bot check comes before the input is parsed, so that an unsolved one costs nothing more; a missing answer is
  // the same failure as a wrong one (the client shows the challenge again).
  const solution = def.captcha ? await deps.captcha.check(tokenOf(raw)) : undefined;
  if (solution === null) throw new AppError(Code.CAPTCHA);
  // Files join the input after the NUL scan, which would otherwise walk every byte.
  const input = multipart ? { ...multipart.fields, ...multipart.files } : raw;
  const parsed = def.input.safeParse(input);
  if (!parsed.success) {
    // The field errors read each issue's input, which zod reports only when asked, at twice the cost of a parse:
    // asked for again here, so that a valid call (most calls) keeps the fast parse.
    const reported = def.input.safeParse(input, { reportInput: true });
    throw zodFieldErrors(reported.success ? parsed.error : reported.error);
  }
  // Spent only by a call that was read: a form sent back for a field error keeps its solved challenge.
  if (solution && !(await solution.spend())) throw new AppError(Code.CAPTCHA);
  // One action creates (id 0) and edits: creating also needs the create permission.
  if (def.createPermission && (parsed.data as { id?: unknown }).id === 0) {
    if (!holdsAny((ctx as SiteContext).site.permissions, def.createPermission))
      throw new AppError(Code.FORBIDDEN);
  }
  // A site's calls in flight are bounded (siteTurns.ts): most find a turn free at once, without a wait.
  const turn = ctx.site && !def.outside ? siteCallTurn(req, ctx.site.id) : undefined;
  const release = turn instanceof Promise ? await turn : turn;
  if (release === null) throw new AppError(Code.SITE_BUSY);
  if (!release) return def.handler(parsed.data, ctx as never);
  try {
    return await def.handler(parsed.data, ctx as never);
  } finally {
    release();
  }
}

/** The input's `token` when it is a string of a sensible length, else '' (which no check takes). */
function tokenOf(raw: unknown): string {
  const token = typeof raw === 'object' && raw !== null ? (raw as { token?: unknown }).token : undefined;
  return typeof token === 'string' && token.length <= TOKEN_MAX ? token : '';
}

/** No form of the API nests deeper than this; a deeper body is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

/** A value met by pathsWithNul's walk: its path is kept as its parent and key, written out only for a hit. */
interface Walked {
  value: unknown;
  parent: Walked | undefined;
  key: string;
  depth: number;
}
const pathOf = (w: Walked): string => {
  const keys: string[] = [];
  for (let at: Walked | undefined = w; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * Dotted paths of strings holding a NUL character, which PostgreSQL text cannot store. Walks without recursion and
 * refuses (400) a value nested deeper than MAX_INPUT_DEPTH, so no body can exhaust the stack of a later walk (zod's).
 * Runs on every call: no path is written unless it holds a NUL.
 */
export function pathsWithNul(value: unknown): string[] {
  const found: string[] = [];
  const stack: Walked[] = [{ value, parent: undefined, key: '', depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const v = item.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push(pathOf(item));
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (item.depth >= MAX_INPUT_DEPTH) throw new AppError(Code.BAD_REQUEST);
    for (const k of Object.keys(v)) {
      if (k.includes('\u0000')) found.push(pathOf(item));
      stack.push({ value: (v as Record<string, unknown>)[k], parent: item, key: k, depth: item.depth + 1 });
    }
  }
  return found;
}

/**
 * A reply that does not match its endpoint's output schema: the catalogue would lie to the SPA and to integrators.
 * Checked only when `checkReplies` is on (the API tests), so production pays nothing.
 */
function checkReply(def: AnyAction, data: unknown) {
  // A raw reply streamed (a large CSV) is its schema's text, written as it comes.
  if (def.raw && data instanceof Readable) return;
  const checked = def.output.safeParse(dataOf(data));
  if (!checked.success)
    throw new Error(`Reply of ${def.path} does not match its output schema: ${checked.error.message}`);
}

interface Registered {
  byPath: Map<string, AnyAction>;
  checkReplies: boolean;
}
/** The actions registered on each app (found by its deps), by path: what runEndpoint runs. */
const registries = new WeakMap<Deps, Registered>();

/** The registered action of an endpoint, or undefined when no module serves it. */
export function registeredAction(deps: Deps, endpoint: AnyEndpoint): AnyAction | undefined {
  return registries.get(deps)?.byPath.get(endpoint.path);
}

/**
 * Runs a declared endpoint for this request with a body and query of the caller's making, through the registered
 * action's whole pipeline — session, site, permission, plan feature, the NUL and depth scan, the input's parse, the
 * create permission, then its handler — exactly as POST /api/<path> would (and its reply checked likewise). The REST
 * face (rest.ts) serves its routes through it, and an action may run another (label/edit runs label/save).
 * Throws what the action throws (AppError, FieldError); the caller writes the reply.
 */
export async function runEndpoint(
  at: { deps: Deps; req: FastifyRequest; reply: FastifyReply },
  endpoint: AnyEndpoint,
  call: Call,
): Promise<unknown> {
  const registered = registries.get(at.deps);
  const def = registered?.byPath.get(endpoint.path);
  if (!registered || !def) throw new Error(`No action serves ${endpoint.path}`);
  const data = await run(def, at.deps, at.req, at.reply, call);
  if (registered.checkReplies) checkReply(def, data);
  return dataOf(data);
}

/**
 * Registers actions on the app under /api. The multipart ones (uploads) in a context of their own with the form-data
 * plugin, whose three hooks (and a listener on every reply) would otherwise run on every request of the app.
 */
export async function registerActions(
  app: FastifyInstance,
  deps: Deps,
  actions: readonly AnyAction[],
  opts: { checkReplies?: boolean; multipart: FastifyMultipartOptions },
): Promise<void> {
  registries.set(deps, {
    byPath: new Map(actions.map((def) => [def.path, def])),
    checkReplies: opts.checkReplies ?? false,
  });
  routeActions(
    app,
    deps,
    actions.filter((def) => !def.multipart),
    opts,
  );
  await app.register(async (uploads) => {
    await uploads.register(multipart, opts.multipart);
    routeActions(
      uploads,
      deps,
      actions.filter((def) => def.multipart),
      opts,
    );
  });
}

function routeActions(
  app: FastifyInstance,
  deps: Deps,
  actions: readonly AnyAction[],
  opts: { checkReplies?: boolean },
) {
  for (const def of actions)
    for (const path of [def.path, ...(def.aliases ?? [])])
      app.route({
        method: def.method ?? 'POST',
        // A reader action answers on the sites' hosts only (rewritten under SITE_PREFIX), an admin one never there.
        url: def.access === 'reader' ? `${SITE_PREFIX}/api/${path}` : `/api/${path}`,
        handler: async (req, reply) => {
          try {
            const data = await run(def, deps, req, reply);
            if (opts.checkReplies) checkReply(def, data);
            return def.raw ? reply.send(data) : sendOk(reply, data);
          } catch (err) {
            return sendError(req, reply, err);
          }
        },
      });
}
