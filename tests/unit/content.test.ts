/** Pure parts of the content module: time zones, HTML sanitizing, JSON comparison, the block contract. */
import { describe, expect, it } from 'vitest';
import { BlockDocument } from '../../contract/blocks';
import { instantOf } from '../../contract/zoned';
import { sameJson } from '../../server/modules/content/snapshot';
import { INLINE_CACHE_CHARS, sanitizeDocument, sanitizeInline } from '../../server/workers/sanitize';

/** The server's reading of a schedule's date and time (undefined for a date that does not exist). */
const zonedTimeToUtc = (date: string, time: string, zone: string) => {
  const at = instantOf({ date, time }, zone).getTime();
  return Number.isNaN(at) ? undefined : at;
};
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('instantOf (contract/zoned.ts)', () => {
  it('reads a wall-clock time in the given zone', () => {
    expect(iso(zonedTimeToUtc('2026-12-01', '09:00', 'Asia/Taipei'))).toBe('2026-12-01T01:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-01-01', '00:30', 'Asia/Taipei'))).toBe('2025-12-31T16:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-06-15', '12:00', 'UTC'))).toBe('2026-06-15T12:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-06-15', '12:00', 'Asia/Kolkata'))).toBe('2026-06-15T06:30:00.000Z');
  });

  it('takes the daylight-saving offset of the date itself', () => {
    // New York: UTC-5 in winter, UTC-4 in summer; the change in 2026 is on 8 March at 02:00.
    expect(iso(zonedTimeToUtc('2026-01-15', '09:00', 'America/New_York'))).toBe('2026-01-15T14:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-07-15', '09:00', 'America/New_York'))).toBe('2026-07-15T13:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-08', '01:30', 'America/New_York'))).toBe('2026-03-08T06:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-08', '03:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('answers undefined for dates that do not exist', () => {
    for (const date of ['2026-02-30', '2026-13-01', '2026-00-10', '0099-01-01', '2025-02-29']) {
      expect(zonedTimeToUtc(date, '09:00', 'Asia/Taipei'), date).toBeUndefined();
    }
    expect(iso(zonedTimeToUtc('2028-02-29', '09:00', 'Asia/Taipei'))).toBe('2028-02-29T01:00:00.000Z');
  });
});

describe('sanitizeInline', () => {
  it('keeps the allowed marks and safe links', () => {
    const html =
      '<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><s>x</s><code>c</code><mark>m</mark>' +
      'H<sub>2</sub>O x<sup>2</sup> a<br>b <a href="https://example.com/a?b=1">w</a> <a href="/post/x">p</a> ' +
      '<a href="mailto:a@example.com">m</a>';
    expect(sanitizeInline(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts, event handlers, styles and unsafe links', () => {
    expect(sanitizeInline('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeInline('<img src=x onerror="alert(1)">x')).toBe('x');
    expect(sanitizeInline('<b onclick="alert(1)" style="color:red" class="x">b</b>')).toBe('<b>b</b>');
    expect(sanitizeInline('<style>b{}</style><span style="x">t</span>')).toBe('t');
    expect(sanitizeInline('<a href="javascript:alert(1)">j</a>')).toBe('<a>j</a>');
    expect(sanitizeInline('<a href="  JaVaScRiPt:alert(1)">j</a>')).toBe('<a>j</a>');
    expect(sanitizeInline('<a href="java&#x09;script:alert(1)">j</a>')).toBe('<a>j</a>');
    expect(sanitizeInline('<a href="//evil.example/x">e</a>')).toBe('<a>e</a>');
    expect(sanitizeInline('<a href="/\\evil.example/x">e</a>')).toBe('<a>e</a>');
    expect(sanitizeInline('<a href="data:text/html,x">d</a>')).toBe('<a>d</a>');
    expect(sanitizeInline('<a href="relative/x" target="_blank" onmouseover="x">r</a>')).toBe('<a>r</a>');
    expect(sanitizeInline('<iframe src="https://x"></iframe><p>para</p><div>d</div>')).toBe('parad');
  });

  it('cleans paragraph and header text only', () => {
    const doc = BlockDocument.parse({
      blocks: [
        { type: 'paragraph', data: { text: '<script>x</script><em>ok</em>' } },
        { type: 'header', data: { text: '<h1 onclick="x">T</h1>', level: 2 } },
        { type: 'image', data: { url: '/uploads/a.png', caption: '<b>c</b>' } },
      ],
    });
    expect(sanitizeDocument(doc).blocks).toEqual([
      { type: 'paragraph', data: { text: '<em>ok</em>' } },
      { type: 'header', data: { text: 'T', level: 2 } },
      { type: 'image', data: { url: '/uploads/a.png', caption: '<b>c</b>' } },
    ]);
  });

  it('answers a text seen before as it did the first time, and keeps only so much', () => {
    const unsafe = '<a href="javascript:x" onclick="y">l</a><script>z</script><b>b</b>';
    expect(sanitizeInline(unsafe)).toBe('<a>l</a><b>b</b>');
    expect(sanitizeInline(unsafe)).toBe('<a>l</a><b>b</b>');
    // Far more distinct texts than the cache holds: each still cleaned, and the first cleaned again when asked again.
    const text = (i: number) => `<i onclick="x">${i}</i>${'字'.repeat(INLINE_CACHE_CHARS / 400)}`;
    for (let i = 0; i < 500; i++) expect(sanitizeInline(text(i))).toBe(text(i).replace(' onclick="x"', ''));
    expect(sanitizeInline(text(0))).toBe(text(0).replace(' onclick="x"', ''));
    expect(sanitizeInline(unsafe)).toBe('<a>l</a><b>b</b>');
  });
});

describe('sameJson', () => {
  it('compares without regard to key order', () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(
      true,
    );
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, null)).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });
});

describe('BlockDocument', () => {
  const errorsOf = (value: unknown) => {
    const r = BlockDocument.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('allows one paid block only', () => {
    const paid = { type: 'paid', data: {} };
    expect(errorsOf({ blocks: [paid] })).toEqual([]);
    expect(errorsOf({ blocks: [paid, paid] })).toEqual([['blocks', 'validation.onePaid']]);
  });

  it('needs a video block id and cover, missing or empty alike', () => {
    const video = (data: object) => ({ blocks: [{ type: 'video', data }] });
    expect(errorsOf(video({ id: 3, cover: '/uploads/c.jpg' }))).toEqual([]);
    expect(errorsOf(video({ id: 3 }))).toEqual([['blocks.0.data.cover', 'validation.videoIncomplete']]);
    expect(errorsOf(video({ id: 3, cover: ' ' }))).toEqual([
      ['blocks.0.data.cover', 'validation.videoIncomplete'],
    ]);
    expect(errorsOf(video({ cover: '/c.jpg' }))).toEqual([
      ['blocks.0.data.id', 'validation.videoIncomplete'],
    ]);
    expect(errorsOf(video({ id: 0, cover: '/c.jpg' }))).toEqual([
      ['blocks.0.data.id', 'validation.videoIncomplete'],
    ]);
    expect(errorsOf(video({ id: 3, cover: 'javascript:alert(1)' }))).toEqual([
      ['blocks.0.data.cover', 'validation.link'],
    ]);
  });
});
