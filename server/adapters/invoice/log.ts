/** The default invoice issuer: writes what would be issued, voided or allowanced to the log, and issues nothing. */
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceIssuer } from './issuer';

export function logInvoices(log: Pick<FastifyBaseLogger, 'info'>): InvoiceIssuer {
  return {
    name: 'log',
    async issue(request) {
      log.info({ invoice: request }, 'e-invoice to issue (log only: INVOICE_ISSUER=log)');
      return null;
    },
    async void(invoice, reason) {
      log.info({ invoice, reason }, 'e-invoice to void (log only: INVOICE_ISSUER=log)');
    },
    async allowance(invoice, amount, item) {
      log.info({ invoice, amount, item }, 'e-invoice allowance to issue (log only: INVOICE_ISSUER=log)');
      return { number: '' };
    },
  };
}
