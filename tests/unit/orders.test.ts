/**
 * Orders' pure pieces: the list's filters as the SPA sends them (status one or several, keyword, SKU, a date range),
 * the save input's rules (the tracking code belongs to shipping only; nothing else is taken), and the staff moves
 * the record page offers.
 */
import { describe, expect, it } from 'vitest';
import { OrderSave } from '../../contract/orders';
import { ORDER_STATUSES, staffMoves } from '../../contract/shop';
import { toFilters } from '../../src/dataProvider';
import { resourceApis } from '../../src/dataProvider/resources';

describe('orders list filters', () => {
  const api = resourceApis.orders;
  if (!api) throw new Error('orders are not mapped');

  it('takes one or several statuses, including -1, and drops junk', () => {
    expect(toFilters(api, { status: [1, -1] })).toEqual([{ col: 'status', value: [1, -1], type: 'in' }]);
    expect(toFilters(api, { status: 2 })).toEqual([{ col: 'status', value: [2], type: 'in' }]);
    expect(toFilters(api, { status: ['0', '-1'] })).toEqual([{ col: 'status', value: [0, -1], type: 'in' }]);
    expect(toFilters(api, { status: [] })).toEqual([]);
    expect(toFilters(api, { status: ['x', 1.5] })).toEqual([]);
  });

  it('maps keyword, SKU and the date range', () => {
    expect(toFilters(api, { q: ' 美玲 ', sku: 'BAG-', from: '2026-04-01', to: '2026-04-02' })).toEqual([
      { col: 'keyword', value: '美玲', type: 'search' },
      { col: 'sku', value: 'BAG-', type: 'search' },
      { col: 'from', value: '2026-04-01', type: 'search' },
      { col: 'to', value: '2026-04-02', type: 'search' },
    ]);
    expect(toFilters(api, { q: '  ', sku: '' })).toEqual([]);
  });
});

describe('order/save input', () => {
  it('takes {id, status, code} only, the code trimmed and with shipping only', () => {
    expect(OrderSave.parse({ id: 1, status: 2, code: '  TW1  ' })).toEqual({ id: 1, status: 2, code: 'TW1' });
    expect(OrderSave.safeParse({ id: 1, status: -1 }).success).toBe(true);
    // An empty code with another move is no code at all.
    expect(OrderSave.safeParse({ id: 1, status: 3, code: '' }).success).toBe(true);
    expect(OrderSave.safeParse({ id: 1, status: 3, code: 'X' }).success).toBe(false);
    expect(OrderSave.safeParse({ id: 1, status: 2, code: 'x'.repeat(101) }).success).toBe(false);
    expect(OrderSave.safeParse({ id: 1, status: 2, code: 'A', total: 5 }).success).toBe(false);
    expect(OrderSave.safeParse({ id: 1, status: 4 }).success).toBe(false);
  });

  it('staff never move an order to paid, nor out of a final status', () => {
    for (const s of ORDER_STATUSES) expect(staffMoves(s)).not.toContain(1);
    expect(staffMoves(0)).toEqual([-1]);
    expect(staffMoves(1)).toEqual([2, -1]);
    expect(staffMoves(2)).toEqual([3]);
    expect(staffMoves(3)).toEqual([]);
    expect(staffMoves(-1)).toEqual([]);
  });
});
