/** The invoice issuer the configuration chooses (server/config.ts `invoice`, INVOICE_ISSUER). */
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceConfig } from '../../config';
import { ezPayInvoices } from './ezpay';
import type { InvoiceIssuer } from './issuer';
import { logInvoices } from './log';

export type { InvoiceIssuer, InvoiceRef, InvoiceRequest, IssuedInvoice } from './issuer';
export { InvoiceIssuerError } from './issuer';

export function invoiceIssuer(config: InvoiceConfig, log: FastifyBaseLogger): InvoiceIssuer {
  return config.issuer === 'ezpay' ? ezPayInvoices(config.ezpay) : logInvoices(log);
}
