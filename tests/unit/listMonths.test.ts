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
  const dec = '2027-01-01 00:00:00+00';
  it('names the month a page falls in and the entries to skip from its end', () => {
    expect(monthOfOffset(months, 3, 2)).toEqual({ past: false, end: dec, fromStart: false, skip: 0 });
    expect(monthOfOffset(months, 8, 2)).toEqual({
      past: false,
      end: '2026-12-01 00:00:00+00',
      fromStart: false,
      skip: 0,
    });
    expect(monthOfOffset(months, 13, 1)).toEqual({
      past: false,
      end: '2026-11-01 00:00:00+00',
      fromStart: false,
      skip: 1,
    });
  });

  it('reads a page in the second half of its month from the month start, backwards', () => {
    // December holds offsets 3–7: a page of 2 at 6 is its last two, a page of 1 at 7 its last.
    expect(monthOfOffset(months, 6, 2)).toEqual({ past: false, end: dec, fromStart: true, skip: 0 });
    expect(monthOfOffset(months, 7, 1)).toEqual({ past: false, end: dec, fromStart: true, skip: 0 });
    expect(monthOfOffset(months, 6, 1)).toEqual({ past: false, end: dec, fromStart: true, skip: 1 });
    // A page that runs on into November is read from December's end.
    expect(monthOfOffset(months, 7, 2)).toEqual({ past: false, end: dec, fromStart: false, skip: 4 });
    // The first half from the end.
    expect(monthOfOffset(months, 5, 1)).toEqual({ past: false, end: dec, fromStart: false, skip: 2 });
  });

  it('skips nothing in the first month, and says when the list is shorter', () => {
    expect(monthOfOffset(months, 0, 2)).toBeUndefined();
    expect(monthOfOffset(months, 2, 2)).toBeUndefined();
    expect(monthOfOffset(months, 14, 2)).toEqual({ past: true });
    expect(monthOfOffset([], 0, 2)).toEqual({ past: true });
  });

  it('never seeks to a month without a finite end', () => {
    expect(
      monthOfOffset(
        [
          { end: '2026-12-01 00:00:00+00', n: 1 },
          { end: '-infinity', n: 2 },
        ],
        1,
        1,
      ),
    ).toBeUndefined();
  });

  it('counts the list', () => {
    expect(listedCount(months)).toBe(14);
    expect(listedCount([])).toBe(0);
  });
});
