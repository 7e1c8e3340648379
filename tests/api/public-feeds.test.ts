/**
 * sitemap.xml, RSS and robots.txt of the public site (server/public/feeds.ts), over content made and published through
 * the API: only published items of this site in its display languages, as their published snapshot; the XML parses,
 * and names with & < > " ' survive it.
 */
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveReply } from '../../contract/content';
import type { Session } from '../../contract/session';
import type { SiteProfile } from '../../contract/settings';
import { sites } from '../../server/modules/tables';
import { siteUrl } from '../../server/modules/tenancy/sites';
import { robotsTxt, rssXml, sitemapXml } from '../../server/public/feeds';
import { type Client, createTestApp, OWNER, ok, register, type TestApp } from '../fixtures/testApp';

const NOW = Date.parse('2026-11-30T00:00:00Z');
const MINUTE = 60_000;
const para = (text: string) => ({ type: 'paragraph', data: { text } });
const SITE_NAME = `News & <Co> "Q" 'A'`;
const NASTY_TITLE = `A & B <i> "q" 'x'`;
/** Longer than an abstract (120 characters), so the text after it is in the content only. */
const LONG_TEXT = `開頭${'長'.repeat(150)}TAIL-OF-FREE-TEXT`;

let t: TestApp;
let owner: Client;
let other: Client;
let siteId: number;
let base: string;
const deps = () => ({ db: t.database.db, config: t.config });
const site = async (id = siteId) => {
  const [row] = await t.database.db.select().from(sites).where(eq(sites.id, id));
  return row;
};

/** jsdom's XML parser (the package has no types of its own here). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};
const parser = () => new new JSDOM('').window.DOMParser();
/** The document of well-formed XML; fails the test on anything else. */
function parse(xml: string): Document {
  const doc = parser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, xml.slice(0, 2000)).toBe(0);
  return doc;
}
const texts = (doc: Document | Element, tag: string) =>
  [...doc.getElementsByTagName(tag)].map((e) => e.textContent ?? '');

async function save(c: Client, body: Record<string, unknown>, type = 1) {
  return ok(
    await c.call<SaveReply>(`press/save?t=${type}`, {
      id: 0,
      title: '',
      content: { blocks: [para('內文')] },
      version: 0,
      ...body,
    }),
  );
}
async function publish(c: Client, id: number, mode: number, type = 1, extra: Record<string, unknown> = {}) {
  ok(await c.call(`press/publish?t=${type}`, { id, mode, ...extra }));
}
/** Makes and publishes an item a minute after the previous one, so their order is known. */
async function published(c: Client, body: Record<string, unknown>, type = 1) {
  t.clock.advance(MINUTE);
  const made = await save(c, body, type);
  await publish(c, made.id, 1, type);
  return made;
}

const ids: Record<string, SaveReply> = {};
let categoryId: number;
let usedTagId: number;
let draftTagId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW - t.clock.now);
  owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
  siteId = (await owner.call<Session>('member/status')).data.site.current?.id as number;
  const profile = ok(await owner.call<SiteProfile>('site/profile'));
  ok(
    await owner.call('site/save', {
      ...profile,
      title: SITE_NAME,
      description: 'Daily <news> & more',
      frontend_display_language: [1, 3],
    }),
  );
  base = siteUrl(await site(), t.config);

  const label = async (type: string, slug: string, title: string) =>
    ok(
      await owner.call<{ id: number }>('label/save', {
        id: 0,
        type,
        slug,
        lang: [{ lang_id: 1, title, cover: '' }],
      }),
    ).id;
  categoryId = await label('category', 'tech', 'Feeds 科技');
  usedTagId = await label('tag', 'ai-tag', 'Feeds 標籤');
  draftTagId = await label('tag', 'draft-tag', 'Feeds 草稿');

  ids.nasty = await published(owner, {
    title: NASTY_TITLE,
    slug: 'nasty',
    category_id: categoryId,
    tag: [usedTagId],
    cover: '/uploads/1/cover.jpg',
    content: { blocks: [para(LONG_TEXT), { type: 'paid', data: {} }, para('PAID-SECRET')] },
  });
  ids.english = await published(owner, {
    uuid: ids.nasty.uuid,
    lang_id: 3,
    title: 'In English',
    slug: 'nasty',
  });
  ids.edited = await published(owner, { title: 'Snapshot title', slug: 'edited' });
  t.clock.advance(MINUTE / 2);
  await save(owner, { id: ids.edited.id, version: ids.edited.version, title: 'DRAFT-TITLE', slug: 'edited' });
  ids.page = await published(owner, { title: 'About us', slug: 'about' }, 3);
  ids.epaper = await published(owner, { title: 'Weekly e-paper' }, 4);
  ids.japanese = await published(owner, { title: 'JAPANESE-ONLY', lang_id: 4, slug: 'ja-only' });

  ids.draft = await save(owner, { title: 'DRAFT-ONLY', slug: 'draft-only', tag: [draftTagId] });
  ids.scheduled = await save(owner, { title: 'SCHEDULED-ONLY', slug: 'scheduled-only' });
  await publish(owner, ids.scheduled.id, 2, 1, { date: '2026-12-24', time: '10:00' });
  ids.deleted = await published(owner, { title: 'DELETED-ONE', slug: 'deleted-one' });
  await publish(owner, ids.deleted.id, -1);
  ids.offline = await published(owner, { title: 'OFFLINE-ONE', slug: 'offline-one' });
  await publish(owner, ids.offline.id, 0);

  other = await register(t, 'feeds-other@example.com');
  ids.foreign = await published(other, { title: 'FOREIGN-POST', slug: 'foreign-post' });
});
afterAll(async () => {
  await t?.close();
});

const HIDDEN = ['DRAFT-ONLY', 'SCHEDULED-ONLY', 'DELETED-ONE', 'OFFLINE-ONE', 'FOREIGN-POST', 'DRAFT-TITLE'];

describe('sitemap.xml', () => {
  it('lists the homes, the labels with published items and every published item, newest first', async () => {
    const xml = await sitemapXml(deps(), await site(), base);
    const doc = parse(xml);
    expect(doc.documentElement.tagName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(texts(doc, 'loc')).toEqual([
      `${base}/`,
      `${base}/en`,
      `${base}/category/tech`,
      `${base}/tag/ai-tag`,
      `${base}/epaper/weekly-e-paper`,
      `${base}/about`,
      `${base}/post/edited`,
      `${base}/en/post/nasty`,
      `${base}/post/nasty`,
    ]);
    for (const word of [...HIDDEN, 'draft-only', 'scheduled-only', 'deleted-one', 'offline-one', 'draft-tag'])
      expect(xml).not.toContain(word);
    // Japanese is no display language of the site: its items have no address there.
    expect(xml).not.toContain('ja-only');
  });

  it('stops at the cap, keeping the newest items', async () => {
    const locs = texts(parse(await sitemapXml(deps(), await site(), base, 6)), 'loc');
    expect(locs).toEqual([
      `${base}/`,
      `${base}/en`,
      `${base}/category/tech`,
      `${base}/tag/ai-tag`,
      `${base}/epaper/weekly-e-paper`,
      `${base}/about`,
    ]);
    expect(texts(parse(await sitemapXml(deps(), await site(), base, 3)), 'loc')).toHaveLength(3);
  });

  it('dates each item by the later of its publication and its last change (W3C, UTC)', async () => {
    const doc = parse(await sitemapXml(deps(), await site(), base));
    const urls = [...doc.getElementsByTagName('url')];
    const lastmod = (loc: string) =>
      texts(urls.find((u) => texts(u, 'loc')[0] === loc) as Element, 'lastmod')[0];
    expect(lastmod(`${base}/post/nasty`)).toBe(new Date(NOW + MINUTE).toISOString().replace('.000', ''));
    // The edited item's draft was saved half a minute after its publication.
    expect(lastmod(`${base}/post/edited`)).toBe(
      new Date(NOW + 3.5 * MINUTE).toISOString().replace('.000', ''),
    );
    for (const d of texts(doc, 'lastmod')) expect(d).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('links the languages of one item, and of the homes, with hreflang alternates', async () => {
    const doc = parse(await sitemapXml(deps(), await site(), base));
    const alternates = (loc: string) => {
      const url = [...doc.getElementsByTagName('url')].find((u) => texts(u, 'loc')[0] === loc) as Element;
      return [...url.getElementsByTagName('xhtml:link')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]);
    };
    const pair = [
      ['zh-TW', `${base}/post/nasty`],
      ['en', `${base}/en/post/nasty`],
    ];
    expect(alternates(`${base}/post/nasty`)).toEqual(pair);
    expect(alternates(`${base}/en/post/nasty`)).toEqual(pair);
    expect(alternates(`${base}/`)).toEqual([
      ['zh-TW', `${base}/`],
      ['en', `${base}/en`],
    ]);
    expect(alternates(`${base}/about`)).toEqual([]);
  });

  it("never lists another site's items, nor this site's in the other site's", async () => {
    const otherSite = await site(
      (await other.call<Session>('member/status')).data.site.current?.id as number,
    );
    const otherBase = siteUrl(otherSite, t.config);
    const xml = await sitemapXml(deps(), otherSite, otherBase);
    expect(texts(parse(xml), 'loc')).toEqual([`${otherBase}/`, `${otherBase}/post/foreign-post`]);
    expect(xml).not.toContain(base);
  });
});

describe('rss.xml', () => {
  it("carries the language's published posts and e-papers, newest first, as their snapshot", async () => {
    const xml = await rssXml(deps(), await site(), base, 1);
    const doc = parse(xml);
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const channel = doc.getElementsByTagName('channel')[0];
    expect(texts(channel, 'title')[0]).toBe(SITE_NAME);
    expect(texts(channel, 'link')[0]).toBe(`${base}/`);
    expect(texts(channel, 'description')[0]).toBe('Daily <news> & more');
    expect(texts(channel, 'language')).toEqual(['zh-TW']);
    expect(doc.getElementsByTagName('atom:link')[0].getAttribute('href')).toBe(`${base}/rss.xml`);
    const items = [...doc.getElementsByTagName('item')];
    expect(items.map((i) => texts(i, 'title')[0])).toEqual(['Weekly e-paper', 'Snapshot title', NASTY_TITLE]);
    for (const word of [...HIDDEN, 'About us', 'JAPANESE-ONLY', 'In English'])
      expect(xml).not.toContain(word);
  });

  it('gives each item its address as a permanent guid, its RFC 822 date, abstract and cover, never the content', async () => {
    const xml = await rssXml(deps(), await site(), base, 1);
    const nasty = [...parse(xml).getElementsByTagName('item')].find(
      (i) => texts(i, 'title')[0] === NASTY_TITLE,
    ) as Element;
    expect(texts(nasty, 'link')).toEqual([`${base}/post/nasty`]);
    const guid = nasty.getElementsByTagName('guid')[0];
    expect([guid.textContent, guid.getAttribute('isPermaLink')]).toEqual([`${base}/post/nasty`, 'true']);
    expect(texts(nasty, 'pubDate')).toEqual(['Mon, 30 Nov 2026 00:01:00 GMT']);
    const description = texts(nasty, 'description')[0];
    expect(description.startsWith('開頭長長')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(120);
    expect(nasty.getElementsByTagName('media:content')[0].getAttribute('url')).toBe(
      `${t.config.publicUrl}/uploads/1/cover.jpg`,
    );
    expect(xml).not.toContain('TAIL-OF-FREE-TEXT');
    expect(xml).not.toContain('PAID-SECRET');
  });

  it("has a feed per language, at that language's address", async () => {
    const doc = parse(await rssXml(deps(), await site(), base, 3));
    expect(texts(doc, 'language')).toEqual(['en']);
    expect(texts(doc.getElementsByTagName('channel')[0], 'link')[0]).toBe(`${base}/en`);
    expect(doc.getElementsByTagName('atom:link')[0].getAttribute('href')).toBe(`${base}/en/rss.xml`);
    expect(texts(doc, 'title').slice(1)).toEqual(['In English']);
  });

  it('keeps the latest 20', async () => {
    for (let i = 0; i < 20; i++) await published(owner, { title: `Bulk ${i}` });
    const items = [...parse(await rssXml(deps(), await site(), base, 1)).getElementsByTagName('item')];
    expect(items.map((i) => texts(i, 'title')[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bulk ${19 - i}`),
    );
  });
});

describe('robots.txt', () => {
  it('lets crawlers in and names the sitemap once the site is published, and keeps them out before', async () => {
    ok(await owner.call('site/publish', { publish: true }));
    expect(robotsTxt(await site(), base)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`);
    ok(await owner.call('site/publish', { publish: false }));
    expect(robotsTxt(await site(), base)).toBe('User-agent: *\nDisallow: /\n');
  });
});
