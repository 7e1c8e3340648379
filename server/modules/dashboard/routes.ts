/**
 * `/api/dashboard/*`: the dashboard's statistics of the current site; any staff member may read them, the shop's
 * figures only with `order.view` (granted only on a plan with `shop`).
 */
import { dashboardApi } from '../../../contract/api/dashboard';
import { holdsAny, RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { action } from '../../http/action';
import { statistics, top } from './service';

export const dashboardActions = [
  action({
    ...dashboardApi.statistics,
    handler: (input, ctx) =>
      statistics(
        ctx.deps,
        ctx.site.id,
        input,
        holdsAny(ctx.site.permissions, RESOURCE_PERMISSIONS.orders.list),
      ),
  }),
  // Who may read the top pages and links: the same as the statistics (any staff member of the site).
  action({ ...dashboardApi.top, handler: (input, ctx) => top(ctx.deps, ctx.site.id, input) }),
];
