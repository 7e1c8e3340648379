/**
 * ezPay's e-invoice API (ezPay 電子發票, 加值服務中心; production https://inv.ezpay.com.tw, test site
 * https://cinv.ezpay.com.tw). Every call is a form POST of `MerchantID_` and `PostData_` to `<base>/Api/<name>`;
 * `PostData_` is the call's parameters, URL-encoded, then AES-256-CBC encrypted with the store's HashKey and HashIV
 * and hex-encoded. The answer is JSON `{Status: 'SUCCESS' | error code, Message, Result}`, Result a JSON string
 * with the invoice and a `CheckCode`: SHA-256 (upper-case hex) of `HashIV=<iv>&` + the fields InvoiceTransNo,
 * MerchantID, MerchantOrderNo, RandomNum, TotalAmt as `k=v` sorted by name and joined by `&` + `&HashKey=<key>`. An
 * answer whose CheckCode is not ours is not believed (it did not come from someone holding the key).
 *
 * Calls: invoice_issue (Version 1.5, Category B2C or B2B, Status 1 = issue now), invoice_invalid (1.0, void by
 * InvoiceNumber and InvalidReason), allowance_issue (1.3, 折讓 by InvoiceNo and MerchantOrderNo, Status 1 = now),
 * invoice_search (1.3, SearchType 1 = by MerchantOrderNo and TotalAmt). Amounts are whole TWD, taxed (TaxType 1,
 * TaxRate 5): TotalAmt tax included, TaxAmt = round(total − total / 1.05), Amt = TotalAmt − TaxAmt. A B2C item's
 * price is tax included, a B2B item's is not. Carriers: CarrierType 0 mobile barcode, 1 citizen certificate, 2
 * ezPay's own (keyed on the buyer's e-mail); a donation sends LoveCode; a B2B invoice is printed (PrintFlag Y).
 *
 * Taken from public client libraries and their tests, not from ezPay's own manual (none was at hand), and kept
 * narrow; check them against the manual before going live:
 * - the form is sent `application/x-www-form-urlencoded` (libraries send it so, or as multipart; both are forms);
 * - the padding is PKCS#7 on 16-byte blocks (ezPay's PHP sample pads to 32; a PKCS#7 decoder reads both);
 * - the error codes read here: LIB10003 (商店自訂編號重覆: a MerchantOrderNo issued before — we then read that
 *   invoice back with invoice_search and answer it, so a retry after a lost answer never issues a second),
 *   LIB10005 (發票已作廢過: counted as voided), LIB10008 (超過可作廢期限: the refund becomes an allowance), and the
 *   KEY…/INV… codes of a request refused;
 * - that invoice_invalid's and allowance_issue's CheckCode is the invoice's (its InvoiceTransNo, RandomNum and
 *   TotalAmt), and allowance_issue's reply fields AllowanceNo and RemainAmt;
 * - allowance_issue's ItemPrice/ItemAmt untaxed with ItemTaxAmt beside, TotalAmt tax included;
 * - the lengths bound below (MerchantOrderNo 20 of [A-Za-z0-9_], BuyerName 30 for B2C and 60 for B2B, BuyerEmail 50,
 *   ItemName 30, ItemUnit 2, InvalidReason 20, CarrierNum 64, LoveCode 7).
 */
import { createCipheriv, createDecipheriv, hash } from 'node:crypto';
import type { InvoiceData } from '../../../contract/invoice';
import type { EzPayConfig } from '../../config';
import {
  type InvoiceIssuer,
  InvoiceIssuerError,
  type InvoiceRef,
  type InvoiceRequest,
  type IssuedInvoice,
} from './issuer';

export const EZPAY_LIMITS = {
  merchantOrderNo: 20,
  buyerNameB2C: 30,
  buyerNameB2B: 60,
  buyerEmail: 50,
  buyerAddress: 100,
  itemName: 30,
  invalidReason: 20,
  carrierNum: 64,
} as const;
/** MerchantOrderNo's characters. */
export const EZPAY_ORDER_RE = /^[A-Za-z0-9_]{1,20}$/;
/** Error codes read (see above). */
export const EZPAY_CODES = {
  duplicate: 'LIB10003',
  alreadyVoid: 'LIB10005',
  voidExpired: 'LIB10008',
} as const;
const ITEM_UNIT = '式';
/** The longest answer read; ezPay's are a few hundred bytes. */
const REPLY_MAX = 64 * 1024;

/** The tax included in a taxed total (5%), and the amount before it, as invoice_issue wants them. */
export function splitTax(total: number): { amt: number; tax: number } {
  const tax = Math.round(total - total / 1.05);
  return { amt: total - tax, tax };
}

/** `s` cut to `max` characters (not UTF-16 units), control characters (ezPay's INV10019) taken out. */
export const clip = (s: string, max: number) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: taking them out is the point
  Array.from(s.replace(/[\u0000-\u001f\u007f|]/g, ' ').trim())
    .slice(0, max)
    .join('');

export const encryptPostData = (params: Record<string, string>, key: string, iv: string): string => {
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(key), Buffer.from(iv));
  return cipher.update(new URLSearchParams(params).toString(), 'utf8', 'hex') + cipher.final('hex');
};

/** PostData_ → its parameters; throws on a wrong key, IV or padding. */
export const decryptPostData = (hex: string, key: string, iv: string): URLSearchParams => {
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(key), Buffer.from(iv));
  return new URLSearchParams(decipher.update(hex, 'hex', 'utf8') + decipher.final('utf8'));
};

export interface CheckCodeFields {
  InvoiceTransNo: string;
  MerchantID: string;
  MerchantOrderNo: string;
  RandomNum: string;
  TotalAmt: number | string;
}

export function checkCode(fields: CheckCodeFields, key: string, iv: string): string {
  const sorted = Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return hash('sha256', `HashIV=${iv}&${sorted}&HashKey=${key}`).toUpperCase();
}

/** The buyer's choice → invoice_issue's buyer and carrier fields. */
function buyerFields(request: InvoiceRequest): Record<string, string> {
  const data: InvoiceData | null = request.invoice;
  const email = clip(request.buyerEmail, EZPAY_LIMITS.buyerEmail);
  const base = {
    BuyerUBN: '',
    BuyerEmail: email,
    BuyerAddress: clip(request.buyerAddress, EZPAY_LIMITS.buyerAddress),
    CarrierType: '',
    CarrierNum: '',
    LoveCode: '',
    PrintFlag: 'N',
  };
  const name = clip(request.buyerName, EZPAY_LIMITS.buyerNameB2C) || clip(email, EZPAY_LIMITS.buyerNameB2C);
  switch (data?.mode) {
    case 'company':
      return {
        ...base,
        Category: 'B2B',
        BuyerName: clip(data.company.name, EZPAY_LIMITS.buyerNameB2B),
        BuyerUBN: data.company.tax,
        PrintFlag: 'Y',
      };
    case 'donation':
      return { ...base, Category: 'B2C', BuyerName: name, LoveCode: data.donation.code };
    case 'member':
      return {
        ...base,
        Category: 'B2C',
        BuyerName: name,
        CarrierType: data.member.mode === 'barcode' ? '0' : '1',
        CarrierNum: data.member.mode === 'barcode' ? data.member.barcode : data.member.natural,
      };
    default:
      // Paid without the form: kept on ezPay's own carrier under the buyer's e-mail, or printed without one.
      return email
        ? { ...base, Category: 'B2C', BuyerName: name, CarrierType: '2', CarrierNum: email }
        : { ...base, Category: 'B2C', BuyerName: name || '-', PrintFlag: 'Y' };
  }
}

/** invoice_issue's parameters for a request (without RespondType, Version and TimeStamp). */
export function issueParams(request: InvoiceRequest): Record<string, string> {
  if (!EZPAY_ORDER_RE.test(request.providerOrder))
    throw new InvoiceIssuerError(
      `ezPay: order number ${request.providerOrder} is not theirs to take`,
      'refused',
    );
  if (!Number.isInteger(request.amount) || request.amount < 1)
    throw new InvoiceIssuerError(`ezPay: amount ${request.amount} cannot be invoiced`, 'refused');
  const buyer = buyerFields(request);
  const { amt, tax } = splitTax(request.amount);
  // A B2C item is priced tax included, a B2B one before tax.
  const price = String(buyer.Category === 'B2B' ? amt : request.amount);
  return {
    MerchantOrderNo: request.providerOrder,
    Status: '1',
    CreateStatusTime: '',
    ...buyer,
    TaxType: '1',
    TaxRate: '5',
    Amt: String(amt),
    TaxAmt: String(tax),
    TotalAmt: String(request.amount),
    ItemName: clip(request.item, EZPAY_LIMITS.itemName),
    ItemCount: '1',
    ItemUnit: ITEM_UNIT,
    ItemPrice: price,
    ItemAmt: price,
    Comment: '',
  };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** ezPay's `yyyy-MM-dd HH:mm:ss` (Taipei time) → a Date; now when it cannot be read. */
function taipeiTime(s: string, fallback: number): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return new Date(fallback);
  const [, y, mo, d, h, mi, se] = m.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h - 8, mi, se));
}

export function ezPayInvoices(config: EzPayConfig, now: () => number = Date.now): InvoiceIssuer {
  const base = config.baseUrl.replace(/\/+$/, '');
  const sign = (fields: CheckCodeFields) => checkCode(fields, config.hashKey, config.hashIv);

  /** Posts one call; answers its Result on SUCCESS, throws InvoiceIssuerError otherwise. */
  async function call(api: string, version: string, params: Record<string, string>) {
    const postData = encryptPostData(
      {
        RespondType: 'JSON',
        Version: version,
        TimeStamp: String(Math.floor(now() / 1000)),
        ...params,
      },
      config.hashKey,
      config.hashIv,
    );
    let text: string;
    let response: Response;
    try {
      response = await fetch(`${base}/Api/${api}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ MerchantID_: config.merchantId, PostData_: postData }).toString(),
        signal: AbortSignal.timeout(config.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new InvoiceIssuerError(`ezPay ${api}: no answer within ${config.timeoutMs} ms`, 'timeout');
      throw new InvoiceIssuerError(`ezPay ${api}: ${(error as Error).message}`, 'network');
    }
    if (!response.ok)
      throw new InvoiceIssuerError(`ezPay ${api}: HTTP ${response.status} ${text.slice(0, 200)}`, 'http');
    let reply: Record<string, unknown>;
    try {
      if (text.length > REPLY_MAX) throw new Error('too long');
      reply = JSON.parse(text);
      if (reply === null || typeof reply !== 'object') throw new Error('not an object');
    } catch {
      throw new InvoiceIssuerError(`ezPay ${api}: the answer is not JSON: ${text.slice(0, 200)}`, 'protocol');
    }
    const status = str(reply.Status);
    if (status !== 'SUCCESS') {
      const code = status.slice(0, 20);
      const message = `ezPay ${api}: ${code} ${str(reply.Message).slice(0, 200)}`;
      throw new InvoiceIssuerError(
        message,
        code === EZPAY_CODES.voidExpired ? 'void_expired' : 'refused',
        code,
      );
    }
    let result: Record<string, unknown>;
    try {
      result = typeof reply.Result === 'string' ? JSON.parse(reply.Result) : (reply.Result as never);
      if (result === null || typeof result !== 'object') throw new Error('not an object');
    } catch {
      throw new InvoiceIssuerError(`ezPay ${api}: the answer's Result is not JSON`, 'protocol');
    }
    return result;
  }

  /** Throws unless the answer's CheckCode is the one for these fields. */
  function verify(api: string, result: Record<string, unknown>, fields: CheckCodeFields) {
    if (str(result.CheckCode) !== sign(fields))
      throw new InvoiceIssuerError(`ezPay ${api}: the answer's CheckCode is wrong`, 'protocol');
  }

  /** An issue's or a search's answer → the invoice, once its CheckCode and our order and amount are checked. */
  function issued(api: string, result: Record<string, unknown>, request: InvoiceRequest): IssuedInvoice {
    const invoice = {
      number: str(result.InvoiceNumber),
      randomNumber: str(result.RandomNum),
      providerId: str(result.InvoiceTransNo),
    };
    verify(api, result, {
      InvoiceTransNo: invoice.providerId,
      MerchantID: config.merchantId,
      MerchantOrderNo: request.providerOrder,
      RandomNum: invoice.randomNumber,
      TotalAmt: request.amount,
    });
    if (
      !/^[A-Z]{2}\d{8}$/.test(invoice.number) ||
      !/^\d{4}$/.test(invoice.randomNumber) ||
      !/^[A-Za-z0-9_-]{1,40}$/.test(invoice.providerId)
    )
      throw new InvoiceIssuerError(`ezPay ${api}: the answer has no invoice number`, 'protocol');
    return { ...invoice, issuedAt: taipeiTime(str(result.CreateTime), now()) };
  }

  const refOf = (invoice: InvoiceRef): CheckCodeFields => ({
    InvoiceTransNo: invoice.providerId,
    MerchantID: config.merchantId,
    MerchantOrderNo: invoice.providerOrder,
    RandomNum: invoice.randomNumber,
    TotalAmt: invoice.amount,
  });

  return {
    name: 'ezpay',
    async issue(request) {
      const params = issueParams(request);
      try {
        return issued('invoice_issue', await call('invoice_issue', '1.5', params), request);
      } catch (error) {
        if (!(error instanceof InvoiceIssuerError && error.code === EZPAY_CODES.duplicate)) throw error;
      }
      // Issued before (an answer lost on the way): that invoice, read back by our order number and amount.
      const found = await call('invoice_search', '1.3', {
        SearchType: '1',
        MerchantOrderNo: request.providerOrder,
        TotalAmt: String(request.amount),
        InvoiceNumber: '',
        RandomNum: '',
        DisplayFlag: '',
      });
      return issued('invoice_search', found, request);
    },
    async void(invoice, reason) {
      try {
        const result = await call('invoice_invalid', '1.0', {
          InvoiceNumber: invoice.number,
          InvalidReason: clip(reason, EZPAY_LIMITS.invalidReason),
        });
        verify('invoice_invalid', result, refOf(invoice));
      } catch (error) {
        // Voided before (an answer lost on the way): done.
        if (error instanceof InvoiceIssuerError && error.code === EZPAY_CODES.alreadyVoid) return;
        throw error;
      }
    },
    async allowance(invoice, amount, item) {
      if (!Number.isInteger(amount) || amount < 1 || amount > invoice.amount)
        throw new InvoiceIssuerError(`ezPay: allowance of ${amount} on ${invoice.amount}`, 'refused');
      const { amt, tax } = splitTax(amount);
      const result = await call('allowance_issue', '1.3', {
        InvoiceNo: invoice.number,
        MerchantOrderNo: invoice.providerOrder,
        ItemName: clip(item, EZPAY_LIMITS.itemName),
        ItemCount: '1',
        ItemUnit: ITEM_UNIT,
        ItemPrice: String(amt),
        ItemAmt: String(amt),
        ItemTaxAmt: String(tax),
        TotalAmt: String(amount),
        BuyerEmail: clip(invoice.buyerEmail, EZPAY_LIMITS.buyerEmail),
        Status: '1',
      });
      verify('allowance_issue', result, refOf(invoice));
      const number = str(result.AllowanceNo).slice(0, 40);
      if (!number)
        throw new InvoiceIssuerError('ezPay allowance_issue: the answer has no AllowanceNo', 'protocol');
      return { number };
    },
  };
}
