/**
 * The built-in sandbox (no FACEBOOK_APP_ID): a consent page served by this server "authorises" with two fake pages
 * (one with an Instagram account), codes and tokens live in this process's memory, and posts are recorded in memory
 * and in the log, so `npm start` can show the whole flow offline. Nothing leaves the machine.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OfferedPage, SharePost, SocialPlatform, SocialProvider } from './provider';

export const SOCIAL_SANDBOX_PREFIX = '/social-sandbox';
/** Where the platform sends the browser back after the dialog (served by modules/share/callback.ts). */
export const SOCIAL_CALLBACK_PATH = '/social/callback';

export interface SandboxPost extends SharePost {
  platform: SocialPlatform;
  accountId: string;
  id: string;
}

export interface SocialSandbox extends SocialProvider {
  posts: SandboxPost[];
  /** A code as the consent page's "authorise" gives it (tests skip the page with it). */
  authorise(): string;
}

const SANDBOX_PAGES = [
  {
    id: 'sandbox-page-1',
    name: '測試粉絲專頁 Sandbox Page',
    ig: { id: 'sandbox-ig-1', name: 'sandbox_instagram' },
  },
  { id: 'sandbox-page-2', name: '第二個專頁 Second Page' },
];

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function socialSandbox(onPost: (post: SandboxPost) => void = () => undefined): SocialSandbox {
  const codes = new Set<string>();
  const users = new Set<string>();
  const pageTokens = new Map<string, string>();
  const posts: SandboxPost[] = [];
  const hex = () => randomBytes(16).toString('hex');
  return {
    posts,
    authorise() {
      const code = `sbx_code_${hex()}`;
      codes.add(code);
      return code;
    },
    dialogUrl({ state, platform }) {
      return `${SOCIAL_SANDBOX_PREFIX}/consent?${new URLSearchParams({ state, platform })}`;
    },
    async exchangeCode(code) {
      if (!codes.delete(code)) throw new Error('sandbox: unknown code');
      const token = `sbx_user_${hex()}`;
      users.add(token);
      return token;
    },
    async listPages(userToken, platform) {
      if (!users.has(userToken)) throw new Error('sandbox: unknown user token');
      const pages: OfferedPage[] = [];
      for (const p of SANDBOX_PAGES) {
        const token = `sbx_page_${hex()}`;
        const id = platform === 'facebook' ? p.id : p.ig?.id;
        if (!id) continue;
        pageTokens.set(token, id);
        pages.push({ id, name: platform === 'facebook' ? p.name : (p.ig?.name ?? p.name), token });
      }
      return pages;
    },
    async post(platform, accountId, token, post) {
      if (pageTokens.get(token) !== accountId) throw new Error('sandbox: token of another page');
      const record = { ...post, platform, accountId, id: `${accountId}_${posts.length + 1}` };
      posts.push(record);
      onPost(record);
      return record.id;
    },
  };
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:30rem}button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}</style></head><body>${body}</body></html>`;
}

/** The consent page: "authorise" sends the browser to the callback with a code, "cancel" with an error. */
export function socialSandboxRoutes(sandbox: SocialSandbox) {
  return async function plugin(app: FastifyInstance) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.get<{ Querystring: { state?: string; platform?: string } }>(
      `${SOCIAL_SANDBOX_PREFIX}/consent`,
      async (req, reply) => {
        const state = String(req.query.state ?? '').slice(0, 4096);
        const name = req.query.platform === 'instagram' ? 'Instagram' : 'Facebook';
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return page(
          `${name} 授權（測試環境）`,
          `<h1>${name} 授權（測試環境）</h1><p>測試環境：不會連到 ${name}，分享只會記錄在伺服器。<br><span lang="en">Sandbox: nothing is sent to ${name}; shares are only recorded.</span></p>
<form method="post" action="${SOCIAL_SANDBOX_PREFIX}/consent"><input type="hidden" name="state" value="${esc(state)}"><input type="hidden" name="answer" value="allow"><button type="submit">授權 <span lang="en">Authorise</span></button></form>
<form method="post" action="${SOCIAL_SANDBOX_PREFIX}/consent"><input type="hidden" name="state" value="${esc(state)}"><input type="hidden" name="answer" value="deny"><button type="submit">取消 <span lang="en">Cancel</span></button></form>`,
        );
      },
    );
    app.post(`${SOCIAL_SANDBOX_PREFIX}/consent`, { bodyLimit: 8192 }, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const state = typeof body.state === 'string' ? body.state.slice(0, 4096) : '';
      const q: Record<string, string> =
        body.answer === 'allow' ? { code: sandbox.authorise(), state } : { error: 'access_denied', state };
      return reply.redirect(`${SOCIAL_CALLBACK_PATH}?${new URLSearchParams(q)}`, 303);
    });
  };
}
