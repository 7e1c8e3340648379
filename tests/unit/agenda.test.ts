/** SPEC §9's 100-character agenda excerpt (contract/blockText.ts agendaOf). */
import { describe, expect, it } from 'vitest';
import { AGENDA_LENGTH, agendaOf } from '../../contract/blockText';
import { cpuMs } from './cpuTime';

const count = (s: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].length;

describe('agendaOf', () => {
  it('is 100 characters', () => {
    expect(AGENDA_LENGTH).toBe(100);
  });

  it('keeps a text of exactly 100 characters whole, and cuts 101 to 99 and an ellipsis', () => {
    const hundred = '字'.repeat(100);
    expect(agendaOf(hundred)).toBe(hundred);
    const cut = agendaOf(`${hundred}尾`);
    expect(cut).toBe(`${'字'.repeat(99)}…`);
    expect(count(cut)).toBe(100);
  });

  it('counts CJK, latin and mixed text by character, not by byte', () => {
    const text = '台灣的新聞網站 news site 2026，'.repeat(10);
    const agenda = agendaOf(text);
    expect(count(agenda)).toBe(100);
    expect(agenda.endsWith('…')).toBe(true);
    expect(text.startsWith(agenda.slice(0, -1).trimEnd())).toBe(true);
    expect(agendaOf('短的摘要')).toBe('短的摘要');
  });

  it('never cuts an emoji (with skin tone, a family, a flag) or a letter with its accent in half', () => {
    const family = '👨‍👩‍👧‍👦';
    const thumbs = '👍🏽';
    const flag = '🇹🇼';
    const accented = 'e\u0301';
    for (const g of [family, thumbs, flag, accented]) {
      const exactly = g.repeat(100);
      expect(agendaOf(exactly)).toBe(exactly);
      const over = agendaOf(g.repeat(101));
      expect(over).toBe(`${g.repeat(99)}…`);
      expect(count(over)).toBe(100);
    }
    // A cut just after 98 ideographs falls on the emoji: it is kept whole.
    const mixed = agendaOf(`${'字'.repeat(98)}${family}${'字'.repeat(10)}`);
    expect(mixed).toBe(`${'字'.repeat(98)}${family}…`);
  });

  it('collapses white space (new lines, tabs, runs) and trims; no space before the ellipsis', () => {
    expect(agendaOf('  第一段\n\n第二段\t\t第三段  ')).toBe('第一段 第二段 第三段');
    expect(agendaOf(`${'a'.repeat(98)}   bbbb`)).toBe(`${'a'.repeat(98)}…`);
  });

  it('takes the text when the abstract is empty or blank', () => {
    expect(agendaOf('', '副標題')).toBe('副標題');
    expect(agendaOf('  \n ', '副標題')).toBe('副標題');
    expect(agendaOf('摘要', '副標題')).toBe('摘要');
    expect(agendaOf('', '')).toBe('');
  });

  it('stays quick and bounded on a huge input', () => {
    const huge = '長'.repeat(1_000_000);
    // The segmenter's first use loads its data: not what this measures.
    agendaOf('暖身');
    let agenda = '';
    const spent = cpuMs(() => {
      agenda = agendaOf(huge);
    });
    expect(agenda).toBe(`${'長'.repeat(99)}…`);
    expect(spent).toBeLessThan(500);
  });
  it('cuts text of one-unit graphemes (ASCII, CJK) as the segmenter does, and leaves combining marks whole', () => {
    const bySegmenter = (text: string) => {
      const seg = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
        (x) => x.segment,
      );
      return seg.length <= AGENDA_LENGTH
        ? text
        : `${seg
            .slice(0, AGENDA_LENGTH - 1)
            .join('')
            .trimEnd()}…`;
    };
    const simple = '臺灣的山林步道，「春天」的杜鵑與秋天的芒草。ＡＢＣ１２３ trail 〇〆々 ';
    for (const text of [
      simple,
      simple.repeat(5),
      simple.repeat(3).slice(0, 100),
      simple.repeat(3).slice(0, 101),
    ])
      expect(agendaOf(text)).toBe(bySegmenter(text.replace(/\s+/g, ' ').trim()));
    // An ideographic tone mark (U+302A) combines with the ideograph before it: never cut apart.
    const toned = `${'字'.repeat(98)}字\u302a${'字'.repeat(5)}`;
    expect(agendaOf(toned)).toBe(`${'字'.repeat(98)}字\u302a…`);
  });
});
