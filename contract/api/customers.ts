/**
 * Customer messages (/customer, /customer/{id}; SPEC §3 Customer request, §4 status 1 new / 2 read, §7 customer list
 * and get {request_id}): what readers send with the public site's contact form. Opening one marks it read; a reply is
 * mailed to the sender and kept in the message's thread. Read with customer.view, answered with customer.reply
 * (RESOURCE_PERMISSIONS.customer). This module exports its catalogue only, so that the SPA gets it as paths and field
 * names (vite.config.ts); its schemas stay here and their types are exported.
 *
 * List filters (contract/list.ts `{col, value, type}`): `status` (in: 1, 2), `keyword` (search: title, sender's name,
 * e-mail), `from` / `to` (search: a date YYYY-MM-DD in the site's time zone, both days included), `id` (in).
 * Sorts: `created_at` (default, newest first), `status`, `id`.
 */
import { z } from 'zod';
import { MESSAGE_BODY_MAX } from '../constants';
import { endpoint } from '../endpoint';
import { f, ruled } from '../fields';
import { ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { rules } from '../validation';

const perm = RESOURCE_PERMISSIONS.customer;

/** The longest reply (characters); the SPA's reply box counts against the same number (src/resources/customer). */

const Status = z.union([z.literal(1), z.literal(2)]);

const CustomerRow = z.object({
  id: z.number(),
  title: z.string(),
  /** The sender's name as typed (may be empty) and address. */
  name: z.string(),
  email: z.string(),
  /** 1 new, 2 read. */
  status: z.number(),
  created_at: z.string(),
  /** Replies sent so far. */
  replies: z.number(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;

const CustomerReply = z.object({
  id: z.number(),
  body: z.string(),
  /** The staff member who replied (their nickname, else e-mail; '' once their account is gone). */
  staff: z.string(),
  created_at: z.string(),
});
export type CustomerReply = z.infer<typeof CustomerReply>;

const CustomerMessage = CustomerRow.extend({
  body: z.string(),
  read_at: z.string().nullable(),
  /** Who opened it first (or last marked it read). */
  read_by: z.string().nullable(),
  /** The member who sent it while signed in, if any. */
  member: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The thread, oldest first. */
  thread: z.array(CustomerReply),
});
export type CustomerMessage = z.infer<typeof CustomerMessage>;

/** SPEC's `{request_id}`, or `{id}` as react-admin's getOne sends it: exactly one of the two. */
const CustomerGet = z
  .strictObject({ request_id: f.id().optional(), id: f.id().optional() })
  .superRefine((v, ctx) => {
    if ((v.request_id === undefined) === (v.id === undefined))
      ctx.addIssue({ code: 'custom', path: ['request_id'], message: 'validation.required' });
  });
export type CustomerGet = z.infer<typeof CustomerGet>;

const CustomerReplyInput = z.strictObject({
  id: f.id(),
  body: ruled(f.text(MESSAGE_BODY_MAX), rules.required),
});
export type CustomerReplyInput = z.infer<typeof CustomerReplyInput>;

const CustomerStatusInput = z.strictObject({ id: f.id(), status: Status });

export const customerApi = {
  list: endpoint({
    path: 'customer/list',
    input: ListInput,
    output: listResult(CustomerRow),
    access: 'site',
    permission: perm.list,
    summary: "The site's customer messages, newest first",
  }),
  get: endpoint({
    path: 'customer/get',
    input: CustomerGet,
    output: CustomerMessage,
    access: 'site',
    permission: perm.list,
    summary: 'One customer message with its thread; opening it marks it read (status 2)',
  }),
  unread: endpoint({
    path: 'customer/unread',
    input: z.strictObject({}),
    output: z.object({ count: z.number() }),
    access: 'site',
    permission: perm.list,
    summary: 'How many customer messages are new (status 1): the menu badge',
  }),
  reply: endpoint({
    path: 'customer/reply',
    input: CustomerReplyInput,
    output: CustomerMessage,
    access: 'site',
    permission: perm.edit,
    summary: 'Mails a reply to the sender (the original quoted) and keeps it in the thread',
  }),
  status: endpoint({
    path: 'customer/status',
    input: CustomerStatusInput,
    output: CustomerRow,
    access: 'site',
    permission: perm.edit,
    summary: 'Marks a customer message new (1) or read (2) again',
  }),
};
