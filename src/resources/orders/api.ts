/**
 * Order calls beyond the dataProvider: one order, staff's move (order/save {id, status, code}), the CSV export of
 * the list's current filters, and how a refused call is told (the server's message names the statuses).
 */
import { orderApi } from '../../../contract/api/orders';
import type { Filter } from '../../../contract/list';
import type { OrderStatus } from '../../../contract/shop';
import type { ApiError } from '../../dataProvider/client';
import { call } from '../../dataProvider/client';
import { downloadCsv } from '../../dataProvider/download';

/** Query keys under the resource's name, so invalidating ['orders'] also refreshes react-admin's list. */
export const orderKeys = {
  order: (id: number) => ['orders', 'order', id] as const,
  list: ['orders', 'getList'] as const,
};

export const getOrder = (id: number, signal?: AbortSignal) => call(orderApi.get, { id }, { signal });

export const moveOrder = (id: number, status: OrderStatus, code?: string) =>
  call(orderApi.save, code === undefined ? { id, status } : { id, status, code });

/** Downloads orderApi.export for the list's filters and sort. */
export const downloadOrdersCsv = (filters: Filter[], sort?: { col: string; order: 'asc' | 'desc' }) =>
  downloadCsv(orderApi.export, { query: { filters, ...(sort ? { sort } : {}) } }, 'orders.csv');

/** What to tell of a refused call: the server's message (it names the statuses), else the code's words. */
export const failureText = (error: unknown): string => {
  const failure = error as ApiError | null;
  if (!failure || failure.status === 403) return '';
  return failure.body?.msg || failure.message;
};
