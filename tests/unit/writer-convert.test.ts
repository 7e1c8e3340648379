// @vitest-environment jsdom
/** Conversion between the editor's document and the contract's BlockDocument (src/custom/writer/editor/convert.ts). */
import { getSchema } from '@tiptap/core';
import { DOMParser as ProseMirrorDOMParser } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { BlockDocument } from '../../contract/blocks';
import {
  blocksToDoc,
  blocksToJSON,
  docToBlocks,
  normalizeBlocks,
  safeInlineHtml,
} from '../../src/custom/writer/editor/convert';
import { NODE, schemaExtensions } from '../../src/custom/writer/editor/extensions';

const schema = getSchema(schemaExtensions());

const sample: BlockDocument = {
  blocks: [
    { type: 'paragraph', data: { text: '今天<strong>天氣</strong>很好，<em>適合</em>散步。' } },
    { type: 'header', data: { text: '第二節', level: 2 } },
    { type: 'header', data: { text: '小節 <code>x &lt; y</code>', level: 4 } },
    {
      type: 'paragraph',
      data: {
        text: '<u>底線</u> <s>刪除</s> <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">連結</a>',
      },
    },
    { type: 'image', data: { url: '/uploads/1/a.webp', caption: '台北 101', width: 1440, height: 810 } },
    { type: 'image', data: { url: 'https://cdn.example.com/b.png', caption: '' } },
    {
      type: 'album',
      data: {
        images: [
          { url: '/uploads/1/c.webp', caption: '一', width: 800, height: 600 },
          { url: '/uploads/1/d.webp', caption: '二' },
        ],
      },
    },
    { type: 'video', data: { id: 7, cover: '/uploads/1/v.jpg', caption: '影片說明' } },
    { type: 'paid', data: {} },
    { type: 'paragraph', data: { text: '付費內容' } },
  ],
};

describe('BlockDocument ⇄ editor', () => {
  it('round-trips every block type unchanged', () => {
    const doc = blocksToDoc(sample, schema);
    expect(doc.childCount).toBe(sample.blocks.length);
    expect(docToBlocks(doc)).toEqual(sample);
    expect(BlockDocument.safeParse(docToBlocks(doc)).success).toBe(true);
  });

  it('maps blocks onto the editor nodes', () => {
    const json = blocksToJSON(sample, schema);
    expect(json.content?.map((n) => n.type)).toEqual([
      'paragraph',
      'heading',
      'heading',
      'paragraph',
      NODE.image,
      NODE.image,
      NODE.album,
      NODE.video,
      NODE.paid,
      'paragraph',
    ]);
    expect(json.content?.[1].attrs?.level).toBe(2);
    expect(json.content?.[0].content?.[1]).toMatchObject({ text: '天氣', marks: [{ type: 'bold' }] });
    expect(json.content?.[4].attrs).toMatchObject({ url: '/uploads/1/a.webp', width: 1440, height: 810 });
  });

  it('an empty document is one empty paragraph, and back to no blocks', () => {
    const json = blocksToJSON({ blocks: [] }, schema);
    expect(json).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(docToBlocks(blocksToDoc({ blocks: [] }, schema))).toEqual({ blocks: [] });
  });

  it('drops trailing empty paragraphs, keeps empty ones between', () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
        { type: 'paragraph' },
        { type: 'paragraph', content: [{ type: 'text', text: 'b' }] },
        { type: 'paragraph' },
        { type: 'paragraph' },
      ],
    });
    expect(docToBlocks(doc).blocks.map((b) => (b.type === 'paragraph' ? b.data.text : b.type))).toEqual([
      'a',
      '',
      'b',
    ]);
  });

  it('keeps Chinese text, spaces and escapes exactly', () => {
    const text = '新北市  的天氣 &amp; 5 &lt; 6 — 「引號」';
    const back = normalizeBlocks({ blocks: [{ type: 'paragraph', data: { text } }] }, schema);
    expect(back).toEqual({ blocks: [{ type: 'paragraph', data: { text } }] });
  });

  it('headings outside 2–4 are clamped, hard breaks kept', () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'h' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: '一' }, { type: 'hardBreak' }, { type: 'text', text: '二' }],
        },
      ],
    });
    expect(docToBlocks(doc).blocks).toEqual([
      { type: 'header', data: { text: 'h', level: 3 } },
      { type: 'paragraph', data: { text: '一<br>二' } },
    ]);
    const clamped = normalizeBlocks(
      { blocks: [{ type: 'header', data: { text: 'x', level: 2 } }] } as BlockDocument,
      schema,
    );
    expect(clamped.blocks[0]).toEqual({ type: 'header', data: { text: 'x', level: 2 } });
  });

  it('removes what the schema does not allow from inline HTML', () => {
    const dirty =
      '<script>alert(1)</script>安全<img src=x onerror="alert(2)"><span style="color:red" onclick="x()">文字</span><a href="javascript:alert(3)">壞連結</a>';
    const back = normalizeBlocks({ blocks: [{ type: 'paragraph', data: { text: dirty } }] }, schema);
    const html = (back.blocks[0] as { data: { text: string } }).data.text;
    expect(html).not.toMatch(/script|onerror|onclick|javascript|style|<img/);
    expect(html).toContain('安全');
    expect(html).toContain('文字');
    expect(safeInlineHtml('<b>粗</b><iframe src="https://x"></iframe>', schema)).toBe('<strong>粗</strong>');
  });

  it('leaves out uploads still running, incomplete videos and a second paid section', () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: NODE.image, attrs: { url: '', uploadId: 'u1', preview: 'blob:x' } },
        {
          type: NODE.album,
          attrs: {
            images: [
              { url: '/uploads/a.webp', caption: '' },
              { url: '', caption: '', uploadId: 'u2' },
            ],
          },
        },
        { type: NODE.album, attrs: { images: [{ url: '', caption: '', uploadId: 'u3' }] } },
        { type: NODE.video, attrs: { id: 3, cover: '' } },
        { type: NODE.video, attrs: { id: null, cover: '/c.jpg' } },
        { type: NODE.image, attrs: { url: 'data:image/png;base64,AAAA' } },
        { type: NODE.paid },
        { type: NODE.paid },
      ],
    });
    expect(docToBlocks(doc)).toEqual({
      blocks: [
        { type: 'album', data: { images: [{ url: '/uploads/a.webp', caption: '' }] } },
        { type: 'paid', data: {} },
      ],
    });
  });

  it('parses pasted HTML into the blocks it knows', () => {
    const wrapper = document.createElement('div');
    wrapper.innerHTML =
      '<h1>大標</h1><h3>中標</h3><p>段落<b>粗</b></p><ul><li>清單</li></ul><img src="https://x.test/p.png" alt="圖"><img src="data:image/png;base64,AA">';
    const doc = ProseMirrorDOMParser.fromSchema(schema).parse(wrapper);
    expect(docToBlocks(doc).blocks).toEqual([
      { type: 'paragraph', data: { text: '大標' } },
      { type: 'header', data: { text: '中標', level: 3 } },
      { type: 'paragraph', data: { text: '段落<strong>粗</strong>' } },
      { type: 'paragraph', data: { text: '清單' } },
      { type: 'image', data: { url: 'https://x.test/p.png', caption: '圖' } },
    ]);
  });

  it('converts an unchanged node once (the result is remembered)', () => {
    const doc = blocksToDoc(sample, schema);
    const first = docToBlocks(doc);
    const second = docToBlocks(doc);
    expect(second.blocks[0]).toBe(first.blocks[0]);
  });
});
