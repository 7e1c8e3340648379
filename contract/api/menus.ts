/**
 * The site's main and secondary menus (SPEC §3 Menu): viewing needs setting.view, saving setting.edit. SPEC §7 also
 * names them `navigation/*` too: the same actions under their aliases.
 */
import { z } from 'zod';
import { EmptyInput } from '../auth';
import { endpoint } from '../endpoint';
import { MenuItem, MenuSave, Menus } from '../menus';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.setting;

const get = endpoint({
  path: 'menu/get',
  aliases: ['navigation/get'],
  input: EmptyInput,
  output: Menus,
  access: 'site',
  permission: perm.list,
  summary: "Both menus' trees, keyed by menu id (1 main, 2 secondary)",
});

const save = endpoint({
  path: 'menu/save',
  aliases: ['navigation/save'],
  input: MenuSave,
  output: z.array(MenuItem),
  access: 'site',
  permission: perm.edit,
  summary: "Saves one menu's whole tree, in order, and answers it as stored",
});

export const menuApi = { get, save };
