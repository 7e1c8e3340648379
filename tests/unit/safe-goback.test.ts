/**
 * The way back after sign-in (`/auth/login?goback=…`) never leaves the site: every attack below either becomes '/'
 * or stays a path of this origin that neither the browser nor the router can turn into `//host`.
 */
import { describe, expect, it } from 'vitest';
import { safeGoback } from '../../src/auth/session';

const ORIGIN = 'https://admin.example';

/** Ways to reach another host, from the review (the first three) and the usual suspects. */
const OFF_SITE = [
  '/..//evil.example/phish',
  '/./\\evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e.//evil.example',
  '/%2e//evil.example',
  '/.//evil.example',
  '/../..//evil.example',
  '/a/../..//evil.example',
  '/..\\\\evil.example',
  '/.\\/evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/\\evil.example',
  '/\\\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example/x',
  '/\r\n/evil.example',
  '/\t\\evil.example',
  '/.\t.//evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5C%5Cevil.example',
  '/%5c/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '\tjavascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https:evil.example',
  'https:/evil.example',
  'https://evil.example/',
  'HTTPS://EVIL.EXAMPLE/',
  'http://evil.example',
  'https://admin.example@evil.example/',
  '／／evil.example',
  '＼＼evil.example',
  'evil.example',
  '',
];

/** Odd but harmless: they stay paths of this site. */
const ODD_ON_SITE = [
  '/javascript:alert(1)',
  '/../evil.example',
  '/..%2f/evil.example',
  '/／evil.example',
  '/%EF%BC%8F%EF%BC%8Fevil.example',
  '/\u3000/evil.example',
  '/\u2028/evil.example',
  '/press/%2e%2e',
  '/@evil.example',
  '/evil.example:443',
];

/** What a browser would do with the answer, and what a router that decodes the path once would see. */
function staysOnSite(back: string) {
  const url = new URL(back, ORIGIN);
  expect(url.origin).toBe(ORIGIN);
  expect(back).toMatch(/^\/(?![\\/])/);
  expect(decodeURIComponent(url.pathname)).not.toMatch(/^\/[\\/]/);
}

describe('safeGoback', () => {
  it.each(OFF_SITE)('refuses %j', (attack) => {
    expect(safeGoback(attack, ORIGIN)).toBe('/');
  });

  it.each(ODD_ON_SITE)('keeps %j on the site', (odd) => {
    staysOnSite(safeGoback(odd, ORIGIN));
  });

  it('refuses the sign-in screens themselves', () => {
    expect(safeGoback('/auth/login', ORIGIN)).toBe('/');
    expect(safeGoback('/x/../auth/logout', ORIGIN)).toBe('/');
    expect(safeGoback('/%2e%2e/auth/login', ORIGIN)).toBe('/');
    expect(safeGoback('/\tauth/login', ORIGIN)).toBe('/');
    expect(safeGoback('/auth', ORIGIN)).toBe('/');
  });

  it('keeps the ways back of the app', () => {
    expect(safeGoback(null, ORIGIN)).toBe('/');
    expect(safeGoback('/', ORIGIN)).toBe('/');
    expect(safeGoback('/press', ORIGIN)).toBe('/press');
    expect(safeGoback('/category/3', ORIGIN)).toBe('/category/3');
    expect(safeGoback('/edit/press/0', ORIGIN)).toBe('/edit/press/0');
    expect(safeGoback('/press?status=1#top', ORIGIN)).toBe('/press?status=1#top');
    expect(safeGoback('/label?type=2&q=%2F%2Fx', ORIGIN)).toBe('/label?type=2&q=%2F%2Fx');
    expect(safeGoback('/tag?q=//evil.example', ORIGIN)).toBe('/tag?q=//evil.example');
    expect(safeGoback('/author/../press', ORIGIN)).toBe('/press');
  });

  it('answers the same for an answer it gave', () => {
    for (const value of [...OFF_SITE, ...ODD_ON_SITE, '/press?status=1#top']) {
      const back = safeGoback(value, ORIGIN);
      expect(safeGoback(back, ORIGIN)).toBe(back);
    }
  });
});
