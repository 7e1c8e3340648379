/** The default invoice issuer: writes what would be issued to the log, and issues nothing. */
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceIssuer } from './issuer';

export function logInvoices(log: Pick<FastifyBaseLogger, 'info'>): InvoiceIssuer {
  return {
    name: 'log',
    async issue(request) {
      log.info({ invoice: request }, 'e-invoice to issue (log only: INVOICE_ISSUER=log)');
    },
  };
}
