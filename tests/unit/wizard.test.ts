/**
 * The wizard's and the card form's pure logic: card checks before the gateway (Luhn, MM/YY of this month or later,
 * grouping as typed), the invoice values the API takes (only the chosen mode, accepted by the contract's schema),
 * and the draft kept on the device (restored field by field; a broken or foreign entry changes nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoiceInput } from '../../contract/invoice';
import { expiryOk, formatExpiry, groupDigits, luhnOk } from '../../src/custom/billing/cardForm';
import { INVOICE_DEFAULTS, toInvoiceInput } from '../../src/custom/billing/invoiceValues';
import { clearDraft, emptyDraft, readDraft, saveDraft } from '../../src/custom/wizard/draft';

describe('card checks', () => {
  it("knows the sandbox's test cards by Luhn's digit, and a typo", () => {
    expect(luhnOk('4242424242424242')).toBe(true);
    expect(luhnOk('4000000000000002')).toBe(true);
    expect(luhnOk('4000000000003063')).toBe(true);
    expect(luhnOk('4242424242424241')).toBe(false);
  });

  it('takes an expiry of this month or later', () => {
    const now = new Date(2026, 10, 25);
    expect(expiryOk('11/26', now)).toBe(true);
    expect(expiryOk('10/26', now)).toBe(false);
    expect(expiryOk('01/27', now)).toBe(true);
    expect(expiryOk('13/27', now)).toBe(false);
    expect(expiryOk('1/27', now)).toBe(false);
  });

  it('formats as typed', () => {
    expect(groupDigits('4242a4242 42424242')).toBe('4242 4242 4242 4242');
    expect(groupDigits('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1239')).toBe('12/39');
    expect(formatExpiry('12/399')).toBe('12/39');
  });
});

describe('invoice values', () => {
  const values = {
    ...INVOICE_DEFAULTS,
    member: { mode: 'barcode' as const, barcode: ' /abc1234 ', natural: 'half typed' },
    company: { tax: '04595257', name: ' 小明咖啡有限公司 ' },
  };

  it('sends the chosen mode only, as the contract takes it', () => {
    expect(toInvoiceInput({ ...values, mode: 'donation' })).toEqual({
      mode: 'donation',
      donation: { code: '0958' },
    });
    expect(toInvoiceInput({ ...values, mode: 'member' })).toEqual({
      mode: 'member',
      member: { mode: 'barcode', barcode: '/ABC1234' },
    });
    expect(toInvoiceInput({ ...values, mode: 'company' })).toEqual({
      mode: 'company',
      company: { tax: '04595257', name: '小明咖啡有限公司' },
    });
    for (const mode of ['donation', 'member', 'company'] as const)
      expect(InvoiceInput.safeParse(toInvoiceInput({ ...values, mode })).success).toBe(true);
  });

  it('an emptied donation code is the default one', () => {
    expect(toInvoiceInput({ ...values, donation: { code: '  ' } })).toEqual({
      mode: 'donation',
      donation: { code: '0958' },
    });
  });
});

describe('the draft on the device', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const fresh = emptyDraft('小明', 'ming@example.com');

  it('comes back as it was saved, per user', () => {
    const draft = {
      step: 2 as const,
      site: 42,
      values: { ...fresh.values, slug: 'cafe', site_name: '咖啡店', plan: 3 },
    };
    saveDraft(7, draft);
    expect(readDraft(7, fresh)).toEqual(draft);
    expect(readDraft(8, fresh)).toEqual(fresh);
    clearDraft(7);
    expect(readDraft(7, fresh)).toEqual(fresh);
  });

  it('keeps the fresh value of anything broken or of another type', () => {
    store.set('wizard.7', '{not json');
    expect(readDraft(7, fresh)).toEqual(fresh);
    store.set(
      'wizard.7',
      JSON.stringify({ step: 9, site: 'x', values: { slug: 5, plan: 'three', invoice: { mode: 'cash' } } }),
    );
    expect(readDraft(7, fresh)).toEqual(fresh);
  });
});
