/**
 * What an item points at passes the caller's sight (security review, finding 4): related items out of sight (another
 * person's draft, a type the role may not read, deleted, another site's) answer exactly as an id that does not exist;
 * `get` never names them; a save by someone who cannot see a link keeps it where it was. Image addresses inside the
 * upload store must be the site's own uploads, and label counts count only items the caller sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, SaveReply } from '../../contract/content';
import { RELATED_MAX } from '../../contract/contentConstants';
import type { label } from '../../contract/entities/label';
import type { EntityRecord } from '../../contract/entity';
import type { ListResult } from '../../contract/list';
import type { Session } from '../../contract/session';
import { roles, videos } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

type Label = EntityRecord<typeof label>;

let t: TestApp;
let owner: Client;
let demoSiteId: number;
/** The finding's role: post.view and post.edit only (its own items, no pages). */
let writer: Client;
let other: Client;
let otherSiteId: number;

const MISSING = 2_000_000_000;
const doc = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text } }] });

const save = (c: Client, body: Record<string, unknown>, type = 1) =>
  c.call<SaveReply>(`press/save?t=${type}`, { id: 0, title: 'x', content: doc('x'), version: 0, ...body });
const create = async (c: Client, title: string, type = 1, body: Record<string, unknown> = {}) =>
  ok(await save(c, { title, content: doc(title), ...body }, type)).id;
const get = async (c: Client, id: number, type = 1) =>
  ok(await c.call<ContentItem>(`press/get?t=${type}`, { id }));
/** Saves an existing item with `body` over what `c` reads of it. */
async function resave(c: Client, id: number, body: Record<string, unknown>, type = 1) {
  const item = await get(c, id, type);
  return c.call<SaveReply>(`press/save?t=${type}`, {
    id,
    title: item.title,
    content: item.content,
    version: item.version,
    related: 4,
    custom: item.custom.map((r) => r.id),
    ...body,
  });
}
/** A reply as the caller sees it, without what differs between any two calls. */
const answer = (r: Reply<unknown>) => ({ status: r.status, code: r.code, msg: r.msg, data: r.data });

async function customRole(name: string, permissions: string[]): Promise<number> {
  const [role] = await t.database.db
    .insert(roles)
    .values({ siteId: demoSiteId, name, permissions })
    .returning();
  return role.id;
}

/** Items of the demo site and what the writer sees of them. */
const ids = {} as Record<
  'draft' | 'page' | 'published' | 'deleted' | 'foreign' | 'mine1' | 'mine2' | 'mine3',
  number
>;
const HIDDEN_TITLES = ['別人的草稿', '看不到的頁面', '已發佈的文章', '已刪除的文章', '別站的文章'];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  writer = await staffOf(
    t,
    demoSiteId,
    'refs-writer@example.com',
    await customRole('撰稿', ['post.view', 'post.edit']),
  );
  other = await register(t, 'refs-other@example.com');
  otherSiteId = (await other.call<Session>('member/status')).data.site.current?.id as number;
  ids.draft = await create(owner, '別人的草稿');
  ids.page = await create(owner, '看不到的頁面', 3);
  ok(await owner.call('press/publish?t=3', { id: ids.page, mode: 1 }));
  ids.published = await create(owner, '已發佈的文章');
  ok(await owner.call('press/publish?t=1', { id: ids.published, mode: 1 }));
  ids.deleted = await create(owner, '已刪除的文章');
  ok(await owner.call('press/publish?t=1', { id: ids.deleted, mode: -1 }));
  ids.foreign = await create(other, '別站的文章');
  ids.mine1 = await create(writer, '我的第一篇');
  ids.mine2 = await create(writer, '我的第二篇');
  ids.mine3 = await create(writer, '我的第三篇');
});
afterAll(async () => {
  await t?.close();
});

describe('related items on save', () => {
  it('answers an id out of the caller’s sight exactly as one that does not exist, and saves nothing', async () => {
    const missing = answer(await save(writer, { title: '相關', related: 4, custom: [ids.mine1, MISSING] }));
    expect(missing.code).toBe(1001);
    expect(fieldErrors(missing as Reply<unknown>)).toEqual({ custom: '格式錯誤' });
    for (const hidden of ['draft', 'page', 'published', 'deleted', 'foreign'] as const) {
      const r = await save(writer, { title: '相關', related: 4, custom: [ids.mine1, ids[hidden]] });
      expect(answer(r), hidden).toEqual(missing);
    }
    // On an existing item, too: its version stays.
    const before = await get(writer, ids.mine1);
    const r = await resave(writer, ids.mine1, { custom: [ids.mine2, ids.draft] });
    expect(answer(r)).toEqual(missing);
    expect((await get(writer, ids.mine1)).version).toBe(before.version);
    // Its own items it may link.
    ok(await save(writer, { title: '相關', related: 4, custom: [ids.mine1, ids.mine2] }));
  });

  it('needs the view permission of the linked item’s type, and its sight', async () => {
    // Sees every item, but may not read pages.
    const noPages = await staffOf(
      t,
      demoSiteId,
      'refs-all-no-pages@example.com',
      await customRole('全看無頁面', ['post.view', 'post.edit', 'post.view_all']),
    );
    expect(fieldErrors(await save(noPages, { related: 4, custom: [ids.page] }))).toEqual({
      custom: '格式錯誤',
    });
    ok(await save(noPages, { related: 4, custom: [ids.draft, ids.mine1] }));
    // Others' published items, not their drafts.
    const site = await staffOf(
      t,
      demoSiteId,
      'refs-site@example.com',
      await customRole('同站', ['post.view', 'post.edit', 'post.view_site']),
    );
    ok(await save(site, { related: 4, custom: [ids.published] }));
    expect(fieldErrors(await save(site, { related: 4, custom: [ids.draft] }))).toEqual({
      custom: '格式錯誤',
    });
    // The owner may read pages: an article may point at one.
    const mixed = await create(owner, '混合', 1, { related: 4, custom: [ids.page, ids.draft] });
    expect((await get(owner, mixed)).custom.map((c) => c.title)).toEqual(['看不到的頁面', '別人的草稿']);
  });
});

describe('related items on read', () => {
  it('never names an item the reader cannot see, also when someone who sees it linked it', async () => {
    ok(
      await resave(owner, ids.mine1, {
        custom: [ids.draft, ids.mine2, ids.page, ids.published],
      }),
    );
    const seen = await writer.call<ContentItem>('press/get?t=1', { id: ids.mine1 });
    expect(ok(seen).custom).toEqual([{ id: ids.mine2, title: '我的第二篇' }]);
    const text = JSON.stringify(seen);
    for (const title of HIDDEN_TITLES) expect(text).not.toContain(title);
    for (const id of [ids.draft, ids.page, ids.published]) expect(text).not.toContain(`"id":${id}`);
    // The owner sees them all, in order.
    expect((await get(owner, ids.mine1)).custom.map((c) => c.id)).toEqual([
      ids.draft,
      ids.mine2,
      ids.page,
      ids.published,
    ]);
  });

  it('drops a link from the reader’s view once its item goes out of their sight', async () => {
    const site = await staffOf(
      t,
      demoSiteId,
      'refs-site-reader@example.com',
      await customRole('同站讀者', ['post.view', 'post.edit', 'post.view_site']),
    );
    const live = await create(owner, '暫時上線');
    ok(await owner.call('press/publish?t=1', { id: live, mode: 1 }));
    const linking = await create(site, '連過去', 1, { related: 4, custom: [live] });
    expect((await get(site, linking)).custom).toEqual([{ id: live, title: '暫時上線' }]);
    ok(await owner.call('press/publish?t=1', { id: live, mode: 0 }));
    expect((await get(site, linking)).custom).toEqual([]);
    // Still linked: back online, it shows again.
    ok(await owner.call('press/publish?t=1', { id: live, mode: 1 }));
    expect((await get(site, linking)).custom).toEqual([{ id: live, title: '暫時上線' }]);
  });
});

describe('links the saver cannot see', () => {
  it('keeps them, in their places, whatever the reader does with the links it sees', async () => {
    const item = await create(writer, '保留連結');
    ok(await resave(owner, item, { custom: [ids.draft, ids.mine2, ids.page, ids.published] }));
    // Sent back as read: nothing changes.
    ok(await resave(writer, item, {}));
    expect((await get(owner, item)).custom.map((c) => c.id)).toEqual([
      ids.draft,
      ids.mine2,
      ids.page,
      ids.published,
    ]);
    // Another order and another item of its own.
    ok(await resave(writer, item, { custom: [ids.mine3, ids.mine1] }));
    expect((await get(owner, item)).custom.map((c) => c.id)).toEqual([
      ids.draft,
      ids.mine3,
      ids.page,
      ids.published,
      ids.mine1,
    ]);
    // Its own removed, and the default related list chosen: the hidden ones stay for those who see them.
    ok(await resave(writer, item, { related: 1, custom: [] }));
    const after = await get(owner, item);
    expect(after.related).toBe(1);
    expect(after.custom.map((c) => c.id)).toEqual([ids.draft, ids.page, ids.published]);
    expect((await get(writer, item)).custom).toEqual([]);
    // Naming one of them is naming an unknown id, though it is linked already.
    expect(fieldErrors(await resave(writer, item, { custom: [ids.draft] }))).toEqual({ custom: '格式錯誤' });
  });

  it('counts them towards the limit of related items', async () => {
    const item = await create(writer, '上限');
    ok(await resave(owner, item, { custom: [ids.draft, ids.page] }));
    const mine: number[] = [];
    for (let i = 0; i < RELATED_MAX - 1; i++) mine.push(await create(writer, `上限之${i}`));
    expect(fieldErrors(await resave(writer, item, { custom: mine }))).toEqual({ custom: '格式錯誤' });
    ok(await resave(writer, item, { custom: mine.slice(0, RELATED_MAX - 2) }));
    expect((await get(owner, item)).custom).toHaveLength(RELATED_MAX);
  });
});

describe('languages', () => {
  it('does not hand out the id of a language copy out of the caller’s sight', async () => {
    const mine = await create(writer, '我的多語文章');
    const { uuid } = await get(writer, mine);
    const hidden = await create(owner, 'Hidden copy', 1, { uuid, lang_id: 3 });
    const r = await writer.call('press/translate?t=1', { id: mine, translate: false, lang_id: 3 });
    expect(JSON.stringify(r)).not.toContain(`:${hidden}`);
    // As a save of that language says: it is taken.
    expect(fieldErrors(r)).toEqual({ lang_id: '此欄位重複' });
    expect(fieldErrors(await save(writer, { uuid, lang_id: 3 }))).toEqual({ lang_id: '此欄位重複' });
    // The owner, who sees it, is answered the copy.
    expect(ok(await owner.call('press/translate?t=1', { id: mine, translate: false, lang_id: 3 }))).toEqual({
      id: hidden,
      lang_id: 3,
    });
  });
});

describe('image addresses', () => {
  const upload = (site: number, name = 'a.png') => `/uploads/${site}/2026/11/${name}`;
  const tricks = () => [
    upload(otherSiteId),
    `/uploads/${demoSiteId}/../${otherSiteId}/2026/11/a.png`,
    `/uploads/${demoSiteId}/%2e%2e/${otherSiteId}/2026/11/a.png`,
    `/uploads/${demoSiteId}%2f..%2f${otherSiteId}/2026/11/a.png`,
    `/uploads//${otherSiteId}/2026/11/a.png`,
    `/uploads\\${otherSiteId}/2026/11/a.png`,
    `/uploads/${encodeURIComponent(String(otherSiteId)).replace(/\d/g, (d) => `%3${d}`)}/2026/11/a.png`,
    `${t.config.publicUrl}/uploads/${otherSiteId}/2026/11/a.png`,
  ];
  const blocks = (url: string) => [
    { type: 'image', data: { url, caption: '' } },
    {
      type: 'album',
      data: {
        images: [
          { url: 'https://cdn.example.com/1.jpg', caption: '' },
          { url, caption: '' },
        ],
      },
    },
    { type: 'video', data: { id: video, cover: url, caption: '' } },
  ];
  let video: number;
  beforeAll(async () => {
    [{ id: video }] = await t.database.db
      .insert(videos)
      .values({
        siteId: demoSiteId,
        title: '影片',
        path: upload(demoSiteId, 'v.mp4'),
        cover: upload(demoSiteId),
      })
      .returning();
  });

  it('refuses another site’s uploads as covers, images and album pictures, as a bad link', async () => {
    for (const url of tricks()) {
      const r = await save(owner, { title: '封面', cover: url, content: { blocks: blocks(url) } });
      expect(fieldErrors(r), url).toEqual({
        cover: '連結錯誤',
        'content.blocks.0.data.url': '連結錯誤',
        'content.blocks.1.data.images.1.url': '連結錯誤',
        'content.blocks.2.data.cover': '連結錯誤',
      });
    }
    // The site's own uploads, and pictures elsewhere on the web, are fine.
    const made = await create(owner, '封面', 1, {
      cover: upload(demoSiteId),
      content: { blocks: blocks(upload(demoSiteId, 'b.png')) },
    });
    expect((await get(owner, made)).cover).toBe(upload(demoSiteId));
    ok(
      await save(owner, {
        cover: 'https://cdn.example.com/c.jpg',
        content: { blocks: blocks('https://x.example/y.png') },
      }),
    );
    // The other site may use its own.
    ok(await save(other, { cover: upload(otherSiteId) }));
  });

  const siteSettings = {
    title: '範例新聞網',
    description: '',
    tracking: '',
    timezone: 'Asia/Taipei',
    language: 'zh-TW',
    logo: '',
    favicon: '',
    seo: { cover: '', title: '', description: '' },
    frontend_display_language: [1],
  };
  it('refuses another site’s uploads as label covers, author avatars, the home cover and the site’s pictures', async () => {
    for (const url of tricks()) {
      const label = await owner.call('label/save', {
        id: 0,
        type: 'tag',
        lang: [{ lang_id: 1, title: '偷圖', cover: url }],
      });
      expect(fieldErrors(label), url).toEqual({ 'lang.0.cover': '連結錯誤' });
      const author = await owner.call('author/save', { id: 0, name: '偷圖', avatar: url });
      expect(fieldErrors(author), url).toEqual({ avatar: '連結錯誤' });
      const home = await owner.call('home/save', {
        cover: url,
        categories: [],
        articles: [{ id: ids.published }],
      });
      expect(fieldErrors(home), url).toEqual({ cover: '連結錯誤' });
      const settings = await owner.call('site/save', {
        ...siteSettings,
        logo: url,
        favicon: url,
        seo: { cover: url, title: '', description: '' },
      });
      expect(fieldErrors(settings), url).toEqual({
        logo: '連結錯誤',
        favicon: '連結錯誤',
        'seo.cover': '連結錯誤',
      });
    }
    ok(
      await owner.call('label/save', {
        id: 0,
        type: 'tag',
        lang: [{ lang_id: 1, title: '自己的圖', cover: upload(demoSiteId) }],
      }),
    );
    ok(await owner.call('author/save', { id: 0, name: '自己的圖', avatar: upload(demoSiteId) }));
    ok(await owner.call('home/save', { cover: upload(demoSiteId), articles: [{ id: ids.published }] }));
    const own = upload(demoSiteId);
    ok(
      await owner.call('site/save', {
        ...siteSettings,
        logo: own,
        seo: { cover: own, title: '', description: '' },
      }),
    );
  });
});

describe('labels', () => {
  it('count only the items the caller sees', async () => {
    const tag = ok(
      await owner.call<Label>('label/save', {
        id: 0,
        type: 'tag',
        lang: [{ lang_id: 1, title: '秘密標籤', cover: '' }],
      }),
    );
    await create(owner, '秘密草稿', 1, { tag: [tag.id] });
    await create(owner, '秘密頁面', 3, { tag: [tag.id] });
    await create(writer, '公開的標籤用法', 1, { tag: [tag.id] });
    const countFor = async (c: Client) => {
      const shown = ok(await c.call<Label>('label/show', { type: 'tag', id: tag.id })).count;
      const listed = ok(
        await c.call<ListResult<Label>>('label/index', {
          type: 'tag',
          query: { filters: [{ col: 'id', value: [tag.id], type: 'in' }] },
        }),
      ).rows[0].count;
      expect(listed).toBe(shown);
      return shown;
    };
    expect(await countFor(owner)).toBe(3);
    expect(await countFor(writer)).toBe(1);
  });
});
