/**
 * Schedule times are the site's wall-clock time (a date and an HH:mm time in its time zone, as `press/publish`
 * takes them), whatever the browser's or the server's own zone. These helpers convert between wall times and
 * instants with Intl only (no time zone package) and give the default: the next half hour (SPEC §4, §9). The server
 * and the SPA use the same ones.
 */
import { DEFAULT_TIMEZONE } from './constants';
import { PATTERNS } from './patterns';
import { TIMEZONES } from './timezones';
import { type RuleResult, rules } from './validation';

export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
}

const HALF_HOUR = 30 * 60_000;

function partsOf(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/**
 * A site's time zone if it is one of the known ones (`TIMEZONES`), else DEFAULT_TIMEZONE: safe for Intl and for
 * PostgreSQL's `AT TIME ZONE`, which fail on a name they do not have.
 */
export function knownZone(timeZone: string | null | undefined): string {
  return timeZone && TIMEZONES.includes(timeZone) ? timeZone : DEFAULT_TIMEZONE;
}

/** The wall time of an instant in a time zone. */
export function wallTime(instant: Date | number | string, timeZone: string): WallTime {
  const p = partsOf(new Date(instant).getTime(), timeZone);
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms (whole minutes). */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - instant) / 60_000) * 60_000;
}

/** The instant a wall time in a zone stands for; NaN when the date or time is malformed or does not exist. */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const d = PATTERNS.date.re.exec(wall.date);
  const t = PATTERNS.time.re.exec(wall.time);
  if (!d || !t) return new Date(Number.NaN);
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const guess = Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]));
  const check = new Date(guess);
  // 2026-02-30 and the like roll over in Date.UTC: refuse them rather than schedule on another day.
  if (year < 1000 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return new Date(Number.NaN);
  const first = guess - offsetAt(guess, timeZone);
  // Near a daylight-saving change the offset at the result may differ from the one at the guess.
  return new Date(guess - offsetAt(first, timeZone));
}

/**
 * A day of the zone's calendar (YYYY-MM-DD) as the moments it spans: its start and the next day's start (a day is
 * not always 24 hours); undefined for a day that is not one. A list's date range takes both days whole.
 */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } | undefined {
  const day = date.trim();
  const start = instantOf({ date: day, time: '00:00' }, timeZone);
  if (day.length !== 10 || Number.isNaN(start.getTime())) return undefined;
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start, end: instantOf({ date: next, time: '00:00' }, timeZone) };
}

/** The next :00 or :30 of the zone's clock after `now`: the default schedule time. */
export function nextHalfHour(now: Date | number, timeZone: string): WallTime {
  const current = wallTime(now, timeZone);
  const [hour, minute] = current.time.split(':').map(Number);
  const start = instantOf(
    { date: current.date, time: `${pad(hour)}:${minute < 30 ? '00' : '30'}` },
    timeZone,
  );
  return wallTime(start.getTime() + HALF_HOUR, timeZone);
}

/** 請選擇未來的時間 unless the wall time is after `now`. */
export function futureWallTime(wall: WallTime, timeZone: string, now: number = Date.now()): RuleResult {
  return rules.dateFuture(instantOf(wall, timeZone), now);
}
