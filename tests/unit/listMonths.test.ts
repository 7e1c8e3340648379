/** A list's months (server/public/content/listMonths.ts): where an offset's page starts, and the list's length. */
import { describe, expect, it } from 'vitest';
import { listedCount, monthOfOffset } from '../../server/public/content/listMonths';

// Newest first: 3 items without a date, then December (5), November (4), October (2).
const months = [
  { end: 'infinity', n: 3 },
  { end: '2027-01-01 00:00:00+00', n: 5 },
  { end: '2026-12-01 00:00:00+00', n: 4 },
  { end: '2026-11-01 00:00:00+00', n: 2 },
];

describe('monthOfOffset', () => {
  it('names the month an offset falls in and the items before it', () => {
    expect(monthOfOffset(months, 3)).toEqual({ past: false, end: '2027-01-01 00:00:00+00', before: 3 });
    expect(monthOfOffset(months, 7)).toEqual({ past: false, end: '2027-01-01 00:00:00+00', before: 3 });
    expect(monthOfOffset(months, 8)).toEqual({ past: false, end: '2026-12-01 00:00:00+00', before: 8 });
    expect(monthOfOffset(months, 13)).toEqual({ past: false, end: '2026-11-01 00:00:00+00', before: 12 });
  });

  it('skips nothing in the first month, and says when the list is shorter', () => {
    expect(monthOfOffset(months, 0)).toBeUndefined();
    expect(monthOfOffset(months, 2)).toBeUndefined();
    expect(monthOfOffset(months, 14)).toEqual({ past: true });
    expect(monthOfOffset([], 0)).toEqual({ past: true });
  });

  it('never seeks to a month without a finite end', () => {
    expect(
      monthOfOffset(
        [
          { end: '2026-12-01 00:00:00+00', n: 1 },
          { end: '-infinity', n: 2 },
        ],
        1,
      ),
    ).toBeUndefined();
  });

  it('counts the list', () => {
    expect(listedCount(months)).toBe(14);
    expect(listedCount([])).toBe(0);
  });
});
