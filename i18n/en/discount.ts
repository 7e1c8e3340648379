/** en words: a discount code on the plan's payment. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/discount';

const discount: DeepStrings<typeof source> = {
  discount: {
    field: 'Discount code (optional)',
    checking: 'Checking the discount code…',
    applied: '%{code} applied: %{off}, %{applies}',
    appliedCode: 'Discount code %{code} applied',
    percentOff: '%{percent}% off',
    amountOff: 'NT$%{amount} off',
    appliesFirst: 'first payment only',
    appliesEvery: 'every renewal too',
    until: ' (valid until %{date})',
    unknown: 'The discount code cannot be checked right now; it will be checked again when you pay.',
    price: 'Price',
    off: 'Discount',
    total: 'To pay',
    money: 'NT$%{amount}',
    minus: '−NT$%{amount}',
    changeCharge: 'NT$%{amount} is charged today (NT$%{discount} off with the discount code).',
  },
};

export default discount;
