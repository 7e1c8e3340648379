/**
 * The one way the SPA writes a date or a time: in the site's time zone (schedules and publish times are the site's
 * wall clock, whatever the browser's zone), in the interface language (not the browser's), to the minute on a 24-hour
 * clock, and naming the zone where a schedule is concerned. Screens use useDateTime() or <DateTimeField>
 * (DateTimeField.tsx); these pure functions are what they call.
 */
import type { Locale } from '../../contract/constants';
import { htmlLang } from '../i18n/locale';

/**
 * - `dateTime`: date and time to the minute (lists, history, details);
 * - `date`: the date alone;
 * - `schedule`: date and time followed by the zone's name (publish and schedule screens).
 */
export type DateTimeStyle = 'dateTime' | 'date' | 'schedule';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** Intl formatters are slow to make and lists format hundreds of cells: one per language, zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: Locale, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withTime}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(htmlLang[locale], { ...(withTime ? DATE_TIME : DATE), timeZone });
    formatters.set(key, made);
  }
  return made;
}

/** The zone named after a time, as each language brackets an aside. */
const zoneNamed: Record<Locale, (text: string, zone: string) => string> = {
  'zh-TW': (text, zone) => `${text}（${zone}）`,
  ja: (text, zone) => `${text}（${zone}）`,
  en: (text, zone) => `${text} (${zone})`,
};

/**
 * An instant (a Date, epoch milliseconds or an ISO string) as the interface language writes it in a time zone. Empty
 * for no value; a value that is no instant is shown as it came.
 */
export function formatDateTime(
  instant: Date | number | string | null | undefined,
  locale: Locale,
  timeZone: string,
  style: DateTimeStyle = 'dateTime',
): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  // ICU puts thin or no-break spaces in some languages (zh-Hant-TW: U+2009); plain ones read the same and copy well.
  const text = formatterFor(locale, timeZone, style !== 'date')
    .format(date)
    .replace(/[\u2009\u202f\u00a0]/g, ' ');
  return style === 'schedule' ? zoneNamed[locale](text, timeZone) : text;
}

/**
 * A calendar day (YYYY-MM-DD, already a day of the site's clock, e.g. a statistics day) as the interface language
 * writes it: `short` is month and day (a chart's axis), `long` adds the year and weekday.
 */
export function formatCalendarDay(day: string, locale: Locale, style: 'short' | 'long' = 'short'): string {
  const [y, m, d] = day.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }
      : { month: 'numeric', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(htmlLang[locale], options).format(new Date(Date.UTC(y, m - 1, d)));
}
