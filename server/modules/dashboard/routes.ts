/** `/api/dashboard/*`: the dashboard's statistics of the current site; any staff member may read them. */
import { StatisticsInput } from '../../../contract/dashboard';
import { action } from '../../http/action';
import { statistics } from './service';

export const dashboardActions = [
  action({
    path: 'dashboard/statistics',
    input: StatisticsInput,
    access: 'site',
    handler: (input, ctx) => statistics(ctx.deps, ctx.site.id, input),
  }),
];
