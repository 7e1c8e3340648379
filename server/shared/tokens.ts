/**
 * Signed, expiring tokens for the public site: a content preview, a theme preview, a design preview, a theme
 * download and a staff member's look at an unpublished site. `<payload>.<mac>`, both base64url; the MAC is
 * HMAC-SHA256 with the installation's secret (app_kv), so a token works on every instance and after a restart.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ThemeSettingValues } from '../../contract/themes';

/** How long a content preview link works: shared with a colleague for a day or two of review. */
export const PREVIEW_LINK_HOURS = 48;
/** Theme and design previews, and theme downloads, are made when asked for and used at once. */
export const SHORT_LINK_MINUTES = 30;
/** A staff member's look at an unpublished site, as a cookie on the site's host. */
export const STAFF_VIEW_HOURS = 12;
/** An e-paper's unsubscribe link works as long as an old mail may be read. */
export const UNSUBSCRIBE_LINK_DAYS = 730;
/** Longer strings are refused before any decoding (a design preview carries up to 40 values of 200 characters). */
const TOKEN_MAX = 16_384;

export type TokenPayload =
  /** The current draft of a content item (any status), by id. */
  | { k: 'content'; site: number; id: number }
  /** The site in a theme's version (theme 0: the built-in one). */
  | { k: 'theme'; site: number; theme: number; version: number }
  /** The site in its applied theme with unsaved design values. */
  | { k: 'design'; site: number; values: ThemeSettingValues }
  /** A theme version's zip. */
  | { k: 'download'; site: number; theme: number; version: number }
  /** A signed-in staff member (user id) may see the unpublished site. */
  | { k: 'staff'; site: number; user: number }
  /** A member's e-paper unsubscribe link (reader 0: a staff member's test send, which unsubscribes no one). */
  | { k: 'unsubscribe'; site: number; reader: number }
  /** The OAuth `state` of a Facebook/Instagram authorisation, bound to the site and the user who started it. */
  | { k: 'social'; site: number; user: number; platform: 'facebook' | 'instagram' };

type Signed = TokenPayload & { exp: number };

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`public-site:${body}`).digest('base64url');

/** A token for `payload`, valid for `ttlMs` from `now`. */
export function signToken(secret: string, payload: TokenPayload, ttlMs: number, now: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor((now + ttlMs) / 1000) })).toString(
    'base64url',
  );
  return `${body}.${mac(secret, body)}`;
}

/** The payload of a genuine, unexpired token of the kind asked for, or null. */
export function verifyToken<K extends TokenPayload['k']>(
  secret: string,
  token: unknown,
  kind: K,
  now: number,
): Extract<TokenPayload, { k: K }> | null {
  if (typeof token !== 'string' || token.length > TOKEN_MAX) return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const wanted = Buffer.from(mac(secret, body), 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  let payload: Signed;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (payload?.k !== kind || typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null;
  return payload as unknown as Extract<TokenPayload, { k: K }>;
}
