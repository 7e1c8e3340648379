/**
 * THE paywall test: an article whose text after the paid section's marker holds a unique secret. Every output of the
 * site — pages, lists and their ?page=, category/tag/author lists, home, RSS of each language, sitemap, robots,
 * /search for the secret, the head's og:/twitter: tags, the 404 page, the site's paths asked on the admin's host,
 * HEAD — is fetched as an anonymous visitor, a signed-in free reader and a lapsed one: the secret never appears.
 * A paying reader then reads it on the article page (and nowhere machine-readable).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveReply } from '../../contract/content';
import type { SiteProfile } from '../../contract/settings';
import type { ReaderPlan } from '../../contract/subscription';
import { readerSubscriptions } from '../../server/modules/tables';
import { addReader, DEMO_HOST, readerCookie, sitePage } from '../fixtures/readers';
import { type Client, createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

const SECRET = 'PAYWALL-SECRET-q7x9k2';
/** A secret word in the paid part of the English sibling too, and in a paid heading. */
const SECRET_EN = 'ENGLISH-PAID-z8w1';
const FREE_WORD = 'FREEWORD-m3n4';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let articleId: number;
let authorId: number;
let planName: string;
const cookies: Record<'free' | 'lapsed' | 'paying', string> = { free: '', lapsed: '', paying: '' };

const para = (text: string) => ({ type: 'paragraph', data: { text } });

async function publishItem(body: Record<string, unknown>) {
  const made = ok(await owner.call<SaveReply>('press/save?t=1', { id: 0, title: '', version: 0, ...body }));
  ok(await owner.call('press/publish?t=1', { id: made.id, mode: 1 }));
  return made;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  const profile = ok(await owner.call<SiteProfile>('site/profile'));
  ok(await owner.call('site/save', { ...profile, frontend_display_language: [1, 3] }));
  const label = async (type: string, slug: string, title: string) =>
    ok(
      await owner.call<{ id: number }>('label/save', {
        id: 0,
        type,
        slug,
        lang: [
          { lang_id: 1, title, cover: '' },
          { lang_id: 3, title: `${title} en`, cover: '' },
        ],
      }),
    ).id;
  const categoryId = await label('category', 'paywall-cat', '付費分類');
  const tagId = await label('tag', 'paywall-tag', '付費標籤');
  authorId = ok(
    await owner.call<{ id: number }>('author/save', { id: 0, name: '付費作者', title: '記者' }),
  ).id;
  const made = await publishItem({
    title: '付費文章',
    slug: 'paywalled',
    category_id: categoryId,
    tag: [tagId],
    author: [authorId],
    content: {
      blocks: [
        para(`免費段落 ${FREE_WORD}`),
        { type: 'paid', data: {} },
        para(`付費段落 ${SECRET}`),
        { type: 'header', data: { text: `標題 ${SECRET}`, level: 2 } },
      ],
    },
  });
  articleId = made.id;
  await publishItem({
    uuid: made.uuid,
    lang_id: 3,
    title: 'Paywalled',
    slug: 'paywalled',
    category_id: categoryId,
    tag: [tagId],
    content: { blocks: [para('Free part'), { type: 'paid', data: {} }, para(`Paid ${SECRET_EN} ${SECRET}`)] },
  });
  // More items so that lists have a second page.
  for (let i = 0; i < 13; i++)
    await publishItem({
      title: `其他 ${i}`,
      slug: `other-${i}`,
      category_id: categoryId,
      content: { blocks: [para(`其他內文 ${i}`)] },
    });
  const plan = ok(
    await owner.call<ReaderPlan>('subscription/save_plan', {
      id: 0,
      lang_id: 1,
      price: 120,
      status: 1,
      name: '讀者月方案',
      content: '<p>全部文章</p>',
      func: ['全文'],
      freq: 1,
    }),
  );
  planName = plan.name;
  ok(await owner.call('subscription/save_content', { lang_id: 1, content: '<p>加入會員閱讀全文</p>' }));
  ok(await owner.call('site/publish', { publish: true }));

  const free = await addReader(t, demoSiteId, { email: 'free@example.com', name: '免費讀者' });
  const lapsed = await addReader(t, demoSiteId, { email: 'lapsed@example.com', name: '過期讀者' });
  const paying = await addReader(t, demoSiteId, { email: 'paying@example.com', name: '付費讀者' });
  const at = new Date(t.clock.now);
  const later = new Date(t.clock.now + 30 * 86_400_000);
  await t.database.db.insert(readerSubscriptions).values([
    {
      siteId: demoSiteId,
      readerId: lapsed.id,
      planId: plan.id,
      status: 'lapsed',
      periodStart: at,
      periodEnd: at,
    },
    {
      siteId: demoSiteId,
      readerId: paying.id,
      planId: plan.id,
      status: 'active',
      periodStart: at,
      periodEnd: later,
      nextAttemptAt: later,
    },
  ]);
  cookies.free = await readerCookie(t, free);
  cookies.lapsed = await readerCookie(t, lapsed);
  cookies.paying = await readerCookie(t, paying);
});
afterAll(async () => {
  await t?.close();
});

/** Every address of the site a visitor can ask for. */
const sitePaths = () => [
  '/',
  '/?page=2',
  '/en/',
  '/post/paywalled',
  `/post/${articleId}`,
  '/post/paywalled?page=2',
  '/en/post/paywalled',
  '/category/paywall-cat',
  '/category/paywall-cat?page=2',
  '/en/category/paywall-cat',
  '/tag/paywall-tag',
  '/tag/paywall-tag?page=2',
  `/author/${authorId}`,
  '/rss.xml',
  '/en/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  // A search echoes its words: it asks for the secret's tail, and the whole secret must not come back.
  `/search?q=${SECRET.slice(8)}`,
  `/search?q=${encodeURIComponent('付費段落')}`,
  `/en/search?q=${SECRET_EN.slice(8)}`,
  `/search?q=${FREE_WORD}`,
  '/subscribe',
  '/no-such-page-here',
  '/post/no-such-post',
];

const leaks = (body: string) => body.includes(SECRET) || body.includes(SECRET_EN);

describe('the paywall', () => {
  for (const who of ['anonymous', 'free', 'lapsed'] as const) {
    it(`never shows a byte after the marker to a ${who} visitor, by any path`, async () => {
      const cookie = who === 'anonymous' ? undefined : cookies[who];
      for (const path of sitePaths()) {
        const res = await sitePage(t, path, { cookie });
        expect(res.statusCode, path).toBeLessThan(500);
        expect(leaks(res.body), `${who} ${path}`).toBe(false);
        const head = await t.app.inject({
          method: 'HEAD',
          url: path,
          headers: { host: DEMO_HOST, ...(cookie ? { cookie } : {}) },
        });
        expect(leaks(head.body), `HEAD ${path}`).toBe(false);
      }
    });
  }

  it('shows the free part, the og/twitter tags without the paid part, and the plan card', async () => {
    const res = await sitePage(t, '/post/paywalled', { cookie: cookies.free });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(FREE_WORD);
    expect(res.body).toMatch(/<meta property="og:description" content="[^"]*FREEWORD/);
    expect(res.body).toContain('class="paywall"');
    expect(res.body).toContain(planName);
    expect(res.body).toContain('加入會員閱讀全文');
    expect(res.body).toContain('/subscribe"');
  });

  it('finds an item by its free text, never by its paid text', async () => {
    const found = await sitePage(t, `/search?q=${FREE_WORD}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('付費文章');
    const paid = await sitePage(t, `/search?q=${SECRET.slice(8)}`);
    expect(paid.body).not.toContain('付費文章');
  });

  it("never shows the paid part on the admin's host either", async () => {
    for (const path of ['/post/paywalled', '/_site/post/paywalled', '/rss.xml', '/sitemap.xml', '/']) {
      for (const host of ['127.0.0.1:8080', 'localhost:8080']) {
        const res = await t.app.inject({ method: 'GET', url: path, headers: { host } });
        expect(leaks(res.body), `${host}${path}`).toBe(false);
      }
    }
  });

  it('shows a paying reader the whole article, never cached, and still nothing machine-readable', async () => {
    const res = await sitePage(t, '/post/paywalled', { cookie: cookies.paying });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SECRET);
    expect(res.body).not.toContain('class="paywall"');
    expect(String(res.headers['cache-control'])).toContain('no-store');
    const en = await sitePage(t, '/en/post/paywalled', { cookie: cookies.paying });
    expect(en.body).toContain(SECRET_EN);
    for (const path of ['/rss.xml', '/en/rss.xml', '/sitemap.xml', `/search?q=${SECRET.slice(8)}`]) {
      const r = await sitePage(t, path, { cookie: cookies.paying });
      expect(leaks(r.body), path).toBe(false);
    }
    // An anonymous visitor right after still gets the cut page (the paying reader's was never cached).
    const after = await sitePage(t, '/post/paywalled');
    expect(leaks(after.body)).toBe(false);
  });
});
