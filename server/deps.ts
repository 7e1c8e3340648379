/** What every service may use: the database, the configuration and the adapters to the outside world. */
import type { FastifyBaseLogger } from 'fastify';
import type { Captcha } from './adapters/captcha';
import type { Dns } from './adapters/dns';
import type { InvoiceIssuer } from './adapters/invoice';
import type { Outbox } from './adapters/outbox';
import type { PaymentGateway } from './adapters/payment/gateway';
import type { SocialProvider } from './adapters/social/provider';
import type { Storage } from './adapters/storage';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AfterReply } from './http/afterReply';
import type { CallerCache } from './http/callerCache';

export interface Deps {
  db: Db;
  config: Config;
  /** Outgoing mail is queued here and sent by the mail job (server/jobs/mail.ts). */
  outbox: Outbox;
  /** Work a call does after its reply, which the app's close waits for (server/http/afterReply.ts). */
  afterReply: AfterReply;
  captcha: Captcha;
  storage: Storage;
  /** DNS lookups (custom domain verification). */
  dns: Dns;
  /** Card payments of the site's own plan (the sandbox unless PAYMENT_GATEWAY=tappay). */
  payment: PaymentGateway;
  /** Issues the e-invoice of each paid payment, once (log-only unless INVOICE_ISSUER says otherwise). */
  invoice: InvoiceIssuer;
  /** Facebook/Instagram sharing (the built-in sandbox unless FACEBOOK_APP_ID is set). */
  social: SocialProvider;
  log: FastifyBaseLogger;
  /** The installation's signing secret (app_kv): signed links of the public site (server/shared/tokens.ts). */
  secret: string;
  /** The clock, in milliseconds; tests may move it. */
  now: () => number;
  /** Who is calling, cached between requests (http/callerCache.ts); none means every request reads the database. */
  callers?: CallerCache;
}
