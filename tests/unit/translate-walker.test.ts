/**
 * Machine translation's pure parts: the block walker (what is sent, what is kept, limits), batches, inline HTML
 * text nodes, OpenCC's Taiwan phrases, the choice of service per pair, and the configuration from the environment.
 */
import { describe, expect, it } from 'vitest';
import type { BlockDocument } from '../../contract/blocks';
import { translators } from '../../server/adapters/translation';
import { mapTextNodes, sameTags, splitHtml } from '../../server/adapters/translation/html';
import { openccTranslator } from '../../server/adapters/translation/opencc';
import { translationConfig } from '../../server/config';
import { batchesOf, type TranslatableItem, walk } from '../../server/modules/translate/walker';

const body: BlockDocument = {
  blocks: [
    { type: 'header', data: { text: 'H', level: 2 } },
    { type: 'paragraph', data: { text: 'a <b>b</b> c' } },
    { type: 'paragraph', data: { text: '<br>' } },
    { type: 'image', data: { url: '/uploads/i.png', caption: 'cap', width: 10, height: 20 } },
    { type: 'paid', data: {} },
    {
      type: 'album',
      data: {
        images: [
          { url: '/uploads/1.png', caption: '' },
          { url: '/uploads/2.png', caption: 'two' },
        ],
      },
    },
    { type: 'video', data: { id: 7, cover: '/uploads/v.jpg', caption: 'vid' } },
  ],
};
const item: TranslatableItem = { title: 'T', subtitle: '', seo: { title: 'S', content: 'D' }, body };

describe('walk', () => {
  it('lists every non-empty text once, HTML marked, in order', () => {
    const { segments } = walk(item);
    expect(segments).toEqual([
      { text: 'T', html: false, paid: false },
      { text: 'S', html: false, paid: false },
      { text: 'D', html: false, paid: false },
      { text: 'H', html: true, paid: false },
      { text: 'a <b>b</b> c', html: true, paid: false },
      { text: 'cap', html: false, paid: false },
      // After the paid marker.
      { text: 'two', html: false, paid: true },
      { text: 'vid', html: false, paid: true },
    ]);
  });

  it('rebuilds the item from translations, keeping everything else exactly', () => {
    const { segments, rebuild } = walk(item);
    const out = rebuild(
      segments.map((s) => (s.html ? s.text.replace(/(^|>)([^<]+)/g, '$1X$2') : `x${s.text}`)),
    );
    expect(out).toEqual({
      title: 'xT',
      subtitle: '',
      seo: { title: 'xS', content: 'xD' },
      body: {
        blocks: [
          { type: 'header', data: { text: 'XH', level: 2 } },
          { type: 'paragraph', data: { text: 'Xa <b>Xb</b>X c' } },
          { type: 'paragraph', data: { text: '<br>' } },
          { type: 'image', data: { url: '/uploads/i.png', caption: 'xcap', width: 10, height: 20 } },
          { type: 'paid', data: {} },
          {
            type: 'album',
            data: {
              images: [
                { url: '/uploads/1.png', caption: '' },
                { url: '/uploads/2.png', caption: 'xtwo' },
              ],
            },
          },
          { type: 'video', data: { id: 7, cover: '/uploads/v.jpg', caption: 'xvid' } },
        ],
      },
    });
    // The source is not changed.
    expect(item.body.blocks[1]).toEqual({ type: 'paragraph', data: { text: 'a <b>b</b> c' } });
  });

  it("cuts translations to their fields' limits and makes titles one line", () => {
    const long: TranslatableItem = {
      title: 'a',
      subtitle: 'b',
      seo: { title: 'c', content: 'd' },
      body: { blocks: [] },
    };
    const { rebuild } = walk(long);
    const out = rebuild(['標\n題'.repeat(200), 'x'.repeat(400), 'y'.repeat(100), 'z'.repeat(200)]);
    expect(out.title).toBe('標 題'.repeat(200).slice(0, 200).trim());
    expect([...out.subtitle]).toHaveLength(300);
    expect(out.seo.title).toHaveLength(70);
    expect(out.seo.content).toHaveLength(160);
  });
});

describe('batchesOf', () => {
  const seg = (text: string, html = false, paid = false) => ({ text, html, paid });
  it('keeps plain texts and HTML apart, in order within each', () => {
    expect(batchesOf([seg('a'), seg('b', true), seg('c'), seg('d', true)])).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });
  it('never puts a paid text in a request with free ones', () => {
    expect(
      batchesOf([seg('title'), seg('free', true), seg('caption', false, true), seg('paid', true, true)]),
    ).toEqual([[0], [1], [2], [3]]);
  });
  it('caps a batch by count and by characters; a long text goes alone', () => {
    const many = Array.from({ length: 5 }, () => seg('x'));
    expect(batchesOf(many, 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(batchesOf([seg('aaa'), seg('bbbbbbbbbb'), seg('c')], 25, 5)).toEqual([[0], [1], [2]]);
  });
  it('makes none of nothing', () => {
    expect(batchesOf([])).toEqual([]);
  });
});

describe('inline HTML', () => {
  it('splits text and tags, and maps only text nodes', () => {
    expect(splitHtml('a<b x="1">b</b>')).toEqual(['a', '<b x="1">', 'b', '</b>', '']);
    expect(splitHtml('1 < 2')).toEqual(['1 < 2']);
    expect(mapTextNodes('<a href="軟體">軟體</a>', (t) => `[${t}]`)).toBe('<a href="軟體">[軟體]</a>');
    expect(sameTags('<b>x</b>', '<b>y</b>')).toBe(true);
    expect(sameTags('<b>x</b>', 'y')).toBe(false);
  });
});

describe('services', () => {
  it('converts Taiwan phrases both ways, text nodes only', async () => {
    const cc = openccTranslator();
    expect(cc.serves(1, 2) && cc.serves(2, 1)).toBe(true);
    expect(cc.serves(1, 3)).toBe(false);
    expect(await cc.translate({ texts: ['軟體資訊網路'], from: 1, to: 2, html: false })).toEqual([
      '软件信息网络',
    ]);
    expect(await cc.translate({ texts: ['<a href="/資訊">鼠标</a>'], from: 2, to: 1, html: true })).toEqual([
      '<a href="/資訊">滑鼠</a>',
    ]);
  });

  it('chooses OpenCC for the zh pair, then DeepL, then the OpenAI-compatible service, else none', () => {
    const deepl = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 1 };
    const openai = { baseUrl: 'http://127.0.0.1:2', apiKey: '', model: 'm', timeoutMs: 1 };
    expect(translators({}).pick(1, 3)).toBeUndefined();
    expect(translators({}).pick(1, 2)?.name).toBe('opencc');
    expect(translators({ deepl, openai }).pick(1, 2)?.name).toBe('opencc');
    expect(translators({ deepl, openai }).pick(3, 4)?.name).toBe('deepl');
    expect(translators({ openai }).pick(3, 4)?.name).toBe('openai');
    expect(translators({ openai }).pick(3, 3)).toBeUndefined();
  });
});

describe('translationConfig', () => {
  it('reads DeepL and the OpenAI-compatible service from the environment', () => {
    expect(translationConfig({})).toEqual({});
    expect(translationConfig({ DEEPL_API_KEY: 'abc:fx' }).deepl).toEqual({
      baseUrl: 'https://api-free.deepl.com',
      apiKey: 'abc:fx',
      timeoutMs: 60_000,
    });
    expect(
      translationConfig({ DEEPL_API_KEY: 'abc', DEEPL_BASE_URL: 'http://127.0.0.1:9/' }).deepl?.baseUrl,
    ).toBe('http://127.0.0.1:9');
    // The AI helper's one reading of AI_*: a key alone names no service.
    expect(translationConfig({ AI_API_KEY: 'sk' }).openai).toBeUndefined();
    expect(
      translationConfig({
        AI_BASE_URL: 'https://api.openai.com/v1',
        AI_API_KEY: 'sk',
        AI_MODEL: 'gpt-4o-mini',
      }).openai,
    ).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk',
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
    });
    expect(
      translationConfig({
        AI_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_MODEL: 'qwen',
        TRANSLATION_TIMEOUT_MS: '5000',
      }).openai,
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: '', model: 'qwen', timeoutMs: 5000 });
    expect(() => translationConfig({ TRANSLATION_TIMEOUT_MS: 'soon' })).toThrow(/TRANSLATION_TIMEOUT_MS/);
  });
});
