/** `/api/facebook/*` and `/api/share/*` (contract/api/share.ts), and the OAuth callback page. */
import type { FastifyInstance } from 'fastify';
import { facebookApi, shareApi } from '../../../contract/api/share';
import { SOCIAL_CALLBACK_PATH } from '../../adapters/social/sandbox';
import type { Deps } from '../../deps';
import { action } from '../../http/action';
import { verifyToken } from '../../shared/tokens';
import {
  authorised,
  authorize,
  connect,
  connections,
  disconnect,
  execute,
  shareStatus,
  unconnect,
} from './service';

export const shareActions = [
  action({ ...facebookApi.status, handler: (_input, ctx) => connections(ctx) }),
  action({ ...facebookApi.authorize, handler: async (input, ctx) => authorize(ctx, input.type) }),
  // Waits on the platform (its pages, its post) rather than on the database: no site turn held meanwhile (action.ts).
  action({ ...facebookApi.connect, outside: true, handler: (input, ctx) => connect(ctx, input) }),
  action({ ...facebookApi.disconnect, handler: (input, ctx) => disconnect(ctx, input.type) }),
  action({ ...facebookApi.unconnect, handler: (input, ctx) => unconnect(ctx, input.type) }),
  action({ ...shareApi.status, handler: (input, ctx) => shareStatus(ctx, input.id) }),
  action({ ...shareApi.execute, outside: true, handler: (input, ctx) => execute(ctx, input) }),
];

function page(ok: boolean, text: string, en: string) {
  return `<!doctype html><html lang="zh-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${text}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:30rem}</style></head><body><h1 data-social-result="${ok ? 'ok' : 'error'}">${text}</h1><p lang="en">${en}</p><p>可以關閉這個視窗，回到設定頁。<span lang="en">You may close this window.</span></p></body></html>`;
}

/**
 * The platform sends the browser back here with `code` and the signed `state` (site, user, platform, expiry). The
 * page tells the person to return; the settings screen, which watches facebook/status, then offers the pages.
 */
export function socialCallbackRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    app.get<{ Querystring: Record<string, string | undefined> }>(SOCIAL_CALLBACK_PATH, async (req, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const state = verifyToken(deps.secret, req.query.state, 'social', deps.now());
      const code = typeof req.query.code === 'string' ? req.query.code.slice(0, 2048) : '';
      if (!state)
        return reply
          .code(400)
          .send(page(false, '授權連結已失效，請重新連結。', 'The authorisation expired; connect again.'));
      if (!code) return page(false, '已取消授權。', 'The authorisation was cancelled.');
      try {
        await authorised(deps, state, code);
      } catch (err) {
        deps.log.warn({ err, platform: state.platform }, 'social authorisation failed');
        return reply
          .code(502)
          .send(page(false, '授權沒有成功，請稍後再試。', 'The authorisation did not succeed.'));
      }
      return page(true, '授權完成，請回到設定頁選擇專頁。', 'Authorised: choose the page in the settings.');
    });
  };
}
