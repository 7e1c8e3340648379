/** `/api/home/*`: the home page settings of the current site (contract/api/home.ts). */
import { homeApi } from '../../../contract/api/home';
import { action } from '../../http/action';
import * as home from './service';

export const homeActions = [
  action({
    ...homeApi.get,
    handler: (_input, ctx) => home.getHome(ctx.deps.db, ctx.site.id),
  }),
  action({
    ...homeApi.save,
    handler: (input, ctx) => home.saveHome(ctx.deps, ctx.site.id, input),
  }),
];
