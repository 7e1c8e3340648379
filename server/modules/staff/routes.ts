/**
 * Staff (/admin) and invitations: thin bindings of contract/api/staff.ts. Staff actions need the plan's `team`
 * feature through their permissions (contract/plans.ts); what staff.view_all, setting.permission and setting.admin
 * add is checked in service.ts.
 */
import { staffApi } from '../../../contract/api/staff';
import { action } from '../../http/action';
import { exportStaff } from './export';
import { invite, inviteToken, join } from './invitations';
import * as staff from './service';

export const staffActions = [
  action({
    ...staffApi.invite,
    handler: (input, ctx) => invite(ctx.deps, ctx, input),
  }),
  action({
    ...staffApi.inviteToken,
    handler: (input, ctx) => inviteToken(ctx.deps, ctx.lang, input.token),
  }),
  action({
    ...staffApi.join,
    handler: (input, ctx) => join(ctx.deps, ctx, input),
  }),
  action({
    ...staffApi.export,
    handler: (_input, ctx) => exportStaff(ctx),
  }),
  action({
    ...staffApi.list,
    handler: (input, ctx) => staff.listStaff(ctx.deps.db, ctx.lang, staff.callerOf(ctx), input.query),
  }),
  action({
    ...staffApi.get,
    handler: (input, ctx) => staff.getStaff(ctx.deps.db, ctx.lang, staff.callerOf(ctx), input.id),
  }),
  action({
    ...staffApi.save,
    // Besides staff.edit, changing a role needs setting.permission (checked by saveStaff).
    handler: (input, ctx) => staff.saveStaff(ctx.deps.db, ctx.lang, staff.callerOf(ctx), input),
  }),
  action({
    ...staffApi.delete,
    handler: (input, ctx) => staff.deleteStaff(ctx.deps.db, staff.callerOf(ctx), input.id),
  }),
  action({
    ...staffApi.options,
    handler: (_input, ctx) => staff.staffOptions(ctx.deps.db, ctx.lang, staff.callerOf(ctx), ctx.deps.now()),
  }),
  action({
    ...staffApi.invitations,
    handler: (_input, ctx) =>
      staff.listInvitations(ctx.deps.db, ctx.lang, staff.callerOf(ctx), ctx.deps.now()),
  }),
  action({
    ...staffApi.cancel,
    handler: (input, ctx) =>
      staff.cancelInvitation(ctx.deps.db, staff.callerOf(ctx), ctx.deps.now(), input.email),
  }),
];
