/**
 * The site's activity over time in plain SVG (no chart library): per day, a bar of articles published and a bar of
 * new members; for a caller who sees the shop, a line of orders paid (on the same count axis) and a dashed line of
 * revenue on its own axis on the right (NT$). The SVG is one labelled image with a summary; each day tells its
 * numbers on hover, and the same numbers are in a table for screen readers.
 */
import { Box, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useLocaleState, useTranslate } from 'ra-core';
import { useId } from 'react';
import type { Locale } from '../../../contract/constants';
import { hasShop, type Statistics } from '../../../contract/dashboard';
import { formatTwd } from '../../../contract/shop';
import { formatCalendarDay } from '../../components/dates';
import { visuallyHidden } from '../../components/visuallyHidden';
import { boxOf, layoutDays, type Point, polyline, yScale } from './chart';

/** The revenue axis's labels: short (NT$12K, NT$1.2萬), the exact sums being in the hover and the table. */
const compactTwd = (amount: number, lang: string) =>
  `NT$${new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(amount)}`;

function Legend({ color, label, line }: { color: string; label: string; line?: 'solid' | 'dashed' }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {line ? (
        <Box sx={{ width: 16, height: 0, borderTop: `2px ${line} ${color}` }} aria-hidden />
      ) : (
        <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: color }} aria-hidden />
      )}
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
  const shop = hasShop(stats);
  const BOX = boxOf(stats.series);
  const max = Math.max(0, ...stats.series.map((p) => Math.max(p.posts, p.staff, p.orders ?? 0)));
  const scale = yScale(max);
  // At least NT$0–100 on the revenue axis: whole dollars 0, 1, 2 would look like a scale of nothing.
  const money = yScale(Math.max(100, ...stats.series.map((p) => p.revenue ?? 0)));
  const days = layoutDays(stats.series, scale.top, money.top);
  const plotBottom = BOX.height - BOX.bottom;
  const yOf = (v: number, top = scale.top) => plotBottom - (v / top) * (plotBottom - BOX.top);
  const postsColor = theme.palette.primary.main;
  const staffColor = theme.palette.secondary.light;
  const ordersColor = theme.palette.warning.main;
  const revenueColor = theme.palette.success.main;
  const numbers = (p: { posts: number; staff: number }) => ({ posts: p.posts, staff: p.staff });
  const shopNumbers = (p: { orders?: number; revenue?: number }) => ({
    orders: p.orders ?? 0,
    revenue: formatTwd(p.revenue ?? 0),
  });
  const ordersLine = days.flatMap((d) => (d.orders ? [d.orders] : []));
  const revenueLine = days.flatMap((d) => (d.revenue ? [d.revenue] : []));
  const dots = (points: Point[], color: string) =>
    points.length <= 31
      ? points.map((p) => <circle key={p.x} cx={p.x} cy={p.y} r={2.5} fill={color} />)
      : null;

  return (
    <Box data-testid="activity-chart">
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 1, flexWrap: 'wrap' }}
        data-testid="chart-legend"
      >
        <Legend color={postsColor} label={translate('dashboard.stats.posts')} />
        <Legend color={staffColor} label={translate('dashboard.stats.staff')} />
        {shop ? (
          <>
            <Legend color={ordersColor} line="solid" label={translate('dashboard.stats.orders')} />
            <Legend color={revenueColor} line="dashed" label={translate('dashboard.stats.revenueAxis')} />
          </>
        ) : null}
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
          {shop ? ` ${translate('dashboard.stats.chartSummaryShop', shopNumbers(stats.totals))}` : null}
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
        {shop
          ? money.ticks.map((tick) => (
              <text
                key={`r${tick}`}
                x={BOX.width - BOX.right + 6}
                y={yOf(tick, money.top)}
                textAnchor="start"
                dominantBaseline="middle"
                fontSize="11"
                fill={revenueColor}
              >
                {compactTwd(tick, lang)}
              </text>
            ))
          : null}
        {days.map((day) => (
          <g key={day.point.date} data-date={day.point.date}>
            <title>
              {translate('dashboard.stats.day', {
                date: formatCalendarDay(day.point.date, lang, 'long'),
                ...numbers(day.point),
              })}
              {shop ? `\n${translate('dashboard.stats.dayShop', shopNumbers(day.point))}` : null}
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
        {shop ? (
          <g pointerEvents="none" data-testid="shop-lines">
            <polyline
              points={polyline(ordersLine)}
              fill="none"
              stroke={ordersColor}
              strokeWidth={2}
              strokeLinejoin="round"
            />
            {dots(ordersLine, ordersColor)}
            <polyline
              points={polyline(revenueLine)}
              fill="none"
              stroke={revenueColor}
              strokeWidth={2}
              strokeDasharray="6 4"
              strokeLinejoin="round"
            />
            {dots(revenueLine, revenueColor)}
          </g>
        ) : null}
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
              {shop ? (
                <>
                  <th scope="col">{translate('dashboard.stats.orders')}</th>
                  <th scope="col">{translate('dashboard.stats.revenue')}</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {stats.series.map((p) => (
              <tr key={p.date}>
                <th scope="row">{formatCalendarDay(p.date, lang, 'long')}</th>
                <td>{p.posts}</td>
                <td>{p.staff}</td>
                {shop ? (
                  <>
                    <td>{p.orders ?? 0}</td>
                    <td>{formatTwd(p.revenue ?? 0)}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
