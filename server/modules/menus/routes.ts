/** `/api/menu/*` (and the `navigation/*` names of SPEC §7): the site's main and secondary menus (contract/api/menus.ts). */
import { menuApi } from '../../../contract/api/menus';
import { action } from '../../http/action';
import * as menus from './service';

const get = (endpoint: typeof menuApi.get) =>
  action({
    ...endpoint,
    handler: (_input, ctx) => menus.getMenus(ctx.deps.db, ctx.site.id, ctx.deps.now()),
  });

const save = (endpoint: typeof menuApi.save) =>
  action({
    ...endpoint,
    handler: (input, ctx) =>
      menus.saveMenu(ctx.deps.db, ctx.site.id, input.menu.id, input.menu.items, ctx.deps.now()),
  });

export const menuActions = [
  get(menuApi.get),
  get(menuApi.navigationGet),
  save(menuApi.save),
  save(menuApi.navigationSave),
];
