/** What every service may use: the database, the configuration and the adapters to the outside world. */
import type { FastifyBaseLogger } from 'fastify';
import type { Captcha } from './adapters/captcha';
import type { Dns } from './adapters/dns';
import type { Mailer } from './adapters/mail';
import type { Storage } from './adapters/storage';
import type { Config } from './config';
import type { Db } from './db/client';

export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  captcha: Captcha;
  storage: Storage;
  /** DNS lookups (custom domain verification). */
  dns: Dns;
  log: FastifyBaseLogger;
  /** The clock, in milliseconds; tests may move it. */
  now: () => number;
}
