/**
 * Machine translation through the real services' HTTP contracts, against local fakes (never the internet): DeepL
 * (tests/fixtures/fakeDeepL.ts) and an OpenAI-compatible chat service (tests/fixtures/fakeTranslateChat.ts). Request
 * shape and auth header, inline HTML kept, images and the paid marker kept, errors and timeouts (nothing created,
 * code TRANSLATE_FAILED), a translation outlasting a call (TRANSLATE_RUNNING, then the same one), one version.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentItem, SaveReply, TranslatePairs, TranslateProgress } from '../../contract/content';
import { contents } from '../../server/modules/tables';
import { type FakeDeepL, startFakeDeepL } from '../fixtures/fakeDeepL';
import { type FakeChat, startFakeChat } from '../fixtures/fakeTranslateChat';
import { type Client, createTestApp, OWNER, ok, type Reply, type TestApp } from '../fixtures/testApp';

const PARAGRAPH = '這個<strong>軟體</strong>透過<a href="https://example.com/x">網路</a>傳送。';
const article = (title: string) => ({
  id: 0,
  version: 0,
  title,
  subtitle: '副標',
  seo: { title: 'SEO 標題', content: '' },
  content: {
    blocks: [
      { type: 'header', data: { text: '標題', level: 3 } },
      { type: 'paragraph', data: { text: PARAGRAPH } },
      { type: 'image', data: { url: '/uploads/a.png', caption: '圖說' } },
      { type: 'paid', data: {} },
      { type: 'paragraph', data: { text: '付費內容' } },
    ],
  },
});

async function setUp(config: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(config);
  const owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
  return { t, owner };
}

const make = async (c: Client, title: string) =>
  ok(await c.call<SaveReply>('press/save?t=1', article(title)));
const translate = (c: Client, id: number, lang_id: number) =>
  c.call<{ id: number; lang_id: number }>('press/translate?t=1', { id, translate: true, lang_id, from: 1 });
/** As the writer does: a translation still running is waited for by calling again. */
async function translated(c: Client, id: number, lang_id: number) {
  let r = await translate(c, id, lang_id);
  while (r.code === Code.TRANSLATE_RUNNING) r = await translate(c, id, lang_id);
  return r;
}
const get = async (c: Client, id: number) => ok(await c.call<ContentItem>('press/get?t=1', { id }));
const versions = (t: TestApp, uuid: string, lang: number) =>
  t.database.db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.uuid, uuid), eq(contents.langId, lang)));

describe('DeepL-compatible service', () => {
  let deepl: FakeDeepL;
  let t: TestApp;
  let owner: Client;
  beforeAll(async () => {
    deepl = await startFakeDeepL();
    ({ t, owner } = await setUp({
      config: {
        translation: { deepl: { baseUrl: deepl.url, apiKey: deepl.key, timeoutMs: 1500 }, waitMs: 400 },
      },
    }));
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('serves every pair but the zh one, which stays with OpenCC', async () => {
    const { pairs } = ok(await owner.call<TranslatePairs>('press/translate_pairs', {}));
    expect(pairs).toHaveLength(20);
    expect(pairs).toContainEqual({ from: 1, to: 2, provider: 'opencc' });
    expect(pairs).toContainEqual({ from: 1, to: 3, provider: 'deepl' });
    expect(pairs).toContainEqual({ from: 4, to: 5, provider: 'deepl' });
  });

  it('sends text[] with source and target languages and the key, HTML with tag_handling, and keeps blocks', async () => {
    deepl.fault = undefined;
    deepl.requests.length = 0;
    const made = await make(owner, '軟體標題');
    const copy = ok(await translated(owner, made.id, 3)); // the writer calls again on 3612 (a loaded machine)
    expect(deepl.requests.length).toBeGreaterThanOrEqual(2);
    for (const r of deepl.requests) {
      expect(r.path).toBe('/v2/translate');
      expect(r.headers.authorization).toBe(`DeepL-Auth-Key ${deepl.key}`);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.body).toMatchObject({ source_lang: 'ZH', target_lang: 'EN-US' });
    }
    const plain = deepl.requests.filter((r) => r.body.tag_handling === undefined);
    const html = deepl.requests.filter((r) => r.body.tag_handling === 'html');
    expect(deepl.requests).toHaveLength(3);
    expect(plain.map((r) => r.body.text)).toEqual([['軟體標題', '副標', 'SEO 標題', '圖說']]);
    // The paid part in a request of its own.
    expect(html.map((r) => r.body.text)).toEqual([['標題', PARAGRAPH], ['付費內容']]);
    const item = await get(owner, copy.id);
    expect(item).toMatchObject({
      lang_id: 3,
      title: 'EN-US:軟體標題',
      subtitle: 'EN-US:副標',
      seo: { title: 'EN-US:SEO 標題', content: '' },
    });
    expect(item.content.blocks).toEqual([
      { type: 'header', data: { text: 'EN-US:標題', level: 3 } },
      {
        type: 'paragraph',
        data: {
          text: 'EN-US:這個<strong>EN-US:軟體</strong>EN-US:透過<a href="https://example.com/x">EN-US:網路</a>EN-US:傳送。',
        },
      },
      { type: 'image', data: { url: '/uploads/a.png', caption: 'EN-US:圖說' } },
      { type: 'paid', data: {} },
      { type: 'paragraph', data: { text: 'EN-US:付費內容' } },
    ]);
  });

  it.each([
    ['an HTTP error', 'http500'],
    ['an exhausted quota (456)', 'quota'],
    ['a wrong number of translations', 'short'],
    ['no answer within the timeout', 'hang'],
  ] as const)(
    'answers TRANSLATE_FAILED on %s and creates nothing; a retry then works once',
    async (_, fault) => {
      const made = await make(owner, `失敗 ${fault}`);
      deepl.fault = fault;
      const r = await translated(owner, made.id, 4);
      expect(r).toMatchObject({ status: 200, code: Code.TRANSLATE_FAILED });
      expect(await versions(t, made.uuid, 4)).toHaveLength(0);
      const progress = ok(
        await owner.call<TranslateProgress>('press/translate_progress?t=1', { id: made.id, lang_id: 4 }),
      );
      expect(progress.state).toBe('failed');
      deepl.fault = undefined;
      const copy = ok(await translated(owner, made.id, 4));
      expect((await get(owner, copy.id)).title).toBe(`JA:失敗 ${fault}`);
      expect(await versions(t, made.uuid, 4)).toHaveLength(1);
    },
  );

  it('answers TRANSLATE_RUNNING when a translation outlasts the wait; calling again joins it, one version', async () => {
    const made = await make(owner, '慢慢翻');
    deepl.fault = 'slow';
    deepl.requests.length = 0;
    const first = await translate(owner, made.id, 5);
    expect(first).toMatchObject({ status: 200, code: Code.TRANSLATE_RUNNING });
    const running = ok(
      await owner.call<TranslateProgress>('press/translate_progress?t=1', { id: made.id, lang_id: 5 }),
    );
    expect(running).toMatchObject({ state: 'running', total: 3 });
    let r: Reply<{ id: number; lang_id: number }> = first;
    while (r.code === Code.TRANSLATE_RUNNING) r = await translate(owner, made.id, 5);
    const copy = ok(r);
    // The second call did not start a second translation: one request per batch.
    expect(deepl.requests).toHaveLength(3);
    expect(await versions(t, made.uuid, 5)).toEqual([{ id: copy.id }]);
    expect(
      ok(await owner.call<TranslateProgress>('press/translate_progress?t=1', { id: made.id, lang_id: 5 })),
    ).toEqual({ state: 'done', done: 3, total: 3 });
    deepl.fault = undefined;
  });
});

describe('OpenAI-compatible service', () => {
  let chat: FakeChat;
  let t: TestApp;
  let owner: Client;
  beforeAll(async () => {
    chat = await startFakeChat();
    ({ t, owner } = await setUp({
      config: {
        translation: {
          openai: { baseUrl: chat.url, apiKey: chat.key, model: 'test-model', timeoutMs: 1500 },
          waitMs: 10_000,
        },
      },
    }));
  });
  afterAll(async () => {
    await t?.close();
    await chat?.close();
  });

  it('posts the texts as a JSON array with the model and bearer key, and reads a fenced JSON answer', async () => {
    chat.fault = undefined;
    chat.requests.length = 0;
    const made = await make(owner, '模型翻譯');
    const copy = ok(await translate(owner, made.id, 3));
    const request = chat.requests[0];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${chat.key}`);
    expect(request.body).toMatchObject({ model: 'test-model', temperature: 0 });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0].content).toContain('English');
    expect(JSON.parse(messages[1].content)).toEqual(['模型翻譯', '副標', 'SEO 標題', '圖說']);
    const item = await get(owner, copy.id);
    expect(item.title).toBe('AI:模型翻譯');
    expect(item.content.blocks[1]).toEqual({
      type: 'paragraph',
      data: {
        text: 'AI:這個<strong>AI:軟體</strong>AI:透過<a href="https://example.com/x">AI:網路</a>AI:傳送。',
      },
    });
    expect(item.content.blocks.map((b) => b.type)).toEqual([
      'header',
      'paragraph',
      'image',
      'paid',
      'paragraph',
    ]);
  });

  it('keeps the paid marker in place and paid text out of the free part, even when the model answers out of place', async () => {
    chat.fault = 'shift';
    const para = (text: string) => ({ type: 'paragraph', data: { text } });
    const made = ok(
      await owner.call<SaveReply>('press/save?t=1', {
        ...article('錯位'),
        content: { blocks: [para('免費一'), para('免費二'), { type: 'paid', data: {} }, para('付費一')] },
      }),
    );
    const copy = ok(await translate(owner, made.id, 4));
    chat.fault = undefined;
    const item = await get(owner, copy.id);
    expect(item.content.blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'paid', 'paragraph']);
    const text = (b: (typeof item.content.blocks)[number]) => (b.type === 'paragraph' ? b.data.text : '');
    const free = item.content.blocks.slice(0, 2).map(text);
    expect(free.join(' ')).not.toContain('付費');
    expect(free.join(' ')).toContain('AI:免費');
    expect(text(item.content.blocks[3])).toBe('AI:付費一');
    expect(item.abstract).not.toContain('付費');
  });

  it('keeps the tags when the model loses them: those texts are translated again text node by text node', async () => {
    chat.fault = 'drop-tags';
    const made = await make(owner, '掉標籤');
    const copy = ok(await translate(owner, made.id, 4));
    const item = await get(owner, copy.id);
    expect(item.content.blocks[1]).toEqual({
      type: 'paragraph',
      data: {
        text: 'AI:這個<strong>AI:軟體</strong>AI:透過<a href="https://example.com/x">AI:網路</a>AI:傳送。',
      },
    });
    // A heading without tags came back as it should.
    expect(item.content.blocks[0]).toEqual({ type: 'header', data: { text: 'AI:標題', level: 3 } });
    chat.fault = undefined;
  });

  it.each([
    ['an HTTP error', 'http500'],
    ['an answer that is no JSON array', 'prose'],
    ['no answer within the timeout', 'hang'],
  ] as const)('answers TRANSLATE_FAILED on %s and creates nothing', async (_, fault) => {
    const made = await make(owner, `模型失敗 ${fault}`);
    chat.fault = fault;
    const r = await translate(owner, made.id, 5);
    expect(r).toMatchObject({ status: 200, code: Code.TRANSLATE_FAILED });
    expect(await versions(t, made.uuid, 5)).toHaveLength(0);
    chat.fault = undefined;
  });

  it('refuses a wrong key as a failure, not a 500', async () => {
    const made = await make(owner, '錯誤的金鑰');
    const key = chat.key;
    chat.key = 'sk-other';
    const r = await translate(owner, made.id, 3);
    chat.key = key;
    expect(r).toMatchObject({ status: 200, code: Code.TRANSLATE_FAILED });
  });
});
