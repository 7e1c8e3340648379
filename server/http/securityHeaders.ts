/**
 * The security headers of every reply the server makes: a Content-Security-Policy chosen by the kind of response,
 * never framed (clickjacking), no MIME sniffing, no referrer path to other origins, no powerful features, its own
 * browsing context group, and HSTS when the request came over HTTPS.
 *
 * One policy per kind of response, decided here from the address: the admin app (its HTML, assets, API and error
 * replies), uploaded files, and the public sites' pages (server/public: a site host's request, rewritten under
 * /_site), which the admin's /design may frame for its live preview.
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENT_CONNECTING_PATH, PAYMENT_RETURN_PATH } from '../../contract/plans';
import { SANDBOX_PREFIX } from '../adapters/payment/sandbox';
import { UPLOADS_PREFIX } from '../adapters/storage';
import type { Config } from '../config';
import { type MarkedRequest, SITE_HOST } from '../siteHost';

/** modules/themes/service.ts THEME_ASSETS_PREFIX (not imported: http/ does not depend on modules). */
const THEME_ASSETS_PATH = '/theme-assets/';

export type ResponseKind = 'app' | 'upload' | 'site';

export function responseKind(url: string, siteHost?: string): ResponseKind {
  if (siteHost !== undefined) return 'site';
  // A theme's pictures (modules/themes/download.ts) are files like the uploads: shown, never run.
  return url.startsWith(UPLOADS_PREFIX) || url.startsWith(THEME_ASSETS_PATH) ? 'upload' : 'app';
}

type PolicyConfig = Pick<Config, 's3' | 'publicUrl' | 'siteScheme' | 'siteDomain' | 'sitePort' | 'payment'>;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * The Content-Security-Policy of one kind of response. `formTargets`: where the page's forms may go besides its own
 * origin (a form's redirect is held to form-action too).
 */
export function contentSecurityPolicy(
  kind: ResponseKind,
  config: PolicyConfig,
  formTargets: string[] = [],
): string {
  if (kind === 'upload') {
    // A file is only ever shown as a picture; opened on its own it runs nothing, in an origin of its own.
    return policy({ 'default-src': ["'none'"], sandbox: [], 'frame-ancestors': ["'none'"] });
  }
  const admin = originOf(config.publicUrl);
  const bucket = config.s3 ? [originOf(config.s3.publicUrl)] : [];
  const tapPay = tapPaySources(config);
  if (kind === 'site') {
    // A theme loads its own assets, https pictures and fonts; the owner's tracking code is inline HTML that may load
    // https scripts, so scripts and styles allow 'self', https: and inline rather than break it. Uploaded pictures
    // and videos live on the admin's origin (or the bucket). Only the admin may frame a site (/design's preview).
    return policy({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https:', "'unsafe-inline'"],
      'style-src': ["'self'", 'https:', "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:', admin, ...bucket],
      'font-src': ["'self'", 'https:', 'data:'],
      'media-src': ["'self'", 'https:', admin, ...bucket],
      'connect-src': ["'self'", 'https:'],
      'frame-src': ["'self'", 'https:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'", 'https:'],
      'frame-ancestors': ["'self'", admin],
    });
  }
  return policy({
    'default-src': ["'self'"],
    // The built index.html has no inline script (Vite writes only <script src>), so none is allowed.
    'script-src': ["'self'", ...tapPay.script],
    // Emotion (MUI's styling) inserts <style> elements at run time; they cannot be hashed.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Uploads (here or in the S3 bucket), previews of files being uploaded (blob:), and https pictures the writer
    // keeps from pasted content (contract/blocks.ts accepts any http(s) image address).
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https:',
      ...(config.s3 ? [new URL(config.s3.publicUrl).origin] : []),
    ],
    'connect-src': ["'self'", ...tapPay.connect],
    // Uploaded videos (here or in the bucket), and a video being uploaded, read from its blob: for its cover frame.
    'media-src': ["'self'", 'blob:', ...bucket],
    // /design shows the site in a frame for its live preview: the sites' addresses, and custom domains (https).
    'frame-src': [
      "'self'",
      `${config.siteScheme}://*.${config.siteDomain}${config.sitePort}`,
      'https:',
      ...tapPay.frame,
    ],
    // No page makes workers from blob: URLs (the sign-in screens solve the bot check with WebCrypto).
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...formTargets],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * With PAYMENT_GATEWAY=tappay, the card form's TapPay SDK (TPDirect): its script, the card fields it frames from its
 * own origin, and what it may ask of TapPay (the SDK's origin and the API's, TAPPAY_BASE_URL). Nothing otherwise.
 */
function tapPaySources(config: PolicyConfig): { script: string[]; frame: string[]; connect: string[] } {
  if (config.payment.gateway !== 'tappay') return { script: [], frame: [], connect: [] };
  const sdk = originOf(config.payment.sdk.url);
  const api = originOf(config.payment.tappay.baseUrl);
  return { script: [sdk], frame: [sdk], connect: [...new Set([sdk, api])] };
}

/** Features the app never uses, denied to it and to anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const HSTS = 'max-age=31536000';

/**
 * Cross-Origin-Opener-Policy. The payment window the app opens shows PAYMENT_CONNECTING_PATH, goes to the gateway's
 * 3-D Secure pages (another origin, no policy) and comes back to PAYMENT_RETURN_PATH, which tells its opener. The app allows its popups to keep
 * it (`same-origin-allow-popups`); the window's first page, the return page, and the sandbox gateway's pages standing in for the gateway's,
 * take the default (`unsafe-none`): a window moving between pages of different policies is cut from its opener. The
 * return page posts only to its opener's origin, and only if that is ours.
 */
function openerPolicy(url: string): string {
  // Most replies (the API's) are none of these: answered without cutting the address.
  if (url.startsWith('/api/')) return 'same-origin-allow-popups';
  const path = url.split('?', 1)[0];
  const paymentWindow =
    path === PAYMENT_RETURN_PATH || path === PAYMENT_CONNECTING_PATH || path.startsWith(`${SANDBOX_PREFIX}/`);
  return paymentWindow ? 'unsafe-none' : 'same-origin-allow-popups';
}

/** Whether the reply's page may send its form on to other origins (formTargets): the sandbox gateway's pages. */
const sendsFormsOn = (kind: ResponseKind, url: string) =>
  kind === 'app' && url.startsWith(`${SANDBOX_PREFIX}/`);

/**
 * The sandbox gateway's 3-D Secure page answers its form with a redirect to the charge's return address: the admin's
 * return page, or a public site's /subscribe for a reader's payment. Like a real gateway's page, it may send the
 * window on to the sites' addresses (and custom domains, over https).
 */
function formTargets(kind: ResponseKind, url: string, config: PolicyConfig): string[] {
  if (!sendsFormsOn(kind, url)) return [];
  return [`${config.siteScheme}://*.${config.siteDomain}${config.sitePort}`, 'https:'];
}

/** Policies by configuration, kind and form targets: the same few strings, built once rather than on every reply. */
const policies = new WeakMap<PolicyConfig, Map<string, string>>();

function policyFor(kind: ResponseKind, url: string, config: PolicyConfig): string {
  const targets = formTargets(kind, url, config);
  let built = policies.get(config);
  if (!built) {
    built = new Map();
    policies.set(config, built);
  }
  const key = `${kind} ${targets.join(' ')}`;
  let csp = built.get(key);
  if (csp === undefined) {
    csp = contentSecurityPolicy(kind, config, targets);
    built.set(key, csp);
  }
  return csp;
}

/** The headers by configuration and by what decides them (a number, below), built once: most replies share a few sets. */
const headerSets = new WeakMap<PolicyConfig, Map<number, Readonly<Record<string, string>>>>();

const KINDS: readonly ResponseKind[] = ['app', 'upload', 'site'];

/** The security headers of the reply to `req` (the same object for the same kind of reply: do not change it). */
export function securityHeaders(req: FastifyRequest, config: PolicyConfig): Readonly<Record<string, string>> {
  const url = req.url;
  const kind = responseKind(url, (req.raw as MarkedRequest)[SITE_HOST]);
  const opener = openerPolicy(url);
  // Only over HTTPS: `protocol` reads X-Forwarded-Proto only with TRUST_PROXY, so a client cannot forge it.
  const https = req.protocol === 'https';
  // What decides the set, as a number (no key text made per reply): the kind, the opener policy, HTTPS, and whether
  // the page may send its form on (formTargets).
  const forms = sendsFormsOn(kind, url);
  const key =
    KINDS.indexOf(kind) * 8 + (opener === 'unsafe-none' ? 4 : 0) + (https ? 2 : 0) + (forms ? 1 : 0);
  let sets = headerSets.get(config);
  if (!sets) {
    sets = new Map();
    headerSets.set(config, sets);
  }
  let headers = sets.get(key);
  if (!headers) {
    headers = Object.freeze({
      'content-security-policy': policyFor(kind, url, config),
      // A site page may be framed by the admin (its CSP's frame-ancestors says by whom); nothing else may be.
      ...(kind === 'site' ? {} : { 'x-frame-options': 'DENY' }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
      'cross-origin-opener-policy': opener,
      ...(https ? { 'strict-transport-security': HSTS } : {}),
    });
    sets.set(key, headers);
  }
  return headers;
}

/** Adds the headers to a reply, whichever route, hook, handler or plugin sends it (http/onSend.ts calls it). */
export function addSecurityHeaders(req: FastifyRequest, reply: FastifyReply, config: PolicyConfig): void {
  // A site's reply may bring a policy of its own (an SVG asset runs no script): both are sent, both apply.
  const own = reply.getHeader('content-security-policy');
  const headers = securityHeaders(req, config);
  reply.headers(headers);
  if (typeof own === 'string' && (req.raw as MarkedRequest)[SITE_HOST] !== undefined) {
    reply.header('content-security-policy', [headers['content-security-policy'], own]);
  }
}
