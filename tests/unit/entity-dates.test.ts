/**
 * The date kinds of the entity layer (contract/entity.ts field.date, field.dateTime): a day that exists, a moment
 * with its offset answered in UTC, empty when optional, read-only without `editable`; and the form's picker, which
 * shows and takes the site's wall clock in its zone whatever the browser's (src/entities/DateInputs.tsx).
 */
import { describe, expect, it } from 'vitest';
import { field } from '../../contract/entity';
import { fromWall, toWall } from '../../src/entities/DateInputs';
import { validatorOf } from '../../src/entities/form';

const error = (f: { input?: { safeParse(v: unknown): { success: boolean; error?: unknown } } }, v: unknown) =>
  f.input?.safeParse(v).success;

describe('field.date', () => {
  const day = field.date();
  it('takes a day that exists, written YYYY-MM-DD', () => {
    expect(day.kind).toBe('date');
    for (const ok of ['2024-02-29', '2026-12-31', '1000-01-01']) expect(error(day, ok), ok).toBe(true);
    for (const bad of ['2026-02-30', '2026-04-31', '2026-13-01', '0999-12-31', '2026-1-1', '2026/01/01', ''])
      expect(error(day, bad), bad).toBe(false);
  });
  it('is required unless optional, which may be null (and is unless sent)', () => {
    expect(validatorOf(day)(null)).toEqual({ message: 'validation.required', args: {} });
    expect(validatorOf(day)('2026-02-30')).toEqual({ message: 'validation.format', args: {} });
    const optional = field.date({ optional: true, list: true });
    expect(optional.input?.parse(undefined)).toBeNull();
    expect(optional.input?.parse(null)).toBeNull();
    expect(optional.list).toBe(true);
    expect('optional' in optional).toBe(false);
  });
});

describe('field.dateTime', () => {
  it('is read-only without `editable` (created_at, updated_at)', () => {
    const stamp = field.dateTime({ sort: true });
    expect(stamp.kind).toBe('dateTime');
    expect(stamp.input).toBeUndefined();
    expect(stamp.sort).toBe(true);
  });
  it('takes a moment with its offset and answers it in UTC', () => {
    const moment = field.dateTime({ editable: true });
    expect(moment.input?.parse('2026-03-01T09:30:00+08:00')).toBe('2026-03-01T01:30:00.000Z');
    expect(moment.input?.parse('2026-03-01T09:30:15.5Z')).toBe('2026-03-01T09:30:15.500Z');
    for (const bad of [
      '2026-03-01T09:30',
      '2026-03-01T09:30+08:00',
      '2026-02-30T09:30:00Z',
      '2026-03-01 09:30Z',
      '2026-03-01T25:00Z',
      'now',
    ])
      expect(error(moment, bad), bad).toBe(false);
    expect(field.dateTime({ editable: true, optional: true }).input?.parse(undefined)).toBeNull();
  });
});

describe('the picker in the site’s zone', () => {
  it('shows a moment as the zone’s wall clock and takes it back', () => {
    expect(toWall('2026-03-01T01:30:00.000Z', 'Asia/Taipei')).toBe('2026-03-01T09:30');
    expect(toWall('2026-03-01T01:30:00.000Z', 'America/New_York')).toBe('2026-02-28T20:30');
    expect(fromWall('2026-03-01T09:30', 'Asia/Taipei')).toBe('2026-03-01T01:30:00.000Z');
    expect(fromWall('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
  });
  it('keeps a wall time as it is (the input formats twice), and has nothing for none', () => {
    expect(toWall('2026-03-01T09:30', 'Asia/Taipei')).toBe('2026-03-01T09:30');
    expect(toWall(null, 'Asia/Taipei')).toBe('');
    expect(toWall('', 'Asia/Taipei')).toBe('');
    expect(fromWall('', 'Asia/Taipei')).toBeNull();
    expect(fromWall('2026-02-30T09:30', 'Asia/Taipei')).toBeNull();
  });
});
