/**
 * Who is calling, as action() hands it to a handler: the session, its user, the site it works on and what the caller
 * may do there; for a reader action, the public site and its reader (ReaderScope). modules/auth and modules/readers
 * resolve them, and app.ts registers their resolvers at start-up (registerResolvers), so http/ imports no module.
 */
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import type { AuthUser, SessionInfo, SiteScope } from './caller';

export type { AuthUser, SessionInfo, SiteScope } from './caller';

export const SESSION_COOKIE = 'sid';

/**
 * What a reader action's context adds: the site of the request's host and the reader its cookie signs in. Its fields
 * are declared where they are resolved (modules/readers/scope.ts, by declaration merging), since their types are rows
 * of the modules' tables.
 */
// biome-ignore lint/suspicious/noEmptyInterface: declared by modules/readers/scope.ts
export interface ReaderScope {}

/** A value, or a promise of it: what a resolver answers at once when it has it (cached), without a promise. */
export type MaybePromise<T> = T | Promise<T>;

/** How a request's caller is found; registered once at start-up by app.ts. */
export interface Resolvers {
  /** The session of the request's cookie and its user, or null. */
  session(deps: Deps, req: FastifyRequest): MaybePromise<{ session: SessionInfo; user: AuthUser } | null>;
  /** The site the session works on, with what the caller may do there, or null. */
  site(deps: Deps, ctx: { session: SessionInfo; user: AuthUser }): MaybePromise<SiteScope | null>;
  /** A reader action's public site and reader (throws NOT_FOUND for a host without a published site). */
  reader(deps: Deps, req: FastifyRequest): Promise<ReaderScope>;
}

let registered: Resolvers | undefined;

export function registerResolvers(resolvers: Resolvers): void {
  registered = resolvers;
}

/** The registered resolvers; none is a start-up error (app.ts registers them before any action is served). */
export function resolvers(): Resolvers {
  if (!registered) throw new Error('No session resolvers registered (app.ts registerResolvers)');
  return registered;
}
