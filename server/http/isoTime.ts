/**
 * A moment as the ISO 8601 text of every reply (`2026-11-30T00:42:14.123Z`), as Date#toISOString writes it, at a
 * fraction of its cost (issue 31: a list of 50 rows formats 100 of them per call).
 */
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * A timestamp as a reply writes it. A Date (drizzle's reads); or text already written so (a list's records,
 * http/records.ts), which is its own answer. Years outside 1000–9999 are toISOString's.
 */
export function isoTime(d: Date | string): string {
  if (typeof d === 'string') return d;
  const year = d.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return d.toISOString();
  return `${year}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(
    d.getUTCMinutes(),
  )}:${two(d.getUTCSeconds())}.${three(d.getUTCMilliseconds())}Z`;
}

const ZERO = 48;
const NINE = 57;
const isDigit = (code: number) => code >= ZERO && code <= NINE;

/**
 * PostgreSQL's text of a `timestamp` (`withTimezone` false: read as UTC, as drizzle does) or a `timestamptz` as
 * isoTime writes it — the same text as `isoTime(new Date(text))`, which drizzle's own decoding and isoTime give. The
 * usual shape (`2026-11-30 04:24:48.912345`, then `+00` for a session in UTC) is rewritten as text, its fraction cut
 * to milliseconds as Date does; any other (an offset, a year past 9999, BC, infinity) goes through a Date.
 */
export function isoTimeOfPg(text: string, withTimezone: boolean): string {
  const n = text.length;
  const end = withTimezone ? n - 3 : n;
  if (
    n >= 19 &&
    n <= 29 &&
    (!withTimezone ||
      (text.charCodeAt(end) === 43 &&
        text.charCodeAt(end + 1) === ZERO &&
        text.charCodeAt(end + 2) === ZERO)) &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(10) === 32 &&
    isDigit(text.charCodeAt(0)) &&
    text.charCodeAt(0) !== ZERO &&
    (end === 19 || (text.charCodeAt(19) === 46 && end > 20 && end <= 26 && allDigits(text, 20, end)))
  ) {
    const fraction = end === 19 ? '000' : text.slice(20, Math.min(end, 23)).padEnd(3, '0');
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
  }
  return isoTime(new Date(withTimezone ? text : `${text}+0000`));
}

function allDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}
