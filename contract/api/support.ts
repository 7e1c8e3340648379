/**
 * Platform support access (issue 17): a platform operator asks a time-limited token into any site that allows it and
 * joins with it; the site's owner reads the log of entries and switches support access off or on.
 */
import { EmptyInput } from '../auth';
import { endpoint } from '../endpoint';
import {
  AdminTokenInput,
  AdminTokenReply,
  JoinInput,
  JoinReply,
  LeaveReply,
  SupportGetInput,
  SupportGetReply,
  SupportSaveInput,
  SupportSaveReply,
} from '../support';

const OWNER_ONLY = 'subscription.plan';

export const supportApi = {
  adminToken: endpoint({
    path: 'site/admin_token',
    input: AdminTokenInput,
    output: AdminTokenReply,
    access: 'user',
    summary:
      "A platform operator's single-use token into a site for support, with the reason the owner will read",
  }),
  join: endpoint({
    path: 'site/join',
    input: JoinInput,
    output: JoinReply,
    access: 'user',
    summary:
      "Joins a site with a support token: the operator's session works on it with the administrator's role",
  }),
  leave: endpoint({
    path: 'site/leave',
    input: EmptyInput,
    output: LeaveReply,
    access: 'user',
    summary: "Ends the session's support entry",
  }),
  get: endpoint({
    path: 'site/support_get',
    input: SupportGetInput,
    output: SupportGetReply,
    access: 'site',
    permission: OWNER_ONLY,
    summary: "The current site's support switch and its log of operators' entries (its owner only)",
  }),
  save: endpoint({
    path: 'site/support_save',
    input: SupportSaveInput,
    output: SupportSaveReply,
    access: 'site',
    permission: OWNER_ONLY,
    summary: 'Switches platform support access of the current site (its owner only)',
  }),
};
