import { describe, expect, it } from 'vitest';
import { looksUntranslated } from '../e2e/untranslated';

describe('the screen sweep’s untranslated-text check', () => {
  it('finds i18n keys and English status words standing alone', () => {
    for (const text of [
      'share.social.link.title',
      'resources.member.fields.name',
      'members.add',
      ' paid ',
      'Sent',
    ])
      expect(looksUntranslated(text), text).toBe(true);
    expect(looksUntranslated('Normal')).toBe(true);
  });

  it('leaves words, names, addresses and files alone', () => {
    for (const text of [
      '已付款',
      '支払い済み',
      'paid member',
      'demo.sites.localhost',
      'owner@example.com',
      'sweep.png',
      'v1.2.3',
      'NT$1,280',
      'TEAM+',
    ])
      expect(looksUntranslated(text), text).toBe(false);
  });
});
