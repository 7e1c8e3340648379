/**
 * The public sites, in the admin's server: a request for a site host is rewritten under /_site (rewriteUrl, below),
 * where one route answers it — GET and HEAD only — with the page its theme renders, a feed, an asset, the staff
 * entrance, or the coming-soon page of an unpublished site.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { sendError } from '../http/reply';
import { READER_COOKIE } from '../modules/readers/session';
import { siteOfHost } from '../modules/tenancy/host';
import { siteUrl } from '../modules/tenancy/sites';
import {
  type MarkedRequest,
  requestHostName,
  SITE_HOST,
  SITE_PREFIX,
  siteHostOf,
  siteHostTest,
} from '../siteHost';
import { PageCache } from './cache';
import { errorPage } from './errors';
import { pageBuilders } from './pages';
import { type Answer, renderSiteRequest } from './render';

export interface PublicSiteOptions {
  /** The built-in theme's folder; by default themes/default. */
  builtinThemeDir?: string;
  /** The rendered pages' cache (one per app by default). */
  cache?: PageCache;
  /** Addresses in one part of the sitemap (SITEMAP_MAX_URLS by default; a test makes it small). */
  sitemapPartUrls?: number;
}

/** Longest address a site answers (a path, plus the query of a preview token). */
const URL_MAX = 8192;

/**
 * Fastify's rewriteUrl: a site host's request goes under /_site, its raw request marked with the host name. The
 * admin's hosts are left as they are, so /api, the SPA and /uploads are reachable only there.
 */
export function siteUrlRewriter(config: Config): (req: IncomingMessage) => string {
  const isSiteHost = siteHostTest(config);
  return (req) => {
    const url = req.url ?? '/';
    const host = requestHostName(req, config.trustProxy);
    if (!isSiteHost(host)) return url;
    (req as MarkedRequest)[SITE_HOST] = host;
    return `${SITE_PREFIX}${url.startsWith('/') ? url : `/${url}`}`;
  };
}

function send(req: FastifyRequest, reply: FastifyReply, a: Answer) {
  reply.code(a.status).headers(a.headers);
  if (a.etag) {
    reply.header('etag', a.etag);
    if (req.headers['if-none-match'] === a.etag) return reply.code(304).send();
  }
  if (req.method === 'HEAD' || reply.statusCode === 304) {
    // A streamed body not sent is closed (its site's turn given back, nothing read).
    if (a.body instanceof Readable) a.body.destroy();
    return reply.send(undefined);
  }
  return reply.send(a.body);
}

export async function registerPublicSite(
  app: FastifyInstance,
  deps: Deps,
  opts: PublicSiteOptions = {},
): Promise<void> {
  const cache = opts.cache ?? new PageCache();
  const pages = () => Promise.resolve(pageBuilders);
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const host = siteHostOf(req);
    if (host === undefined) return sendError(req, reply, new AppError(Code.NOT_FOUND));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply
        .code(405)
        .header('allow', 'GET, HEAD')
        .type('text/plain; charset=utf-8')
        .send('Method Not Allowed');
    }
    const answer = await renderSiteRequest({
      deps,
      pages,
      cache,
      builtinThemeDir: opts.builtinThemeDir,
      sitemapPartUrls: opts.sitemapPartUrls,
      url: req.url.length > URL_MAX ? null : req.url.slice(SITE_PREFIX.length) || '/',
      site: () => siteOfHost(deps.db, host, deps.config.siteDomain, deps.now()),
      cookie: req.cookies?.site_staff,
      readerToken: req.cookies?.[READER_COOKIE],
      https: req.protocol === 'https',
      log: req.log,
      siteUrl: (site) => siteUrl(site, deps.config),
    }).catch((err): Answer => {
      // The database, a theme's files or the page builders failing: the site's own error page, never the admin's.
      req.log.error({ err, host }, 'public page failed');
      return {
        status: 500,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' },
        body: errorPage(),
      };
    });
    return send(req, reply, answer);
  };
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${SITE_PREFIX}/*`,
    handler,
  });
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: SITE_PREFIX,
    handler,
  });
}
