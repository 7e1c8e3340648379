/**
 * The site's activity over time in plain SVG (no chart library): per day, a bar of articles published and a bar of
 * new members. The SVG is one labelled image with a summary; each day tells its numbers on hover, and the same
 * numbers are in a table for screen readers.
 */
import { Box, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useLocaleState, useTranslate } from 'ra-core';
import { useId } from 'react';
import type { Locale } from '../../../contract/constants';
import type { Statistics } from '../../../contract/dashboard';
import { formatCalendarDay } from '../../components/dates';
import { BOX, layoutDays, yScale } from './chart';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: color }} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

export function ActivityChart({ stats }: { stats: Statistics }) {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const lang = locale as Locale;
  const titleId = useId();
  const descId = useId();
  const max = Math.max(0, ...stats.series.map((p) => Math.max(p.posts, p.staff)));
  const scale = yScale(max);
  const days = layoutDays(stats.series, scale.top);
  const plotBottom = BOX.height - BOX.bottom;
  const yOf = (v: number) => plotBottom - (v / scale.top) * (plotBottom - BOX.top);
  const postsColor = theme.palette.primary.main;
  const staffColor = theme.palette.secondary.light;
  const numbers = (p: { posts: number; staff: number }) => ({ posts: p.posts, staff: p.staff });

  return (
    <Box data-testid="activity-chart">
      <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
        <Legend color={postsColor} label={translate('dashboard.stats.posts')} />
        <Legend color={staffColor} label={translate('dashboard.stats.staff')} />
      </Stack>
      <Box
        component="svg"
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        sx={{ width: '100%', height: 'auto', display: 'block', fontFamily: 'inherit' }}
      >
        <title id={titleId}>{translate('dashboard.stats.chartTitle', { n: stats.days })}</title>
        <desc id={descId}>
          {translate('dashboard.stats.chartSummary', {
            from: formatCalendarDay(stats.from, lang, 'long'),
            to: formatCalendarDay(stats.to, lang, 'long'),
            ...stats.totals,
          })}
        </desc>
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={BOX.left}
              x2={BOX.width - BOX.right}
              y1={yOf(tick)}
              y2={yOf(tick)}
              stroke={theme.palette.divider}
              strokeDasharray={tick === 0 ? undefined : '3 4'}
            />
            <text
              x={BOX.left - 8}
              y={yOf(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize="11"
              fill={theme.palette.text.secondary}
            >
              {tick}
            </text>
          </g>
        ))}
        {days.map((day) => (
          <g key={day.point.date} data-date={day.point.date}>
            <title>
              {translate('dashboard.stats.day', {
                date: formatCalendarDay(day.point.date, lang, 'long'),
                ...numbers(day.point),
              })}
            </title>
            {/* The whole slot answers the hover, not only the (often empty) bars. */}
            <rect {...day.slot} fill="transparent" />
            <rect {...day.posts} rx={Math.min(2, day.posts.width / 2)} fill={postsColor} />
            <rect {...day.staff} rx={Math.min(2, day.staff.width / 2)} fill={staffColor} />
            {day.labelled ? (
              <text
                x={day.center}
                y={plotBottom + 18}
                textAnchor="middle"
                fontSize="11"
                fill={theme.palette.text.secondary}
              >
                {formatCalendarDay(day.point.date, lang)}
              </text>
            ) : null}
          </g>
        ))}
      </Box>
      {/* The hiding box is a div: a table is never shorter than its rows, and would lengthen the page. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{translate('dashboard.stats.chartTitle', { n: stats.days })}</caption>
          <thead>
            <tr>
              <th scope="col">{translate('dashboard.stats.date')}</th>
              <th scope="col">{translate('dashboard.stats.posts')}</th>
              <th scope="col">{translate('dashboard.stats.staff')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.series.map((p) => (
              <tr key={p.date}>
                <th scope="row">{formatCalendarDay(p.date, lang, 'long')}</th>
                <td>{p.posts}</td>
                <td>{p.staff}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
