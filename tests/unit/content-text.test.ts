/**
 * What the server and the writer derive from an item's text (contract/blocks.ts, SPEC §9): the abstract, the first
 * 120 characters of paragraph text, and the reading time, count / 300 where the count is Chinese characters, letters,
 * digits and images.
 */
import { describe, expect, it } from 'vitest';
import type { Block, BlockDocument } from '../../contract/blocks';
import {
  ABSTRACT_LENGTH,
  abstractOf,
  letterOrDigitCount,
  readingCount,
  readingMinutes,
} from '../../contract/blockText';
import { PATTERNS } from '../../contract/patterns';

const p = (text: string): Block => ({ type: 'paragraph', data: { text } });
const h = (text: string, level: 2 | 3 | 4 = 2): Block => ({ type: 'header', data: { text, level } });
const image = (url = '/uploads/a.jpg'): Block => ({ type: 'image', data: { url, caption: '圖說文字' } });
const album = (n: number): Block => ({
  type: 'album',
  data: { images: Array.from({ length: n }, (_, i) => ({ url: `/uploads/${i}.jpg`, caption: '說明' })) },
});
const video: Block = { type: 'video', data: { id: 1, cover: '/uploads/v.jpg', caption: '影片說明' } };
const paid: Block = { type: 'paid', data: {} };
const doc = (...blocks: Block[]): BlockDocument => ({ blocks });
/** Characters as a reader counts them (code points, so that 𠮷 is one). */
const length = (s: string) => [...s].length;

describe('abstractOf: the first 120 characters of paragraph text', () => {
  it('is 120 characters', () => {
    expect(ABSTRACT_LENGTH).toBe(120);
  });

  it('keeps a text of 119 or 120 characters whole and cuts one of 121 after the 120th', () => {
    const text = (n: number) => Array.from({ length: n }, (_, i) => '一二三四五六七八九十'[i % 10]).join('');
    expect(abstractOf(doc(p(text(119))))).toBe(text(119));
    expect(abstractOf(doc(p(text(120))))).toBe(text(120));
    expect(abstractOf(doc(p(text(121))))).toBe(text(120));
    expect(abstractOf(doc(p(text(500))))).toBe(text(120));
    expect(length(abstractOf(doc(p('a'.repeat(121)))))).toBe(120);
  });

  it('counts characters, not UTF-16 units: a character outside the BMP is one and is never split', () => {
    const text = '𠮷'.repeat(121);
    const abstract = abstractOf(doc(p(text)));
    expect(length(abstract)).toBe(120);
    expect(abstract).toBe('𠮷'.repeat(120));
    expect(abstract.length).toBe(240);
  });

  it('takes mixed Chinese and English as written, spaces and punctuation counting as characters', () => {
    expect(abstractOf(doc(p('台北 Taipei 101，高 508 公尺。')))).toBe('台北 Taipei 101，高 508 公尺。');
    const mixed = '中文 and English 混合 text。'.repeat(10);
    const abstract = abstractOf(doc(p(mixed)));
    expect(length(abstract)).toBe(120);
    expect(abstract).toBe([...mixed].slice(0, 120).join(''));
  });

  it('leaves out headings, even before the first paragraph, and images and videos', () => {
    expect(
      abstractOf(doc(h('這是標題'), image(), p('第一段。'), h('小標', 3), video, p('第二段。'), album(2))),
    ).toBe('第一段。 第二段。');
    expect(abstractOf(doc(h('只有標題'), h('還是標題', 4), image()))).toBe('');
    // A heading does not use up any of the 120 characters.
    expect(abstractOf(doc(h('標'.repeat(100)), p('文'.repeat(120))))).toBe('文'.repeat(120));
  });

  it('is made of the free part only: nothing after the paid marker', () => {
    expect(abstractOf(doc(p('免費的開頭。'), paid, p('付費讀者才看得到。')))).toBe('免費的開頭。');
    expect(abstractOf(doc(h('標題'), paid, p('全是付費內容')))).toBe('');
    // Without a marker everything is free.
    expect(abstractOf(doc(p('一'), p('二')))).toBe('一 二');
  });

  it('joins paragraphs with one space, which counts toward the 120', () => {
    expect(abstractOf(doc(p('a'.repeat(60)), p('b'.repeat(60))))).toBe(`${'a'.repeat(60)} ${'b'.repeat(59)}`);
    // A cut right after a space does not end the abstract with it.
    expect(abstractOf(doc(p('一'.repeat(119)), p('二二')))).toBe('一'.repeat(119));
    expect(abstractOf(doc(p(`${'a'.repeat(119)} b`)))).toBe('a'.repeat(119));
  });

  it('reads text as a reader sees it: no tags, entities decoded, runs of white space as one, empty paragraphs skipped', () => {
    expect(
      abstractOf(
        doc(
          p('<b>粗體</b>與<a href="https://example.com/long/address">連結</a>&nbsp;&amp;&lt;符號&gt;'),
          p('   '),
          p('<br>'),
          p('換<br>行\n\t  與  空白'),
          p('&quot;引號&quot; 與 &#39;單引號&#39; &amp;lt; 不是標籤'),
        ),
      ),
    ).toBe('粗體與連結 &<符號> 換 行 與 空白 "引號" 與 \'單引號\' &lt; 不是標籤');
    // Markup does not count toward the 120: only what is left of it.
    const marked = `<i>${'字'.repeat(60)}</i><a href="https://example.com/${'x'.repeat(200)}">${'連'.repeat(70)}</a>`;
    expect(abstractOf(doc(p(marked)))).toBe(`${'字'.repeat(60)}${'連'.repeat(60)}`);
  });

  it('is empty for a document without paragraph text', () => {
    expect(abstractOf(doc())).toBe('');
    expect(abstractOf(doc(p(''), p('<b></b>')))).toBe('');
  });
});

describe('reading time: count / 300 minutes, rounded up', () => {
  it('counts Chinese characters, letters and digits, not spaces or punctuation', () => {
    expect(readingCount(doc(p('你好，世界！')))).toBe(4);
    expect(readingCount(doc(p('Hello, world!')))).toBe(10);
    expect(readingCount(doc(p('台北 Taipei 101，高 508 公尺。')))).toBe(2 + 6 + 3 + 1 + 3 + 2);
    expect(readingCount(doc(p(' ,.;:!?，。、「」— … ')))).toBe(0);
  });

  it('counts exactly what the letter-or-digit pattern matches, in every part of Unicode', () => {
    const byPattern = (text: string) => (text.match(PATTERNS.letterOrDigit.re) ?? []).length;
    // Every code point once (surrogates alone too), in runs of 4,096, then mixed samples.
    for (let from = 0; from <= 0x10ffff; from += 4096) {
      const points = Array.from({ length: Math.min(4096, 0x110000 - from) }, (_, i) => from + i);
      const text = String.fromCodePoint(...points);
      expect(letterOrDigitCount(text), `U+${from.toString(16)}`).toBe(byPattern(text));
    }
    for (const text of [
      '',
      'a',
      'Z9',
      '\u4e00\u9fff\u9fa5',
      '𠮷野家 2 杯',
      'é́ Ⅻ ٣ ½ ㆒',
      '\ud800x\udc00',
      'Ａ１－ｚ',
    ]) {
      expect(letterOrDigitCount(text), text).toBe(byPattern(text));
    }
  });

  it('counts heading text as well as paragraphs', () => {
    expect(readingCount(doc(h('標題 Title'), p('內文 text')))).toBe(7 + 6);
    expect(readingCount(doc(h('一二', 3), h('三', 4)))).toBe(3);
  });

  it('counts each image once: an image block, and every image of an album', () => {
    expect(readingCount(doc(image()))).toBe(1);
    expect(readingCount(doc(album(3)))).toBe(3);
    expect(readingCount(doc(p('字'), image(), album(2), image()))).toBe(1 + 1 + 2 + 1);
    // Captions and addresses are not read text.
    expect(readingCount(doc(image('https://example.com/a1b2c3.jpg')))).toBe(1);
  });

  it('does not count videos, the paid marker, tags, addresses or entities', () => {
    expect(readingCount(doc(video, paid))).toBe(0);
    expect(
      readingCount(doc(p('<a href="https://example.com/abc123">連結</a>&nbsp;&amp;&lt;&gt;&quot;'))),
    ).toBe(2);
  });

  it('rounds up to whole minutes at 300', () => {
    const chars = (n: number) => p('字'.repeat(n));
    expect(readingMinutes(doc())).toBe(0);
    expect(readingMinutes(doc(chars(1)))).toBe(1);
    expect(readingMinutes(doc(chars(300)))).toBe(1);
    expect(readingMinutes(doc(chars(301)))).toBe(2);
    expect(readingMinutes(doc(chars(600)))).toBe(2);
    expect(readingMinutes(doc(chars(601)))).toBe(3);
    expect(readingMinutes(doc(p('a'.repeat(150)), p('1'.repeat(150))))).toBe(1);
    expect(readingMinutes(doc(p('a'.repeat(150)), p('1'.repeat(151))))).toBe(2);
  });

  it('adds images to the count that crosses a minute', () => {
    expect(readingMinutes(doc(p('字'.repeat(299)), image()))).toBe(1);
    expect(readingMinutes(doc(p('字'.repeat(299)), image(), image()))).toBe(2);
    expect(readingMinutes(doc(p('字'.repeat(298)), album(3)))).toBe(2);
    expect(readingMinutes(doc(album(50), album(50), album(50), album(50), album(50), album(50)))).toBe(1);
    expect(
      readingMinutes(doc(album(50), album(50), album(50), album(50), album(50), album(50), image())),
    ).toBe(2);
    // A document of images alone still takes time to read.
    expect(readingMinutes(doc(image()))).toBe(1);
  });
});
