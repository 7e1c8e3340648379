/**
 * Environment → typed configuration, with the embedded defaults of DESIGN.md; the adapters' settings are declared here
 * too, so that the configuration imports no adapter (server/ layers: docs/architecture.md).
 */

import { isIP } from 'node:net';
import path from 'node:path';
import { PAYMENT_UNCONFIRMED_SECONDS } from '../contract/billing';

export interface Config {
  host: string;
  port: number;
  /** PGlite folder and uploads live here when no DATABASE_URL is set. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded PGlite. */
  databaseUrl?: string;
  adminEmail: string;
  /** When unset on first start, a password is generated and printed once. */
  adminPassword?: string;
  /** nodemailer SMTP URL; without it each mail is written to `mailDir` as an .eml file. */
  smtpUrl?: string;
  /** Where mail goes without SMTP_URL (MAIL_DIR; DATA_DIR/mail by default): the newest .eml files. */
  mailDir: string;
  mailFrom: string;
  /**
   * The address users reach the app at, for links in mail. Never taken from a request: its Host header is the
   * sender's to choose, and a reset link must not lead to someone else's host. Defaults to http://HOST:PORT.
   */
  publicUrl: string;
  /** Extra origins allowed to make state-changing calls (the app's own origin always is). */
  allowedOrigins: string[];
  /** Trust X-Forwarded-* headers (behind a reverse proxy terminating HTTPS). */
  trustProxy: boolean;
  /** The built SPA. */
  distDir: string;
  /** Bot challenge difficulty: the highest counter a solver may need (ALTCHA deterministic mode). */
  captchaMaxCounter: number;
  logLevel: string;
  /** Seed the demo site and the owner on an empty database. */
  seed: boolean;
  /** Sites without a domain of their own are served at <siteScheme>://<slug>.<siteDomain><sitePort>. */
  siteDomain: string;
  /** `http` for a `*.localhost` SITE_DOMAIN (a local machine), `https` otherwise; SITE_SCHEME sets it. */
  siteScheme: 'http' | 'https';
  /** `:PORT` for a `*.localhost` SITE_DOMAIN, '' otherwise (the scheme's own port); SITE_PORT sets it. */
  sitePort: string;
  /** Uploaded files live here (a folder under DATA_DIR by default). */
  uploadDir: string;
  /** An S3-compatible bucket for uploads instead of uploadDir (set by S3_BUCKET). */
  s3?: S3Config;
  /** The operator's corrections of the interface words: `<lang>.json` files (I18N_DIR; DATA_DIR/i18n by default). */
  i18nDir: string;
  /** Video uploads in progress (tus) without S3: a private folder, never served (VIDEO_UPLOAD_DIR). */
  videoUploadDir: string;
  /** Name servers for verifying custom domains (`ip` or `ip:port`); the system's when empty. */
  dnsServers: string[];
  /** A DNS lookup gives up after this long (below the client's 20 s for site/valid). */
  dnsTimeoutMs: number;
  /** What a custom domain's CNAME must point at; by default the site's own `<slug>.<siteDomain>`. */
  cnameTarget?: string;
  /**
   * A request (headers and body) must arrive whole within this long, or is answered 408 and its connection closed:
   * a client trickling bytes cannot hold connections for ever. Above a 5 MB upload on a slow line.
   */
  requestTimeoutMs: number;
  /**
   * With DATABASE_URL, a statement running longer than this is cancelled by PostgreSQL (STATEMENT_TIMEOUT_MS; 0:
   * none): no query run away on one site's data holds a connection of the pool for ever. Migrations are exempt.
   */
  statementTimeoutMs: number;
  /**
   * On SIGTERM, how long the server goes on serving with /readyz at 503 before it stops listening, so that the
   * proxy's health check sees it first (server/shutdown.ts; SHUTDOWN_GRACE_MS).
   */
  shutdownGraceMs: number;
  /** Then how long requests in flight and the jobs' current claims may take before they are cut (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** The card payment gateway (server/adapters/payment): the built-in sandbox unless PAYMENT_GATEWAY=tappay. */
  payment: PaymentConfig;
  /** Who issues the e-invoice of a paid payment (server/adapters/invoice): `log` unless INVOICE_ISSUER=ezpay. */
  invoice: InvoiceConfig;
  /** Machine translation (server/adapters/translation): OpenCC for zh-TW ↔ zh-CN, DeepL or OpenAI-compatible. */
  translation: TranslationConfig;
  /** The AI helper's provider (server/adapters/ai): extractive offline unless AI_BASE_URL names an OpenAI-compatible one. */
  ai: AiConfig;
  /** Facebook/Instagram sharing (server/adapters/social): the built-in sandbox unless FACEBOOK_APP_ID is set. */
  social: SocialConfig;
}

export type InvoiceConfig = { issuer: 'log' } | { issuer: 'ezpay'; ezpay: EzPayConfig };

/** ezPay's e-invoice API (adapters/invoice/ezpay.ts). */
export interface EzPayConfig {
  /** `https://inv.ezpay.com.tw` (production) or `https://cinv.ezpay.com.tw` (their test site; tests: a local fake). */
  baseUrl: string;
  merchantId: string;
  /** AES-256 key (32 characters) and IV (16), from the store's page on ezPay. */
  hashKey: string;
  hashIv: string;
  timeoutMs: number;
}

export type PaymentConfig =
  | {
      gateway: 'sandbox';
      /** The sandbox signs its backend notifications with this (HMAC-SHA256). */
      notifySecret: string;
    }
  | { gateway: 'tappay'; tappay: TapPayConfig; sdk: TapPaySdkConfig };

/**
 * TapPay's web SDK (TPDirect), which the SPA's card form loads: all of it public by TapPay's design (the app key is
 * in every page that takes a card; the partner key never leaves the server).
 */
export interface TapPaySdkConfig {
  /** The script's address (TAPPAY_SDK_URL; tests: the local fake's). */
  url: string;
  appId: number;
  appKey: string;
  /** TPDirect.setupSDK's third argument: which TapPay the primes are for; must match TAPPAY_BASE_URL's. */
  serverType: 'sandbox' | 'production';
}

/** TapPay's backend API (adapters/payment/tappay.ts). */
export interface TapPayConfig {
  /** `https://sandbox.tappaysdk.com` or `https://prod.tappaysdk.com` (tests: a local fake). */
  baseUrl: string;
  partnerKey: string;
  merchantId: string;
  timeoutMs: number;
}

/** An S3-compatible bucket (adapters/s3Storage.ts, and the video uploads' store). */
export interface S3Config {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are read by browsers (a CDN, or `<endpoint>/<bucket>`). */
  publicUrl: string;
}

/** A DeepL-compatible translation service (adapters/translation/deepl.ts). */
export interface DeepLConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** An OpenAI-compatible chat service (adapters/ai/openai.ts, adapters/translation/openai.ts). */
export interface OpenAiConfig {
  /** e.g. https://api.openai.com/v1 (without /chat/completions). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The provider's whole answer must arrive within this (below the client's 120 s). */
  timeoutMs: number;
}

/** The AI helper's provider (adapters/ai/). */
export type AiConfig = { provider: 'extractive' } | { provider: 'openai'; openai: OpenAiConfig };

export const TAPPAY_SANDBOX_URL = 'https://sandbox.tappaysdk.com';
export const TAPPAY_PRODUCTION_URL = 'https://prod.tappaysdk.com';
export const EZPAY_PRODUCTION_URL = 'https://inv.ezpay.com.tw';
/** TapPay's web SDK as its Direct Pay pages name it (a fixed version: a new one is chosen on purpose). */
export const TAPPAY_SDK_URL = 'https://js.tappaysdk.com/sdk/tpdirect/v5.20.0';
/** TapPay's app keys (`app_` and 64 letters and digits), with room; bounded since every page carries it. */
const TAPPAY_APP_KEY = /^[\w-]{1,128}$/;

const root = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 8080);
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || listenUrl(host, port);
  const payment = paymentConfig(env);
  // TapPay sends 3-D Secure's return and notification only to https addresses (a local fake: this machine too).
  if (payment.gateway === 'tappay') httpsOrLoopback('PUBLIC_URL (with PAYMENT_GATEWAY=tappay)', publicUrl);
  return {
    host,
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: (env.ADMIN_EMAIL || 'owner@example.com').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: path.resolve(env.MAIL_DIR || path.join(dataDir, 'mail')),
    mailFrom: env.MAIL_FROM || 'Publishing Admin <no-reply@localhost>',
    publicUrl,
    allowedOrigins: (env.ALLOWED_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    distDir: path.resolve(env.DIST_DIR || path.join(root, 'dist')),
    captchaMaxCounter: Number(env.CAPTCHA_MAX_COUNTER || 20_000),
    logLevel: env.LOG_LEVEL || 'info',
    seed: env.SEED !== '0',
    ...siteAddress(env, port),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    s3: s3Config(env),
    i18nDir: path.resolve(env.I18N_DIR || path.join(dataDir, 'i18n')),
    videoUploadDir: path.resolve(env.VIDEO_UPLOAD_DIR || path.join(dataDir, 'video-uploads')),
    dnsServers: dnsServers(env.DNS_SERVERS),
    dnsTimeoutMs: dnsTimeoutMs(env.DNS_TIMEOUT_MS),
    cnameTarget: env.CNAME_TARGET?.trim().toLowerCase().replace(/\.$/, '') || undefined,
    requestTimeoutMs: 120_000,
    // Half the request's own bound: an admin call's statement is milliseconds (bench/README.md), a report's seconds.
    statementTimeoutMs: wholeMs('STATEMENT_TIMEOUT_MS', env.STATEMENT_TIMEOUT_MS, 60_000),
    // 5 + 20 s: within the 30 s an orchestrator (systemd, Kubernetes) gives by default before SIGKILL.
    shutdownGraceMs: wholeMs('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 5_000),
    shutdownTimeoutMs: wholeMs('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 20_000),
    payment,
    invoice: invoiceConfig(env),
    translation: translationConfig(env),
    ai: aiConfig(env),
    social: socialConfig(env),
  };
}

/** The public sites' domain, scheme and port: locally `http://<slug>.sites.localhost:PORT`, else `https://…`. */
function siteAddress(
  env: NodeJS.ProcessEnv,
  port: number,
): Pick<Config, 'siteDomain' | 'siteScheme' | 'sitePort'> {
  const siteDomain = (env.SITE_DOMAIN || 'sites.localhost').trim().toLowerCase().replace(/\.$/, '');
  const local = siteDomain === 'localhost' || siteDomain.endsWith('.localhost');
  const siteScheme =
    env.SITE_SCHEME === 'http' || env.SITE_SCHEME === 'https' ? env.SITE_SCHEME : local ? 'http' : 'https';
  const sitePort =
    env.SITE_PORT !== undefined
      ? env.SITE_PORT
        ? `:${Number(env.SITE_PORT)}`
        : ''
      : local
        ? `:${port}`
        : '';
  return { siteDomain, siteScheme, sitePort };
}

/** Where the server listens, as a browser would ask for it (a wildcard address is this machine). */
export function listenUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** S3_* variables → the bucket's settings; none without S3_BUCKET. A half-set bucket stops the start. */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const endpoint = (env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    publicUrl: (env.S3_PUBLIC_URL?.trim() || `${endpoint}/${bucket}`).replace(/\/+$/, ''),
  };
}

/** DNS_SERVERS (comma-separated `ip`, `ip:port` or `[ipv6]:port`) → the list; a wrong entry stops the start. */
function dnsServers(value: string | undefined): string[] {
  const servers = (value || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    if (isIP(server)) continue;
    const host = server.match(/^\[(.+)\](?::\d+)?$/)?.[1] ?? server.replace(/:\d+$/, '');
    if (!isIP(host)) throw new Error(`DNS_SERVERS: ${server} is not an IP address (with an optional :port)`);
  }
  return servers;
}

/** A duration in ms from the environment: a whole number, 0 or more; `fallback` when unset. */
function wholeMs(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`${name}: ${value} is not a whole number of ms`);
  return ms;
}

function dnsTimeoutMs(value: string | undefined): number {
  const ms = Number(value || 10_000);
  if (!Number.isInteger(ms) || ms <= 0)
    throw new Error(`DNS_TIMEOUT_MS: ${value} is not a positive whole number`);
  return ms;
}

/**
 * PAYMENT_* and TAPPAY_* → the gateway; a wrong or half-set one stops the start. TapPay needs its partner key and
 * merchant id; its address is TapPay's sandbox unless TAPPAY_BASE_URL says otherwise, so that production is always
 * chosen on purpose. TapPay asks for a 30 s timeout (banks are slow at peak hours).
 */
export function paymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const gateway = env.PAYMENT_GATEWAY?.trim() || 'sandbox';
  if (gateway === 'sandbox') {
    const secret = env.PAYMENT_NOTIFY_SECRET?.trim();
    if (secret !== undefined && secret !== '' && secret.length < 32)
      throw new Error('PAYMENT_NOTIFY_SECRET: use at least 32 characters');
    // Unset: derived from the database's secret when the app starts (adapters/payment notifySecretOf), so that every
    // instance on one database signs and checks the sandbox's notifications alike (issue 32).
    return { gateway, notifySecret: secret || '' };
  }
  if (gateway !== 'tappay') throw new Error(`PAYMENT_GATEWAY: ${gateway} is neither sandbox nor tappay`);
  const partnerKey = env.TAPPAY_PARTNER_KEY?.trim();
  const merchantId = env.TAPPAY_MERCHANT_ID?.trim();
  if (!partnerKey || !merchantId)
    throw new Error('PAYMENT_GATEWAY=tappay: TAPPAY_PARTNER_KEY and TAPPAY_MERCHANT_ID are needed');
  const baseUrl = httpsOrLoopback('TAPPAY_BASE_URL', env.TAPPAY_BASE_URL?.trim() || TAPPAY_SANDBOX_URL);
  const timeoutMs = Number(env.TAPPAY_TIMEOUT_MS || 30_000);
  // A charge whose call timed out holds the next attempt back for PAYMENT_UNCONFIRMED_SECONDS: it must outlast a call.
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > (PAYMENT_UNCONFIRMED_SECONDS * 1000) / 2)
    throw new Error(
      `TAPPAY_TIMEOUT_MS: ${env.TAPPAY_TIMEOUT_MS} is not a whole number from 1 to ${(PAYMENT_UNCONFIRMED_SECONDS * 1000) / 2}`,
    );
  return { gateway, tappay: { baseUrl, partnerKey, merchantId, timeoutMs }, sdk: tapPaySdk(env, baseUrl) };
}

/**
 * An address the partner key or the card form's script travels to: only over HTTPS, or plain HTTP to this machine
 * (a local fake in the tests).
 */
function httpsOrLoopback(name: string, value: string): string {
  const address = value.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`${name}: ${address} is not an address`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(`${name}: ${address} must be https`);
  return address;
}

/**
 * TAPPAY_APP_ID, TAPPAY_APP_KEY, TAPPAY_SDK_URL and TAPPAY_SERVER_TYPE → the card form's SDK. The server type follows
 * TAPPAY_BASE_URL when that is TapPay's sandbox or production (a prime of one is refused by the other), so it needs
 * saying only for another address.
 */
function tapPaySdk(env: NodeJS.ProcessEnv, baseUrl: string): TapPaySdkConfig {
  const appId = Number(env.TAPPAY_APP_ID?.trim());
  const appKey = env.TAPPAY_APP_KEY?.trim() ?? '';
  if (!env.TAPPAY_APP_ID?.trim() || !appKey)
    throw new Error('PAYMENT_GATEWAY=tappay: TAPPAY_APP_ID and TAPPAY_APP_KEY are needed (the card form)');
  if (!Number.isSafeInteger(appId) || appId <= 0)
    throw new Error(`TAPPAY_APP_ID: ${env.TAPPAY_APP_ID} is not a positive whole number`);
  if (!TAPPAY_APP_KEY.test(appKey)) throw new Error('TAPPAY_APP_KEY: not an app key');
  const implied =
    baseUrl === TAPPAY_PRODUCTION_URL ? 'production' : baseUrl === TAPPAY_SANDBOX_URL ? 'sandbox' : undefined;
  const serverType = env.TAPPAY_SERVER_TYPE?.trim() || implied || 'sandbox';
  if (serverType !== 'sandbox' && serverType !== 'production')
    throw new Error(`TAPPAY_SERVER_TYPE: ${serverType} is neither sandbox nor production`);
  if (implied && serverType !== implied)
    throw new Error(`TAPPAY_SERVER_TYPE: ${serverType} does not match TAPPAY_BASE_URL (${implied})`);
  return {
    url: httpsOrLoopback('TAPPAY_SDK_URL', env.TAPPAY_SDK_URL?.trim() || TAPPAY_SDK_URL),
    appId,
    appKey,
    serverType,
  };
}

/**
 * INVOICE_ISSUER → the e-invoice issuer; `log` (the default) writes each invoice to the log. `ezpay` needs
 * EZPAY_MERCHANT_ID, EZPAY_HASH_KEY (32 characters) and EZPAY_HASH_IV (16); its address is ezPay's production one
 * unless EZPAY_BASE_URL says otherwise (their test site is https://cinv.ezpay.com.tw). A wrong or half-set one stops
 * the start.
 */
export function invoiceConfig(env: NodeJS.ProcessEnv): InvoiceConfig {
  const issuer = env.INVOICE_ISSUER?.trim() || 'log';
  if (issuer === 'log') return { issuer };
  if (issuer !== 'ezpay') throw new Error(`INVOICE_ISSUER: ${issuer} is not known (log, ezpay)`);
  const merchantId = env.EZPAY_MERCHANT_ID?.trim();
  const hashKey = env.EZPAY_HASH_KEY?.trim();
  const hashIv = env.EZPAY_HASH_IV?.trim();
  if (!merchantId || !hashKey || !hashIv)
    throw new Error('INVOICE_ISSUER=ezpay: EZPAY_MERCHANT_ID, EZPAY_HASH_KEY and EZPAY_HASH_IV are needed');
  if (Buffer.byteLength(hashKey) !== 32) throw new Error('EZPAY_HASH_KEY: 32 characters (AES-256)');
  if (Buffer.byteLength(hashIv) !== 16) throw new Error('EZPAY_HASH_IV: 16 characters');
  const baseUrl = (env.EZPAY_BASE_URL?.trim() || EZPAY_PRODUCTION_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`EZPAY_BASE_URL: ${baseUrl} is not an address`);
  }
  // The merchant's data travels encrypted, but its answers are only believed over HTTPS (or from a local fake).
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(`EZPAY_BASE_URL: ${baseUrl} must be https`);
  const timeoutMs = Number(env.EZPAY_TIMEOUT_MS || 20_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`EZPAY_TIMEOUT_MS: ${env.EZPAY_TIMEOUT_MS} is not a positive whole number`);
  return { issuer, ezpay: { baseUrl, merchantId, hashKey, hashIv, timeoutMs } };
}

export interface TranslationConfig {
  deepl?: DeepLConfig;
  openai?: OpenAiConfig;
  /** How long a translate call waits for its translation before answering that it still runs (100 s). */
  waitMs?: number;
}

/**
 * DEEPL_API_KEY (DEEPL_BASE_URL; a ':fx' key is DeepL's free API) and the AI helper's OpenAI-compatible service
 * (aiConfig) → the translation services; TRANSLATION_TIMEOUT_MS bounds each request to them (60 s).
 */
export function translationConfig(env: NodeJS.ProcessEnv): TranslationConfig {
  const timeoutMs = Number(env.TRANSLATION_TIMEOUT_MS || 60_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`TRANSLATION_TIMEOUT_MS: ${env.TRANSLATION_TIMEOUT_MS} is not a positive whole number`);
  const deeplKey = env.DEEPL_API_KEY?.trim();
  const deeplUrl = deeplKey?.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
  const ai = aiConfig(env);
  return {
    ...(deeplKey
      ? {
          deepl: {
            baseUrl: (env.DEEPL_BASE_URL?.trim() || deeplUrl).replace(/\/+$/, ''),
            apiKey: deeplKey,
            timeoutMs,
          },
        }
      : {}),
    // The same OpenAI-compatible service as the AI helper's, read once (aiConfig), with the translation's timeout.
    ...(ai.provider === 'openai' ? { openai: { ...ai.openai, timeoutMs } } : {}),
  };
}

/** AI_BASE_URL, AI_API_KEY, AI_MODEL (and AI_TIMEOUT_MS) → the AI helper's provider; none set: extractive. */
export function aiConfig(env: NodeJS.ProcessEnv): AiConfig {
  const baseUrl = env.AI_BASE_URL?.trim().replace(/\/+$/, '');
  if (!baseUrl) return { provider: 'extractive' };
  const apiKey = env.AI_API_KEY?.trim() ?? '';
  const model = env.AI_MODEL?.trim();
  if (!model) throw new Error('AI_BASE_URL is set: AI_MODEL is needed too');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`AI_BASE_URL: ${baseUrl} is not an address`);
  }
  // The key travels in every request: over HTTPS, or plain HTTP only to this machine or without a key.
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (loopback || !apiKey)))
    throw new Error(`AI_BASE_URL: ${baseUrl} must be https (or http to this machine, or without AI_API_KEY)`);
  const timeoutMs = Number(env.AI_TIMEOUT_MS || 110_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`AI_TIMEOUT_MS: ${env.AI_TIMEOUT_MS} is not a positive whole number`);
  return { provider: 'openai', openai: { baseUrl, apiKey, model, timeoutMs } };
}

/**
 * FACEBOOK_* and SOCIAL_TOKEN_KEY → the sharing adapter's settings. Without FACEBOOK_APP_ID the built-in sandbox
 * answers (adapters/social/sandbox.ts); with it FACEBOOK_APP_SECRET is needed too. A wrong value stops the start.
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
