/**
 * Staff (/admin) and invitations: `member/invite`, `member/invite_token`, `member/join`, `member/export`,
 * `site/staff`, and `admin/*` for one staff member or invitation. Staff actions need the plan's `team` feature
 * through their permissions (contract/plans.ts); what staff.view_all, setting.permission and setting.admin add is
 * checked in service.ts.
 */
import { z } from 'zod';
import { IdInput, ListInput } from '../../../contract/list';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { InviteCancel, InviteTokenInput, JoinInput, StaffInvite, StaffSave } from '../../../contract/staff';
import { action } from '../../http/action';
import { exportStaff } from './export';
import { invite, inviteToken, join } from './invitations';
import * as staff from './service';

const perm = RESOURCE_PERMISSIONS.admin;
const Empty = z.strictObject({});

export const staffActions = [
  action({
    path: 'member/invite',
    input: StaffInvite,
    access: 'site',
    permission: perm.create,
    handler: (input, ctx) => invite(ctx.deps, ctx, input),
  }),
  action({
    path: 'member/invite_token',
    input: InviteTokenInput,
    access: 'public',
    handler: (input, ctx) => inviteToken(ctx.deps, ctx.lang, input.token),
  }),
  action({
    path: 'member/join',
    input: JoinInput,
    access: 'public',
    handler: (input, ctx) => join(ctx.deps, ctx, input),
  }),
  action({
    path: 'member/export',
    input: Empty,
    access: 'site',
    permission: perm.list,
    // A CSV file, not an envelope; refusals still answer envelopes.
    raw: true,
    handler: (_input, ctx) => exportStaff(ctx),
  }),
  action({
    path: 'site/staff',
    input: ListInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => staff.listStaff(ctx.deps.db, ctx.lang, staff.callerOf(ctx), input.query),
  }),
  action({
    path: 'admin/get',
    input: IdInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => staff.getStaff(ctx.deps.db, ctx.lang, staff.callerOf(ctx), input.id),
  }),
  action({
    path: 'admin/save',
    input: StaffSave,
    access: 'site',
    permission: perm.edit,
    // Besides staff.edit, changing a role needs setting.permission (checked by saveStaff).
    handler: (input, ctx) => staff.saveStaff(ctx.deps.db, ctx.lang, staff.callerOf(ctx), input),
  }),
  action({
    path: 'admin/delete',
    input: IdInput,
    access: 'site',
    permission: perm.delete,
    handler: (input, ctx) => staff.deleteStaff(ctx.deps.db, staff.callerOf(ctx), input.id),
  }),
  action({
    path: 'admin/options',
    input: Empty,
    access: 'site',
    permission: perm.list,
    handler: (_input, ctx) => staff.staffOptions(ctx.deps.db, ctx.lang, staff.callerOf(ctx), ctx.deps.now()),
  }),
  action({
    path: 'admin/invitations',
    input: Empty,
    access: 'site',
    permission: perm.list,
    handler: (_input, ctx) =>
      staff.listInvitations(ctx.deps.db, ctx.lang, staff.callerOf(ctx), ctx.deps.now()),
  }),
  action({
    path: 'admin/cancel',
    input: InviteCancel,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) =>
      staff.cancelInvitation(ctx.deps.db, staff.callerOf(ctx), ctx.deps.now(), input.email),
  }),
];
