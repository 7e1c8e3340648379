/** Customer messages (/customer, /customer/{id}): thin bindings of contract/api/customers.ts. */
import { customerApi } from '../../../contract/api/customers';
import { action } from '../../http/action';
import { listMessages, openMessage, replyTo, setStatus, unreadCount } from './service';

export const customerActions = [
  action({
    ...customerApi.list,
    handler: (input, ctx) => listMessages(ctx.deps.db, ctx.site.id, input.query),
  }),
  action({
    ...customerApi.get,
    // The schema lets exactly one of the two through.
    handler: (input, ctx) => openMessage(ctx, (input.request_id ?? input.id) as number),
  }),
  action({
    ...customerApi.unread,
    handler: (_input, ctx) => unreadCount(ctx.deps.db, ctx.site.id),
  }),
  action({
    ...customerApi.reply,
    handler: (input, ctx) => replyTo(ctx, input),
  }),
  action({
    ...customerApi.status,
    handler: (input, ctx) => setStatus(ctx, input),
  }),
];
