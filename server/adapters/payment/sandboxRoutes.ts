/**
 * The sandbox gateway's own pages, registered only when the sandbox is the gateway (index.ts): the card form's
 * prime (`POST /sandbox-gateway/prime`, JSON card fields → `{prime}`), and the 3-D Secure page the payment window
 * opens (`GET /sandbox-gateway/3ds/<trade>`), whose two buttons post the buyer's answer back and send the window on
 * to the charge's return address. The page runs no script: plain forms, so the app's Content-Security-Policy holds.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatTwd } from '../../../contract/shop';
import { SITE_PREFIX } from '../../siteHost';
import { SANDBOX_PREFIX, type SandboxCardFields, type SandboxGateway } from './sandbox';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:28rem}button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}</style>
</head><body>${body}</body></html>`;
}

/** The 3-D Secure page of a trade waiting for it. */
export function threeDSecurePage(
  tradeId: string,
  trade: { amount: number; details: string; lastFour: string },
) {
  const action = escapeHtml(`${SANDBOX_PREFIX}/3ds/${encodeURIComponent(tradeId)}`);
  // In the interface's source language and in English, as a Taiwanese bank's page would be.
  return page(
    '3-D Secure 驗證（測試環境）',
    `<h1>3-D Secure 驗證</h1>
<p>測試環境：不會詢問銀行。<br><span lang="en">Sandbox gateway: no bank is asked.</span></p>
<p>${escapeHtml(trade.details)}<br>${formatTwd(trade.amount)} · 卡號 card •••• ${escapeHtml(trade.lastFour)}</p>
<form method="post" action="${action}"><input type="hidden" name="answer" value="confirm"><button type="submit">確認 <span lang="en">Confirm</span></button></form>
<form method="post" action="${action}"><input type="hidden" name="answer" value="fail"><button type="submit">驗證失敗 <span lang="en">Fail</span></button></form>`,
  );
}

export function sandboxRoutes(gateway: SandboxGateway) {
  return async function plugin(app: FastifyInstance) {
    // The page's forms post form-encoded bodies; this parser lives in this plugin's scope only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const prime = async (req: FastifyRequest, reply: FastifyReply) => {
      const fields = (req.body ?? {}) as Partial<Record<keyof SandboxCardFields, unknown>>;
      const answer = gateway.createPrime({
        number: typeof fields.number === 'string' ? fields.number : '',
        expiry: typeof fields.expiry === 'string' ? fields.expiry : '',
        ccv: typeof fields.ccv === 'string' ? fields.ccv : '',
      });
      if (!('error' in answer)) return answer;
      return reply.code(answer.error === 'busy' ? 503 : 400).send(answer);
    };
    app.post(`${SANDBOX_PREFIX}/prime`, { bodyLimit: 1024 }, prime);
    // Also on the public sites' hosts (their pages' own origin, which their CSP lets a script call): a reader's card
    // form on /subscribe trades the card for a prime there, as TapPay's SDK would at TapPay.
    app.post(`${SITE_PREFIX}${SANDBOX_PREFIX}/prime`, { bodyLimit: 1024 }, prime);

    app.get<{ Params: { tradeId: string } }>(`${SANDBOX_PREFIX}/3ds/:tradeId`, async (req, reply) => {
      const trade = gateway.pendingTrade(req.params.tradeId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!trade) return reply.code(404).send(page('3-D Secure (sandbox)', '<p>No payment waits here.</p>'));
      return threeDSecurePage(req.params.tradeId, trade);
    });

    app.post<{ Params: { tradeId: string } }>(`${SANDBOX_PREFIX}/3ds/:tradeId`, async (req, reply) => {
      const answer = (req.body as Record<string, unknown> | undefined)?.answer;
      if (answer !== 'confirm' && answer !== 'fail')
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page('3-D Secure (sandbox)', '<p>No answer.</p>'));
      const next = await gateway.complete3ds(req.params.tradeId, answer === 'confirm');
      if (!next)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page('3-D Secure (sandbox)', '<p>No payment waits here.</p>'));
      return reply.redirect(next, 303);
    });
  };
}
