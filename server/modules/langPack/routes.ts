/**
 * GET /i18n/lang.json?lang=<locale> (SPEC §7): the served language pack, `{version, lang, words}`, revalidated by
 * its ETag. Outside /api/ (a plain GET, like /api/openapi.json's neighbours) and on the admin's hosts only: a public
 * site's host is rewritten under /_site and never reaches it. Every /api reply names the version of the caller's
 * language (X-I18n-Version), so a running SPA learns of a correction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../contract/codes';
import { I18N_VERSION_HEADER, LANG_PACK_PATH, pickLocale, toLocale } from '../../../contract/constants';
import { busOf } from '../../db/changeBus';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { sendError } from '../../http/reply';
import { langPacks } from './packs';

export function registerLangPacks(app: FastifyInstance, deps: Deps): void {
  const packs = langPacks({
    dir: deps.config.i18nDir,
    log: deps.log,
    now: deps.now,
    db: deps.db,
    bus: busOf(deps.db),
  });

  app.get<{ Querystring: { lang?: unknown } }>(LANG_PACK_PATH, async (req, reply) => {
    const asked = req.query.lang;
    const lang = asked === undefined ? pickLocale(req.headers['accept-language']) : toLocale(asked);
    if (!lang) return sendError(req, reply, new AppError(Code.NOT_FOUND));
    const pack = await packs.pack(lang);
    reply.header('cache-control', 'no-cache').header('etag', pack.etag).header('vary', 'accept-language');
    if (req.headers['if-none-match'] === pack.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(pack.json);
  });

  // Every /api reply: synchronous while the pack is fresh (most replies), so a reply pays no promise for it.
  app.addHook('onSend', (req: FastifyRequest, reply, payload, done) => {
    if (!req.url.startsWith('/api/')) return done(null, payload);
    const lang = pickLocale(req.headers['accept-language']);
    const known = packs.fresh(lang);
    if (known) {
      reply.header(I18N_VERSION_HEADER, known.version);
      return done(null, payload);
    }
    packs.pack(lang).then(
      (pack) => {
        reply.header(I18N_VERSION_HEADER, pack.version);
        done(null, payload);
      },
      (err) => {
        deps.log.warn({ err }, 'language pack version unavailable');
        done(null, payload);
      },
    );
  });
}
