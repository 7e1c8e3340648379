/**
 * The record page's calls: one order with its detail (the orders entity's `order/get`), staff's move (order/save
 * {id, status, code}), and how a refused call is told (the server's message names the statuses).
 */
import { orderApi } from '../../../contract/api/orders';
import { orders } from '../../../contract/entities/orders';
import type { OrderStatus } from '../../../contract/shop';
import type { ApiError } from '../../dataProvider/client';
import { call } from '../../dataProvider/client';

/** Query keys under the resource's name, so invalidating ['orders'] also refreshes react-admin's list. */
export const orderKeys = {
  order: (id: number) => ['orders', 'order', id] as const,
  list: ['orders', 'getList'] as const,
};

export const getOrder = (id: number, signal?: AbortSignal) => call(orders.api.get, { id }, { signal });

export const moveOrder = (id: number, status: OrderStatus, code?: string) =>
  call(orderApi.save, code === undefined ? { id, status } : { id, status, code });

/** What to tell of a refused call: the server's message (it names the statuses), else the code's words. */
export const failureText = (error: unknown): string => {
  const failure = error as ApiError | null;
  if (!failure || failure.status === 403) return '';
  return failure.body?.msg || failure.message;
};
