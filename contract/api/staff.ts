/**
 * Staff (/admin) and invitations (SPEC §7 invite, invite_token, join, export, site/staff). Staff actions need the
 * plan's `team` feature through their permissions; what staff.view_all, setting.permission and setting.admin add is
 * the server's to check.
 */
import { z } from 'zod';
import { EmptyInput } from '../auth';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { IdInput, IdReply, ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';
import {
  EmailReply,
  Invitation,
  InviteCancel,
  InviteTokenInput,
  InviteTokenReply,
  JoinInput,
  JoinReply,
  StaffInvite,
  StaffMember,
  StaffOptions,
  StaffSave,
} from '../staff';

const perm = RESOURCE_PERMISSIONS.admin;

export const staffApi = {
  invite: endpoint({
    path: 'member/invite',
    input: StaffInvite,
    output: EmailReply,
    access: 'site',
    permission: perm.create,
    summary: 'Mails an invitation link (7 days) to join the current site with one role',
  }),
  inviteToken: endpoint({
    path: 'member/invite_token',
    input: InviteTokenInput,
    output: InviteTokenReply,
    access: 'public',
    summary: 'What an invitation link offers: the address, role, site, and whether the account exists',
  }),
  join: endpoint({
    path: 'member/join',
    input: JoinInput,
    output: JoinReply,
    access: 'public',
    summary:
      'Joins the site by an invitation link: a new account sets its password, an existing one gives it',
  }),
  export: endpoint({
    path: 'member/export',
    input: EmptyInput,
    // A CSV file (UTF-8 with a byte-order mark), not an envelope; refusals still answer envelopes.
    output: z.string(),
    access: 'site',
    permission: perm.list,
    raw: true,
    // A file, as the other CSV exports (profile/export, order/export).
    timeout: TIMEOUT.upload,
    summary: 'The staff and open invitations the caller sees, as CSV',
  }),
  list: endpoint({
    path: 'site/staff',
    input: ListInput,
    output: listResult(StaffMember),
    access: 'site',
    permission: perm.list,
    summary: "The current site's staff the caller sees",
  }),
  get: endpoint({
    path: 'admin/get',
    input: IdInput,
    output: StaffMember,
    access: 'site',
    permission: perm.list,
    summary: 'One staff member (by user id)',
  }),
  save: endpoint({
    path: 'admin/save',
    input: StaffSave,
    output: StaffMember,
    access: 'site',
    // Besides staff.edit, changing a role needs setting.permission (checked by the service).
    permission: perm.edit,
    summary: 'Gives a staff member another role',
  }),
  delete: endpoint({
    path: 'admin/delete',
    input: IdInput,
    output: IdReply,
    access: 'site',
    permission: perm.delete,
    summary: 'Removes a staff member from the site',
  }),
  options: endpoint({
    path: 'admin/options',
    input: EmptyInput,
    output: StaffOptions,
    access: 'site',
    permission: perm.list,
    summary: 'The roles the caller may give, and the seats used and allowed by the plan',
  }),
  invitations: endpoint({
    path: 'admin/invitations',
    input: EmptyInput,
    output: z.array(Invitation),
    access: 'site',
    permission: perm.list,
    summary: 'The open invitations the caller sees, newest first',
  }),
  cancel: endpoint({
    path: 'admin/cancel',
    input: InviteCancel,
    output: EmailReply,
    access: 'site',
    permission: perm.edit,
    summary: "Withdraws an address's open invitations",
  }),
};
