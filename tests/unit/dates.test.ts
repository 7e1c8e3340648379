/** The one date formatter (src/components/dates.ts): the site's zone, the interface language, the zone named. */
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDateTime } from '../../src/components/dates';

// 13:49 in Taipei (UTC+8): the article list once showed it in the browser's zone, as 上午05:49.
const instant = '2026-11-25T05:49:00.000Z';

describe('formatDateTime', () => {
  it("writes the site's wall clock, whatever the browser's zone", () => {
    expect(formatDateTime(instant, 'zh-TW', 'Asia/Taipei')).toBe('2026/11/25 13:49');
    expect(formatDateTime(instant, 'zh-TW', 'UTC')).toBe('2026/11/25 05:49');
    expect(formatDateTime(instant, 'zh-TW', 'America/New_York')).toBe('2026/11/25 00:49');
    // Across the date line: already the next day in Auckland (UTC+13 in summer).
    expect(formatDateTime('2026-11-25T12:00:00Z', 'zh-TW', 'Pacific/Auckland')).toBe('2026/11/26 01:00');
  });

  it('follows daylight saving in the zone', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z', 'en', 'Europe/London')).toBe('07/01/2026, 13:00');
    expect(formatDateTime('2026-12-01T12:00:00Z', 'en', 'Europe/London')).toBe('12/01/2026, 12:00');
  });

  it('writes the interface language on a 24-hour clock, not the browser’s language', () => {
    expect(formatDateTime(instant, 'en', 'Asia/Taipei')).toBe('11/25/2026, 13:49');
    expect(formatDateTime(instant, 'ja', 'Asia/Taipei')).toBe('2026/11/25 13:49');
    expect(formatDateTime(instant, 'zh-TW', 'Asia/Taipei')).not.toMatch(/上午|下午|AM|PM/);
  });

  it('takes dates, epoch milliseconds and ISO strings alike', () => {
    const ms = Date.parse(instant);
    expect(formatDateTime(ms, 'ja', 'Asia/Tokyo')).toBe('2026/11/25 14:49');
    expect(formatDateTime(new Date(ms), 'ja', 'Asia/Tokyo')).toBe('2026/11/25 14:49');
  });

  it('the date alone, and a schedule with its zone named in each language', () => {
    expect(formatDateTime(instant, 'en', 'America/New_York', 'date')).toBe('11/25/2026');
    expect(formatDateTime(instant, 'zh-TW', 'Asia/Taipei', 'schedule')).toBe(
      '2026/11/25 13:49（Asia/Taipei）',
    );
    expect(formatDateTime(instant, 'ja', 'Asia/Tokyo', 'schedule')).toBe('2026/11/25 14:49（Asia/Tokyo）');
    expect(formatDateTime(instant, 'en', 'UTC', 'schedule')).toBe('11/25/2026, 05:49 (UTC)');
  });

  it('nothing for no value; a value that is no instant as it came', () => {
    expect(formatDateTime(null, 'en', 'UTC')).toBe('');
    expect(formatDateTime(undefined, 'en', 'UTC')).toBe('');
    expect(formatDateTime('', 'en', 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('not a date');
  });
});

describe('formatCalendarDay', () => {
  it('writes days in the interface language, whatever the browser’s zone', () => {
    expect(formatCalendarDay('2026-11-22', 'en')).toBe('11/22');
    expect(formatCalendarDay('2026-01-05', 'zh-TW')).toBe('1/5');
    expect(formatCalendarDay('2026-11-22', 'en', 'long')).toBe('Sun, November 22, 2026');
  });
});
