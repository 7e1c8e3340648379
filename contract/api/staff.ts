/**
 * Staff invitations (SPEC §7 invite, invite_token, join) and the staff screen's other calls (the roles one may give,
 * the seats, the open invitations). The staff records themselves — `site/staff`, `admin/get`, `admin/save`,
 * `admin/delete` and the CSV `member/export` — are the `admin` entity's (contract/entities/admin.ts). Staff actions
 * need the plan's `team` feature through their permissions; what staff.view_all, setting.permission and
 * setting.admin add is the server's to check.
 */
import { z } from 'zod';
import { EmptyInput } from '../auth';
import { endpoint } from '../endpoint';
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
  StaffOptions,
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
