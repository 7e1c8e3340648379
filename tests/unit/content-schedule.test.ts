/** Schedule times are the site's wall clock: the next-half-hour default, conversions, and the future rule. */
import { describe, expect, it } from 'vitest';
import { futureWallTime, instantOf, nextHalfHour, wallTime } from '../../contract/zoned';

const TAIPEI = 'Asia/Taipei';
const at = (iso: string) => new Date(iso).getTime();

describe('nextHalfHour: the default schedule time', () => {
  it('rounds up to the next :00 or :30 of the site clock', () => {
    // 10:07 in Taipei (02:07 UTC) → 10:30
    expect(nextHalfHour(at('2025-03-01T02:07:00Z'), TAIPEI)).toEqual({ date: '2025-03-01', time: '10:30' });
    // 10:45 → 11:00
    expect(nextHalfHour(at('2025-03-01T02:45:10Z'), TAIPEI)).toEqual({ date: '2025-03-01', time: '11:00' });
  });

  it('is always ahead, even exactly on a half hour', () => {
    expect(nextHalfHour(at('2025-03-01T02:30:00Z'), TAIPEI)).toEqual({ date: '2025-03-01', time: '11:00' });
    expect(nextHalfHour(at('2025-03-01T02:00:00Z'), TAIPEI)).toEqual({ date: '2025-03-01', time: '10:30' });
  });

  it('crosses midnight and month ends in the site zone, not in UTC', () => {
    // 23:50 on 31 March in Taipei is 15:50 UTC the same day
    expect(nextHalfHour(at('2025-03-31T15:50:00Z'), TAIPEI)).toEqual({ date: '2025-04-01', time: '00:00' });
  });

  it('follows half-hour zones and daylight saving', () => {
    // India is UTC+5:30: 10:10 there → 10:30
    expect(nextHalfHour(at('2025-03-01T04:40:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2025-03-01',
      time: '10:30',
    });
    // New York springs forward on 9 March 2025 at 02:00 → 03:00; 01:45 EST is followed by 03:00 EDT
    expect(nextHalfHour(at('2025-03-09T06:45:00Z'), 'America/New_York')).toEqual({
      date: '2025-03-09',
      time: '03:00',
    });
  });
});

describe('wall times and instants', () => {
  it('converts both ways in the site zone', () => {
    expect(wallTime('2025-06-01T04:30:00Z', TAIPEI)).toEqual({ date: '2025-06-01', time: '12:30' });
    expect(instantOf({ date: '2025-06-01', time: '12:30' }, TAIPEI).toISOString()).toBe(
      '2025-06-01T04:30:00.000Z',
    );
    expect(instantOf({ date: '2025-07-01', time: '09:00' }, 'America/New_York').toISOString()).toBe(
      '2025-07-01T13:00:00.000Z',
    );
  });

  it('answers an invalid date for malformed input', () => {
    expect(Number.isNaN(instantOf({ date: '2025-6-1', time: '12:30' }, TAIPEI).getTime())).toBe(true);
    expect(Number.isNaN(instantOf({ date: '2025-06-01', time: '1230' }, TAIPEI).getTime())).toBe(true);
  });
});

describe('futureWallTime: 請選擇未來的時間', () => {
  const now = at('2025-03-01T02:07:00Z'); // 10:07 in Taipei

  it('passes a time ahead and refuses one behind or now', () => {
    expect(futureWallTime({ date: '2025-03-01', time: '10:30' }, TAIPEI, now)).toBeUndefined();
    expect(futureWallTime({ date: '2025-03-01', time: '10:00' }, TAIPEI, now)).toEqual({
      message: 'validation.dateFuture',
    });
    expect(futureWallTime({ date: '2025-02-28', time: '23:00' }, TAIPEI, now)?.message).toBe(
      'validation.dateFuture',
    );
  });

  it('judges the wall time in the site zone, not the browser zone', () => {
    // 09:00 UTC would be ahead of 02:07 UTC, but 09:00 in Taipei is 01:00 UTC: in the past
    expect(futureWallTime({ date: '2025-03-01', time: '09:00' }, TAIPEI, now)?.message).toBe(
      'validation.dateFuture',
    );
  });
});
