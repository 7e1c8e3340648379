/** The interface locale kept on the device, and the account's language adopted at sign-in only where none was chosen. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptAccountLocale, storedLocale, storeLocale } from '../../src/i18n/locale';

let storage: Map<string, string>;
const html = { lang: '' };

beforeEach(() => {
  storage = new Map();
  html.lang = '';
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal('document', { documentElement: html });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the device locale', () => {
  it('is zh-TW until one is chosen, then the chosen one with its <html lang>', () => {
    expect(storedLocale()).toBe('zh-TW');
    storeLocale('ja');
    expect(storedLocale()).toBe('ja');
    expect(html.lang).toBe('ja');
  });

  it("reads SPEC §9's codes kept on the device as the product's", () => {
    storage.set('locale', 'jp');
    expect(storedLocale()).toBe('ja');
    storage.set('locale', 'zh-tw');
    expect(storedLocale()).toBe('zh-TW');
  });

  it('ignores a stored value that is not a locale', () => {
    storage.set('locale', 'xx');
    expect(storedLocale()).toBe('zh-TW');
    adoptAccountLocale('en');
    expect(storedLocale()).toBe('en');
  });

  it("takes the account's language at sign-in on a device where none was chosen", () => {
    adoptAccountLocale('en');
    expect(storedLocale()).toBe('en');
    expect(html.lang).toBe('en');
  });

  it('keeps a choice made on the device, even zh-TW, over the account', () => {
    storeLocale('zh-TW');
    adoptAccountLocale('ja');
    expect(storedLocale()).toBe('zh-TW');
  });
});
