/** `/api/menu/*` (and the `navigation/*` names of SPEC §7, their aliases): the site's menus (contract/api/menus.ts). */
import { menuApi } from '../../../contract/api/menus';
import { action } from '../../http/action';
import * as menus from './service';

export const menuActions = [
  action({
    ...menuApi.get,
    handler: (_input, ctx) => menus.getMenus(ctx.deps.db, ctx.site.id, ctx.deps.now()),
  }),
  action({
    ...menuApi.save,
    handler: (input, ctx) =>
      menus.saveMenu(ctx.deps.db, ctx.site.id, input.menu.id, input.menu.items, ctx.deps.now()),
  }),
];
