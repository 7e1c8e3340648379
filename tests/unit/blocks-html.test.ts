/**
 * Block documents as the public page's HTML (server/shared/blocksHtml.ts): each block's element, escaping of
 * every attribute, only http(s) or upload paths as addresses — uploads made absolute on the admin's address, since
 * the site's host (and a mail) has no /uploads — videos by the site's own table, and the paid cut: readers stop at
 * the paid section with a notice in the page's language; a preview shows all with a marker.
 */
import { describe, expect, it } from 'vitest';
import type { Block, BlockDocument } from '../../contract/blocks';
import { blocksHtml, videoIds } from '../../server/shared/blocksHtml';
import { escapeHtml, safeUrl } from '../../server/shared/html';
import { mediaUrlOf } from '../../server/shared/media';

const p = (text: string): Block => ({ type: 'paragraph', data: { text } });
const h = (text: string, level: 2 | 3 | 4): Block => ({ type: 'header', data: { text, level } });
const image = (url: string, caption = ''): Block => ({ type: 'image', data: { url, caption } });
const video = (id: number): Block => ({
  type: 'video',
  data: { id, cover: '/uploads/1/v.jpg', caption: '片' },
});
const paid: Block = { type: 'paid', data: {} };
const doc = (...blocks: Block[]): BlockDocument => ({ blocks });
const ADMIN = 'https://admin.example.org';
const reader = {
  lang: 'zh-TW',
  preview: false,
  videos: new Map<number, string>(),
  media: mediaUrlOf({ publicUrl: ADMIN }),
};

describe('blocks as HTML', () => {
  it('writes paragraphs, headings 2–4, figures with lazy images (uploads on the admin address) and albums', () => {
    const html = blocksHtml(
      doc(
        p('一段 <b>粗體</b> 與 <a href="https://example.com/x">連結</a>'),
        h('小標', 3),
        image('/uploads/1/a.jpg', '圖說'),
        {
          type: 'album',
          data: {
            images: [
              { url: '/uploads/1/b.jpg', caption: 'B' },
              { url: 'https://cdn.example.com/c.png', caption: 'C' },
            ],
          },
        },
      ),
      reader,
    );
    expect(html).toContain('<p>一段 <b>粗體</b> 與 <a href="https://example.com/x">連結</a></p>');
    expect(html).toContain('<h3>小標</h3>');
    expect(html).toContain(
      `<figure><img src="${ADMIN}/uploads/1/a.jpg" alt="圖說" loading="lazy"><figcaption>圖說</figcaption></figure>`,
    );
    expect(html).toContain(
      `<figure class="album"><img src="${ADMIN}/uploads/1/b.jpg" alt="B" loading="lazy"><img src="https://cdn.example.com/c.png" alt="C" loading="lazy"></figure>`,
    );
  });

  it('sanitizes inline HTML again: scripts, handlers and javascript: links do not survive', () => {
    const html = blocksHtml(
      doc(
        p(
          '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)" onclick="x()">a</a>',
        ),
      ),
      reader,
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img/);
    expect(html).toContain('<a>a</a>');
  });

  it('escapes every attribute and caption', () => {
    const html = blocksHtml(
      doc(image('/uploads/1/a.jpg?x="><script>', '"><script>alert(1)</script>')),
      reader,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain(`src="${ADMIN}/uploads/1/a.jpg?x=&quot;&gt;&lt;script&gt;"`);
  });

  it('drops images and videos whose address is not http(s) or a site path', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/png;base64,AA',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'x.png',
    ]) {
      expect(blocksHtml(doc(image(url, 'c')), reader), url).toBe('');
    }
    const videos = new Map([[7, 'javascript:alert(1)']]);
    expect(blocksHtml(doc(video(7)), { ...reader, videos })).toBe('');
  });

  it("shows a video by the site's address for it, and nothing for an unknown one", () => {
    const videos = new Map([[7, 'https://media.example.com/7.mp4']]);
    const html = blocksHtml(doc(video(7), video(8)), { ...reader, videos });
    expect(html).toBe(
      `<figure class="video"><video controls preload="metadata" src="https://media.example.com/7.mp4" poster="${ADMIN}/uploads/1/v.jpg"></video><figcaption>片</figcaption></figure>`,
    );
    // A video kept in the upload folder: its file is on the admin's address too.
    const stored = blocksHtml(doc(video(7)), { ...reader, videos: new Map([[7, '/uploads/1/7.mp4']]) });
    expect(stored).toContain(`src="${ADMIN}/uploads/1/7.mp4"`);
  });

  it('stops at the paid section for readers, with a notice in the page language', () => {
    const d = doc(p('免費'), paid, p('付費內容'), video(7));
    const words = {
      'zh-TW': '以下為付費內容。',
      en: 'The rest is for paying members.',
      ja: 'この先は有料会員向けです。',
    };
    for (const [lang, notice] of Object.entries(words)) {
      const html = blocksHtml(d, { ...reader, lang });
      expect(html).toBe(`<p>免費</p>\n<aside class="paywall"><p>${notice}</p></aside>`);
    }
    expect(videoIds(d, false)).toEqual([]);
  });

  it('shows a preview whole, with a visible marker where the paid part starts', () => {
    const d = doc(p('免費'), paid, p('付費內容'), video(7));
    const html = blocksHtml(d, { ...reader, preview: true });
    expect(html).toContain('<p>免費</p>\n<hr class="paid-marker">\n<p>付費內容</p>');
    expect(html).not.toContain('paywall');
    expect(videoIds(d, true)).toEqual([7]);
  });

  it('has no notice when there is no paid section', () => {
    expect(blocksHtml(doc(p('全部免費')), reader)).toBe('<p>全部免費</p>');
    expect(blocksHtml(doc(), reader)).toBe('');
  });
});

describe('escapeHtml and safeUrl', () => {
  it('escapes the five characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('keeps http(s) and site paths only, and refuses overlong ones before any pattern', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('/post/a')).toBe('/post/a');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('vbscript:x')).toBe('');
    expect(safeUrl(`/${'a'.repeat(5000)}`)).toBe('');
  });
});
