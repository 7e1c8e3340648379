/**
 * The security headers of every reply the server makes: a Content-Security-Policy chosen by the kind of response,
 * never framed (clickjacking), no MIME sniffing, no referrer path to other origins, no powerful features, its own
 * browsing context group, and HSTS when the request came over HTTPS.
 *
 * One policy per kind of response, decided here from the address: the admin app (its HTML, assets, API and error
 * replies) and uploaded files. The public sites (later) become a kind of their own.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYMENT_RETURN_PATH } from '../../contract/plans';
import { SANDBOX_PREFIX } from '../adapters/payment/sandbox';
import { UPLOADS_PREFIX } from '../adapters/storage';
import type { Config } from '../config';

/** modules/themes/service.ts THEME_ASSETS_PREFIX (not imported: http/ does not depend on modules). */
const THEME_ASSETS_PATH = '/theme-assets/';

export type ResponseKind = 'app' | 'upload';

export function responseKind(url: string): ResponseKind {
  // A theme's pictures (modules/themes/download.ts) are files like the uploads: shown, never run.
  return url.startsWith(UPLOADS_PREFIX) || url.startsWith(THEME_ASSETS_PATH) ? 'upload' : 'app';
}

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** The Content-Security-Policy of one kind of response. */
export function contentSecurityPolicy(kind: ResponseKind, config: Pick<Config, 's3'>): string {
  if (kind === 'upload') {
    // A file is only ever shown as a picture; opened on its own it runs nothing, in an origin of its own.
    return policy({ 'default-src': ["'none'"], sandbox: [], 'frame-ancestors': ["'none'"] });
  }
  return policy({
    'default-src': ["'self'"],
    // The built index.html has no inline script (Vite writes only <script src>), so none is allowed.
    'script-src': ["'self'"],
    // Emotion (MUI's styling) and the ALTCHA widget insert <style> elements at run time; they cannot be hashed.
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
    'connect-src': ["'self'"],
    // The ALTCHA widget solves its proof of work in workers it makes from blob: URLs.
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
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
 * Cross-Origin-Opener-Policy. The payment window the app opens goes to the gateway's 3-D Secure pages (another
 * origin, no policy) and comes back to PAYMENT_RETURN_PATH, which tells its opener. The app allows its popups to keep
 * it (`same-origin-allow-popups`); the return page, and the sandbox gateway's pages standing in for the gateway's,
 * take the default (`unsafe-none`): a window moving between pages of different policies is cut from its opener. The
 * return page posts only to its opener's origin, and only if that is ours.
 */
function openerPolicy(url: string): string {
  const path = url.split('?', 1)[0];
  const paymentWindow = path === PAYMENT_RETURN_PATH || path.startsWith(`${SANDBOX_PREFIX}/`);
  return paymentWindow ? 'unsafe-none' : 'same-origin-allow-popups';
}

export function securityHeaders(req: FastifyRequest, config: Pick<Config, 's3'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(responseKind(req.url), config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': openerPolicy(req.url),
    // Only over HTTPS: `protocol` reads X-Forwarded-Proto only with TRUST_PROXY, so a client cannot forge it.
    ...(req.protocol === 'https' ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** Adds the headers to every reply, whichever route, hook, handler or plugin sends it. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.headers(securityHeaders(req, config));
    return payload;
  });
}
