import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../src/components/pageWindow';

describe('pageWindow: windows of 5 page buttons', () => {
  it('shows pages 1–5 and a step to the next window', () => {
    expect(pageWindow(1, 120, 10)).toEqual({ pages: [1, 2, 3, 4, 5], prev: null, next: 6, totalPages: 12 });
    expect(pageWindow(5, 120, 10).pages).toEqual([1, 2, 3, 4, 5]);
  });

  it('moves whole windows, and the last one may be short', () => {
    expect(pageWindow(6, 120, 10)).toEqual({ pages: [6, 7, 8, 9, 10], prev: 1, next: 11, totalPages: 12 });
    expect(pageWindow(12, 120, 10)).toEqual({ pages: [11, 12], prev: 6, next: null, totalPages: 12 });
  });

  it('keeps one page for an empty list and clamps pages out of range', () => {
    expect(pageWindow(1, 0, 10)).toEqual({ pages: [1], prev: null, next: null, totalPages: 1 });
    expect(pageWindow(99, 25, 10).pages).toEqual([1, 2, 3]);
    expect(pageWindow(-3, 25, 10).pages).toEqual([1, 2, 3]);
  });

  it('counts exact multiples right', () => {
    expect(pageWindow(1, 50, 10)).toMatchObject({ pages: [1, 2, 3, 4, 5], next: null });
    expect(pageWindow(1, 51, 10)).toMatchObject({ next: 6, totalPages: 6 });
  });
});
