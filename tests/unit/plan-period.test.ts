/**
 * A plan's period: one calendar month from the payment, the end of a shorter month when the day does not exist;
 * renewals chain from the old end but keep the first period's day of the month (its anchor).
 */
import { describe, expect, it } from 'vitest';
import { nextPeriodEnd, periodEnd } from '../../server/modules/plans/payments';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

/** The ends of `n` periods chained as renewals do, from a first period paid at `start`. */
function chain(start: string, n: number): string[] {
  let from = at(start);
  let end = periodEnd(from);
  const ends = [iso(end)];
  while (ends.length < n) {
    [from, end] = [end, nextPeriodEnd(from, end)];
    ends.push(iso(end));
  }
  return ends;
}

describe('periodEnd', () => {
  it('is the same day and time next month', () => {
    expect(iso(periodEnd(at('2026-03-15T10:30:00Z')))).toBe('2026-04-15T10:30:00.000Z');
    expect(iso(periodEnd(at('2026-12-01T00:00:00Z')))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('ends on the last day of a shorter month rather than spilling into the next', () => {
    expect(iso(periodEnd(at('2026-01-31T08:00:00Z')))).toBe('2026-02-28T08:00:00.000Z');
    expect(iso(periodEnd(at('2028-01-31T08:00:00Z')))).toBe('2028-02-29T08:00:00.000Z');
    expect(iso(periodEnd(at('2026-03-31T08:00:00Z')))).toBe('2026-04-30T08:00:00.000Z');
  });

  it('counts n months from the anchor, each clamped on its own', () => {
    const anchor = at('2026-01-31T08:00:00Z');
    expect([1, 2, 3, 4, 12, 13].map((n) => iso(periodEnd(anchor, n)))).toEqual([
      '2026-02-28T08:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-04-30T08:00:00.000Z',
      '2026-05-31T08:00:00.000Z',
      '2027-01-31T08:00:00.000Z',
      '2027-02-28T08:00:00.000Z',
    ]);
  });
});

describe('nextPeriodEnd: renewals keep the anchor day', () => {
  it('31 Jan → 28 Feb → 31 Mar → 30 Apr → 31 May, not the 28th for good', () => {
    expect(chain('2026-01-31T08:00:00Z', 5)).toEqual([
      '2026-02-28T08:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-04-30T08:00:00.000Z',
      '2026-05-31T08:00:00.000Z',
      '2026-06-30T08:00:00.000Z',
    ]);
  });

  it('in a leap year through 29 February; from the 30th and 29th back to them after February', () => {
    expect(chain('2028-01-31T00:00:00Z', 3)).toEqual([
      '2028-02-29T00:00:00.000Z',
      '2028-03-31T00:00:00.000Z',
      '2028-04-30T00:00:00.000Z',
    ]);
    expect(chain('2026-01-30T12:00:00Z', 3)).toEqual([
      '2026-02-28T12:00:00.000Z',
      '2026-03-30T12:00:00.000Z',
      '2026-04-30T12:00:00.000Z',
    ]);
    expect(chain('2027-01-29T12:00:00Z', 2)).toEqual([
      '2027-02-28T12:00:00.000Z',
      '2027-03-29T12:00:00.000Z',
    ]);
  });

  it('whatever the anchor day, two years of renewals (one leap) land on periodEnd(anchor, n)', () => {
    for (const month of ['2026-12', '2027-01', '2027-03'])
      for (let day = 1; day <= 31; day++) {
        const start = at(`${month}-${String(day).padStart(2, '0')}T05:00:00Z`);
        if (start.getUTCDate() !== day) continue;
        const expected = Array.from({ length: 24 }, (_, i) => iso(periodEnd(start, i + 1)));
        expect(chain(start.toISOString(), 24)).toEqual(expected);
      }
  });

  it('a period without a known start keeps its end’s day', () => {
    expect(iso(nextPeriodEnd(null, at('2026-03-15T10:30:00Z')))).toBe('2026-04-15T10:30:00.000Z');
  });
});
