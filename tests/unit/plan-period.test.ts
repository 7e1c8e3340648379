/** A plan's period: one calendar month from the payment, the end of a shorter month when the day does not exist. */
import { describe, expect, it } from 'vitest';
import { periodEnd } from '../../server/modules/plans/payments';

const at = (iso: string) => new Date(iso);

describe('periodEnd', () => {
  it('is the same day and time next month', () => {
    expect(periodEnd(at('2026-03-15T10:30:00Z')).toISOString()).toBe('2026-04-15T10:30:00.000Z');
    expect(periodEnd(at('2026-12-01T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('ends on the last day of a shorter month rather than spilling into the next', () => {
    expect(periodEnd(at('2026-01-31T08:00:00Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(periodEnd(at('2028-01-31T08:00:00Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(periodEnd(at('2026-03-31T08:00:00Z')).toISOString()).toBe('2026-04-30T08:00:00.000Z');
  });
});
