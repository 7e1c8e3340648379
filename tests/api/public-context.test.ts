/**
 * The public pages' objects (server/public/context.ts) built from what the admin API made and published: readers see
 * published snapshots only, a preview the draft; languages, home order, lists and their pages, menus, head, and the
 * paid cut. The builders are called directly with the test app's database and configuration.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveReply } from '../../contract/content';
import { publishDue } from '../../server/jobs/scheduler';
import { contents, sites, videos } from '../../server/modules/tables';
import { siteUrl } from '../../server/modules/tenancy/sites';
import { buildPageContext, notFoundContext } from '../../server/public/context';
import type { PublicPageKind } from '../../server/shared/paths';
import type { PageContext } from '../../server/workers/objects';
import { type Client, createTestApp, ok, register, signInOwner, type TestApp } from '../fixtures/testApp';

/** The frozen clock of this file: 2026-12-10 10:00 in Taipei. */
const NOW = Date.parse('2026-12-10T02:00:00Z');
const MINUTE = 60_000;
const para = (text: string) => ({ type: 'paragraph', data: { text } });
const doc = (...texts: string[]) => ({ blocks: texts.map(para) });

let t: TestApp;
let owner: Client;
let siteId: number;
let other: Client;
let otherSiteId: number;

const deps = () => ({ db: t.database.db, config: t.config });

async function siteRow(id = siteId) {
  const [row] = await t.database.db.select().from(sites).where(eq(sites.id, id));
  return row;
}

async function page(
  kind: PublicPageKind,
  key?: string | number,
  opts: { langId?: number; page?: number; previewId?: number; path?: string; site?: number } = {},
): Promise<PageContext | null> {
  const site = await siteRow(opts.site);
  return buildPageContext(deps(), {
    site,
    route: {
      kind,
      key: key === undefined ? undefined : String(key),
      langId: opts.langId ?? 1,
      page: opts.page ?? 1,
    },
    base: siteUrl(site, t.config),
    settings: {},
    previewId: opts.previewId,
    path: opts.path ?? '/',
    now: t.clock.now,
  });
}

/** Saves a new item (or another language of one, with `uuid`), answering its id and version. */
async function create(body: Record<string, unknown>, type = 1, c = owner): Promise<SaveReply> {
  return ok(
    await c.call<SaveReply>(`press/save?t=${type}`, {
      id: 0,
      title: '',
      content: doc(),
      version: 0,
      ...body,
    }),
  );
}
const publish = async (id: number, type = 1, c = owner) => {
  t.clock.advance(MINUTE);
  return ok(await c.call(`press/publish?t=${type}`, { id, mode: 1 }));
};
const edit = async (made: SaveReply, body: Record<string, unknown>, type = 1) =>
  ok(
    await owner.call<SaveReply>(`press/save?t=${type}`, {
      title: '',
      content: doc(),
      ...body,
      id: made.id,
      version: made.version,
    }),
  );
const label = async (type: 'category' | 'tag', slug: string, zh: string, en = '', c = owner) =>
  ok(
    await c.call<{ id: number }>('label/save', {
      id: 0,
      type,
      slug,
      lang: [{ lang_id: 1, title: zh, cover: '' }, ...(en ? [{ lang_id: 3, title: en, cover: '' }] : [])],
    }),
  ).id;
const author = async (name: string) =>
  ok(await owner.call<{ id: number }>('author/save', { id: 0, name, title: '記者' })).id;

let base = '';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW - t.clock.now);
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
  other = await register(t, 'other-site@example.com');
  base = siteUrl(await siteRow(), t.config);
  otherSiteId = (await other.call<{ site: { current: { id: number } } }>('member/status')).data.site.current
    .id;
  // The site in zh-TW (default) and English.
  await t.database.db
    .update(sites)
    .set({ displayLanguages: [1, 3] })
    .where(eq(sites.id, siteId));
});
afterAll(async () => {
  await t?.close();
});

describe('what readers see', () => {
  it('shows a published post by slug and by id, from its snapshot, never the draft', async () => {
    const made = await create({ title: '第一版標題', slug: 'first-post', content: doc('第一版內文') });
    expect(await page('post', 'first-post')).toBeNull();
    await publish(made.id);
    const bySlug = await page('post', 'first-post');
    expect(bySlug?.template).toBe('post');
    expect(bySlug?.article).toMatchObject({
      id: made.id,
      type: 'post',
      title: '第一版標題',
      url: `${base}/post/first-post`,
      content: '<p>第一版內文</p>',
      abstract: '第一版內文',
      published_at: new Date(t.clock.now).toISOString(),
      published_at_display: '2026年12月10日',
    });
    expect((await page('post', made.id))?.article?.id).toBe(made.id);

    await edit(made, { title: '草稿標題', slug: 'first-post', content: doc('草稿內文') });
    const after = await page('post', 'first-post');
    expect(after?.article).toMatchObject({ title: '第一版標題', content: '<p>第一版內文</p>' });
    expect(JSON.stringify(after)).not.toContain('草稿');

    const preview = await page('post', 'whatever', { previewId: made.id });
    expect(preview?.article).toMatchObject({ title: '草稿標題', content: '<p>草稿內文</p>' });
    expect(preview?.head).toContain('<meta name="robots" content="noindex">');
    expect(after?.head).not.toContain('noindex');
  });

  it('hides drafts, and scheduled items until the scheduler publishes them; a preview shows them', async () => {
    const draft = await create({ title: '只是草稿', slug: 'just-draft' });
    expect(await page('post', 'just-draft')).toBeNull();
    expect(await page('post', draft.id)).toBeNull();
    expect((await page('post', 'x', { previewId: draft.id }))?.article?.title).toBe('只是草稿');

    const later = await create({ title: '排程文章', slug: 'scheduled' });
    // Two hours ahead of the clock, in the site's time zone (Asia/Taipei).
    ok(await owner.call('press/publish?t=1', { id: later.id, mode: 2, date: '2026-12-10', time: '12:00' }));
    expect(await page('post', 'scheduled')).toBeNull();
    expect((await page('post', 'x', { previewId: later.id }))?.article?.title).toBe('排程文章');
    // Its time comes: the scheduler's pass publishes it, and readers see it.
    t.clock.advance(2 * 60 * MINUTE);
    expect(await publishDue({ db: t.database.db, now: () => t.clock.now, log: t.app.log })).toContain(
      later.id,
    );
    expect((await page('post', 'scheduled'))?.article?.title).toBe('排程文章');
  });

  it('serves a page at its own kind only, and an e-paper with the post template', async () => {
    const about = await create({ title: '關於我們', slug: 'about', content: doc('我們是誰') }, 3);
    await publish(about.id, 3);
    const p = await page('page', 'about');
    expect(p).toMatchObject({ template: 'page', article: { type: 'page', url: `${base}/about` } });
    expect(await page('post', 'about')).toBeNull();
    const paper = await create({ title: '電子報', slug: 'paper-1' }, 4);
    await publish(paper.id, 4);
    expect(await page('epaper', 'paper-1')).toMatchObject({
      template: 'post',
      article: { type: 'epaper', url: `${base}/epaper/paper-1` },
    });
    expect(await page('post', 'paper-1')).toBeNull();
  });

  it("answers null for another site's item, label and author, and for a preview of another site's item", async () => {
    const theirs = await create({ title: '別站文章', slug: 'theirs' }, 1, other);
    await publish(theirs.id, 1, other);
    expect((await page('post', 'theirs', { site: otherSiteId }))?.article?.title).toBe('別站文章');
    expect(await page('post', 'theirs')).toBeNull();
    expect(await page('post', theirs.id)).toBeNull();
    expect(await page('post', 'x', { previewId: theirs.id })).toBeNull();
    const theirCategory = await label('category', 'their-cat', '別站分類', '', other);
    const theirTag = await label('tag', 'their-tag', '別站標籤', '', other);
    expect(await page('category', theirCategory)).toBeNull();
    expect(await page('category', 'their-cat')).toBeNull();
    expect(await page('tag', theirTag)).toBeNull();
    expect(await page('category', theirCategory, { site: otherSiteId })).not.toBeNull();
    expect(await page('author', 999_999)).toBeNull();
    expect(await page('post', 'x'.repeat(500))).toBeNull();
  });

  it('stops at the paid section for readers and shows it all in a preview', async () => {
    const content = { blocks: [para('免費段落'), { type: 'paid', data: {} }, para('付費段落')] };
    const made = await create({ title: '付費文章', slug: 'paid-post', content });
    await publish(made.id);
    const html = (await page('post', 'paid-post'))?.article?.content ?? '';
    expect(html).toContain('<p>免費段落</p>');
    expect(html).toContain('<aside class="paywall"><p class="paywall-notice">以下為付費內容。</p>');
    expect(html).toContain('href="http://demo.sites.localhost:8080/subscribe"');
    expect(html).not.toContain('付費段落');
    const preview = (await page('post', 'x', { previewId: made.id }))?.article?.content ?? '';
    expect(preview).toContain('<hr class="paid-marker">\n<p>付費段落</p>');
  });

  it("shows a video block by the site's video, and related items of the item's choice", async () => {
    const [video] = await t.database.db
      .insert(videos)
      .values({ siteId, path: `/uploads/${siteId}/v.mp4`, title: 'v' })
      .returning();
    const one = await create({ title: '相關一', slug: 'rel-one' });
    const two = await create({ title: '相關二（未發布）', slug: 'rel-two' });
    await publish(one.id);
    const made = await create({
      title: '有影片',
      slug: 'with-video',
      content: {
        blocks: [{ type: 'video', data: { id: video.id, cover: `/uploads/${siteId}/v.jpg`, caption: '' } }],
      },
      related: 4,
      custom: [two.id, one.id],
    });
    await publish(made.id);
    const article = (await page('post', 'with-video'))?.article;
    expect(article?.content).toContain(
      `<video controls preload="metadata" src="${t.config.publicUrl}/uploads/${siteId}/v.mp4"`,
    );
    expect(article?.related.map((r) => r.title)).toEqual(['相關一']);
  });
});

describe('languages', () => {
  it("shows a language's own rows, and links each language to the item's sibling or that language's home", async () => {
    const zh = await create({ title: '雙語文章', slug: 'bilingual' });
    const en = await create({ uuid: zh.uuid, lang_id: 3, title: 'Bilingual post', slug: 'bilingual-en' });
    await publish(zh.id);
    expect((await page('post', 'bilingual'))?.site.languages).toEqual([
      { code: 'zh-TW', label: '繁體中文', url: `${base}/post/bilingual`, current: true },
      { code: 'en', label: 'English', url: `${base}/en`, current: false },
    ]);
    await publish(en.id);
    const enPage = await page('post', 'bilingual-en', { langId: 3 });
    expect(enPage?.article).toMatchObject({ title: 'Bilingual post', url: `${base}/en/post/bilingual-en` });
    expect(enPage?.site).toMatchObject({
      language: 'en',
      home_url: `${base}/en`,
      rss_url: `${base}/en/rss.xml`,
    });
    expect(enPage?.site.languages.map((l) => [l.url, l.current])).toEqual([
      [`${base}/post/bilingual`, false],
      [`${base}/en/post/bilingual-en`, true],
    ]);
    expect(enPage?.article?.published_at_display).toMatch(/^December \d+, 2026$/);
    expect(enPage?.head).toContain(`<link rel="alternate" hreflang="zh-TW" href="${base}/post/bilingual">`);
    expect(enPage?.head).toContain(
      `<link rel="alternate" hreflang="en" href="${base}/en/post/bilingual-en">`,
    );
    expect(enPage?.head).toContain(
      `<link rel="alternate" hreflang="x-default" href="${base}/post/bilingual">`,
    );
    // A route in one language never shows another language's row.
    expect(await page('post', 'bilingual', { langId: 3 })).toBeNull();
    expect(await page('post', en.id, { langId: 1 })).toBeNull();
    // A language the site does not show has no pages.
    expect(await page('index', undefined, { langId: 4 })).toBeNull();
  });

  it("names labels in the page's language, falling back to their name", async () => {
    const cat = await label('category', 'world', '國際', 'World');
    const tag = await label('tag', 'only-zh', '只有中文');
    const zh = await create({ title: '國際新聞', slug: 'world-news', category_id: cat, tag: [tag] });
    const en = await create({
      uuid: zh.uuid,
      lang_id: 3,
      title: 'World news',
      slug: 'world-news-en',
      category_id: cat,
      tag: [tag],
    });
    await publish(zh.id);
    await publish(en.id);
    const enPage = await page('post', 'world-news-en', { langId: 3 });
    expect(enPage?.article?.category).toMatchObject({ name: 'World', url: `${base}/en/category/world` });
    expect(enPage?.article?.tags).toMatchObject([{ name: '只有中文', url: `${base}/en/tag/only-zh` }]);
    expect((await page('category', 'world', { langId: 3 }))?.collection).toMatchObject({
      title: 'World',
      articles: [{ title: 'World news' }],
    });
  });
});

describe('lists', () => {
  it('pages a category 10 at a time, newest first; a page past the last is null', async () => {
    const cat = await label('category', 'paged', '分頁');
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const made = await create({ title: `分頁文章 ${i}`, category_id: cat });
      await publish(made.id);
      ids.push(made.id);
    }
    const first = await page('category', 'paged', { path: '/category/paged' });
    expect(first?.template).toBe('category');
    expect(first?.collection?.articles.map((a) => a.id)).toEqual(ids.slice(2).reverse());
    expect(first?.collection?.articles[0].content).toBe('');
    expect(first?.collection?.pagination).toEqual({
      page: 1,
      pages: 2,
      total: 12,
      prev_url: '',
      next_url: `${base}/category/paged?page=2`,
    });
    const second = await page('category', cat, { page: 2 });
    expect(second?.collection?.articles.map((a) => a.id)).toEqual([ids[1], ids[0]]);
    expect(second?.collection?.pagination).toMatchObject({
      page: 2,
      prev_url: `${base}/category/paged`,
      next_url: '',
    });
    expect(second?.head).toContain(`<link rel="canonical" href="${base}/category/paged?page=2">`);
    expect(await page('category', 'paged', { page: 3 })).toBeNull();
  });

  it('lists a tag and an author with their items in byline order and tags loaded', async () => {
    const tag = await label('tag', 'listed', '列出');
    const a = await author('王小明');
    const b = await author('李小華');
    const made = await create({ title: '有作者', slug: 'by-authors', tag: [tag], author: [b, a] });
    await publish(made.id);
    expect((await page('tag', 'listed'))?.collection).toMatchObject({
      kind: 'tag',
      title: '列出',
      articles: [{ id: made.id, tags: [{ name: '列出' }] }],
    });
    const byAuthor = await page('author', a);
    expect(byAuthor?.collection).toMatchObject({
      kind: 'author',
      title: '王小明',
      label: { url: `${base}/author/${a}` },
    });
    expect(byAuthor?.collection?.articles[0].authors.map((x) => x.name)).toEqual(['李小華', '王小明']);
  });
});

describe('home', () => {
  it('shows the latest ten posts when nothing is chosen', async () => {
    const home = (await page('index'))?.home;
    expect(home?.articles).toHaveLength(10);
    const times = home?.articles.map((a) => a.published_at) ?? [];
    expect([...times].sort().reverse()).toEqual(times);
    expect(home?.articles.every((a) => a.type === 'post')).toBe(true);
  });

  it('shows the chosen articles in their order (published only) and each chosen category with its latest four', async () => {
    const a = await create({ title: '精選甲' });
    const b = await create({ title: '精選乙' });
    const en = await create({ uuid: b.uuid, lang_id: 3, title: 'Featured B' });
    await publish(a.id);
    await publish(b.id);
    await publish(en.id);
    const cat = await label('category', 'home-cat', '首頁分類', 'Home category');
    for (let i = 1; i <= 5; i++)
      await publish((await create({ title: `分類文章 ${i}`, category_id: cat })).id);
    ok(
      await owner.call('home/save', {
        type: 'grid',
        title: '封面故事',
        cover: `/uploads/${siteId}/home.jpg`,
        articles: [{ id: b.id }, { id: a.id }],
        categories: [{ id: cat }],
      }),
    );
    // Taken offline after being chosen: gone from the home page.
    ok(await owner.call('press/publish?t=1', { id: a.id, mode: 0 }));
    const home = (await page('index'))?.home;
    expect(home).toMatchObject({
      type: 'grid',
      title: '封面故事',
      cover: `${t.config.publicUrl}/uploads/${siteId}/home.jpg`,
    });
    expect(home?.articles.map((x) => x.title)).toEqual(['精選乙']);
    expect(home?.categories).toHaveLength(1);
    expect(home?.categories[0]).toMatchObject({ name: '首頁分類', url: `${base}/category/home-cat` });
    expect(home?.categories[0].articles.map((x) => x.title)).toEqual([
      '分類文章 5',
      '分類文章 4',
      '分類文章 3',
      '分類文章 2',
    ]);
    // In English: the chosen item's English row, the category's English title.
    const enHome = (await page('index', undefined, { langId: 3 }))?.home;
    expect(enHome?.articles.map((x) => x.title)).toEqual(['Featured B']);
    expect(enHome?.categories[0]).toMatchObject({ name: 'Home category', articles: [] });
  });
});

describe('menus', () => {
  it('nests children under parents, names them per language and marks the current page', async () => {
    const seeded = ok(await owner.call<Record<number, { id: number; is_system: boolean }[]>>('menu/get'));
    const homeLink = seeded[1].find((i) => i.is_system)?.id;
    ok(
      await owner.call('menu/save', {
        menu: {
          id: 1,
          items: [
            {
              id: homeLink,
              type: 1,
              link: '/',
              lang: [
                { lang_id: 1, name: '首頁' },
                { lang_id: 3, name: 'Home' },
              ],
            },
            {
              type: 2,
              lang: [{ lang_id: 1, name: '分類' }],
              children: [
                {
                  type: 1,
                  link: '/category/world',
                  lang: [
                    { lang_id: 1, name: '國際' },
                    { lang_id: 3, name: 'World' },
                  ],
                },
                { type: 1, link: 'https://elsewhere.example.com/x', lang: [{ lang_id: 1, name: '外站' }] },
              ],
            },
          ],
        },
      }),
    );
    ok(
      await owner.call('menu/save', {
        menu: { id: 2, items: [{ link: '/about', lang: [{ lang_id: 1, name: '關於' }] }] },
      }),
    );
    const ctx = await page('category', 'world', { path: '/category/world' });
    expect(ctx?.menus.main).toEqual([
      { title: '首頁', url: '/', external: false, active: false, children: [] },
      {
        title: '分類',
        url: '/#',
        external: false,
        active: false,
        children: [
          { title: '國際', url: '/category/world', external: false, active: true, children: [] },
          {
            title: '外站',
            url: 'https://elsewhere.example.com/x',
            external: true,
            active: false,
            children: [],
          },
        ],
      },
    ]);
    expect(ctx?.menus.secondary).toEqual([
      { title: '關於', url: '/about', external: false, active: false, children: [] },
    ]);
    const en = await page('index', undefined, { langId: 3, path: '/en' });
    expect(en?.menus.main[0].title).toBe('Home');
    expect(en?.menus.main[1].title).toBe('分類');
    expect(en?.menus.main[1].children.map((c) => c.title)).toEqual(['World', '外站']);
  });
});

describe('head', () => {
  it('has the title, description, canonical, Open Graph with the cover, favicon, RSS, and the tracking code last', async () => {
    await t.database.db
      .update(sites)
      .set({
        favicon: `/uploads/${siteId}/icon.png`,
        tracking: '<script>track("x")</script>',
        seo: { cover: `/uploads/${siteId}/site.jpg`, title: '網站 SEO 標題', description: '網站說明' },
      })
      .where(eq(sites.id, siteId));
    const made = await create({
      title: '標題 <有> "引號"',
      slug: 'head-post',
      cover: `/uploads/${siteId}/cover.jpg`,
      content: doc('摘要來源'),
    });
    await publish(made.id);
    const head = (await page('post', 'head-post'))?.head ?? '';
    const demo = await siteRow();
    const title = `標題 &lt;有&gt; &quot;引號&quot; | ${demo.name}`;
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain('<meta name="description" content="摘要來源">');
    expect(head).toContain(`<link rel="canonical" href="${base}/post/head-post">`);
    expect(head).toContain(`<meta property="og:title" content="${title}">`);
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain(`<meta property="og:url" content="${base}/post/head-post">`);
    expect(head).toContain(
      `<meta property="og:image" content="${t.config.publicUrl}/uploads/${siteId}/cover.jpg">`,
    );
    expect(head).toContain('<meta property="og:locale" content="zh_TW">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).toContain(`<link rel="icon" href="${t.config.publicUrl}/uploads/${siteId}/icon.png">`);
    expect(head).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${demo.name}" href="${base}/rss.xml">`,
    );
    expect(head.endsWith('<script>track("x")</script>')).toBe(true);

    const seoed = await create({
      title: '有 SEO',
      slug: 'seo-post',
      seo: { title: 'SEO 標題', content: 'SEO 說明' },
    });
    await publish(seoed.id);
    const seoHead = (await page('post', 'seo-post'))?.head ?? '';
    expect(seoHead).toContain('<title>SEO 標題</title>');
    expect(seoHead).toContain('<meta name="description" content="SEO 說明">');
    // No cover: the site's SEO cover.
    expect(seoHead).toContain(
      `<meta property="og:image" content="${t.config.publicUrl}/uploads/${siteId}/site.jpg">`,
    );

    const index = await page('index');
    expect(index?.page_title).toBe('網站 SEO 標題');
    expect(index?.head).toContain('<meta property="og:type" content="website">');
    expect(index?.head).toContain('<meta name="description" content="網站說明">');
  });

  it('builds the 404 page with the site, its menus and each language home', async () => {
    const site = await siteRow();
    const ctx = await notFoundContext(deps(), {
      site,
      route: { kind: 'post', key: 'nope', langId: 3, page: 1 },
      base,
      settings: {},
      path: '/en/post/nope',
      now: t.clock.now,
    });
    expect(ctx.template).toBe('404');
    expect(ctx.page_title).toBe(`Page not found | ${site.name}`);
    expect(ctx.site.languages.map((l) => l.url)).toEqual([`${base}/`, `${base}/en`]);
    expect(ctx.menus.main.length).toBeGreaterThan(0);
    // The coming-soon page of an unpublished site is the same page, named for what it is.
    const soon = await notFoundContext(
      deps(),
      { site, route: { kind: 'index', langId: 1, page: 1 }, base, settings: {}, path: '/', now: t.clock.now },
      'coming_soon',
    );
    expect(soon.template).toBe('coming_soon');
    expect(soon.page_title).toBe(`即將推出 | ${site.name}`);
    expect(soon.head).toContain(`<title>即將推出 | ${site.name}</title>`);
  });
});

describe('snapshot columns', () => {
  it('never reads the draft columns of a published item (draft changed)', async () => {
    const made = await create({
      title: '快照',
      slug: 'snap',
      cover: `/uploads/${siteId}/a.jpg`,
      seo: { title: 'A', content: 'A' },
    });
    await publish(made.id);
    await edit(made, {
      title: '改了',
      slug: 'snap',
      cover: `/uploads/${siteId}/b.jpg`,
      seo: { title: 'B', content: 'B' },
      content: doc('新'),
    });
    const [row] = await t.database.db.select().from(contents).where(eq(contents.id, made.id));
    expect(row.isDraftChanged).toBe(true);
    const ctx = await page('post', 'snap');
    expect(ctx?.article).toMatchObject({
      title: '快照',
      cover: `${t.config.publicUrl}/uploads/${siteId}/a.jpg`,
    });
    expect(ctx?.page_title).toBe('A');
    // Lists read the snapshot too.
    const home = (await page('index'))?.home;
    expect(home?.articles.find((a) => a.id === made.id)?.title ?? '快照').toBe('快照');
  });
});
