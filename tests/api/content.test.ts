/**
 * The content API through HTTP: save/get round trips, slugs, sanitizing, conflicts, history and retention, restore,
 * languages, search, the list with its filters and pinning, and bad bodies.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import {
  type ConflictData,
  type ContentItem,
  type ContentRow,
  ContentSave,
  type Revision,
  type RevisionRow,
  type SaveReply,
} from '../../contract/content';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { authors, categories, contentRevisions, sites, tags, videos } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  OWNER,
  ok,
  type Reply,
  register,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let demoTags: { id: number; name: string }[];
let demoCategories: { id: number; name: string }[];

const DAY = 24 * 3600 * 1000;
const para = (text: string) => ({ type: 'paragraph', data: { text } });
const doc = (...texts: string[]) => ({ blocks: texts.map(para) });

const save = (c: Client, body: Record<string, unknown>, type = 1) =>
  c.call<SaveReply>(`press/save?t=${type}`, { id: 0, title: '', content: doc(), version: 0, ...body });
const create = async (c: Client, body: Record<string, unknown>, type = 1) => ok(await save(c, body, type));
const get = (c: Client, id: number, type = 1, lang?: number) =>
  c.call<ContentItem>(`press/get?t=${type}`, lang ? { id, lang } : { id });
const list = (c: Client, query: Record<string, unknown> = {}, type = 1) =>
  c.call<ListResult<ContentRow>>(`press/list?t=${type}`, { query: { size: 100, ...query } });
/** Moves the clock by days; sessions idle that long have ended, so the owner signs in again. */
async function advanceDays(days: number) {
  t.clock.advance(days * DAY);
  ok(await owner.login(OWNER.email, OWNER.password));
}
const history = async (c: Client, id: number) =>
  ok(await c.call<{ rows: RevisionRow[] }>('press/history?t=1', { id })).rows;

const userId = (email: string) => userIdOf(t, email);

/** Registers a user (with a site of their own) and adds them to the demo site with a role. */
const demoStaff = (email: string, roleId: number, nickname?: string): Promise<Client> =>
  staffOf(t, demoSiteId, email, roleId, nickname);

async function siteOf(c: Client): Promise<number> {
  return (await c.call<Session>('member/status')).data.site.current?.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = t.client();
  const r = await owner.login(OWNER.email, OWNER.password);
  if (r.code !== 1) throw new Error(`owner login failed: ${JSON.stringify(r)}`);
  demoSiteId = await siteOf(owner);
  const db = t.database.db;
  demoTags = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.siteId, demoSiteId));
  demoCategories = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.siteId, demoSiteId));
});
afterAll(async () => {
  await t?.close();
});

describe('save and get', () => {
  it('goes round trip with every field', async () => {
    const [{ id: demoVideo }] = await t.database.db
      .insert(videos)
      .values({ siteId: demoSiteId, title: '影片', path: '/uploads/v.mp4', cover: '/uploads/v.jpg' })
      .returning();
    const [guest] = await t.database.db
      .insert(authors)
      .values({ siteId: demoSiteId, name: '特約記者', title: '記者' })
      .returning();
    const related = await create(owner, { title: '相關文章' });
    const content = {
      blocks: [
        para('第一段<b>粗體</b>，<a href="https://example.com">連結</a>。'),
        { type: 'header', data: { text: '小標', level: 3 } },
        { type: 'image', data: { url: '/uploads/a.jpg', caption: '圖說', width: 800, height: 600 } },
        { type: 'album', data: { images: [{ url: 'https://cdn.example.com/1.jpg', caption: '' }] } },
        { type: 'video', data: { id: demoVideo, cover: '/uploads/v.jpg', caption: '影片' } },
        { type: 'paid', data: {} },
        para('付費內容'),
      ],
    };
    const reply = await create(owner, {
      title: '完整的\n文章',
      subtitle: '副標題',
      content,
      cover: '/uploads/cover.jpg',
      seo: { title: 'SEO 標題', content: 'SEO 描述' },
      related: 4,
      custom: [related.id],
      tag: [demoTags[0].id, demoTags[1].id],
      category_id: demoCategories[0].id,
      author: [guest.id],
      slug: 'round-trip',
      set2top: true,
      lang_id: 1,
    });
    expect(reply).toMatchObject({
      lang_id: 1,
      slug: 'round-trip',
      status: 0,
      related: 4,
      is_draft_changed: false,
      frontend_display_language: [1],
      version: 1,
      abstract: '第一段粗體，連結。',
      reading_time: 1,
    });
    expect(reply.tag).toEqual([demoTags[0], demoTags[1]]);
    expect(reply.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const item = ok(await get(owner, reply.id));
    expect(item).toMatchObject({
      id: reply.id,
      uuid: reply.uuid,
      type: 1,
      lang_id: 1,
      slug: 'round-trip',
      title: '完整的 文章',
      subtitle: '副標題',
      abstract: '第一段粗體，連結。',
      reading_time: 1,
      cover: '/uploads/cover.jpg',
      author: [guest.id],
      tag: [demoTags[0], demoTags[1]],
      category_id: demoCategories[0].id,
      related: 4,
      custom: [{ id: related.id, title: '相關文章' }],
      to_top: true,
      status: 0,
      publish_ts: null,
      is_draft_changed: false,
      url: 'http://demo.sites.localhost:8080/post/round-trip',
      // A signed content token (server/shared/tokens.ts), good for PREVIEW_LINK_HOURS.
      preview_url: expect.stringMatching(
        /^http:\/\/demo\.sites\.localhost:8080\/post\/round-trip\?preview=[\w-]+\.[\w-]+$/,
      ),
      seo: { title: 'SEO 標題', content: 'SEO 描述' },
      frontend_display_language: [1],
      version: 1,
    });
    expect(item.content).toEqual({
      blocks: [content.blocks[0], content.blocks[1], ...content.blocks.slice(2)],
    });
    expect(new Date(item.created_at).getTime()).toBe(t.clock.now);
  });

  it('creates a new item, then updates it the way the writer does after the route switch', async () => {
    const first = await create(owner, { title: '草稿一', content: doc('開頭') });
    expect(first.version).toBe(1);
    expect(first.id).toBeGreaterThan(0);
    // The writer now holds the item as read and sends back the contract's save fields (references as ids).
    const item = ok(await get(owner, first.id));
    const body = Object.fromEntries(
      Object.keys(ContentSave.shape)
        .filter((k) => k in item)
        .map((k) => [k, item[k as keyof ContentItem]]),
    );
    const second = await create(owner, {
      ...body,
      tag: item.tag.map((x) => x.id),
      custom: item.custom.map((x) => x.id),
      title: '草稿一（改）',
      content: doc('開頭', '第二段'),
    });
    expect(second).toMatchObject({ id: first.id, uuid: first.uuid, version: 2, slug: first.slug });
    const after = ok(await get(owner, first.id));
    expect(after).toMatchObject({ title: '草稿一（改）', version: 2, abstract: '開頭 第二段' });
  });

  it('makes the current user the author when none is given, once per site', async () => {
    const a = await create(owner, { title: '無作者一' });
    const b = await create(owner, { title: '無作者二', author: [] });
    const mine = await t.database.db
      .select()
      .from(authors)
      .where(and(eq(authors.siteId, demoSiteId), eq(authors.memberId, await userId(OWNER.email))));
    expect(mine).toHaveLength(1);
    expect(mine[0].name).toBe('Owner');
    expect(ok(await get(owner, a.id)).author).toEqual([mine[0].id]);
    expect(ok(await get(owner, b.id)).author).toEqual([mine[0].id]);
  });

  it('drops duplicate tags and authors instead of failing', async () => {
    const r = await create(owner, {
      title: '重複標籤',
      tag: [demoTags[2].id, demoTags[2].id, demoTags[3].id],
    });
    expect(r.tag.map((x) => x.id)).toEqual([demoTags[2].id, demoTags[3].id]);
    expect(ok(await owner.call('press/tag?t=1', { id: r.id }))).toEqual([demoTags[2], demoTags[3]]);
  });

  it('refuses tags, authors, a category and related items of another site', async () => {
    const other = await register(t, 'refs-other@example.com');
    const otherSite = await siteOf(other);
    const db = t.database.db;
    const [tag] = await db
      .insert(tags)
      .values({ siteId: otherSite, name: '別站', slug: 'other' })
      .returning();
    const [author] = await db.insert(authors).values({ siteId: otherSite, name: '別站作者' }).returning();
    const [category] = await db
      .insert(categories)
      .values({ siteId: otherSite, name: '別站分類' })
      .returning();
    const foreign = await create(other, { title: '別站文章' });
    const before = ok(await list(owner)).total;
    const r = await save(owner, {
      title: '偷用',
      tag: [demoTags[0].id, tag.id],
      author: [author.id],
      category_id: category.id,
      custom: [foreign.id],
    });
    expect(fieldErrors(r)).toEqual({
      tag: '格式錯誤',
      author: '格式錯誤',
      category_id: '格式錯誤',
      custom: '格式錯誤',
    });
    expect(ok(await list(owner)).total).toBe(before);
  });

  it("takes video blocks only of the site's own videos", async () => {
    const other = await register(t, 'videos-other@example.com');
    const db = t.database.db;
    const [mine, foreign] = await db
      .insert(videos)
      .values([
        { siteId: demoSiteId, title: '本站影片', path: '/uploads/mine.mp4', cover: '/uploads/mine.jpg' },
        {
          siteId: await siteOf(other),
          title: '別站影片',
          path: '/uploads/other.mp4',
          cover: '/uploads/o.jpg',
        },
      ])
      .returning();
    const video = (id: number) => ({ type: 'video', data: { id, cover: '/uploads/v.jpg', caption: '' } });
    const blocks = [video(mine.id), para('文字'), video(foreign.id), video(2_147_483_647), video(mine.id)];
    const before = ok(await list(owner)).total;
    expect(fieldErrors(await save(owner, { title: '影片', content: { blocks } }))).toEqual({
      'content.blocks.2.data.id': '這部影片不在這個網站的影片中，請重新選擇',
      'content.blocks.3.data.id': '這部影片不在這個網站的影片中，請重新選擇',
    });
    expect(ok(await list(owner)).total).toBe(before);
    // In the caller's language; and on an existing item too, whose draft stays as it was.
    const made = await create(owner, { title: '影片', content: { blocks: [video(mine.id)] } });
    const en = t.client({ lang: 'en' });
    en.cookies = owner.cookies;
    expect(
      fieldErrors(
        await save(en, { id: made.id, title: '影片', content: { blocks: [video(foreign.id)] }, version: 1 }),
      ),
    ).toEqual({ 'content.blocks.0.data.id': "This video is not one of the site's videos; choose another" });
    expect(ok(await get(owner, made.id))).toMatchObject({
      version: 1,
      content: { blocks: [video(mine.id)] },
    });
    // The other site's owner may use their own video, not ours.
    ok(await save(other, { title: 'own', content: { blocks: [video(foreign.id)] } }));
    expect(fieldErrors(await save(other, { title: 'x', content: { blocks: [video(mine.id)] } }))).toEqual({
      'content.blocks.0.data.id': '這部影片不在這個網站的影片中，請重新選擇',
    });
  });

  it('keeps every language of an item under one uuid', async () => {
    const zh = await create(owner, { title: '多語文章', slug: 'multi' });
    const en = await create(owner, { uuid: zh.uuid, lang_id: 3, title: 'Multilingual', slug: 'multi' });
    expect(en).toMatchObject({ uuid: zh.uuid, lang_id: 3, slug: 'multi', frontend_display_language: [1, 3] });
    expect(ok(await get(owner, zh.id)).frontend_display_language).toEqual([1, 3]);
    expect(ok(await get(owner, zh.id, 1, 3))).toMatchObject({ id: en.id, title: 'Multilingual', lang_id: 3 });
    expect(ok(await get(owner, en.id, 1, 1))).toMatchObject({ id: zh.id, lang_id: 1 });
    expect((await get(owner, zh.id, 1, 4)).status).toBe(404);
    expect(fieldErrors(await save(owner, { uuid: zh.uuid, lang_id: 3, title: 'Again' }))).toEqual({
      lang_id: '此欄位重複',
    });
    const stranger = await register(t, 'uuid-other@example.com');
    const r = await save(stranger, { uuid: zh.uuid, lang_id: 4, title: 'Hijack' });
    expect(r.status).toBe(404);
    expect(ok(await get(owner, zh.id)).frontend_display_language).toEqual([1, 3]);
  });

  it('answers 404 for an unknown id or an item of another type', async () => {
    const post = await create(owner, { title: '文章類型' });
    expect((await get(owner, post.id, 3)).status).toBe(404);
    expect((await get(owner, 999_999)).status).toBe(404);
    expect((await save(owner, { id: 999_999, title: 'x', version: 1 })).status).toBe(404);
    expect((await save(owner, { id: post.id, title: 'x', version: 1 }, 4)).status).toBe(404);
  });
});

describe('slugs', () => {
  it('makes a slug from a Chinese title with pinyin, and -2, -3 when taken', async () => {
    const a = await create(owner, { title: '新北市的天氣' });
    const b = await create(owner, { title: '新北市的天氣' });
    const c = await create(owner, { title: '新北市的 天氣！' });
    expect([a.slug, b.slug, c.slug]).toEqual([
      'xin-bei-shi-de-tian-qi',
      'xin-bei-shi-de-tian-qi-2',
      'xin-bei-shi-de-tian-qi-3',
    ]);
    expect((await create(owner, { title: '2026 年報' })).slug).toBe('p-2026-nian-bao');
    expect((await create(owner, { title: '' })).slug).toBe('');
    // The item's own slug is not "taken" by itself.
    const again = await create(owner, { id: a.id, title: '新北市的天氣', version: 1 });
    expect(again.slug).toBe('xin-bei-shi-de-tian-qi');
  });

  it('answers 此欄位重複 for an explicit slug another item uses, and saves nothing', async () => {
    await create(owner, { title: '甲', slug: 'taken-slug' });
    const before = ok(await list(owner)).total;
    const r = await save(owner, { title: '乙', slug: 'taken-slug' });
    expect(fieldErrors(r)).toEqual({ slug: '此欄位重複' });
    expect(ok(await list(owner)).total).toBe(before);
    const other = await create(owner, { title: '丙', slug: 'other-slug' });
    expect(
      fieldErrors(await save(owner, { id: other.id, title: '丙', slug: 'taken-slug', version: 1 })),
    ).toEqual({
      slug: '此欄位重複',
    });
    expect(ok(await get(owner, other.id))).toMatchObject({ slug: 'other-slug', version: 1 });
    // Pages share the site's addresses with posts.
    expect(fieldErrors(await save(owner, { title: '頁', slug: 'taken-slug' }, 3))).toEqual({
      slug: '此欄位重複',
    });
  });

  it('gives a slug to one of two simultaneous saves, and numbers simultaneous automatic ones', async () => {
    const both = await Promise.all([
      save(owner, { title: '同時一', slug: 'same-time' }),
      save(owner, { title: '同時二', slug: 'same-time' }),
    ]);
    expect(both.filter((r) => r.code === 1)).toHaveLength(1);
    expect(fieldErrors(both.find((r) => r.code !== 1) as Reply<unknown>)).toEqual({ slug: '此欄位重複' });
    const autos = await Promise.all([1, 2, 3].map(() => create(owner, { title: '同時標題' })));
    expect(autos.map((a) => a.slug).sort()).toEqual([
      'tong-shi-biao-ti',
      'tong-shi-biao-ti-2',
      'tong-shi-biao-ti-3',
    ]);
  });

  it('checks the slug rule', async () => {
    for (const slug of ['Upper', '1abc', 'a b', '中文', '-a']) {
      expect(fieldErrors(await save(owner, { title: 'x', slug })).slug, slug).toBe('格式錯誤');
    }
    expect(fieldErrors(await save(owner, { title: 'x', slug: `a${'b'.repeat(100)}` })).slug).toBe(
      '超過最大字數（100）限制',
    );
  });
});

describe('sanitizing', () => {
  it('strips scripts, handlers, styles and javascript: links, and keeps the allowed marks', async () => {
    const dirty = doc(
      '<script>alert(1)</script>安全<img src=x onerror="alert(1)">',
      '<b style="color:red" onclick="x">粗</b><i>斜</i><u>底</u><s>刪</s><code>c</code><mark>m</mark>H<sub>2</sub>O<sup>2</sup>',
      '<a href="javascript:alert(1)">壞</a><a href="/post/ok">站內</a><a href="mailto:a@b.co">信</a><br>',
      '<div><p>段</p><span style="x">落</span><iframe src="https://evil"></iframe></div>',
    );
    const r = await create(owner, {
      title: '清理',
      content: {
        blocks: [
          ...dirty.blocks,
          { type: 'header', data: { text: '<h2 onmouseover="x">標</h2>', level: 2 } },
        ],
      },
    });
    const item = ok(await get(owner, r.id));
    expect(item.content.blocks.map((b) => (b.data as { text: string }).text)).toEqual([
      '安全',
      '<b>粗</b><i>斜</i><u>底</u><s>刪</s><code>c</code><mark>m</mark>H<sub>2</sub>O<sup>2</sup>',
      '<a>壞</a><a href="/post/ok">站內</a><a href="mailto:a@b.co">信</a><br />',
      '段落',
      '標',
    ]);
    expect(item.abstract).toBe('安全 粗斜底刪cmH2O2 壞站內信 段落');
  });
});

describe('conflicts', () => {
  it('keeps the first save, stores the second as a conflict revision, and lets force overwrite', async () => {
    const editor = await demoStaff('conflict-editor@example.com', ROLE.EDITOR, '編輯小李');
    const made = await create(owner, { title: '共同編輯', content: doc('原文') });
    const mineCopy = ok(await get(owner, made.id));
    const theirCopy = ok(await get(editor, made.id));
    expect(theirCopy.version).toBe(1);

    const first = await create(editor, {
      id: made.id,
      title: '李的版本',
      content: doc('李改的'),
      version: 1,
    });
    expect(first.version).toBe(2);
    const second = await save(owner, {
      id: made.id,
      title: '我的版本',
      content: doc('我改的'),
      version: mineCopy.version,
    });
    expect(second).toMatchObject({ status: 200, code: Code.CONFLICT });
    expect(second.msg).toBe('這篇內容已被其他人更新。你的版本已保存在歷史紀錄中。');
    const conflict = second.data as unknown as ConflictData;
    expect(conflict).toMatchObject({ version: 2, updated_by: '編輯小李' });

    // The stored item is the first save; the second exists as a conflict revision.
    expect(ok(await get(owner, made.id))).toMatchObject({ title: '李的版本', version: 2 });
    const rows = await history(owner, made.id);
    expect(rows.map((r) => [r.title, r.version, r.conflict])).toEqual([
      ['我的版本', 1, true],
      ['李的版本', 2, false],
      ['共同編輯', 1, false],
    ]);
    expect(rows[0].id).toBe(conflict.revision_id);
    const kept = ok(
      await owner.call<Revision>('press/revision?t=1', { id: made.id, revision_id: conflict.revision_id }),
    );
    expect(kept).toMatchObject({ title: '我的版本', conflict: true, user: { nickname: 'Owner' } });
    expect(kept.content).toEqual(doc('我改的'));

    const forced = await create(owner, {
      id: made.id,
      title: '我的版本',
      content: doc('我改的'),
      version: 1,
      force: true,
    });
    expect(forced.version).toBe(3);
    expect(ok(await get(editor, made.id))).toMatchObject({ title: '我的版本', version: 3 });
    // The editor, now behind, conflicts in turn.
    const late = await save(editor, { id: made.id, title: '李再改', content: doc('x'), version: 2 });
    expect(late.code).toBe(Code.CONFLICT);
    expect(late.data as unknown as ConflictData).toMatchObject({ version: 3, updated_by: 'Owner' });
  });
  it('keeps exactly one of simultaneous saves of one version, and every simultaneous forced one', async () => {
    const made = await create(owner, { title: '同時存檔', content: doc('原文') });
    const texts = ['甲', '乙', '丙', '丁', '戊'];
    const racing = await Promise.all(
      texts.map((x) => save(owner, { id: made.id, title: `同時存檔${x}`, content: doc(x), version: 1 })),
    );
    const won = racing.filter((r) => r.code === 1);
    expect(won).toHaveLength(1);
    expect(racing.filter((r) => r.code === Code.CONFLICT)).toHaveLength(4);
    const winner = ok(won[0] as Reply<SaveReply>);
    expect(winner.version).toBe(2);
    expect(ok(await get(owner, made.id))).toMatchObject({
      title: `同時存檔${texts[racing.indexOf(won[0])]}`,
      version: 2,
    });
    const rows = await history(owner, made.id);
    expect(rows.filter((r) => r.conflict)).toHaveLength(4);
    expect(rows.filter((r) => !r.conflict).map((r) => r.version)).toEqual([2, 1]);

    const forced = await Promise.all(
      texts
        .slice(0, 4)
        .map((x) =>
          create(owner, { id: made.id, title: `強制${x}`, content: doc(x), version: 1, force: true }),
        ),
    );
    expect(forced.map((r) => r.version).sort()).toEqual([3, 4, 5, 6]);
    const last = forced.find((r) => r.version === 6) as SaveReply;
    expect(ok(await get(owner, made.id))).toMatchObject({ version: 6, slug: last.slug });
  });
});

describe('history', () => {
  // The demo site runs on TEAM+; these tests measure STARTER's limits (10 revisions, 7 days).
  const onPlan = (serviceId: number) =>
    t.database.db.update(sites).set({ serviceId }).where(eq(sites.id, demoSiteId));
  beforeAll(() => onPlan(2));
  afterAll(() => onPlan(4));

  it('stores a revision per change of title, subtitle or content, newest first', async () => {
    const made = await create(owner, { title: '歷史', content: doc('一') });
    await create(owner, { id: made.id, title: '歷史', content: doc('二'), version: 1 });
    await create(owner, { id: made.id, title: '歷史', subtitle: '副', content: doc('二'), version: 2 });
    // Only references change: a new version, no new revision.
    const same = await create(owner, {
      id: made.id,
      title: '歷史',
      subtitle: '副',
      content: doc('二'),
      version: 3,
      tag: [demoTags[0].id],
    });
    expect(same.version).toBe(4);
    const rows = await history(owner, made.id);
    expect(rows.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(rows.every((r) => !r.conflict && r.user?.nickname === 'Owner')).toBe(true);
    const v1 = ok(await owner.call<Revision>('press/revision?t=1', { id: made.id, revision_id: rows[2].id }));
    expect(v1).toMatchObject({ version: 1, title: '歷史', subtitle: '', content: doc('一') });
  });

  it('keeps at most the plan count (STARTER: 10)', async () => {
    const made = await create(owner, { title: '很多版本', content: doc('0') });
    for (let i = 1; i <= 13; i++) {
      await create(owner, { id: made.id, title: '很多版本', content: doc(String(i)), version: i });
    }
    const rows = await history(owner, made.id);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.version)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
  });

  it('drops revisions older than the plan days, never the latest one', async () => {
    const made = await create(owner, { title: '舊版本', content: doc('a') });
    await create(owner, { id: made.id, title: '舊版本', content: doc('b'), version: 1 });
    await advanceDays(6);
    await create(owner, { id: made.id, title: '舊版本', content: doc('c'), version: 2 });
    expect((await history(owner, made.id)).map((r) => r.version)).toEqual([3, 2, 1]);
    await advanceDays(2);
    // Eight days after the first two: they go, the six-day-old one stays.
    await create(owner, {
      id: made.id,
      title: '舊版本',
      content: doc('c'),
      version: 3,
      tag: [demoTags[1].id],
    });
    expect((await history(owner, made.id)).map((r) => r.version)).toEqual([3]);
    await advanceDays(30);
    // Every revision is now too old, but the latest (the current draft) stays.
    await create(owner, { id: made.id, title: '舊版本', content: doc('c'), version: 4 });
    expect((await history(owner, made.id)).map((r) => r.version)).toEqual([3]);
  });

  it('never lists, previews or restores a revision past the plan days, also when the item was not saved since', async () => {
    const made = await create(owner, { title: '久未編輯', content: doc('a') });
    await advanceDays(4);
    await create(owner, { id: made.id, title: '久未編輯', content: doc('b'), version: 1 });
    await create(owner, { id: made.id, title: '久未編輯', content: doc('c'), version: 2 });
    const rows = await history(owner, made.id);
    expect(rows.map((r) => r.version)).toEqual([3, 2, 1]);
    const [v3, v2, v1] = rows.map((r) => r.id);
    const revision = (revision_id: number) =>
      owner.call<Revision>('press/revision?t=1', { id: made.id, revision_id });
    const restore = (revision_id: number) =>
      owner.call<SaveReply>('press/restore?t=1', { id: made.id, revision_id });
    // Just inside the 7 days: still there.
    await advanceDays(3 - 1000 / DAY);
    expect((await history(owner, made.id)).map((r) => r.version)).toEqual([3, 2, 1]);
    // Two seconds later the first is older than 7 days: gone from the list, the preview and restore, with no save.
    await advanceDays(2000 / DAY);
    expect((await history(owner, made.id)).map((r) => r.version)).toEqual([3, 2]);
    expect((await revision(v1)).status).toBe(404);
    expect((await restore(v1)).status).toBe(404);
    expect(ok(await revision(v2))).toMatchObject({ version: 2, content: doc('b') });
    expect(ok(await get(owner, made.id))).toMatchObject({ version: 3, content: doc('c') });
    // Long after: only the current draft is left, which always stays.
    await advanceDays(30);
    expect((await history(owner, made.id)).map((r) => r.version)).toEqual([3]);
    expect((await revision(v2)).status).toBe(404);
    expect((await restore(v2)).status).toBe(404);
    expect(ok(await revision(v3))).toMatchObject({ version: 3, content: doc('c') });
    expect(ok(await get(owner, made.id)).version).toBe(3);
  });

  it('lists at most the plan count after a move to a smaller plan, before any save', async () => {
    await onPlan(4);
    let made: SaveReply;
    try {
      made = await create(owner, { title: '換方案', content: doc('0') });
      for (let i = 1; i <= 12; i++) {
        await create(owner, { id: made.id, title: '換方案', content: doc(String(i)), version: i });
      }
      expect(await history(owner, made.id)).toHaveLength(13);
    } finally {
      await onPlan(2);
    }
    const rows = await history(owner, made.id);
    expect(rows.map((r) => r.version)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    const oldest = await t.database.db
      .select({ id: contentRevisions.id })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.contentId, made.id), eq(contentRevisions.version, 1)));
    expect(oldest).toHaveLength(1);
    expect((await owner.call('press/revision?t=1', { id: made.id, revision_id: oldest[0].id })).status).toBe(
      404,
    );
  });

  it('follows the site plan: CREATOR keeps 14 days', async () => {
    await onPlan(3);
    try {
      const made = await create(owner, { title: '方案', content: doc('a') });
      await advanceDays(10);
      await create(owner, { id: made.id, title: '方案', content: doc('b'), version: 1 });
      expect((await history(owner, made.id)).map((r) => r.version)).toEqual([2, 1]);
    } finally {
      await onPlan(2);
    }
  });

  it('restores a revision as a new version, keeping the replaced draft in the history', async () => {
    const made = await create(owner, { title: '原標題', subtitle: '原副', content: doc('原文') });
    await create(owner, { id: made.id, title: '新標題', subtitle: '新副', content: doc('新文'), version: 1 });
    const rows = await history(owner, made.id);
    const original = rows.find((r) => r.version === 1) as RevisionRow;
    const restored = ok(
      await owner.call<SaveReply>('press/restore?t=1', { id: made.id, revision_id: original.id }),
    );
    expect(restored).toMatchObject({ id: made.id, version: 3, abstract: '原文' });
    expect(ok(await get(owner, made.id))).toMatchObject({
      title: '原標題',
      subtitle: '原副',
      content: doc('原文'),
      version: 3,
    });
    expect((await history(owner, made.id)).map((r) => [r.version, r.title])).toEqual([
      [3, '原標題'],
      [2, '新標題'],
      [1, '原標題'],
    ]);
    // A revision of another item is not this item's.
    const other = await create(owner, { title: '別篇' });
    const [otherRevision] = await history(owner, other.id);
    expect(
      (await owner.call('press/restore?t=1', { id: made.id, revision_id: otherRevision.id })).status,
    ).toBe(404);
    expect(
      (await owner.call('press/revision?t=1', { id: made.id, revision_id: otherRevision.id })).status,
    ).toBe(404);
    expect(ok(await get(owner, made.id)).version).toBe(3);
  });

  it('stores revision times from the server clock', async () => {
    const made = await create(owner, { title: '時間' });
    const [row] = await t.database.db
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.contentId, made.id));
    expect(row.createdAt.getTime()).toBe(t.clock.now);
  });
});

describe('translate and tags', () => {
  it('refuses machine translation of a pair no service translates (tests/api/translate.test.ts has the rest)', async () => {
    const made = await create(owner, { title: '翻譯' });
    const r = await owner.call('press/translate?t=1', { id: made.id, translate: true, lang_id: 3 });
    expect(r).toMatchObject({ status: 200, code: Code.TRANSLATE_NO_PROVIDER });
    expect(ok(await get(owner, made.id)).frontend_display_language).toEqual([1]);
  });

  it('creates a blank copy in another language once, and answers it afterwards', async () => {
    const made = await create(owner, {
      title: '原文標題',
      content: doc('內文'),
      tag: [demoTags[0].id],
      category_id: demoCategories[1].id,
      cover: '/uploads/c.png',
    });
    const copy = ok(
      await owner.call<{ id: number; lang_id: number }>('press/translate?t=1', {
        id: made.id,
        translate: false,
        lang_id: 4,
        from: 1,
      }),
    );
    expect(copy.lang_id).toBe(4);
    expect(copy.id).not.toBe(made.id);
    const item = ok(await get(owner, made.id, 1, 4));
    expect(item).toMatchObject({
      id: copy.id,
      uuid: made.uuid,
      title: '',
      content: { blocks: [] },
      slug: '',
      category_id: demoCategories[1].id,
      cover: '/uploads/c.png',
      tag: [demoTags[0]],
      frontend_display_language: [1, 4],
      version: 1,
    });
    const again = ok(await owner.call('press/translate?t=1', { id: made.id, translate: false, lang_id: 4 }));
    expect(again).toEqual(copy);
    expect(
      ok(await owner.call('press/translate?t=1', { id: made.id, translate: false, lang_id: 1 })),
    ).toEqual({
      id: made.id,
      lang_id: 1,
    });
  });

  it('makes a new blank copy of a language that was deleted', async () => {
    const made = await create(owner, { title: '刪掉的語言' });
    const copy = ok(
      await owner.call<{ id: number }>('press/translate?t=1', { id: made.id, translate: false, lang_id: 2 }),
    );
    ok(await owner.call('press/publish?t=1', { id: copy.id, mode: -1 }));
    expect(ok(await get(owner, made.id)).frontend_display_language).toEqual([1]);
    const fresh = ok(
      await owner.call<{ id: number }>('press/translate?t=1', { id: made.id, translate: false, lang_id: 2 }),
    );
    expect(ok(await get(owner, fresh.id))).toMatchObject({
      lang_id: 2,
      status: 0,
      frontend_display_language: [1, 2],
    });
  });
});

describe('search for related items', () => {
  it('finds items of the same site and type by title, without the item itself, at most 20', async () => {
    const c = await register(t, 'search@example.com');
    const base = await create(c, { title: '颱風動態 一' });
    for (let i = 2; i <= 23; i++) await create(c, { title: `颱風動態 ${i}` });
    await create(c, { title: '颱風動態 頁面' }, 3);
    await create(c, { title: '100%_颱風' });
    const found = ok(
      await c.call<{ id: number; title: string }[]>('press/search?t=1', { query: '颱風動態', id: base.id }),
    );
    expect(found).toHaveLength(20);
    expect(found.map((x) => x.id)).not.toContain(base.id);
    expect(found.every((x) => x.title.startsWith('颱風動態') && x.title !== '颱風動態 頁面')).toBe(true);
    expect(Object.keys(found[0]).sort()).toEqual(['agenda', 'id', 'title']);
    expect(
      ok(await c.call<{ title: string }[]>('press/search?t=1', { query: '%_' })).map((x) => x.title),
    ).toEqual(['100%_颱風']);
    expect(ok(await c.call('press/search?t=3', { query: '颱風' }))).toEqual([
      { id: expect.any(Number), title: '颱風動態 頁面', agenda: '' },
    ]);
    expect(fieldErrors(await c.call('press/search?t=1', { query: ' ' })).query).toBe('請輸入搜尋文字。');
  });
});

describe('list', () => {
  let c: Client;
  const ids = new Map<string, number>();
  const id = (title: string) => ids.get(title) as number;
  let tagA: number;
  let tagB: number;
  let catA: number;
  let catB: number;
  let authorA: number;

  const titles = (r: Reply<ListResult<ContentRow>>) => ok(r).rows.map((x) => x.title);

  beforeAll(async () => {
    c = await register(t, 'lister@example.com', 'secret-pass-1', '列表人');
    const site = await siteOf(c);
    const db = t.database.db;
    [{ id: tagA }, { id: tagB }] = await db
      .insert(tags)
      .values([
        { siteId: site, name: '天氣', slug: 'weather' },
        { siteId: site, name: '交通', slug: 'traffic' },
      ])
      .returning();
    [{ id: catA }, { id: catB }] = await db
      .insert(categories)
      .values([
        { siteId: site, name: '新聞' },
        { siteId: site, name: '生活' },
      ])
      .returning();
    [{ id: authorA }] = await db.insert(authors).values({ siteId: site, name: '王記者' }).returning();
    const make = async (title: string, extra: Record<string, unknown> = {}) => {
      ids.set(title, (await create(c, { title, ...extra })).id);
      t.clock.advance(1000);
    };
    await make('台北市天氣晴', { tag: [tagA], category_id: catA, author: [authorA] });
    await make('高雄交通管制', { tag: [tagB], category_id: catB });
    await make('台北捷運延誤', { tag: [tagA, tagB], category_id: catA });
    await make('颱風假消息', { category_id: catB, author: [authorA] });
    await make('English title', { lang_id: 3 });
    await make('100% 折扣_活動');
    await create(c, { title: '台北頁面' }, 3);
    ok(await c.call('press/publish?t=1', { id: id('台北捷運延誤'), mode: 1 }));
  });

  it('answers rows newest first with authors, category and tags of each row', async () => {
    const r = ok(await list(c));
    expect(r.total).toBe(6);
    expect(r.rows.map((x) => x.title)).toEqual([
      '台北捷運延誤',
      '100% 折扣_活動',
      'English title',
      '颱風假消息',
      '高雄交通管制',
      '台北市天氣晴',
    ]);
    const row = r.rows.find((x) => x.title === '台北市天氣晴') as ContentRow;
    expect(row).toMatchObject({
      status: 0,
      lang_id: 1,
      author: [{ id: authorA, name: '王記者' }],
      category: { id: catA, name: '新聞' },
      tag: [{ id: tagA, name: '天氣' }],
      to_top: false,
      pin_order: 0,
      is_draft_changed: false,
      publish_ts: null,
    });
    const metro = r.rows[0];
    expect(metro.tag).toEqual([
      { id: tagA, name: '天氣' },
      { id: tagB, name: '交通' },
    ]);
    expect(metro.author).toEqual([{ id: expect.any(Number), name: '列表人' }]);
    expect(metro.status).toBe(1);
    expect(titles(await list(c, {}, 3))).toEqual(['台北頁面']);
  });

  it('searches Chinese keywords of three or more and of two characters, with wildcards taken literally', async () => {
    expect(titles(await list(c, { filters: [{ col: 'keyword', value: '台北市', type: 'search' }] }))).toEqual(
      ['台北市天氣晴'],
    );
    expect(titles(await list(c, { filters: [{ col: 'keyword', value: '台北', type: 'search' }] }))).toEqual([
      '台北捷運延誤',
      '台北市天氣晴',
    ]);
    expect(
      titles(await list(c, { filters: [{ col: 'keyword', value: ' english ', type: 'search' }] })),
    ).toEqual(['English title']);
    expect(titles(await list(c, { filters: [{ col: 'keyword', value: '%', type: 'search' }] }))).toEqual([
      '100% 折扣_活動',
    ]);
    expect(titles(await list(c, { filters: [{ col: 'keyword', value: '_', type: 'search' }] }))).toEqual([
      '100% 折扣_活動',
    ]);
    expect(fieldErrors(await list(c, { filters: [{ col: 'keyword', value: '', type: 'search' }] }))).toEqual({
      'query.filters.0.value': '請輸入搜尋文字。',
    });
  });

  it('filters by status, category, tag, author, language, id and pinning', async () => {
    const by = async (col: string, value: unknown[]) =>
      titles(await list(c, { filters: [{ col, value, type: 'in' }] })).sort();
    expect(await by('status', [1])).toEqual(['台北捷運延誤']);
    expect(await by('status', [0, 2])).toHaveLength(5);
    expect(await by('category_id', [catB])).toEqual(['颱風假消息', '高雄交通管制'].sort());
    expect(await by('tag', [tagA])).toEqual(['台北市天氣晴', '台北捷運延誤'].sort());
    expect(await by('tag', [tagA, tagB])).toEqual(['台北市天氣晴', '台北捷運延誤', '高雄交通管制'].sort());
    expect(await by('author', [authorA])).toEqual(['台北市天氣晴', '颱風假消息'].sort());
    expect(await by('lang_id', [3])).toEqual(['English title']);
    expect(await by('id', [id('颱風假消息'), String(id('高雄交通管制'))])).toEqual(
      ['颱風假消息', '高雄交通管制'].sort(),
    );
    expect(await by('to_top', [1])).toEqual([]);
    expect(await by('to_top', [0])).toHaveLength(6);
    expect(await by('to_top', ['true'])).toEqual([]);
    expect(await by('tag', [])).toEqual([]);
    const both = await list(c, {
      filters: [
        { col: 'tag', value: [tagA], type: 'in' },
        { col: 'keyword', value: '捷運', type: 'search' },
      ],
    });
    expect(titles(both)).toEqual(['台北捷運延誤']);
    expect(ok(both).total).toBe(1);
  });

  it('sorts by the contract columns and pages', async () => {
    const asc = titles(await list(c, { sort: { col: 'id', order: 'asc' } }));
    expect(asc[0]).toBe('台北市天氣晴');
    expect(titles(await list(c, { sort: { col: 'id', order: 'desc' } }))).toEqual([...asc].reverse());
    const byTitle = titles(await list(c, { sort: { col: 'title', order: 'asc' } }));
    expect(titles(await list(c, { sort: { col: 'title', order: 'desc' } }))).toEqual([...byTitle].reverse());
    expect(titles(await list(c, { sort: { col: 'publish_ts', order: 'desc' } }))[0]).toBe('台北捷運延誤');
    expect(titles(await list(c, { sort: { col: 'status', order: 'desc' } }))[0]).toBe('台北捷運延誤');
    for (const col of ['updated_at', 'created_at']) {
      expect(ok(await list(c, { sort: { col, order: 'asc' } })).rows).toHaveLength(6);
    }
    const page2 = ok(await list(c, { page: 2, size: 4, sort: { col: 'id', order: 'asc' } }));
    expect(page2.total).toBe(6);
    expect(page2.rows.map((x) => x.title)).toEqual(asc.slice(4));
  });

  it('answers unknown columns, wrong filter types and bad values with 1001', async () => {
    for (const col of ['site_id', 'title', 'nope', 'body']) {
      expect(
        fieldErrors(await list(c, { filters: [{ col, value: [1], type: 'in' }] }))['query.filters.0.col'],
        col,
      ).toBe('格式錯誤');
    }
    for (const col of ['site_id', 'pin_order', 'body', 'keyword']) {
      expect(fieldErrors(await list(c, { sort: { col, order: 'asc' } }))['query.sort.col'], col).toBe(
        '格式錯誤',
      );
    }
    expect(
      fieldErrors(await list(c, { filters: [{ col: 'keyword', value: ['台北'], type: 'in' }] })),
    ).toEqual({
      'query.filters.0.type': '格式錯誤',
    });
    expect(fieldErrors(await list(c, { filters: [{ col: 'status', value: '1', type: 'search' }] }))).toEqual({
      'query.filters.0.type': '格式錯誤',
    });
    for (const value of [['x'], [1.5], [2 ** 31], ['']]) {
      expect(
        fieldErrors(await list(c, { filters: [{ col: 'tag', value, type: 'in' }] }))['query.filters.0.value'],
      ).toBe('格式錯誤');
    }
    expect(fieldErrors(await list(c, { filters: [{ col: 'to_top', value: ['yes'], type: 'in' }] }))).toEqual({
      'query.filters.0.value': '格式錯誤',
    });
  });

  it('pins, unpins and orders the pinned items first', async () => {
    const [a, b, d] = [id('高雄交通管制'), id('颱風假消息'), id('台北市天氣晴')];
    expect(ok(await c.call('press/pin?t=1', { id: a }))).toMatchObject({ id: a, to_top: true, pin_order: 1 });
    expect(ok(await c.call('press/pin?t=1', { id: b }))).toMatchObject({ id: b, to_top: true, pin_order: 2 });
    // Pinning again keeps the place.
    expect(ok(await c.call('press/pin?t=1', { id: a }))).toMatchObject({ pin_order: 1 });
    // set2top on save pins as well.
    const item = ok(await get(c, d));
    await create(c, {
      id: d,
      title: item.title,
      slug: item.slug,
      tag: [tagA],
      category_id: catA,
      author: [authorA],
      version: item.version,
      set2top: true,
    });
    let rows = titles(await list(c));
    expect(rows.slice(0, 3)).toEqual(['高雄交通管制', '颱風假消息', '台北市天氣晴']);
    expect(titles(await list(c, { filters: [{ col: 'to_top', value: [1], type: 'in' }] }))).toEqual(
      rows.slice(0, 3),
    );

    expect(ok(await c.call('press/sorter?t=1', { ids: [d, a, b] }))).toEqual([
      { id: d, pin_order: 1 },
      { id: a, pin_order: 2 },
      { id: b, pin_order: 3 },
    ]);
    rows = titles(await list(c));
    expect(rows.slice(0, 3)).toEqual(['台北市天氣晴', '高雄交通管制', '颱風假消息']);

    expect(ok(await c.call('press/unpin?t=1', { id: a }))).toMatchObject({
      id: a,
      to_top: false,
      pin_order: 0,
    });
    rows = titles(await list(c));
    expect(rows.slice(0, 2)).toEqual(['台北市天氣晴', '颱風假消息']);
    expect(rows.indexOf('高雄交通管制')).toBeGreaterThan(1);
    const saved = ok(await get(c, d));
    await create(c, {
      id: d,
      title: saved.title,
      slug: saved.slug,
      tag: [tagA],
      category_id: catA,
      author: [authorA],
      version: saved.version,
      set2top: false,
    });
    expect(ok(await get(c, d)).to_top).toBe(false);
    expect(ok(await get(c, b)).to_top).toBe(true);
  });

  it('answers 404 for a sorter list with an id that is not a live item of the site and type', async () => {
    const page = ok(await list(c, {}, 3)).rows[0];
    const before = ok(await list(c)).rows.map((r) => [r.id, r.pin_order]);
    expect((await c.call('press/sorter?t=1', { ids: [id('颱風假消息'), page.id] })).status).toBe(404);
    expect((await c.call('press/sorter?t=1', { ids: [id('颱風假消息'), 999_999] })).status).toBe(404);
    expect(ok(await list(c)).rows.map((r) => [r.id, r.pin_order])).toEqual(before);
  });
});

describe('bad bodies answer an envelope, never a 500', () => {
  it('needs a known ?t=', async () => {
    for (const path of ['press/list', 'press/save', 'press/get', 'press/publish', 'press/search']) {
      const body = path.endsWith('list')
        ? {}
        : path.endsWith('search')
          ? { query: 'x' }
          : path.endsWith('save')
            ? { id: 0, title: 'x', content: doc(), version: 0 }
            : path.endsWith('publish')
              ? { id: 1, mode: 1 }
              : { id: 1 };
      expect(fieldErrors(await owner.call(path, body)), path).toEqual({ t: '此欄位為必填' });
      for (const q of ['?t=2', '?t=abc', '?t=', '?t=1&t=3', '?t=-1', '?t=1.0']) {
        expect(fieldErrors(await owner.call(`${path}${q}`, body)), `${path}${q}`).toEqual({ t: '格式錯誤' });
      }
    }
    const made = await create(owner, { title: '類型' });
    expect(fieldErrors(await owner.call('press/history?t=9', { id: made.id }))).toEqual({ t: '格式錯誤' });
    expect(ok(await owner.call<{ rows: RevisionRow[] }>('press/history', { id: made.id })).rows).toHaveLength(
      1,
    );
  });

  it('names wrong types, unknown fields and limits per field', async () => {
    const r = await owner.call('press/save?t=1', {
      id: '1',
      title: 5,
      content: { blocks: 'x' },
      version: -1,
      tag: [1.5],
      lang_id: 6,
      related: 2,
      cover: 'javascript:alert(1)',
      site_id: 2,
    });
    expect(fieldErrors(r)).toMatchObject({
      id: '格式錯誤',
      title: '格式錯誤',
      'content.blocks': '格式錯誤',
      version: '格式錯誤',
      'tag.0': '格式錯誤',
      lang_id: '格式錯誤',
      related: '格式錯誤',
      cover: '連結錯誤',
      site_id: '不接受的欄位',
    });
    expect(fieldErrors(await save(owner, { title: 'x', version: undefined })).version).toBe('此欄位為必填');
    // Versions are int4 on the server: one beyond it is refused, also where a save would take the conflict path.
    const made = await create(owner, { title: '版本' });
    for (const version of [2 ** 31, 3_000_000_000, 1e308, 1.5]) {
      expect(fieldErrors(await save(owner, { id: made.id, title: 'x', version })), String(version)).toEqual({
        version: '格式錯誤',
      });
    }
    expect(ok(await get(owner, made.id))).toMatchObject({ title: '版本', version: 1 });
    expect(
      fieldErrors(await save(owner, { title: 'x', tag: Array.from({ length: 11 }, (_, i) => i + 1) })).tag,
    ).toBe('已達到 10 個標籤上限');
    expect(fieldErrors(await save(owner, { title: '長'.repeat(201) })).title).toBe('超過最大字數（200）限制');
    expect(
      fieldErrors(await save(owner, { title: 'x', frontend_display_language: [1, 6] }))[
        'frontend_display_language.1'
      ],
    ).toBe('格式錯誤');
  });

  it('answers two paid blocks and an incomplete video block with their messages', async () => {
    const paid = { type: 'paid', data: {} };
    expect(
      fieldErrors(await save(owner, { title: 'x', content: { blocks: [paid, para('a'), paid] } })),
    ).toEqual({
      'content.blocks': '每一頁只能有一個付費區塊',
    });
    const video = (data: object) => ({ blocks: [{ type: 'video', data }] });
    for (const data of [{ id: 3 }, { id: 3, cover: '' }]) {
      expect(fieldErrors(await save(owner, { title: 'x', content: video(data) }))).toEqual({
        'content.blocks.0.data.cover': '影片區塊需要影片與封面',
      });
    }
    expect(fieldErrors(await save(owner, { title: 'x', content: video({ cover: '/c.jpg' }) }))).toEqual({
      'content.blocks.0.data.id': '影片區塊需要影片與封面',
    });
    expect(
      fieldErrors(await save(owner, { title: 'x', content: { blocks: [{ type: 'table', data: {} }] } })),
    ).toEqual({
      'content.blocks.0.type': '格式錯誤',
    });
  });

  it('answers bad publish, get and id bodies', async () => {
    const made = await create(owner, { title: '壞請求' });
    expect(fieldErrors(await owner.call('press/publish?t=1', { id: made.id, mode: 3 })).mode).toBe(
      '格式錯誤',
    );
    expect(
      fieldErrors(
        await owner.call('press/publish?t=1', { id: made.id, mode: 2, date: '2030/01/01', time: '9:00' }),
      ),
    ).toEqual({
      date: '格式錯誤',
      time: '時間格式錯誤',
    });
    expect(fieldErrors(await get(owner, made.id, 1, 6)).lang).toBe('格式錯誤');
    for (const id of [0, -1, 'x', null, 2 ** 31]) {
      expect(fieldErrors(await owner.call('press/get?t=1', { id })).id).toMatch(/^(格式錯誤|此欄位為必填)$/);
      expect(fieldErrors(await owner.call('press/pin?t=1', { id })).id).toMatch(/^(格式錯誤|此欄位為必填)$/);
    }
    expect(fieldErrors(await owner.call('press/sorter?t=1', { ids: [] })).ids).toBe('格式錯誤');
    expect(
      fieldErrors(await owner.call('press/translate?t=1', { id: made.id, translate: false, lang_id: 7 }))
        .lang_id,
    ).toBe('格式錯誤');
    for (const payload of ['[]', '"x"', '12', '{"id":']) {
      const r = await owner.call('press/save?t=1', payload);
      expect(r.status, payload).toBeLessThan(500);
      expect(r.code, payload).not.toBe(Code.OK);
    }
    const nul = await save(owner, { title: 'a\u0000b' });
    expect(nul.status).toBeLessThan(500);
    expect(nul.code).toBe(Code.VALIDATION);
  });
});
