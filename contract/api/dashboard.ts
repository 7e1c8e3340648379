/**
 * The dashboard's endpoints: the site's statistics and its top pages and links, which any staff member may read (the shop's orders and revenue
 * only with `order.view` on a plan with `shop`; contract/dashboard.ts).
 */
import { TopInput, TopReply } from '../analytics';
import { Statistics, StatisticsInput } from '../dashboard';
import { endpoint } from '../endpoint';

export const dashboardApi = {
  statistics: endpoint({
    path: 'dashboard/statistics',
    input: StatisticsInput,
    output: Statistics,
    access: 'site',
    summary:
      'Day-by-day publications, new staff and (with order.view) paid orders and revenue of the current site over 7, 30 or 90 days',
  }),
  top: endpoint({
    path: 'dashboard/top',
    input: TopInput,
    output: TopReply,
    access: 'site',
    summary:
      "The most viewed pages and most followed links of the current site's public pages over 7, 30 or 90 days (first-party, cookie-free counts)",
  }),
};
