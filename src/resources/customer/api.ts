/**
 * Customer message calls beyond the dataProvider: one message (opening it marks it read), the count of new ones for
 * the menu's badge, replying, marking unread; and the reply draft kept in local storage until it is sent.
 */
import { useQuery } from '@tanstack/react-query';
import { customerApi } from '../../../contract/api/customers';
import { call } from '../../dataProvider/client';

/** Query keys under the resource's name, so invalidating ['customer'] also refreshes react-admin's list. */
export const customerKeys = {
  unread: ['customer', 'unread'] as const,
  message: (id: number) => ['customer', 'message', id] as const,
  list: ['customer', 'getList'] as const,
};

/** The menu badge polls this often. */
export const UNREAD_POLL_MS = 60_000;
/** The longest reply the server takes. */
export { MESSAGE_BODY_MAX as REPLY_MAX } from '../../../contract/constants';

/** The count of new messages, polled every minute while `enabled` (the user holds customer.view). */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: customerKeys.unread,
    queryFn: ({ signal }) => call(customerApi.unread, {}, { signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });

export const openMessage = (id: number, signal?: AbortSignal) =>
  call(customerApi.get, { request_id: id }, { signal });
export const sendReply = (id: number, body: string) => call(customerApi.reply, { id, body });
export const markUnread = (id: number) => call(customerApi.status, { id, status: 1 });

/** A reply being typed, kept per site and message until it is sent. */
const draftKey = (siteId: number, id: number) => `Admin.customerReply.${siteId}.${id}`;

export const drafts = {
  read(siteId: number, id: number): string {
    try {
      return localStorage.getItem(draftKey(siteId, id)) ?? '';
    } catch {
      return '';
    }
  },
  write(siteId: number, id: number, text: string): void {
    try {
      if (text) localStorage.setItem(draftKey(siteId, id), text);
      else localStorage.removeItem(draftKey(siteId, id));
    } catch {
      // Storage full or refused: the text stays in the box.
    }
  },
};
