/**
 * A reader action's scope (http/session.ts ReaderScope): the published site of the request's host and the reader its
 * cookie signs in. app.ts registers readerScope as the resolver action() calls for every reader action.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../contract/codes';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { ReaderScope } from '../../http/session';
import { siteHostOf } from '../../siteHost';
import { type ResolvedSite, siteOfHost } from '../tenancy/host';
import { READER_COOKIE, type ReaderRow, readerOfToken } from './session';

declare module '../../http/session' {
  interface ReaderScope {
    publicSite: ResolvedSite;
    reader: ReaderRow | null;
    /** The reader session cookie's token as sent (sign-out ends it). */
    readerToken: string | undefined;
  }
}

/** The site a reader action's host names (a published one; else 404) and the reader its cookie signs in. */
export async function readerScope(deps: Deps, req: FastifyRequest): Promise<ReaderScope> {
  const host = siteHostOf(req);
  const site = host ? await siteOfHost(deps.db, host, deps.config.siteDomain, deps.now()) : undefined;
  if (!site?.published) throw new AppError(Code.NOT_FOUND);
  const readerToken = req.cookies?.[READER_COOKIE];
  const reader = await readerOfToken(deps.db, site.id, readerToken, deps.now());
  return { publicSite: site, reader, readerToken };
}
