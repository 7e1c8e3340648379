/**
 * The settings overview lists its pages by a words prefix whose `title` and `body` it reads; each must be there in
 * every language (a plain string at the prefix once showed the raw keys).
 */
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import zhTW from '../../i18n/zh-TW';
import { SETTINGS_PAGES } from '../../src/custom/settings/SettingsOverview';

const at = (words: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], words);

describe('the settings overview', () => {
  it.each([
    ['zh-TW', zhTW],
    ['en', en],
    ['ja', ja],
  ])('has a title and a body for every page in %s', (_lang, words) => {
    for (const page of SETTINGS_PAGES) {
      expect(typeof at(words, `${page.words}.title`), page.words).toBe('string');
      expect(typeof at(words, `${page.words}.body`), page.words).toBe('string');
    }
  });
});
