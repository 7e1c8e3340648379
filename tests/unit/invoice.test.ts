/**
 * The Taiwan e-invoice data of a payment (contract/invoice.ts): the tax id checksum of the Ministry of Finance (both
 * the pre-2023 numbers and the ones only the 2023 rule accepts), the carrier and donation code formats, that only
 * the chosen mode is checked and kept, and the words of each refusal in zh-TW, en and ja.
 */
import { describe, expect, it } from 'vitest';
import { type InvoiceData, InvoiceInput, invoiceRules, taxIdChecksumOk } from '../../contract/invoice';
import { zodFieldErrors } from '../../server/http/reply';
import { t } from '../../server/i18n';

/** The words, copied here on purpose. */
const W = {
  taxId: { zh: '統一編號錯誤', en: 'Invalid tax ID number', ja: '統一番号（統一編號）が正しくありません' },
  donationCode: {
    zh: '捐贈碼為 3 至 7 位數字',
    en: 'A donation code is 3 to 7 digits',
    ja: '寄付コードは3～7桁の数字です',
  },
  mobileBarcode: {
    zh: '手機條碼格式錯誤（/ 加 7 碼英數字）',
    en: 'Invalid mobile barcode (/ and 7 letters or digits)',
    ja: 'モバイルバーコードの形式が正しくありません（/ と英数字7文字）',
  },
  naturalCertificate: {
    zh: '自然人憑證條碼格式錯誤（2 碼大寫英文加 14 碼數字）',
    en: 'Invalid citizen certificate number (2 capital letters and 14 digits)',
    ja: '自然人証明書の番号が正しくありません（大文字2文字と数字14桁）',
  },
  required: { zh: '此欄位為必填', en: 'This field is required', ja: 'この項目は必須です' },
};

function expectWords(key: string, words: { zh: string; en: string; ja: string }) {
  expect(t('zh-TW', key)).toBe(words.zh);
  expect(t('en', key)).toBe(words.en);
  expect(t('ja', key)).toBe(words.ja);
}

/** The field errors the server would answer for an invoice. */
function errorsOf(input: unknown): Record<string, string> {
  const parsed = InvoiceInput.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(
    Object.entries(zodFieldErrors(parsed.error).fields).map(([k, v]) => [k, v.message]),
  );
}

const parse = (input: unknown): InvoiceData => InvoiceInput.parse(input);

describe('tax id (統一編號) checksum', () => {
  it('accepts real companies’ numbers', () => {
    // TSMC, Hon Hai, Chunghwa Telecom.
    for (const id of ['22099131', '04541302', '96979933']) expect(taxIdChecksumOk(id), id).toBe(true);
  });

  it('accepts a sum divisible by 5 but not 10: valid only since the 2023 rule', () => {
    // 22099131 sums to 30; its last digit + 5 adds 5 to the sum: 35.
    expect(taxIdChecksumOk('22099136')).toBe(true);
  });

  it('accepts either reading of a 7th digit 7 (its product 28 counts as 1 or 0)', () => {
    // 1,0,4,5,8,5,7,x: products' digits 1+0+4+1+8+1+10 = 25, plus x. 10458575 sums to 30; 10458574 to 29, valid
    // because 29 + 1 is.
    expect(taxIdChecksumOk('10458575')).toBe(true);
    expect(taxIdChecksumOk('10458574')).toBe(true);
    // 10458563 sums to 24: 24 + 1 would do, but its 7th digit is 6, which has no second reading.
    expect(taxIdChecksumOk('10458563')).toBe(false);
  });

  it('refuses a wrong check digit, and anything but 8 digits', () => {
    for (const id of ['22099132', '04541303', '96979934', '12345678', '2209913', '220991311', '2209913A', ''])
      expect(taxIdChecksumOk(id), id).toBe(false);
  });

  it('refuses with 統一編號錯誤 in each language', () => {
    expect(invoiceRules.taxId('22099131')).toBeUndefined();
    expect(invoiceRules.taxId('22099132')?.message).toBe('validation.taxId');
    expectWords('validation.taxId', W.taxId);
  });
});

describe('carriers and donation codes', () => {
  it('mobile barcode: / and 7 of 0-9 A-Z . + -', () => {
    for (const v of ['/ABC1234', '/A.B+C-1', '/0000000', '/Z9.+-Z9'])
      expect(invoiceRules.mobileBarcode(v), v).toBeUndefined();
    for (const v of ['ABC12345', '/ABC123', '/ABC12345', '/abc1234', '/ABC 123', '/ABC_123', '//ABC123', ''])
      expect(invoiceRules.mobileBarcode(v)?.message, v).toBe('validation.mobileBarcode');
    expectWords('validation.mobileBarcode', W.mobileBarcode);
  });

  it('natural-person certificate: 2 uppercase letters and 14 digits', () => {
    for (const v of ['AB12345678901234', 'ZZ00000000000000'])
      expect(invoiceRules.naturalCertificate(v), v).toBeUndefined();
    for (const v of [
      'A123456789012345',
      'AB1234567890123',
      'AB123456789012345',
      'ab12345678901234',
      '1234567890123456',
    ])
      expect(invoiceRules.naturalCertificate(v)?.message, v).toBe('validation.naturalCertificate');
    expectWords('validation.naturalCertificate', W.naturalCertificate);
  });

  it('donation code: 3 to 7 digits', () => {
    for (const v of ['0958', '123', '1234567', '8585'])
      expect(invoiceRules.donationCode(v), v).toBeUndefined();
    for (const v of ['12', '12345678', '09a8', ' 0958', ''])
      expect(invoiceRules.donationCode(v)?.message, v).toBe('validation.donationCode');
    expectWords('validation.donationCode', W.donationCode);
  });
});

describe('InvoiceInput (the wire shape of SPEC §3)', () => {
  it('donation: the code defaults to 0958, when missing or emptied', () => {
    expect(parse({ mode: 'donation' })).toEqual({ mode: 'donation', donation: { code: '0958' } });
    expect(parse({ mode: 'donation', donation: { code: '' } })).toEqual({
      mode: 'donation',
      donation: { code: '0958' },
    });
    expect(parse({ mode: 'donation', donation: { code: '25885' } })).toEqual({
      mode: 'donation',
      donation: { code: '25885' },
    });
    expect(errorsOf({ mode: 'donation', donation: { code: '12' } })).toEqual({
      'donation.code': 'validation.donationCode',
    });
  });

  it('member carrier: the chosen carrier is checked (upper-cased), the other dropped', () => {
    expect(
      parse({ mode: 'member', member: { mode: 'barcode', barcode: '/abc.123', natural: 'half typed' } }),
    ).toEqual({ mode: 'member', member: { mode: 'barcode', barcode: '/ABC.123' } });
    expect(
      parse({ mode: 'member', member: { mode: 'natural', barcode: '', natural: 'AB12345678901234' } }),
    ).toEqual({
      mode: 'member',
      member: { mode: 'natural', natural: 'AB12345678901234' },
    });
    expect(errorsOf({ mode: 'member', member: { mode: 'barcode', barcode: '/ABC12' } })).toEqual({
      'member.barcode': 'validation.mobileBarcode',
    });
    expect(errorsOf({ mode: 'member', member: { mode: 'natural', natural: '' } })).toEqual({
      'member.natural': 'validation.required',
    });
    expect(errorsOf({ mode: 'member' })).toEqual({ 'member.barcode': 'validation.required' });
  });

  it('company: tax id with its checksum and a name, both required', () => {
    expect(
      parse({ mode: 'company', company: { tax: '22099131', name: ' 台灣積體電路製造股份有限公司 ' } }),
    ).toEqual({
      mode: 'company',
      company: { tax: '22099131', name: '台灣積體電路製造股份有限公司' },
    });
    expect(errorsOf({ mode: 'company', company: { tax: '22099132', name: 'X' } })).toEqual({
      'company.tax': 'validation.taxId',
    });
    expect(errorsOf({ mode: 'company', company: { tax: '', name: '' } })).toEqual({
      'company.tax': 'validation.required',
      'company.name': 'validation.required',
    });
    expectWords('validation.required', W.required);
  });

  it('fields of the modes not chosen are not checked, and not kept', () => {
    const all = {
      mode: 'company',
      donation: { code: 'x' },
      member: { mode: 'barcode', barcode: 'nonsense', natural: 'nonsense' },
      company: { tax: '04541302', name: '鴻海精密工業股份有限公司' },
    };
    expect(parse(all)).toEqual({
      mode: 'company',
      company: { tax: '04541302', name: '鴻海精密工業股份有限公司' },
    });
  });

  it('bounds every string before a pattern sees it, and refuses unknown modes and fields', () => {
    expect(errorsOf({ mode: 'company', company: { tax: '1'.repeat(100_000), name: 'X' } })).toEqual({
      'company.tax': 'validation.maxLength',
    });
    expect(errorsOf({ mode: 'company', company: { tax: '22099131', name: '名'.repeat(61) } })).toEqual({
      'company.name': 'validation.maxLength',
    });
    expect(errorsOf({ mode: 'paper' })).toHaveProperty('mode');
    expect(errorsOf({ mode: 'donation', extra: 1 })).toEqual({ extra: 'validation.unknownField' });
  });
});
