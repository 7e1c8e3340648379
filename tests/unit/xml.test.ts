// @vitest-environment jsdom
/** XML escaping and RSS's date format (server/public/xml.ts), read back by the DOM's XML parser. */
import { describe, expect, it } from 'vitest';
import { element, escapeXml, rfc822Date } from '../../server/public/xml';
import { cpuMs } from './cpuTime';

const parser = new DOMParser();
/** The text of `<a>…</a>` as an XML parser reads it back, or null when the document is not well-formed. */
const roundTrip = (xml: string) => {
  const doc = parser.parseFromString(xml, 'application/xml');
  return doc.getElementsByTagName('parsererror').length ? null : doc.documentElement.textContent;
};

describe('escapeXml', () => {
  it('escapes the five special characters, & first', () => {
    expect(escapeXml(`Tom & Jerry <b>"quoted"</b> it's &amp;`)).toBe(
      'Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; it&apos;s &amp;amp;',
    );
  });

  it('is needed: the parser refuses the raw text', () => {
    expect(roundTrip('<a>A & B</a>')).toBeNull();
    expect(roundTrip(`<a>${String.fromCharCode(0)}</a>`)).toBeNull();
  });

  it('reads back as written, in text and in both kinds of attribute quotes', () => {
    const text = `A & B <c> "d" 'e' ]]> 中文 😀`;
    expect(roundTrip(element('a', text))).toBe(text);
    const doc = parser.parseFromString(
      `<a x="${escapeXml(text)}" y='${escapeXml(text)}'/>`,
      'application/xml',
    );
    expect(doc.documentElement.getAttribute('x')).toBe(text);
    expect(doc.documentElement.getAttribute('y')).toBe(text);
  });

  it('drops characters XML 1.0 cannot hold and keeps tab, newline, CJK and emoji', () => {
    const raw = `a${String.fromCharCode(0, 8, 11, 12, 31)}b\t\nc\uD800d\uDC00e\uFFFE中😀`;
    expect(escapeXml(raw)).toBe('ab\t\ncde中😀');
    expect(roundTrip(element('a', raw))).toBe('ab\t\ncde中😀');
  });

  it('is linear on long adversarial text', () => {
    const long = '&<\u0000\uD800'.repeat(250_000);
    let escaped = '';
    const spent = cpuMs(() => {
      escaped = escapeXml(long);
    });
    expect(escaped).toBe('&amp;&lt;'.repeat(250_000));
    expect(spent).toBeLessThan(2000);
  });
});

describe('rfc822Date', () => {
  const d = new Date('2026-11-30T08:05:09.123Z');
  it('writes RFC 822 in GMT', () => expect(rfc822Date(d)).toBe('Mon, 30 Nov 2026 08:05:09 GMT'));
});
