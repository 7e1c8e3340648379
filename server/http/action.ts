/**
 * action(): the one way to declare an API endpoint. It states the path, the input schema from contract/, who may
 * call it (public, a signed-in user, or staff of the current site holding a permission), whether a solved bot
 * challenge is needed, and a handler that returns data or throws an AppError. The helper parses the input, checks
 * access, and writes the `{code, msg, data}` envelope; no handler writes one by hand.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../contract/codes';
import { type Locale, pickLocale } from '../../contract/constants';
import type { Deps } from '../deps';
import {
  type AuthUser,
  resolveSession,
  resolveSite,
  type SessionInfo,
  type SiteScope,
} from '../modules/auth/session';
import { AppError, FieldError } from './errors';
import { readMultipart } from './multipart';
import { sendError, sendOk, zodFieldErrors } from './reply';

export type Access = 'public' | 'user' | 'site';

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
type ContextFor<A extends Access> = A extends 'site'
  ? SiteContext
  : A extends 'user'
    ? UserContext
    : BaseContext;

export interface ActionDef<S extends z.ZodType, A extends Access, R> {
  /** `<module>/<action>`, served at POST /api/<path>. */
  path: string;
  method?: 'POST' | 'GET';
  input: S;
  access: A;
  /** For `site` access: the permission the caller's role (and plan) must grant. */
  permission?: string;
  /** The input's `token` must be a solved bot challenge (code 1005 otherwise). */
  captcha?: boolean;
  /** Reply with the data itself instead of an envelope: only for a third-party protocol (the ALTCHA widget). */
  raw?: boolean;
  /**
   * Also take multipart/form-data: its text fields and files (UploadedFile, declared with fileField()) make the
   * input, read only once access is granted. Other bodies are parsed as for any action.
   */
  multipart?: boolean;
  handler: (input: z.output<S>, ctx: ContextFor<A>) => Promise<R>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds actions of every input and result type
export type AnyAction = ActionDef<any, Access, unknown>;

export function action<S extends z.ZodType, A extends Access, R>(
  def: ActionDef<S, A, R>,
): ActionDef<S, A, R> {
  return def;
}

async function run(def: AnyAction, deps: Deps, req: FastifyRequest, reply: FastifyReply) {
  // Form data is for multipart actions only; elsewhere it stays refused as before the plugin was registered.
  if (!def.multipart && req.isMultipart()) throw new AppError(Code.BAD_REQUEST);
  const session = await resolveSession(deps, req);
  const ctx: BaseContext = {
    deps,
    req,
    reply,
    lang: pickLocale(req.headers['accept-language']),
    query: (req.query ?? {}) as Record<string, string>,
    session: session?.session ?? null,
    user: session?.user ?? null,
    site: null,
  };
  if (def.access !== 'public') {
    if (!ctx.user) throw new AppError(Code.UNAUTHORIZED);
    if (def.access === 'site') {
      ctx.site = await resolveSite(deps, ctx as UserContext);
      if (!ctx.site) throw new AppError(Code.NO_SITE);
      if (def.permission && !ctx.site.permissions.has(def.permission)) throw new AppError(Code.FORBIDDEN);
    }
  }
  const multipart = def.multipart && req.isMultipart() ? await readMultipart(req) : undefined;
  const raw = multipart?.fields ?? (def.method === 'GET' ? (req.query ?? {}) : (req.body ?? {}));
  const nul = pathsWithNul(raw);
  if (nul.length)
    throw new FieldError(Object.fromEntries(nul.map((p) => [p || '_', { message: 'validation.format' }])));
  // Files join the input after the NUL scan, which would otherwise walk every byte.
  const parsed = def.input.safeParse(multipart ? { ...raw, ...multipart.files } : raw, { reportInput: true });
  if (!parsed.success) {
    throw zodFieldErrors(parsed.error);
  }
  if (def.captcha) {
    const ok = await deps.captcha.verify((parsed.data as { token?: string }).token ?? '');
    if (!ok) throw new AppError(Code.CAPTCHA);
  }
  return def.handler(parsed.data, ctx as never);
}

/** Dotted paths of strings holding a NUL character, which PostgreSQL text cannot store. */
export function pathsWithNul(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k.includes('\u0000') ? [at] : []),
    ...pathsWithNul(v, at ? `${at}.${k}` : k),
  ]);
}

/** Registers actions on the app under /api. */
export function registerActions(app: FastifyInstance, deps: Deps, actions: readonly AnyAction[]) {
  for (const def of actions) {
    app.route({
      method: def.method ?? 'POST',
      url: `/api/${def.path}`,
      handler: async (req, reply) => {
        try {
          const data = await run(def, deps, req, reply);
          return def.raw ? reply.send(data) : sendOk(reply, data);
        } catch (err) {
          return sendError(req, reply, err);
        }
      },
    });
  }
}
