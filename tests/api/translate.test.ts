/**
 * Machine translation offline (press/translate with translate=true): zh-TW → zh-CN and back through OpenCC with
 * Taiwan phrases, the whole item translated with its blocks, images, video and paid marker kept; a pair without a
 * service answers TRANSLATE_NO_PROVIDER and creates nothing (a blank copy still can be made); another site's item is
 * not found; a retry, even concurrent, makes one version; progress and pairs.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentItem, SaveReply, TranslatePairs, TranslateProgress } from '../../contract/content';
import type { Session } from '../../contract/session';
import { contents, videos } from '../../server/modules/tables';
import { type Client, createTestApp, OWNER, ok, register, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let videoId: number;

const save = (body: Record<string, unknown>) =>
  owner.call<SaveReply>('press/save?t=1', { id: 0, title: '', content: { blocks: [] }, version: 0, ...body });
const get = (id: number, lang?: number) =>
  owner.call<ContentItem>('press/get?t=1', lang ? { id, lang } : { id });
const translate = (c: Client, id: number, lang_id: number, tr = true) =>
  c.call<{ id: number; lang_id: number }>('press/translate?t=1', { id, translate: tr, lang_id, from: 1 });

beforeAll(async () => {
  t = await createTestApp();
  owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
  const siteId = (await owner.call<Session>('member/status')).data.site.current?.id as number;
  const [v] = await t.database.db
    .insert(videos)
    .values({ siteId, title: '影片', path: '/uploads/v.mp4', cover: '/uploads/v.jpg' })
    .returning();
  videoId = v.id;
});
afterAll(async () => {
  await t?.close();
});

const article = () => ({
  title: '軟體與資訊的網路世界',
  subtitle: '記憶體與滑鼠',
  seo: { title: '網路軟體', content: '關於資訊安全的文章' },
  content: {
    blocks: [
      { type: 'header', data: { text: '軟體開發', level: 2 } },
      {
        type: 'paragraph',
        data: { text: '這個<strong>軟體</strong>透過<a href="https://example.com/軟體">網路</a>傳送資訊。' },
      },
      { type: 'image', data: { url: '/uploads/a.png', caption: '網路示意圖', width: 800, height: 600 } },
      { type: 'paid', data: {} },
      {
        type: 'album',
        data: {
          images: [
            { url: '/uploads/b.png', caption: '軟體畫面' },
            { url: '/uploads/c.png', caption: '' },
          ],
        },
      },
      { type: 'video', data: { id: videoId, cover: '/uploads/v.jpg', caption: '資訊影片' } },
      { type: 'paragraph', data: { text: '' } },
    ],
  },
});

describe('zh-TW → zh-CN offline', () => {
  it('translates the whole item and keeps blocks, images, the video and the paid marker', async () => {
    const made = ok(await save({ ...article(), cover: '/uploads/cover.png' }));
    const copy = ok(await translate(owner, made.id, 2));
    expect(copy.lang_id).toBe(2);
    expect(copy.id).not.toBe(made.id);
    const item = ok(await get(made.id, 2));
    expect(item).toMatchObject({
      id: copy.id,
      uuid: made.uuid,
      lang_id: 2,
      title: '软件与信息的网络世界',
      subtitle: '内存与鼠标',
      cover: '/uploads/cover.png',
      seo: { title: '网络软件', content: '关于信息安全的文章' },
      frontend_display_language: [1, 2],
    });
    expect(item.content.blocks).toEqual([
      { type: 'header', data: { text: '软件开发', level: 2 } },
      // Text nodes converted, tags and the link's address kept as they were.
      {
        type: 'paragraph',
        data: { text: '这个<strong>软件</strong>透过<a href="https://example.com/軟體">网络</a>发送信息。' },
      },
      { type: 'image', data: { url: '/uploads/a.png', caption: '网络示意图', width: 800, height: 600 } },
      { type: 'paid', data: {} },
      {
        type: 'album',
        data: {
          images: [
            { url: '/uploads/b.png', caption: '软件画面' },
            { url: '/uploads/c.png', caption: '' },
          ],
        },
      },
      { type: 'video', data: { id: videoId, cover: '/uploads/v.jpg', caption: '信息视频' } },
      { type: 'paragraph', data: { text: '' } },
    ]);
    // The abstract is made from the translated free part.
    expect(item.abstract).toBe('这个软件透过网络发送信息。');
    // The source is untouched.
    expect(ok(await get(made.id)).title).toBe('軟體與資訊的網路世界');
    // Progress of a finished translation.
    const progress = ok(
      await owner.call<TranslateProgress>('press/translate_progress?t=1', { id: made.id, lang_id: 2 }),
    );
    expect(progress.state).toBe('done');
    expect(progress.done).toBe(progress.total);
  });

  it('translates zh-CN back into zh-TW with Taiwan phrases', async () => {
    const made = ok(
      await save({
        lang_id: 2,
        title: '软件信息',
        content: { blocks: [{ type: 'paragraph', data: { text: '鼠标和内存' } }] },
      }),
    );
    const copy = ok(
      await owner.call<{ id: number }>('press/translate?t=1', { id: made.id, translate: true, lang_id: 1 }),
    );
    const item = ok(await get(copy.id));
    expect(item.title).toBe('軟體資訊');
    expect(item.content.blocks).toEqual([{ type: 'paragraph', data: { text: '滑鼠和記憶體' } }]);
  });

  it('makes one version for retries, also concurrent ones', async () => {
    const made = ok(await save(article()));
    const [a, b] = await Promise.all([translate(owner, made.id, 2), translate(owner, made.id, 2)]);
    expect(ok(a)).toEqual(ok(b));
    const again = ok(await translate(owner, made.id, 2));
    expect(again).toEqual(ok(a));
    // A blank copy asked afterwards is the same version, not a second one.
    expect(ok(await translate(owner, made.id, 2, false))).toEqual(ok(a));
    const rows = await t.database.db
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.uuid, made.uuid), eq(contents.langId, 2)));
    expect(rows).toHaveLength(1);
    // A version that exists is answered as it is, not translated again over someone's edits.
    const edited = ok(await get(ok(a).id));
    ok(
      await owner.call('press/save?t=1', {
        id: edited.id,
        lang_id: 2,
        title: '手写的标题',
        content: edited.content,
        version: edited.version,
      }),
    );
    expect(ok(await translate(owner, made.id, 2))).toEqual(ok(a));
    expect(ok(await get(ok(a).id)).title).toBe('手写的标题');
  });
});

describe('without a service', () => {
  it('lists only the zh pair offline', async () => {
    const { pairs } = ok(await owner.call<TranslatePairs>('press/translate_pairs', {}));
    expect(pairs).toEqual([
      { from: 1, to: 2, provider: 'opencc' },
      { from: 2, to: 1, provider: 'opencc' },
    ]);
  });

  it('answers TRANSLATE_NO_PROVIDER for another pair, creates nothing, and still makes a blank copy', async () => {
    const made = ok(await save(article()));
    const r = await translate(owner, made.id, 3);
    expect(r).toMatchObject({
      status: 200,
      code: Code.TRANSLATE_NO_PROVIDER,
      msg: '此語言組合目前沒有可用的翻譯服務，可以改為從空白開始。',
    });
    expect(ok(await get(made.id)).frontend_display_language).toEqual([1]);
    const blank = ok(await translate(owner, made.id, 3, false));
    const item = ok(await get(blank.id));
    expect(item).toMatchObject({ lang_id: 3, title: '', content: { blocks: [] } });
    const progress = ok(
      await owner.call<TranslateProgress>('press/translate_progress?t=1', { id: made.id, lang_id: 4 }),
    );
    expect(progress).toEqual({ state: 'idle', done: 0, total: 0 });
  });
});

describe('access', () => {
  it("does not find another site's item, nor report its progress", async () => {
    const made = ok(await save(article()));
    const other = await register(t, 'translate-other@example.com');
    const r = await translate(other, made.id, 2);
    expect(r.status).toBe(404);
    const p = await other.call('press/translate_progress?t=1', { id: made.id, lang_id: 2 });
    expect(p.status).toBe(404);
    expect(ok(await get(made.id)).frontend_display_language).toEqual([1]);
  });

  it('refuses bad input with a validation error', async () => {
    const made = ok(await save(article()));
    const r = await owner.call('press/translate?t=1', { id: made.id, translate: true, lang_id: 9 });
    expect(r.code).toBe(Code.VALIDATION);
    const p = await owner.call('press/translate_progress?t=1', { id: 'x', lang_id: 2 });
    expect(p.code).toBe(Code.VALIDATION);
  });
});

describe('code 3003 (a feature not built yet) is gone', () => {
  it('the formerly-3003 call, translating, answers a translation or 3610 for every type and language, never 3003', async () => {
    expect(Object.values(Code)).not.toContain(3003);
    for (const type of [1, 3, 4]) {
      const made = ok(
        await owner.call<SaveReply>(`press/save?t=${type}`, {
          id: 0,
          title: `翻譯 ${type}`,
          content: { blocks: [{ type: 'paragraph', data: { text: '軟體' } }] },
          version: 0,
        }),
      );
      for (const lang_id of [2, 3, 4, 5]) {
        const r = await owner.call(`press/translate?t=${type}`, {
          id: made.id,
          translate: true,
          lang_id,
          from: 1,
        });
        expect(r.code).not.toBe(3003);
        expect([Code.OK, Code.TRANSLATE_NO_PROVIDER]).toContain(r.code);
        expect(r.code === Code.OK).toBe(lang_id === 2);
      }
    }
  });
});
