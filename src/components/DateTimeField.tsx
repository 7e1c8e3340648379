/**
 * Dates and times on screen (dates.ts): useDateTime() formats in the current site's time zone and the interface
 * language; <DateTimeField> shows a record's date field that way. Without a current site the zone is the platform
 * default, Asia/Taipei.
 */
import { Typography, type TypographyProps } from '@mui/material';
import { useFieldValue, useLocaleState } from 'ra-core';
import { useCallback } from 'react';
import { DEFAULT_TIMEZONE, type Locale, localeOr } from '../../contract/constants';
import { useSessionQuery } from '../layout/session';
import { type DateTimeStyle, formatDateTime } from './dates';

/** The current site's zone, the interface language, and a formatter of instants in both. */
export function useDateTime() {
  const { data: session } = useSessionQuery();
  const zone = session?.site.current?.timezone || DEFAULT_TIMEZONE;
  const [current] = useLocaleState();
  const locale: Locale = localeOr(current, 'zh-TW');
  const format = useCallback(
    (instant: Date | number | string | null | undefined, style: DateTimeStyle = 'dateTime') =>
      formatDateTime(instant, locale, zone, style),
    [locale, zone],
  );
  return { zone, locale, format };
}

export interface DateTimeFieldProps extends Omit<TypographyProps, 'children'> {
  source: string;
  /** Defaults to the record in context. */
  record?: Record<string, unknown>;
  /** dateTime (the default), date, or schedule (with the zone named). */
  format?: DateTimeStyle;
  /** A react-admin column's header (DataTable reads it from the field). */
  label?: string;
}

/** A record's date field (an ISO string or epoch milliseconds), through useDateTime(). */
export function DateTimeField({
  source,
  record,
  format: style = 'dateTime',
  label: _label,
  ...rest
}: DateTimeFieldProps) {
  const value = useFieldValue({ source, record });
  const { format } = useDateTime();
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }} {...rest}>
      {format(value, style)}
    </Typography>
  );
}
