/** `/api/dashboard/*`: the dashboard's statistics of the current site; any staff member may read them. */
import { dashboardApi } from '../../../contract/api/dashboard';
import { action } from '../../http/action';
import { statistics } from './service';

export const dashboardActions = [
  action({
    ...dashboardApi.statistics,
    handler: (input, ctx) => statistics(ctx.deps, ctx.site.id, input),
  }),
];
