/**
 * The site's activity: a range switch (7, 30, 90 days), the totals, and the chart (dashboard/statistics); orders and
 * revenue only when the reply carries them (a caller with order.view on a plan with the shop).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useStore, useTranslate } from 'ra-core';
import { dashboardApi } from '../../../contract/api/dashboard';
import { DEFAULT_STAT_RANGE, hasShop, STAT_RANGES, type StatRange } from '../../../contract/dashboard';
import { formatTwd } from '../../../contract/shop';
import { call } from '../../dataProvider/client';
import { ActivityChart } from './ActivityChart';

function Total({ label, value, hint, id }: { label: string; value: string; hint?: string; id?: string }) {
  const body = (
    <Box sx={{ minWidth: 120 }} data-testid={id}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
  return hint ? <Tooltip title={hint}>{body}</Tooltip> : body;
}

export function StatisticsCard() {
  const translate = useTranslate();
  // The chosen range is remembered, like list filters.
  const [days, setDays] = useStore<StatRange>('dashboard.range', DEFAULT_STAT_RANGE);
  const { data, isError } = useQuery({
    queryKey: ['dashboard', 'statistics', days],
    queryFn: ({ signal }) => call(dashboardApi.statistics, { query: { days } }, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <Card component="section" aria-labelledby="stats-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Typography id="stats-title" variant="h6" component="h2">
            {translate('dashboard.stats.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_, value: StatRange | null) => value && setDays(value)}
            aria-label={translate('dashboard.stats.range')}
          >
            {STAT_RANGES.map((n) => (
              <ToggleButton key={n} value={n}>
                {translate('dashboard.stats.days', { n })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        {isError ? <Alert severity="warning">{translate('dashboard.stats.loadFailed')}</Alert> : null}
        {data ? (
          <>
            <Stack
              direction="row"
              spacing={4}
              useFlexGap
              sx={{ mb: 2, flexWrap: 'wrap', rowGap: 2 }}
              data-testid="stats-totals"
            >
              <Total label={translate('dashboard.stats.posts')} value={String(data.totals.posts)} />
              <Total label={translate('dashboard.stats.staff')} value={String(data.totals.staff)} />
              <Total
                label={translate('dashboard.stats.views')}
                id="total-views"
                value={String(data.totals.views)}
                hint={translate('dashboard.stats.viewsHint')}
              />
              {hasShop(data) ? (
                <>
                  <Total label={translate('dashboard.stats.orders')} value={String(data.totals.orders)} />
                  <Total
                    label={translate('dashboard.stats.revenue')}
                    value={formatTwd(data.totals.revenue ?? 0)}
                    hint={translate('dashboard.stats.revenueHint')}
                  />
                </>
              ) : null}
            </Stack>
            <ActivityChart stats={data} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {translate(
                data.overall.postsApproximate ? 'dashboard.stats.overallApprox' : 'dashboard.stats.overall',
                data.overall,
              )}
              {' · '}
              {translate('dashboard.stats.timezone', { zone: data.timezone })}
            </Typography>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
