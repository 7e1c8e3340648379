/**
 * A member leaves the e-paper: `GET /unsubscribe?token=` (the link in every e-paper) shows a confirmation with a
 * button, and `POST /unsubscribe?token=` turns the member's `epaper_opt_in` off. The POST is also RFC 8058's
 * one-click unsubscribe (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), which mail providers send from their
 * own servers without the site's Origin: server/app.ts's origin check lets exactly this route through, and the
 * signed token (server/shared/tokens.ts, kind 'unsubscribe', bound to the site and the member) is the proof.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_LANGUAGES } from '../../../contract/constants';
import { appKv } from '../../db/appTables';
import type { Deps } from '../../deps';
import { localeOfLanguage, t } from '../../i18n';
import { readers } from '../../modules/readers/schema';
import { siteOfHost } from '../../modules/tenancy/host';
import { defaultLang } from '../../shared/paths';
import { verifyToken } from '../../shared/tokens';
import { SITE_PREFIX, siteHostOf } from '../../siteHost';
import type { ReaderPageBuilder } from './types';

/** The one-click routes, as Fastify names them (server/app.ts exempts them from the origin check). */
export const UNSUBSCRIBE_ROUTES = [`${SITE_PREFIX}/unsubscribe`, `${SITE_PREFIX}/:lang/unsubscribe`];

async function secretOf(db: Deps['db']): Promise<string | undefined> {
  const [row] = await db.select({ value: appKv.value }).from(appKv).where(eq(appKv.key, 'secret'));
  return row?.value;
}

type Verdict =
  | { state: 'invalid' }
  | { state: 'test' }
  | { state: 'confirm' | 'done'; readerId: number; email: string };

/** What a token says on this site: a member (still subscribed or not), a test mail's link, or nothing valid. */
async function verdictOf(db: Deps['db'], siteId: number, token: unknown, now: number): Promise<Verdict> {
  const secret = await secretOf(db);
  const payload = secret ? verifyToken(secret, token, 'unsubscribe', now) : null;
  if (!payload || payload.site !== siteId) return { state: 'invalid' };
  if (payload.reader === 0) return { state: 'test' };
  const [reader] = await db
    .select({ id: readers.id, email: readers.email, optIn: readers.epaperOptIn })
    .from(readers)
    .where(and(eq(readers.id, payload.reader), eq(readers.siteId, siteId)));
  if (!reader) return { state: 'invalid' };
  return { state: reader.optIn ? 'confirm' : 'done', readerId: reader.id, email: reader.email };
}

/** `/unsubscribe?token=`: the template gets `unsubscribe` {title, state, message, button, token, email}. */
export const unsubscribePage: ReaderPageBuilder = async (deps, input, at) => {
  const locale = localeOfLanguage(at.locale);
  const token = input.query?.get('token') ?? '';
  const verdict = await verdictOf(deps.db, input.site.id, token, input.now);
  const site = input.site.name;
  const message = {
    invalid: t(locale, 'epaperSend.unsubscribe.invalid'),
    test: t(locale, 'epaperSend.unsubscribe.test'),
    confirm: t(locale, 'epaperSend.unsubscribe.confirm', { site }),
    done: t(locale, 'epaperSend.unsubscribe.done', { site }),
  }[verdict.state];
  const title = t(locale, 'epaperSend.unsubscribe.title');
  return {
    title,
    objects: {
      unsubscribe: {
        title,
        state: verdict.state,
        message,
        button: t(locale, 'epaperSend.unsubscribe.button'),
        token: verdict.state === 'confirm' ? token : '',
        email: 'email' in verdict ? verdict.email : '',
      },
    },
  };
};

/** Turns the member's opt-in off: the form's POST (then back to the page) or a mail provider's one-click POST. */
export function unsubscribeRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    // The one-click body is `List-Unsubscribe=One-Click` (urlencoded or multipart); only the query's token counts.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, body),
    );
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const host = siteHostOf(req);
      const site = host ? await siteOfHost(deps.db, host, deps.config.siteDomain, deps.now()) : undefined;
      if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      const token = (req.query as Record<string, unknown>)?.token;
      const verdict = await verdictOf(deps.db, site.id, token, deps.now());
      if (verdict.state === 'confirm')
        await deps.db
          .update(readers)
          .set({ epaperOptIn: false, updatedAt: new Date(deps.now()) })
          .where(and(eq(readers.id, verdict.readerId), eq(readers.siteId, site.id)));
      const oneClick = typeof req.body === 'string' && req.body.includes('List-Unsubscribe=One-Click');
      if (oneClick || verdict.state === 'invalid') {
        const iso = CONTENT_LANGUAGES.find((l) => l.id === defaultLang(site))?.iso ?? 'zh-TW';
        const locale = localeOfLanguage(iso);
        const key = verdict.state === 'invalid' ? 'invalid' : verdict.state === 'test' ? 'test' : 'done';
        return reply
          .code(verdict.state === 'invalid' ? 400 : 200)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(t(locale, `epaperSend.unsubscribe.${key}`, { site: site.name }));
      }
      // The confirmation form: back to the page (in its language), which now says it is done.
      const lang = (req.params as { lang?: string }).lang;
      const path = lang ? `/${encodeURIComponent(lang)}/unsubscribe` : '/unsubscribe';
      return reply.redirect(`${path}?token=${encodeURIComponent(String(token))}`, 303);
    };
    for (const url of UNSUBSCRIBE_ROUTES) app.post(url, handler);
  };
}
