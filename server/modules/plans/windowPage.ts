/**
 * The payment window's first page (PAYMENT_CONNECTING_PATH): the window is opened at the buyer's click, before the
 * server has answered with the gateway's 3-D Secure address, so it shows "connecting to your bank…" in the buyer's
 * language rather than a blank page; the opener then sends it on. It is static and of our origin, with the opener
 * policy that lets the window keep its opener through the gateway's pages (server/http/securityHeaders.ts).
 */
import type { FastifyInstance } from 'fastify';
import { type Locale, localeOr } from '../../../contract/constants';
import { PAYMENT_CONNECTING_PATH } from '../../../contract/plans';
import { t } from '../../i18n';
import { escapeHtml } from '../../shared/html';

export function connectingPage(lang: Locale): string {
  const text = escapeHtml(t(lang, 'billing.processing.window'));
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${text}</title></head><body style="margin:0;display:grid;place-items:center;min-height:100vh;font-family:system-ui,sans-serif;color:#333"><p role="status">${text}</p></body></html>`;
}

export async function paymentWindowRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { lang?: string } }>(PAYMENT_CONNECTING_PATH, async (req, reply) => {
    const lang = localeOr(req.query.lang, 'zh-TW');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(connectingPage(lang));
  });
}
