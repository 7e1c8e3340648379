import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeOfPg } from '../../server/http/isoTime';

describe('isoTime', () => {
  it('writes what Date#toISOString writes, over years 0–10,000 and every millisecond place', () => {
    const span = Date.UTC(10_500, 0, 1) - Date.UTC(-500, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const d = new Date(Date.UTC(-500, 0, 1) + Math.floor(Math.random() * span));
      expect(isoTime(d)).toBe(d.toISOString());
    }
    for (const at of ['1000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-11-30T00:42:14.005Z']) {
      expect(isoTime(new Date(at))).toBe(at);
    }
  });

  it('refuses an invalid date as toISOString does', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

/** A moment as PostgreSQL writes a timestamp's text: a space before the time, the fraction's trailing zeros cut. */
function pgText(d: Date, micros: number): string {
  const iso = d.toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}`;
}

/** What drizzle's timestamp column makes of the text (its mapFromDriverValue), written by isoTime. */
const viaDate = (text: string, withTimezone: boolean) =>
  isoTime(new Date(withTimezone ? text : `${text}+0000`));

/** The text written, or the name of what was thrown. */
function outcome(write: () => string): string {
  try {
    return write();
  } catch (err) {
    return (err as Error).name;
  }
}

describe('isoTimeOfPg', () => {
  it('writes what a Date made from the text writes, for timestamptz in UTC and timestamp', () => {
    const span = Date.UTC(9999, 11, 31) - Date.UTC(1000, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const d = new Date(Date.UTC(1000, 0, 1) + Math.floor(Math.random() * span));
      const text = pgText(d, Math.floor(Math.random() * 1000) * (i % 3 === 0 ? 0 : 1));
      expect(isoTimeOfPg(`${text}+00`, true)).toBe(viaDate(`${text}+00`, true));
      expect(isoTimeOfPg(text, false)).toBe(viaDate(text, false));
      expect(isoTimeOfPg(text, false)).toBe(d.toISOString());
    }
  });

  it('reads the other shapes through a Date: offsets, short years, BC', () => {
    for (const text of [
      '2026-11-30 08:24:48.912345+08',
      '2026-11-30 04:24:48-03:30',
      '2026-11-30 04:24:48.5+05:45',
      '0999-01-01 00:00:00+00',
      '2026-11-30 04:24:48+00 BC',
      '2026-11-30 04:24:48.1234567+00',
      '2026-11-30 04:24:48.+00',
      '2026-11-30T04:24:48+00',
      '20261-11-30 04:24:48+00',
    ])
      for (const withTimezone of [true, false])
        expect(outcome(() => isoTimeOfPg(text, withTimezone))).toBe(
          outcome(() => viaDate(text, withTimezone)),
        );
    expect(isoTimeOfPg('2026-11-30 08:24:48.9', false)).toBe('2026-11-30T08:24:48.900Z');
    expect(isoTimeOfPg('2026-11-30 08:24:48.000001+00', true)).toBe('2026-11-30T08:24:48.000Z');
  });

  it('refuses what no Date holds, as drizzle and isoTime do', () => {
    expect(() => isoTimeOfPg('infinity', true)).toThrow(RangeError);
    for (const text of ['infinity', '-infinity', '', 'garbage'])
      for (const withTimezone of [true, false])
        expect(outcome(() => isoTimeOfPg(text, withTimezone))).toBe(
          outcome(() => viaDate(text, withTimezone)),
        );
  });

  it('passes text already written as isoTime writes it', () => {
    expect(isoTime('2026-11-30T00:42:14.005Z')).toBe('2026-11-30T00:42:14.005Z');
  });
});
