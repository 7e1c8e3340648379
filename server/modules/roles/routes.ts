/** `/api/role/*`: the site's roles (SPEC §6) — list, get, save (id 0 adds), delete. */
import { IdInput, ListInput } from '../../../contract/list';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { RoleSave } from '../../../contract/roles';
import { action } from '../../http/action';
import { forbidden } from '../../http/errors';
import * as roles from './service';

const perm = RESOURCE_PERMISSIONS.role;

export const roleActions = [
  action({
    path: 'role/list',
    input: ListInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => roles.listRoles(ctx.deps.db, ctx.site.id, ctx.lang, input.query),
  }),
  action({
    path: 'role/get',
    input: IdInput,
    access: 'site',
    permission: perm.list,
    handler: (input, ctx) => roles.getRole(ctx.deps.db, ctx.site.id, ctx.lang, input.id),
  }),
  action({
    path: 'role/save',
    input: RoleSave,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => {
      // One action creates (id 0) and edits: creating also needs the create permission.
      if (input.id === 0 && !ctx.site.permissions.has(perm.create)) throw forbidden();
      return roles.saveRole(ctx.deps.db, ctx.site.id, ctx.lang, input);
    },
  }),
  action({
    path: 'role/delete',
    input: IdInput,
    access: 'site',
    permission: perm.delete,
    handler: (input, ctx) => roles.deleteRole(ctx.deps.db, ctx.site.id, input.id, ctx.deps.now()),
  }),
];
