/**
 * `/api/role/*`: the site's roles (SPEC §6) — list, get, save (id 0 adds), delete (contract/api/roles.ts). A role is
 * given only permissions the caller's own role holds (a field error on `permissions` naming the others), so nobody
 * makes a role above their own; nor changes or deletes one (403, service.ts).
 */
import { roleApi } from '../../../contract/api/roles';
import { beyond } from '../../../contract/permissions';
import { normalizePermissions } from '../../../contract/permissionTree';
import { action } from '../../http/action';
import { FieldError } from '../../http/errors';
import { t } from '../../i18n';
import * as roles from './service';

export const roleActions = [
  action({
    ...roleApi.list,
    handler: (input, ctx) => roles.listRoles(ctx.deps.db, ctx.site.id, ctx.lang, input.query),
  }),
  action({
    ...roleApi.get,
    handler: (input, ctx) => roles.getRole(ctx.deps.db, ctx.site.id, ctx.lang, input.id),
  }),
  action({
    ...roleApi.save,
    handler: (input, ctx) => {
      const extra = beyond(normalizePermissions(input.permissions), ctx.site.basePermissions);
      if (extra.length) {
        const names = extra.map((p) => t(ctx.lang, `permissions.leaf.${p}`));
        const list = names.join(t(ctx.lang, 'roleScreens.listSeparator'));
        throw new FieldError({ permissions: { message: 'roleScreens.beyondOwn', args: { list } } });
      }
      return roles.saveRole(ctx.deps.db, ctx.site.id, ctx.lang, ctx.site.basePermissions, input);
    },
  }),
  action({
    ...roleApi.delete,
    handler: (input, ctx) =>
      roles.deleteRole(ctx.deps.db, ctx.site.id, ctx.site.basePermissions, input.id, ctx.deps.now()),
  }),
];
