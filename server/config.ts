/** Environment → typed configuration, with the embedded defaults of DESIGN.md. */
import path from 'node:path';

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
  /** nodemailer SMTP URL; without it mail is printed to the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** The address users reach the app at, for links in mail; defaults to the request's own origin. */
  publicUrl?: string;
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
  /** Sites without a domain of their own are served at https://<slug>.<siteDomain>. */
  siteDomain: string;
  /** Uploaded files live here (a folder under DATA_DIR by default). */
  uploadDir: string;
}

const root = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  return {
    host: env.HOST || '127.0.0.1',
    port: Number(env.PORT || 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: (env.ADMIN_EMAIL || 'owner@example.com').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Publishing Admin <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    distDir: path.resolve(env.DIST_DIR || path.join(root, 'dist')),
    captchaMaxCounter: Number(env.CAPTCHA_MAX_COUNTER || 20_000),
    logLevel: env.LOG_LEVEL || 'info',
    seed: env.SEED !== '0',
    siteDomain: env.SITE_DOMAIN || 'sites.localhost',
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
  };
}
