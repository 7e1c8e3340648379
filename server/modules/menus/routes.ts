/** `/api/menu/*` (and the `navigation/*` names of SPEC §7): the site's main and secondary menus. */
import { z } from 'zod';
import { MenuSave } from '../../../contract/menus';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import * as menus from './service';

const perm = RESOURCE_PERMISSIONS.setting;

const get = (path: string) =>
  action({
    path,
    input: z.strictObject({}),
    access: 'site',
    permission: perm.list,
    handler: (_input, ctx) => menus.getMenus(ctx.deps.db, ctx.site.id, ctx.deps.now()),
  });

const save = (path: string) =>
  action({
    path,
    input: MenuSave,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) =>
      menus.saveMenu(ctx.deps.db, ctx.site.id, input.menu.id, input.menu.items, ctx.deps.now()),
  });

export const menuActions = [
  get('menu/get'),
  get('navigation/get'),
  save('menu/save'),
  save('navigation/save'),
];
