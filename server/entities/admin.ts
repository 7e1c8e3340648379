/**
 * The staff entity (contract/entities/admin.ts) on the staff service: a record is a user, their place on the site and
 * their role, and what the caller may see and do goes beyond the endpoints' permissions (staff.view_all,
 * setting.permission, setting.admin, the owner and oneself), so every op and the CSV rows are the service's; the
 * endpoints stay the declaration's. Invitations are the staff module's own actions.
 */
import { admin } from '../../contract/entities/admin';
import { staffCsvRows } from '../modules/staff/export';
import { callerOf, deleteStaff, getStaff, listStaff, saveStaff } from '../modules/staff/service';
import { entityHooks } from './hooks';

export const hooks = entityHooks(admin, {
  list: (input, ctx) => listStaff(ctx.deps.db, ctx.lang, callerOf(ctx), input.query),
  get: (input, ctx) => getStaff(ctx.deps.db, ctx.lang, callerOf(ctx), input.id),
  // Besides staff.edit, changing a role needs setting.permission (checked by saveStaff).
  save: (input, ctx) => saveStaff(ctx.deps.db, ctx.lang, callerOf(ctx), input),
  delete: (input, ctx) => deleteStaff(ctx.deps.db, callerOf(ctx), input.id),
  exportRows: (query, ctx) => staffCsvRows(ctx, query),
});
