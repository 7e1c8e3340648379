/**
 * `npm run refund -- <order number> [amount]`: refunds a paid plan payment through the configured gateway (TapPay;
 * the sandbox's trades live in the server's memory only) and voids or allowances its e-invoice with the configured
 * issuer (modules/plans/refund.ts). It opens the same database as the server (cliDatabase.ts); mail it queues (none
 * today) goes out with the server's mail job.
 */
import type { FastifyBaseLogger } from 'fastify';
import { invoiceIssuer } from './adapters/invoice';
import { mailQueue } from './adapters/outbox';
import { paymentGateway } from './adapters/payment';
import { openCliDatabase } from './cliDatabase';
import { loadConfig } from './config';
import { RefundRefused, refundPayment } from './modules/plans/refund';

const [order, amountText, ...rest] = process.argv.slice(2);
if (!order || rest.length || (amountText !== undefined && !/^\d{1,9}$/.test(amountText))) {
  console.error(
    'usage: npm run refund -- <order number> [amount]   refund a paid plan payment (all of it by default)',
  );
  process.exit(2);
}
const config = loadConfig();
// The steps' warnings and errors on the terminal; their info lines are the server's log's business.
const quiet = () => undefined;
const log = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: console.warn,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;
const database = await openCliDatabase();
try {
  const { refunded, invoice } = await refundPayment(
    {
      db: database.db,
      now: Date.now,
      log,
      config,
      outbox: mailQueue(database.db, Date.now),
      invoice: invoiceIssuer(config.invoice, log),
      payment: paymentGateway(config.payment, config.publicUrl).gateway,
    },
    order,
    amountText === undefined ? undefined : Number(amountText),
  );
  console.log(
    `Refunded NT$${refunded} of ${order}.${invoice ? ' Its e-invoice is voided or allowanced.' : ''}`,
  );
} catch (error) {
  console.error(error instanceof RefundRefused ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
