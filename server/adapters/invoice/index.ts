/** The invoice issuer the configuration chooses (server/config.ts `invoice`, INVOICE_ISSUER). */
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceConfig } from '../../config';
import type { InvoiceIssuer } from './issuer';
import { logInvoices } from './log';

export type { InvoiceIssuer, InvoiceRequest } from './issuer';

export function invoiceIssuer(_config: InvoiceConfig, log: FastifyBaseLogger): InvoiceIssuer {
  return logInvoices(log);
}
