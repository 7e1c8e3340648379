import { describe, expect, it } from 'vitest';
import { isoTime } from '../../server/http/isoTime';

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
