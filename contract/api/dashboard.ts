/** The dashboard's endpoints: the site's statistics, which any staff member may read. */
import { Statistics, StatisticsInput } from '../dashboard';
import { endpoint } from '../endpoint';

export const dashboardApi = {
  statistics: endpoint({
    path: 'dashboard/statistics',
    input: StatisticsInput,
    output: Statistics,
    access: 'site',
    summary: 'Day-by-day publications and new staff of the current site over 7, 30 or 90 days',
  }),
};
