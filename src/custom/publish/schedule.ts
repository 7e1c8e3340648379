/**
 * Schedule times are the site's wall-clock time (a date and an HH:mm time in its time zone, as `press/publish`
 * takes them), whatever the browser's own zone. These helpers convert between wall times and instants and give the
 * default: the next half hour (SPEC §4, §9).
 */
import { type RuleResult, rules } from '../../../contract/validation';

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

/** The instant a wall time in a zone stands for; NaN when the date or time is malformed. */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wall.date);
  const t = /^(\d{2}):(\d{2})$/.exec(wall.time);
  if (!d || !t) return new Date(Number.NaN);
  const guess = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const first = guess - offsetAt(guess, timeZone);
  // Near a daylight-saving change the offset at the result may differ from the one at the guess.
  return new Date(guess - offsetAt(first, timeZone));
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
