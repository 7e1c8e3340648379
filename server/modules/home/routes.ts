/** `/api/home/*`: the home page settings of the current site. */
import { z } from 'zod';
import { HomeSave } from '../../../contract/home';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import * as home from './service';

const perm = RESOURCE_PERMISSIONS.setting;

export const homeActions = [
  action({
    path: 'home/get',
    input: z.strictObject({}),
    access: 'site',
    permission: perm.list,
    handler: (_input, ctx) => home.getHome(ctx.deps.db, ctx.site.id),
  }),
  action({
    path: 'home/save',
    input: HomeSave,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => home.saveHome(ctx.deps, ctx.site.id, input),
  }),
];
