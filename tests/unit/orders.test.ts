/**
 * Orders' pure pieces: the list's filters as the SPA sends them (status one or several, keyword, SKU, a date range:
 * the orders entity's, contract/entities/orders.ts),
 * the save input's rules (the tracking code belongs to shipping only; nothing else is taken), and the staff moves
 * the record page offers.
 */
import { describe, expect, it } from 'vitest';
import { orders } from '../../contract/entities/orders';
import { OrderSave } from '../../contract/orders';
import { entityResourceApi } from '../../contract/resources';
import { ORDER_STATUSES, staffMoves } from '../../contract/shop';
import enWords from '../../i18n/en/entities/orders';
import enArea from '../../i18n/en/orders';
import jaWords from '../../i18n/ja/entities/orders';
import jaArea from '../../i18n/ja/orders';
import zhWords from '../../i18n/zh-TW/entities/orders';
import zhArea from '../../i18n/zh-TW/orders';
import { toFilters } from '../../src/dataProvider';

describe('orders list filters', () => {
  const api = entityResourceApi(orders);

  it('reads and exports only: no create, update nor delete', () => {
    expect([api.create, api.update, api.delete]).toEqual([undefined, undefined, undefined]);
    expect(Object.keys(orders.api).sort()).toEqual(['export', 'get', 'list']);
    expect([orders.api.list.path, orders.api.get.path, orders.api.export?.path]).toEqual([
      'order/list',
      'order/get',
      'order/export',
    ]);
  });

  it('takes one or several statuses, including -1, and drops junk', () => {
    expect(toFilters(api, { status: [1, -1] })).toEqual([{ col: 'status', value: [1, -1], type: 'in' }]);
    expect(toFilters(api, { status: 2 })).toEqual([{ col: 'status', value: [2], type: 'in' }]);
    expect(toFilters(api, { status: ['0', '-1'] })).toEqual([{ col: 'status', value: [0, -1], type: 'in' }]);
    expect(toFilters(api, { status: [] })).toEqual([]);
    expect(toFilters(api, { status: ['x', 1.5] })).toEqual([]);
  });

  it('maps keyword, SKU and the date range', () => {
    expect(toFilters(api, { keyword: ' 美玲 ', sku: 'BAG-', from: '2026-04-01', to: '2026-04-02' })).toEqual([
      { col: 'keyword', value: '美玲', type: 'search' },
      { col: 'sku', value: 'BAG-', type: 'search' },
      { col: 'from', value: '2026-04-01', type: 'search' },
      { col: 'to', value: '2026-04-02', type: 'search' },
    ]);
    expect(toFilters(api, { keyword: '  ', sku: '' })).toEqual([]);
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

describe('the status words', () => {
  it('are the same in the list (the entity’s words) as on the record page and in mails (orders.status)', () => {
    for (const [area, words] of [
      [zhArea, zhWords],
      [enArea, enWords],
      [jaArea, jaWords],
    ] as const)
      for (const s of ORDER_STATUSES)
        expect(words.resources.orders.fields[`status_${s}`]).toBe(area.orders.status[`${s}`]);
  });
});
