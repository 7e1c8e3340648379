/** The browser tab's title: the screen, then the site (or the product). */
import { describe, expect, it } from 'vitest';
import { tabTitle } from '../../src/components/useDocumentTitle';

describe('tabTitle', () => {
  it('names the screen and the site', () => {
    expect(tabTitle('文章', '範例新聞網')).toBe('文章 · 範例新聞網');
    expect(tabTitle('  Articles ', 'My Site')).toBe('Articles · My Site');
  });
  it('the place alone when the screen has no name, or the same one', () => {
    expect(tabTitle('', '範例新聞網')).toBe('範例新聞網');
    expect(tabTitle(undefined, '站務後台')).toBe('站務後台');
    expect(tabTitle('站務後台', '站務後台')).toBe('站務後台');
  });
});
