/**
 * The /design form's rules (src/custom/design/designForm.ts): a theme's defaults, values fitted to the applied
 * theme's settings, the checks made before sending, and the server's field errors found by setting id.
 */
import { describe, expect, it } from 'vitest';
import type { ThemeSetting } from '../../contract/themes';
import {
  allValid,
  checkValue,
  defaultsOf,
  errorsById,
  numberFrom,
  sameValues,
  valuesFor,
} from '../../src/custom/design/designForm';

const settings: ThemeSetting[] = [
  { id: 'accent', label: { 'zh-TW': '主色', en: 'Accent' }, type: 'color', default: '#336699' },
  {
    id: 'layout',
    label: 'Layout',
    type: 'select',
    options: [
      { value: 'wide', label: 'Wide' },
      { value: 'narrow', label: 'Narrow' },
    ],
    default: 'wide',
  },
  { id: 'show_author', label: 'Author', type: 'checkbox', default: true },
  { id: 'per_page', label: 'Per page', type: 'number', min: 5, max: 50, default: 10 },
  { id: 'tagline', label: 'Tagline', type: 'text', default: '' },
];

describe('design form', () => {
  it("starts from the theme's defaults and keeps only values of the right type", () => {
    expect(defaultsOf(settings)).toEqual({
      accent: '#336699',
      layout: 'wide',
      show_author: true,
      per_page: 10,
      tagline: '',
    });
    expect(valuesFor(settings, { accent: '#ff0000', per_page: '12', stale: 1 })).toEqual({
      accent: '#ff0000',
      layout: 'wide',
      show_author: true,
      per_page: 10,
      tagline: '',
    });
  });

  it('checks colours and number bounds before anything is sent', () => {
    const [accent, , , perPage] = settings;
    expect(checkValue(accent, '#A0b1C2')).toBeUndefined();
    expect(checkValue(accent, 'red')?.key).toBe('design.badColor');
    expect(checkValue(accent, '#12345')?.key).toBe('design.badColor');
    expect(checkValue(perPage, 5)).toBeUndefined();
    expect(checkValue(perPage, 51)).toEqual({ key: 'design.outOfRange', args: { min: 5, max: 50 } });
    expect(checkValue(perPage, 7.5)?.key).toBe('design.outOfRange');
    expect(checkValue(perPage, numberFrom('abc'))?.key).toBe('design.outOfRange');
    expect(numberFrom('12')).toBe(12);
    expect(numberFrom('')).toBe('');
    expect(allValid(settings, defaultsOf(settings))).toBe(true);
    expect(allValid(settings, { ...defaultsOf(settings), accent: '#zzzzzz' })).toBe(false);
  });

  it("finds the server's field errors by setting id and compares values", () => {
    expect(errorsById({ 'values.accent': '該欄位格式錯誤', per_page: '太大' })).toEqual({
      accent: '該欄位格式錯誤',
      per_page: '太大',
    });
    expect(errorsById(undefined)).toEqual({});
    expect(sameValues({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(sameValues({ a: 1 }, { a: 1, b: false })).toBe(false);
  });
});
