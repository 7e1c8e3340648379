/**
 * The date kinds' inputs (loaded only by a form that has one): a calendar day with the browser's date picker
 * (react-admin's DateInput, YYYY-MM-DD as it is), and a moment with its date-and-time picker showing the site's wall
 * clock in the site's time zone, whatever the browser's (contract/zoned.ts): the form holds the moment as UTC ISO,
 * which is what `save` sends. Its hint names the zone, after the field's own.
 */
import { useTranslate } from 'ra-core';
import { useCallback } from 'react';
import { DateInput, DateTimeInput } from 'react-admin';
import { instantOf, wallTime } from '../../contract/zoned';
import { useDateTime } from '../components/DateTimeField';
import type { validatorOf } from './form';

/**
 * A moment (ISO) as the picker's value, `2026-03-01T09:30` of the zone's clock; '' for none. DateTimeInput formats
 * what useInput already formatted: a wall time (16 characters, no zone) stays as it is.
 */
export function toWall(value: unknown, zone: string): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return '';
  if (value.length <= 16) return value;
  const wall = wallTime(value, zone);
  return `${wall.date}T${wall.time}`;
}

/** The picker's `2026-03-01T09:30` of the zone's clock as the moment it is (UTC ISO); null for none or no such. */
export function fromWall(value: string, zone: string): string | null {
  const [date, time = ''] = value.split('T');
  const at = instantOf({ date, time: time.slice(0, 5) }, zone);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

interface Props {
  source: string;
  label: string;
  helperText?: string;
  validate: ReturnType<typeof validatorOf>;
  fullWidth?: boolean;
}

export function DayInput(props: Props) {
  return <DateInput {...props} />;
}

export function ZonedDateTimeInput({ helperText, ...props }: Props) {
  const translate = useTranslate();
  const { zone } = useDateTime();
  const format = useCallback((value: unknown) => toWall(value, zone), [zone]);
  const parse = useCallback((value: string) => fromWall(value, zone), [zone]);
  return (
    <DateTimeInput
      {...props}
      format={format}
      parse={parse}
      helperText={[helperText, translate('content.publish.setting.zone', { zone })].filter(Boolean).join(' ')}
    />
  );
}
