/**
 * Facebook's Graph API (FACEBOOK_GRAPH_URL): the code exchange (oauth/access_token, then the long-lived user token
 * whose page tokens do not expire), the pages (me/accounts, with
 * each page's instagram_business_account), a page's feed post and Instagram's two-step publish (media, then
 * media_publish). A rate limit (HTTP 429, or Graph error codes 4, 17, 32, 613) is retried after Retry-After or a
 * doubling back-off, `attempts` times at most, then answered `rate_limited` (a wait is at most 10 s); code 190 (expired or revoked token)
 * is `token_expired`; anything else, a timeout or a network failure, `failed`.
 */
import type { GraphConfig } from '../../config';
import { type OfferedPage, SocialError, type SocialPlatform, type SocialProvider } from './provider';

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const WAIT_MAX_MS = 10_000;

interface GraphError {
  error?: { message?: string; code?: number; type?: string };
}

export function graphProvider(
  cfg: GraphConfig,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${cfg.graphUrl}/${path}`);
    const form = new URLSearchParams(params);
    if (method === 'GET') url.search = form.toString();
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      let body: (T & GraphError) | undefined;
      try {
        res = await fetch(url, {
          method,
          signal: AbortSignal.timeout(cfg.timeoutMs),
          ...(method === 'POST'
            ? { body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
            : {}),
        });
        body = (await res.json().catch(() => undefined)) as (T & GraphError) | undefined;
      } catch (err) {
        throw new SocialError('failed', `Graph ${path}: ${(err as Error).name}`);
      }
      const code = body?.error?.code;
      if (res.status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code))) {
        if (attempt >= cfg.attempts) throw new SocialError('rate_limited', `Graph ${path}: rate limited`);
        const after = Number(res.headers.get('retry-after'));
        const wait = Number.isFinite(after) && after > 0 ? after * 1000 : cfg.backoffMs * 2 ** (attempt - 1);
        await sleep(Math.min(wait, WAIT_MAX_MS));
        continue;
      }
      if (code === 190) throw new SocialError('token_expired', body?.error?.message ?? 'token expired');
      if (!res.ok || body === undefined || body.error)
        throw new SocialError(
          'failed',
          body?.error?.message?.slice(0, 300) ?? `Graph ${path}: HTTP ${res.status}`,
        );
      return body;
    }
  }

  const provider: SocialProvider = {
    dialogUrl({ state, redirectUri, platform }) {
      const scope =
        platform === 'instagram'
          ? 'pages_show_list,instagram_basic,instagram_content_publish,business_management'
          : 'pages_show_list,pages_manage_posts,pages_read_engagement';
      const q = new URLSearchParams({ client_id: cfg.appId, redirect_uri: redirectUri, state, scope });
      return `${cfg.dialogUrl}?${q}`;
    },
    async exchangeCode(code, redirectUri) {
      const r = await call<{ access_token?: string }>('GET', 'oauth/access_token', {
        client_id: cfg.appId,
        client_secret: cfg.appSecret,
        redirect_uri: redirectUri,
        code,
      });
      if (!r.access_token) throw new SocialError('failed', 'no access_token');
      // A short-lived user token gives page tokens that expire within hours; a long-lived one gives lasting ones.
      const long = await call<{ access_token?: string }>('GET', 'oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: cfg.appId,
        client_secret: cfg.appSecret,
        fb_exchange_token: r.access_token,
      });
      if (!long.access_token) throw new SocialError('failed', 'no long-lived access_token');
      return long.access_token;
    },
    async listPages(userToken, platform: SocialPlatform) {
      const r = await call<{
        data?: {
          id: string;
          name: string;
          access_token: string;
          instagram_business_account?: { id: string; username?: string };
        }[];
      }>('GET', 'me/accounts', {
        fields: 'id,name,access_token,instagram_business_account{id,username}',
        limit: '100',
        access_token: userToken,
      });
      const pages: OfferedPage[] = [];
      for (const p of r.data ?? []) {
        if (platform === 'facebook')
          pages.push({ id: String(p.id), name: String(p.name), token: p.access_token });
        else if (p.instagram_business_account)
          pages.push({
            id: String(p.instagram_business_account.id),
            name: String(p.instagram_business_account.username ?? p.name),
            token: p.access_token,
          });
      }
      return pages;
    },
    async post(platform, accountId, token, post) {
      const id = encodeURIComponent(accountId);
      if (platform === 'facebook') {
        const r = await call<{ id?: string }>('POST', `${id}/feed`, {
          message: post.message,
          ...(post.link ? { link: post.link } : {}),
          access_token: token,
        });
        return String(r.id ?? '');
      }
      const caption = post.link ? `${post.message}\n\n${post.link}`.trim() : post.message;
      const media = await call<{ id?: string }>('POST', `${id}/media`, {
        image_url: post.imageUrl,
        caption,
        access_token: token,
      });
      if (!media.id) throw new SocialError('failed', 'no media container');
      const done = await call<{ id?: string }>('POST', `${id}/media_publish`, {
        creation_id: media.id,
        access_token: token,
      });
      return String(done.id ?? '');
    },
  };
  return provider;
}
