import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugify, slugWithSuffix } from '../../contract/slug';
import { rules } from '../../contract/validation';

const valid = (slug: string) => expect(rules.slug(slug), slug).toBeUndefined();

describe('slugify', () => {
  it('writes Chinese as toneless pinyin joined by hyphens', () => {
    expect(slugify('新北市的天氣')).toBe('xin-bei-shi-de-tian-qi');
    expect(slugify('人工智慧')).toBe('ren-gong-zhi-hui');
    expect(slugify('旅遊')).toBe('lv-you');
  });

  it('reads Traditional polyphones by their word, as in Simplified', () => {
    expect(slugify('電動車')).toBe('dian-dong-che');
    expect(slugify('銀行行長')).toBe('yin-hang-hang-zhang');
    expect(slugify('還有')).toBe('hai-you');
    expect(slugify('長大')).toBe('zhang-da');
    expect(slugify('音樂')).toBe('yin-yue');
    expect(slugify('快樂')).toBe('kuai-le');
    expect(slugify('著名')).toBe('zhu-ming');
    expect(slugify('重慶')).toBe('chong-qing');
  });

  it('keeps English words and digits, lowercased, between the syllables', () => {
    expect(slugify('iPhone 15 發表會')).toBe('iphone-15-fa-biao-hui');
    expect(slugify('台北 AI 展')).toBe('tai-bei-ai-zhan');
    expect(slugify('Hello World')).toBe('hello-world');
  });

  it('prefixes p- when the slug would start with a digit', () => {
    expect(slugify('2024年台北')).toBe('p-2024-nian-tai-bei');
    expect(slugify('123')).toBe('p-123');
    valid(slugify('2024年台北'));
  });

  it('turns punctuation and spaces into single hyphens and trims them', () => {
    expect(slugify('  Hello, 世界! ')).toBe('hello-shi-jie');
    expect(slugify('a -- b__c//d')).toBe('a-b-c-d');
    expect(slugify('「新聞」：今天？')).toBe('xin-wen-jin-tian');
  });

  it('drops emoji and accents, and reads full-width letters', () => {
    expect(slugify('🎉慶祝🎉')).toBe('qing-zhu');
    expect(slugify('Café crème')).toBe('cafe-creme');
    expect(slugify('ＡＢＣ１２')).toBe('abc12');
  });

  it('answers an empty string when nothing usable is left', () => {
    expect(slugify('')).toBe('');
    expect(slugify('   ')).toBe('');
    expect(slugify('🎉🎉')).toBe('');
    expect(slugify('!!!')).toBe('');
  });

  it('keeps long text within 100 characters, cut between syllables', () => {
    const long = slugify('新北市的天氣'.repeat(30));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long.length).toBeGreaterThan(80);
    expect(long.endsWith('-')).toBe(false);
    expect(`${long}-`).toBe('xin-bei-shi-de-tian-qi-'.repeat(30).slice(0, long.length + 1));
    valid(long);
  });

  it('cuts a very long single word hard', () => {
    expect(slugify('a'.repeat(150))).toBe('a'.repeat(100));
    expect(slugify(`x-${'9'.repeat(200)}`)).toBe(`x-${'9'.repeat(98)}`);
  });

  it('always passes the slug rule', () => {
    for (const text of ['新北市的天氣', 'Mixed 中文 and 123', '9 點新聞', '東京タワー', 'İstanbul', '-a-']) {
      valid(slugify(text));
    }
  });
});

describe('slugWithSuffix', () => {
  it('appends -n and stays within the limit', () => {
    expect(slugWithSuffix('xin-wen', 2)).toBe('xin-wen-2');
    const long = slugify('新北市的天氣'.repeat(30));
    const suffixed = slugWithSuffix(long, 12);
    expect(suffixed.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(suffixed.endsWith('-12')).toBe(true);
    expect(suffixed).not.toContain('--');
    valid(suffixed);
  });
});
