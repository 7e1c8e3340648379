/**
 * Issuing the Taiwan e-invoice of a paid plan payment, behind one interface. The default only logs what would be
 * issued (log.ts); a real issuer (an e-invoice platform's API) is added here and chosen by INVOICE_ISSUER.
 */
import type { InvoiceData } from '../../../contract/invoice';

/** One paid payment's invoice: what was bought, for how much, and the buyer's invoice choice. */
export interface InvoiceRequest {
  /** Our order number: the same payment never gets two invoices from an issuer that keys on it. */
  orderNumber: string;
  siteId: number;
  /** Whole TWD, tax included. */
  amount: number;
  /** What was bought, e.g. "CREATOR plan (renewal)". */
  item: string;
  paidAt: Date;
  /** Donation, member carrier or company, as the buyer chose (null for a payment made without the form). */
  invoice: InvoiceData | null;
}

export interface InvoiceIssuer {
  readonly name: 'log';
  issue(request: InvoiceRequest): Promise<void>;
}
