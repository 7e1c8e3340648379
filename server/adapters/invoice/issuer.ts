/**
 * Issuing the Taiwan e-invoice of a paid plan payment, behind one interface: `log` (the default) only logs what
 * would be issued (log.ts); `ezpay` issues, voids and allowances through ezPay's B2C e-invoice API (ezpay.ts). Which
 * one is INVOICE_ISSUER's choice (server/config.ts). Once per charge and the retries are the caller's
 * (server/modules/plans/invoicing.ts); an issuer answers or throws InvoiceIssuerError.
 */
import type { InvoiceData } from '../../../contract/invoice';

/** One paid payment's invoice: what was bought, for how much, and the buyer's invoice choice. */
export interface InvoiceRequest {
  /** Our order number (payments.order_number). */
  orderNumber: string;
  /**
   * The order number the provider keys the invoice on (ezPay's MerchantOrderNo: at most 20 letters, digits or `_`),
   * the same on every retry: a second issue of it is answered as a duplicate, never a second invoice.
   */
  providerOrder: string;
  siteId: number;
  /** Whole TWD, tax included. */
  amount: number;
  /** What was bought, e.g. "CREATOR plan (renewal)". */
  item: string;
  paidAt: Date;
  /** Donation, member carrier or company, as the buyer chose (null for a payment made without the form). */
  invoice: InvoiceData | null;
  /** The site owner's name and address, for a B2C invoice's buyer and the provider's notice (may be empty). */
  buyerName: string;
  buyerEmail: string;
  /** The payer's postal address as given when paying (SPEC §3 `address`; may be empty). */
  buyerAddress: string;
}

/** An invoice the provider issued: what voids or allowances it later. */
export interface IssuedInvoice {
  /** The invoice number: two letters and eight digits. */
  number: string;
  /** Its four-digit random number (printed on it, asked by the MOF's lookup). */
  randomNumber: string;
  /** The provider's own id of it (ezPay's InvoiceTransNo). */
  providerId: string;
  issuedAt: Date;
}

/** An issued invoice as kept with its payment (modules/plans/schema.ts paymentInvoices). */
export interface InvoiceRef extends IssuedInvoice {
  providerOrder: string;
  /** Its whole amount, tax included. */
  amount: number;
  buyerEmail: string;
}

export type InvoiceErrorKind =
  /** No answer, or a cut-off one: the provider may have issued; a retry with the same order number finds out. */
  | 'network'
  | 'timeout'
  /** HTTP error, or an answer we cannot read or do not believe (a wrong CheckCode). */
  | 'http'
  | 'protocol'
  /** The provider refused the request (its error code): nothing was done. */
  | 'refused'
  /** Voiding is past its period: the refund takes an allowance instead. */
  | 'void_expired';

export class InvoiceIssuerError extends Error {
  constructor(
    message: string,
    readonly kind: InvoiceErrorKind,
    /** The provider's error code, when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'InvoiceIssuerError';
  }
}

export interface InvoiceIssuer {
  readonly name: 'log' | 'ezpay';
  /** Issues the invoice; null when this issuer issues nothing (log). A repeated providerOrder answers the first. */
  issue(request: InvoiceRequest): Promise<IssuedInvoice | null>;
  /** Voids an issued invoice (a whole refund within the invoice's period); one already void counts as done. */
  void(invoice: InvoiceRef, reason: string): Promise<void>;
  /** An allowance (折讓) of `amount` (whole TWD, tax included) on an issued invoice; answers its number. */
  allowance(invoice: InvoiceRef, amount: number, item: string): Promise<{ number: string }>;
}
