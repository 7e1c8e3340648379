/**
 * The public sites' first-party counter: `GET /_analytics.js` (the script, counter.js) and `POST /_analytics` (its
 * batches) on the site hosts only, and `withCounter`, which adds the script to every page a published site renders
 * from its theme for its visitors (server/public/render.ts; never to previews, the staff's look at an unpublished
 * site or error pages). No cookie is read or set; a request with `DNT: 1` or `Sec-GPC: 1` counts nothing.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ANALYTICS_BODY_MAX_BYTES,
  ANALYTICS_CLIENT_PER_MINUTE,
  AnalyticsBatch,
} from '../../../contract/analytics';
import { Code } from '../../../contract/codes';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { sendError } from '../../http/reply';
import { siteOfHost } from '../../modules/tenancy/host';
import { SharedBudget } from '../../shared/sharedBudget';
import { SITE_PREFIX, siteHostOf } from '../../siteHost';
import { routeOf } from '../router';
import { addCounts, clientKey, countsOf, siteDay } from './record';

export const COUNTER_SCRIPT_PATH = '/_analytics.js';
export const COUNTER_ENDPOINT = '/_analytics';

const SCRIPT = readFileSync(new URL('./counter.js', import.meta.url), 'utf8');
const TAG = `<script src="${COUNTER_SCRIPT_PATH}" defer></script>`;

/** The page with the counter's script: before </head>, else before </body>, else at the end. */
export function withCounter(page: string): string {
  const at = page.search(/<\/head\s*>/i);
  const end = at >= 0 ? at : page.search(/<\/body\s*>/i);
  return end >= 0 ? `${page.slice(0, end)}${TAG}${page.slice(end)}` : `${page}${TAG}`;
}

/** The visitor asks not to be tracked. */
const optedOut = (req: FastifyRequest) => req.headers.dnt === '1' || req.headers['sec-gpc'] === '1';

export function analyticsRoutes(deps: Deps) {
  // One budget per client whichever instance it reaches (issue 32).
  const budget = new SharedBudget(deps.db, 'analytics', ANALYTICS_CLIENT_PER_MINUTE);
  return async (app: FastifyInstance) => {
    // The beacon's body is JSON sent as text/plain (a CORS-safelisted type): read as text, parsed here.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    app.get(`${SITE_PREFIX}${COUNTER_SCRIPT_PATH}`, async (req, reply) => {
      if (siteHostOf(req) === undefined) return sendError(req, reply, new AppError(Code.NOT_FOUND));
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(SCRIPT);
    });

    app.post(
      `${SITE_PREFIX}${COUNTER_ENDPOINT}`,
      { bodyLimit: ANALYTICS_BODY_MAX_BYTES },
      async (req: FastifyRequest, reply: FastifyReply) => {
        const host = siteHostOf(req);
        if (host === undefined) return sendError(req, reply, new AppError(Code.NOT_FOUND));
        let parsed: unknown;
        try {
          parsed = typeof req.body === 'string' ? JSON.parse(req.body) : undefined;
        } catch {
          parsed = undefined;
        }
        const batch = AnalyticsBatch.safeParse(parsed);
        if (!batch.success) return sendError(req, reply, new AppError(Code.BAD_REQUEST));
        reply.code(204).header('cache-control', 'no-store');
        if (optedOut(req)) return reply.send();
        const now = deps.now();
        const site = await siteOfHost(deps.db, host, deps.config.siteDomain, now);
        if (!site) return sendError(req, reply, new AppError(Code.NOT_FOUND));
        // Only a published site's visitors count (its staff's look before that is no visit).
        if (!site.published) return reply.send();
        const granted = await budget.take(
          clientKey(deps.secret, site.id, req.ip),
          batch.data.events.length,
          now,
        );
        if (granted === 0) return reply.send();
        const ownHosts = [host, site.domain, `${site.slug}.${deps.config.siteDomain}`]
          .filter((h): h is string => Boolean(h))
          .map((h) => h.toLowerCase());
        const isPage = (path: string) =>
          routeOf({ displayLanguages: site.displayLanguages }, path, new URLSearchParams())?.kind === 'page';
        const counts = countsOf(batch.data.events.slice(0, granted), ownHosts, isPage);
        await addCounts(deps.db, site.id, siteDay(site.timezone, now), counts);
        return reply.send();
      },
    );
  };
}
