/**
 * The AI helper's offline provider: segmentation and stop words, key phrases (recurring sequences, TF-IDF), the
 * central-sentence summary, the key phrase of the slug. The tags' precision on a labelled set: ai-tagging.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AI_SOURCE_MAX } from '../../contract/intelligence';
import {
  documentFrequencies,
  extractiveProvider,
  keyPhrase,
  matchingTags,
  sentences,
  summarize,
  words,
} from '../../server/adapters/ai/extractive';
import { keyphrases } from '../../server/adapters/ai/keyphrases';
import { parseAnswer, visibleText } from '../../server/adapters/ai/openai';
import { isFiller } from '../../server/adapters/ai/stopWords';
import { cpuMs } from './cpuTime';

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
      'metro',
      'line',
      'opens',
      'city',
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

describe('key phrases', () => {
  it('ranks phrases frequent here and rare on the site first, and joins what the dictionary cut apart', () => {
    const stats = documentFrequencies(CORPUS_ZH, 'zh-TW');
    expect(stats.n).toBe(3);
    const k = keyphrases('', ZH, 'zh-TW', stats);
    // 環狀線 is cut 環狀|線 by the dictionary; it recurs, so it is one phrase (and 環狀 alone is not one).
    expect(k.slice(0, 3)).toEqual(expect.arrayContaining(['捷運環狀線']));
    expect(k).not.toContain('環狀');
    // 台北市 is in two of the site's three articles: less telling than 捷運環狀線 which none has.
    expect(k.indexOf('捷運環狀線')).toBeLessThan(k.indexOf('台北市'));
  });
  it('merges recurring runs of single characters into names', () => {
    const text = '週末到了大稻埕，大稻埕的老屋很多。老屋改建的咖啡館在大稻埕。';
    const k = keyphrases('', text, 'zh-TW', { n: 0, docs: [] });
    expect(k.slice(0, 2)).toEqual(['大稻埕', '老屋']);
  });
  it('never offers the fillers the issue saw, numbers or measure words', () => {
    const text = '我們到了台北，上了一台新的公車，帶著一杯咖啡。這篇文章介紹十二個車站與咖啡。';
    const k = keyphrases('', text, 'zh-TW', { n: 0, docs: [] });
    for (const filler of ['到了', '上了', '新的', '帶著', '這篇', '一杯', '一台', '十二個', '這篇文章'])
      expect(k).not.toContain(filler);
    expect(k[0]).toBe('咖啡');
  });
  it('keeps English phrases that recur, acronyms, and folds plurals', () => {
    const text = 'Solar panels power the solar farm. New solar panels are cheap. The EU buys a solar panel.';
    const k = keyphrases('', text, 'en', { n: 0, docs: [] });
    expect(k[0]).toBe('solar panels');
    expect(k).toContain('EU');
    expect(k).not.toContain('the');
  });
  it('tags the longest text taken (50,000 characters of varied text) within seconds', () => {
    // A pseudo-random text: every sequence a new one, the most candidates a text can give.
    const pool =
      '台北市政府今天宣布捷運環狀線明年通車連接新北市沿線設有車站市長表示通勤時間縮短公園散步天氣晴朗咖啡老屋';
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let text = '';
    while (text.length < AI_SOURCE_MAX) {
      for (let i = 5 + Math.floor(next() * 20); i > 0; i--) text += pool[Math.floor(next() * pool.length)];
      text += next() < 0.3 ? '。' : '，';
    }
    const docs = Array.from({ length: 300 }, () => text.slice(0, 3_000).toLowerCase());
    let found = 0;
    const spent = cpuMs(() => {
      found = keyphrases('', text.slice(0, AI_SOURCE_MAX), 'zh-TW', { n: docs.length, docs }).length;
    });
    expect(found).toBeGreaterThan(0);
    expect(spent).toBeLessThan(5_000);
  });
  it('knows the fillers of each language', () => {
    for (const [word, lang] of [
      ['到了', 'zh-TW'],
      ['带着', 'zh-CN'],
      ['這篇', 'zh-TW'],
      ['新しい', 'ja'],
      ['ました', 'ja'],
      ['approved', 'en'],
      ['quickly', 'en'],
      ['of', 'en'],
    ])
      expect(isFiller(word, lang), word).toBe(true);
    for (const [word, lang] of [
      ['咖啡', 'zh-TW'],
      ['三峽', 'zh-TW'],
      ['ラーメン', 'ja'],
      ['AI', 'en'],
      ['coffee', 'en'],
    ])
      expect(isFiller(word, lang), word).toBe(false);
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
  it('orders the best phrases as the text has them', () => {
    const stats = documentFrequencies(CORPUS_ZH, 'zh-TW');
    expect(keyPhrase('', ZH, 'zh-TW', stats, 2)).toMatch(/^捷運環狀線/);
  });
  it('finds site tags the text names, most mentioned first', () => {
    expect(matchingTags(ZH, ['公園', '捷運', '美食', ' '])).toEqual(['捷運', '公園']);
  });
  it('suggests site tags first, then new phrases, at most the cap', async () => {
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
    expect(tags).toContain('捷運環狀線');
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
