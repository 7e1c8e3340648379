/**
 * The public site's most viewed pages and most followed links over the dashboard's range (dashboard/top, the
 * first-party counter): two small tables side by side, each with its empty state.
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useStore, useTranslate } from 'ra-core';
import { dashboardApi } from '../../../contract/api/dashboard';
import { DEFAULT_STAT_RANGE, type StatRange } from '../../../contract/dashboard';
import { call } from '../../dataProvider/client';

function TopTable({
  id,
  title,
  column,
  empty,
  rows,
}: {
  id: string;
  title: string;
  column: string;
  empty: string;
  rows: { key: string; count: number }[];
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }} data-testid={id}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {empty}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={`${id}-title`}>
          <TableHead>
            <TableRow>
              <TableCell>{column}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {translate('dashboard.top.count')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{r.key}</TableCell>
                <TableCell align="right">{r.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function TopCard() {
  const translate = useTranslate();
  // The same range as the activity card (StatisticsCard's switch).
  const [days] = useStore<StatRange>('dashboard.range', DEFAULT_STAT_RANGE);
  const { data, isError } = useQuery({
    queryKey: ['dashboard', 'top', days],
    queryFn: ({ signal }) => call(dashboardApi.top, { days }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card component="section" aria-labelledby="top-title">
      <CardContent>
        <Typography id="top-title" variant="h6" component="h2" gutterBottom>
          {translate('dashboard.top.title')}
        </Typography>
        {isError ? <Alert severity="warning">{translate('dashboard.top.loadFailed')}</Alert> : null}
        {data ? (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            }}
          >
            <TopTable
              id="top-pages"
              title={translate('dashboard.top.pages')}
              column={translate('dashboard.top.page')}
              empty={translate('dashboard.top.noPages')}
              rows={data.pages.map((p) => ({ key: p.path, count: p.count }))}
            />
            <TopTable
              id="top-links"
              title={translate('dashboard.top.links')}
              column={translate('dashboard.top.link')}
              empty={translate('dashboard.top.noLinks')}
              rows={data.links.map((l) => ({ key: l.target, count: l.count }))}
            />
          </Box>
        ) : null}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {translate('dashboard.top.note')}
        </Typography>
      </CardContent>
    </Card>
  );
}
