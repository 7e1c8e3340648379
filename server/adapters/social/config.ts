/**
 * FACEBOOK_* and SOCIAL_TOKEN_KEY → the sharing adapter's settings. Without FACEBOOK_APP_ID the built-in sandbox
 * answers (sandbox.ts); with it FACEBOOK_APP_SECRET is needed too. A wrong value stops the start.
 */
export interface GraphConfig {
  appId: string;
  appSecret: string;
  /** The Graph API's base, with its version: https://graph.facebook.com/v19.0 by default. */
  graphUrl: string;
  /** The OAuth dialog: https://www.facebook.com/v19.0/dialog/oauth by default. */
  dialogUrl: string;
  timeoutMs: number;
  /** Attempts of a call the platform rate-limits (429, Graph codes 4, 17, 32, 613) before giving up. */
  attempts: number;
  /** The first back-off (doubled each time) when the platform gives no Retry-After; at most 10 s are waited. */
  backoffMs: number;
}

export interface SocialConfig {
  provider: 'sandbox' | 'graph';
  graph?: GraphConfig;
  /** SOCIAL_TOKEN_KEY: the key that seals tokens; derived from the installation's secret when unset. */
  tokenKey?: string;
}

function address(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}: ${value} is not an address`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(`${name}: ${value} must be https`);
  return value.replace(/\/+$/, '');
}

export function socialConfig(env: NodeJS.ProcessEnv): SocialConfig {
  const tokenKey = env.SOCIAL_TOKEN_KEY?.trim() || undefined;
  if (tokenKey && tokenKey.length < 32) throw new Error('SOCIAL_TOKEN_KEY: use at least 32 characters');
  const appId = env.FACEBOOK_APP_ID?.trim();
  if (!appId) return { provider: 'sandbox', tokenKey };
  const appSecret = env.FACEBOOK_APP_SECRET?.trim();
  if (!appSecret) throw new Error('FACEBOOK_APP_ID is set: FACEBOOK_APP_SECRET is needed too');
  const timeoutMs = Number(env.FACEBOOK_TIMEOUT_MS || 20_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`FACEBOOK_TIMEOUT_MS: ${env.FACEBOOK_TIMEOUT_MS} is not a positive whole number`);
  return {
    provider: 'graph',
    tokenKey,
    graph: {
      appId,
      appSecret,
      graphUrl: address(
        'FACEBOOK_GRAPH_URL',
        env.FACEBOOK_GRAPH_URL?.trim() || 'https://graph.facebook.com/v19.0',
      ),
      dialogUrl: address(
        'FACEBOOK_DIALOG_URL',
        env.FACEBOOK_DIALOG_URL?.trim() || 'https://www.facebook.com/v19.0/dialog/oauth',
      ),
      timeoutMs,
      attempts: 3,
      backoffMs: 1000,
    },
  };
}
