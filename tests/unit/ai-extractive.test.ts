/** The AI helper's offline provider: segmentation, TF-IDF keywords, the central-sentence summary, the key phrase. */
import { describe, expect, it } from 'vitest';
import {
  documentFrequencies,
  extractiveProvider,
  keyPhrase,
  keywords,
  matchingTags,
  sentences,
  summarize,
  words,
} from '../../server/adapters/ai/extractive';
import { parseAnswer, visibleText } from '../../server/adapters/ai/openai';

const ZH =
  '台北市政府今天宣布，捷運環狀線將於明年通車。捷運環狀線連接新北市與台北市，沿線設有十四個車站。' +
  '市長表示，捷運環狀線通車後，通勤時間可望縮短二十分鐘。天氣晴朗，市民在公園散步。';
const CORPUS_ZH = ['台北市今天天氣晴朗，市民出門散步。', '新北市政府宣布公園整修。', '台北市的夜市很熱鬧。'];

describe('segmentation', () => {
  it('cuts Chinese into words and drops stop-words and single characters', () => {
    const w = words('台北市政府今天宣布，捷運新路線將於明年通車。', 'zh-TW');
    expect(w).toContain('台北市');
    expect(w).toContain('捷運');
    expect(w).not.toContain('今天'); // a stop-word
    expect(w).not.toContain('新'); // one character
  });
  it('cuts Japanese and English', () => {
    expect(words('東京都は新しい地下鉄の路線を発表しました。', 'ja')).toEqual(
      expect.arrayContaining(['東京', '地下鉄', '路線']),
    );
    expect(words('The new metro line opens in the city next year.', 'en')).toEqual([
      'new',
      'metro',
      'line',
      'opens',
      'city',
      'next',
      'year',
    ]);
  });
  it('splits sentences in both scripts', () => {
    expect(sentences('第一句。第二句！\nThird one. Fourth?', 'zh-TW')).toEqual([
      '第一句。',
      '第二句！',
      'Third one.',
      'Fourth?',
    ]);
  });
});

describe('TF-IDF', () => {
  it('ranks words frequent here and rare on the site first', () => {
    const stats = documentFrequencies(CORPUS_ZH, 'zh-TW');
    expect(stats.n).toBe(3);
    const k = keywords(ZH, 'zh-TW', stats);
    expect(k[0]).toBe('捷運');
    // 台北市 is in two of the site's three articles: less telling than 環狀 which none has.
    expect(k.indexOf('環狀')).toBeLessThan(k.indexOf('台北市'));
  });
  it('works with no corpus at all', () => {
    expect(keywords('Solar panels power the solar farm.', 'en', { df: new Map(), n: 0 })[0]).toBe('solar');
  });
});

describe('summary', () => {
  it('keeps the most central sentences within the limit, in the text order', () => {
    const stats = documentFrequencies(CORPUS_ZH, 'zh-TW');
    const s = summarize(ZH, 'zh-TW', stats, 60);
    expect([...s].length).toBeLessThanOrEqual(60);
    expect(s).toContain('捷運環狀線');
    expect(s).not.toContain('公園散步');
  });
  it('cuts a first sentence longer than the limit', () => {
    const s = summarize('a'.repeat(10) + ' word '.repeat(100), 'en', { df: new Map(), n: 0 }, 120);
    expect([...s].length).toBeLessThanOrEqual(120);
    expect(s.length).toBeGreaterThan(0);
  });
});

describe('key phrase and tags', () => {
  it('orders the best keywords as the text has them', () => {
    const stats = documentFrequencies(CORPUS_ZH, 'zh-TW');
    expect(keyPhrase(ZH, 'zh-TW', stats, 2)).toMatch(/^(捷運環狀|環狀捷運|捷運通車|捷運)/);
  });
  it('finds site tags the text names, most mentioned first', () => {
    expect(matchingTags(ZH, ['公園', '捷運', '美食', ' '])).toEqual(['捷運', '公園']);
  });
  it('suggests site tags first, then new keywords, at most the cap', async () => {
    const p = extractiveProvider({ summaryMax: 120, tagsMax: 5 });
    const tags = await p.suggest({
      kind: 'tags',
      title: '',
      text: ZH,
      lang: 'zh-TW',
      siteTags: ['公園', '美食'],
      corpus: async () => CORPUS_ZH,
      corpusKey: 'test',
    });
    expect(tags[0]).toBe('公園');
    expect(tags).toContain('捷運');
    expect(tags.length).toBeLessThanOrEqual(5);
  });
});

describe('the provider answer', () => {
  it('shows only string values while streaming', () => {
    expect(visibleText('{"suggestions": ["捷運", "環')).toBe('捷運\n環');
    expect(visibleText('{"sugg')).toBe('');
    expect(visibleText('{"suggestions":["a \\"b\\"",')).toBe('a "b"');
  });
  it('parses strictly', () => {
    expect(parseAnswer('```json\n{"suggestions":["x"]}\n```')).toEqual(['x']);
    expect(() => parseAnswer('Sure! Here are tags: a, b')).toThrow();
    expect(() => parseAnswer('{"suggestions":["x"],"action":"delete_site"}')).toThrow();
    expect(() => parseAnswer('{"suggestions":[1,2]}')).toThrow();
  });
});
