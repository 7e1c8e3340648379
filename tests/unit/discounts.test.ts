/** The discount arithmetic and the code's shape (contract/discounts.ts), and a code's reasons (plans/discounts.ts). */
import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { discountCodeField, discountInput, discountOf } from '../../contract/discounts';
import { type DiscountRow, refusalOf } from '../../server/modules/plans/discounts';

const percent = (n: number) => ({ percent: n, amountOff: null });
const amount = (n: number) => ({ percent: null, amountOff: n });

describe('discountOf', () => {
  it('takes a percentage rounded down to whole TWD', () => {
    expect(discountOf(percent(20), 799)).toBe(159);
    expect(discountOf(percent(50), 799)).toBe(399);
    expect(discountOf(percent(1), 99)).toBe(0);
  });
  it('takes an amount', () => {
    expect(discountOf(amount(100), 299)).toBe(100);
  });
  it('always leaves at least 1 TWD to charge, and takes nothing off 1 TWD or less', () => {
    expect(discountOf(percent(100), 799)).toBe(798);
    expect(discountOf(amount(5000), 799)).toBe(798);
    expect(discountOf(percent(50), 1)).toBe(0);
    expect(discountOf(amount(10), 0)).toBe(0);
  });
});

describe('the code as typed', () => {
  it('is trimmed and read in capitals; 3–20 letters, digits, - or _', () => {
    expect(discountCodeField().parse(' spring-20_a ')).toBe('SPRING-20_A');
    expect(discountCodeField().safeParse('ab').success).toBe(false);
    expect(discountCodeField().safeParse('A'.repeat(21)).success).toBe(false);
    expect(discountCodeField().safeParse('NO SPACE').success).toBe(false);
    expect(discountCodeField().safeParse('折扣碼折扣碼').success).toBe(false);
  });
  it('is optional in a payment, an empty one being none', () => {
    expect(discountInput.discount_code.parse('')).toBeUndefined();
    expect(discountInput.discount_code.parse(undefined)).toBeUndefined();
    expect(discountInput.discount_code.parse('abc')).toBe('ABC');
  });
});

describe('refusalOf', () => {
  const at = new Date('2027-01-15T04:00:00Z');
  const row: DiscountRow = {
    id: 1,
    code: 'SPRING',
    percent: 10,
    amountOff: null,
    planIds: [2, 3],
    validFrom: new Date('2027-01-01T00:00:00+08:00'),
    validUntil: new Date('2027-02-01T00:00:00+08:00'),
    maxUses: null,
    applies: 'first',
    endedAt: null,
    createdAt: at,
  };
  const use = { planId: 3, first: true, at };
  it('lets a valid code through', () => expect(refusalOf(row, use)).toBeNull());
  it('names each reason', () => {
    expect(refusalOf(row, { ...use, at: new Date('2026-12-31T15:59:59Z') })).toEqual({
      code: Code.DISCOUNT_NOT_YET,
      args: { date: '2027-01-01' },
    });
    expect(refusalOf(row, { ...use, at: new Date('2027-01-31T16:00:00Z') })?.code).toBe(
      Code.DISCOUNT_EXPIRED,
    );
    expect(refusalOf({ ...row, endedAt: at }, use)?.code).toBe(Code.DISCOUNT_EXPIRED);
    expect(refusalOf(row, { ...use, planId: 4 })?.code).toBe(Code.DISCOUNT_NOT_FOR_PLAN);
    expect(refusalOf({ ...row, planIds: [] }, { ...use, planId: 4 })).toBeNull();
    expect(refusalOf(row, { ...use, first: false })?.code).toBe(Code.DISCOUNT_FIRST_ONLY);
    expect(refusalOf({ ...row, applies: 'every' }, { ...use, first: false })).toBeNull();
  });
});
