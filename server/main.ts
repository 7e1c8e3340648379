/** Starts the product: read config, open and migrate the database, seed an empty one, start the jobs, listen. */
import { mkdirSync } from 'node:fs';
import { invoiceIssuer } from './adapters/invoice';
import { fromAddress } from './adapters/mail';
import { configuredMailer } from './adapters/mailer';
import { MAIL_FOLDER_LIMITS } from './adapters/mailFolder';
import { mailQueue } from './adapters/outbox';
import { paymentGateway } from './adapters/payment';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { Lifecycle } from './http/health';
import { startEpaperSender } from './jobs/epaperSender';
import { startHousekeeping } from './jobs/housekeeping';
import { startInvoiceJob } from './jobs/invoices';
import { startMailJob } from './jobs/mail';
import { startOrderExpiry } from './jobs/orderExpiry';
import { startReaderRenewals } from './jobs/readerRenewal';
import { startRenewals } from './jobs/renewal';
import { startScheduler } from './jobs/scheduler';
import { siteUrl } from './modules/tenancy/sites';
import { ensureSecret, prepareDatabase } from './seed';
import { stopOnSignals } from './shutdown';
import { closeWorkers, warmWorkers } from './workers/pool';

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(
  config.databaseUrl
    ? { url: config.databaseUrl, statementTimeoutMs: config.statementTimeoutMs }
    : { dir: `${config.dataDir}/pglite` },
);
const owner = await prepareDatabase(database.db, config);
const outbox = mailQueue(database.db, Date.now);
// The gateway is made here, so that the renewal job charges through the same one as the app.
const payment = paymentGateway(config.payment, config.publicUrl, {
  onDeliveryError: (err, tradeId) => app.log.warn({ err, tradeId }, 'sandbox notification not delivered'),
});
// Draining (after SIGTERM) turns /readyz 503 (http/health.ts).
const lifecycle = new Lifecycle();
const app = await buildApp({ config, db: database.db, outbox, payment, lifecycle });
const scheduler = startScheduler({ db: database.db, now: Date.now, log: app.log });
const invoice = invoiceIssuer(config.invoice, app.log);
const renewals = startRenewals({
  db: database.db,
  now: Date.now,
  log: app.log,
  payment: payment.gateway,
  outbox,
  config,
  invoice,
});
// E-invoices retried after a failure, refunds' voids and allowances, receipts (modules/plans/invoicing.ts).
const invoices = startInvoiceJob({ db: database.db, now: Date.now, log: app.log, outbox, config, invoice });
// Readers' subscriptions to the sites' reader plans renew through the same gateway.
const readerRenewals = startReaderRenewals({
  db: database.db,
  now: Date.now,
  log: app.log,
  payment: payment.gateway,
});
// Unpaid shop orders give their stock back when their payment time is over.
const orderExpiry = startOrderExpiry({
  db: database.db,
  now: Date.now,
  log: app.log,
  payment: payment.gateway,
  config,
});
const mailJob = startMailJob({
  db: database.db,
  now: Date.now,
  log: app.log,
  mailer: configuredMailer(config, app.log),
  queue: outbox,
  messageDomain: fromAddress(config.mailFrom).split('@')[1] || 'localhost',
});
const epaperSender = startEpaperSender({
  db: database.db,
  now: Date.now,
  log: app.log,
  mailer: configuredMailer(config, app.log, { pooled: true }),
  secret: await ensureSecret(database.db),
  config,
});
// Expired sessions, codes and tokens, old sign-in attempts and ended translations are deleted a week after their end.
const housekeeping = startHousekeeping({ db: database.db, now: Date.now, log: app.log });

// SIGTERM or Ctrl-C (SIGINT), also when sent to `npm start` (which execs this process): readyz turns 503, the
// server drains and stops, the jobs finish their current claim, then the workers and the database close
// (server/shutdown.ts). A second signal does not wait for that.
stopOnSignals({
  app,
  lifecycle,
  graceMs: config.shutdownGraceMs,
  timeoutMs: config.shutdownTimeoutMs,
  jobs: [scheduler, renewals, invoices, readerRenewals, orderExpiry, mailJob, epaperSender, housekeeping],
  close: async () => {
    await closeWorkers();
    await database.close();
  },
});

await app.listen({ host: config.host, port: config.port });
// Ready for a proxy only once the render workers have loaded their code (seconds): a new instance given traffic
// before kept its first public visitors waiting past the render queue's bound. Listening (and the banner) need not wait.
lifecycle.starting = true;
warmWorkers().then(
  () => {
    lifecycle.starting = false;
  },
  (err) => app.log.error({ err }, 'render workers did not start: readyz stays 503'),
);
// The banner comes last, after the build and the start-up log, where the person who ran `npm start` looks.
const lines = [``, `  Sign in at ${config.publicUrl}/auth/login`];
if (owner) {
  lines.push(`  Owner account: ${owner.email}`);
  lines.push(
    owner.generatedPassword
      ? `  Password (shown once, change it after signing in): ${owner.generatedPassword}`
      : '  Password: the ADMIN_PASSWORD you set',
  );
}
lines.push(
  `  Database: ${database.kind === 'pglite' ? `${config.dataDir}/pglite (embedded PGlite)` : 'PostgreSQL'}`,
);
lines.push(`  Public sites: ${siteUrl({ domain: '', slug: '<slug>' }, config)}`);
lines.push(
  config.smtpUrl
    ? '  Mail: SMTP'
    : `  Mail: no SMTP_URL, so each mail is an .eml file in ${config.mailDir} (the newest ${MAIL_FOLDER_LIMITS.files} kept)`,
  ``,
);
console.log(lines.join('\n'));
