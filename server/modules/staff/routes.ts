/**
 * Invitations and the staff screen's other calls: thin bindings of contract/api/staff.ts. The staff records (list,
 * get, role change, removal, CSV) are the `admin` entity's, served by the entity layer on this module's service
 * (server/entities/admin.ts). Staff actions need the plan's `team` feature through their permissions
 * (contract/plans.ts); what staff.view_all, setting.permission and setting.admin add is checked in service.ts.
 */
import { staffApi } from '../../../contract/api/staff';
import { action } from '../../http/action';
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
