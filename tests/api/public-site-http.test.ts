/**
 * The public site's HTTP side, through the real server: host routing (site hosts under /_site, the admin's hosts
 * unchanged), coming soon and the staff view, previews and their tokens, the page cache and its invalidation, the
 * render time bound, methods, assets and address bounds. The built-in theme is a fixture folder
 * (tests/fixtures/publicSite.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveReply } from '../../contract/content';
import { ROLE } from '../../contract/permissions';
import { siteStaff, sites, themes } from '../../server/modules/tables';
import { ensureSecret } from '../../server/seed';
import { signToken, type TokenPayload } from '../../server/shared/tokens';
import { FIXTURE_THEME, storeTheme, themeFolder } from '../fixtures/publicSite';
import {
  type Client,
  createTestApp,
  ok,
  signInOwner,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

const HOST = 'demo.sites.localhost:8080';
const HOUR = 3600_000;

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let secret: string;

const get = (
  host: string,
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' | 'POST' = 'GET',
) => t.app.inject({ method, url, headers: { host, ...headers } });
const sign = (payload: TokenPayload, ttl = HOUR) => signToken(secret, payload, ttl, t.clock.now);
const setSite = (id: number, values: Partial<typeof sites.$inferInsert>) =>
  t.database.db.update(sites).set(values).where(eq(sites.id, id));

/** Creates and publishes an article with this title and slug on the owner's current site. */
async function publishPost(title: string, slug: string) {
  const made = ok(
    await owner.call<SaveReply>('press/save?t=1', {
      id: 0,
      title,
      slug,
      content: { blocks: [{ type: 'paragraph', data: { text: 'x' } }] },
      version: 0,
    }),
  );
  ok(await owner.call('press/publish?t=1', { id: made.id, mode: 1 }));
  return made;
}

beforeAll(async () => {
  t = await createTestApp({ publicSite: { builtinThemeDir: await themeFolder() } });
  ({ owner, demoSiteId } = await signInOwner(t));
  secret = await ensureSecret(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe('host routing', () => {
  it('leaves the admin host as it was, and hides /_site there', async () => {
    const api = await get('127.0.0.1:8080', '/api/openapi.json');
    expect(api.statusCode).toBe(200);
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(String(api.headers['content-security-policy'])).toContain('frame-src');
    const hidden = await get('localhost:8080', '/_site/');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 1004 });
  });

  it('serves a site host, and keeps the admin (/api, /uploads) out of it', async () => {
    for (const url of ['/api/openapi.json', '/uploads/x.png', '/_site/']) {
      const res = await get(HOST, url);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('即將推出');
    }
  });

  it('answers an unknown site, or one label too many, with its own 404 page', async () => {
    for (const host of ['nobody.sites.localhost:8080', 'a.demo.sites.localhost', 'unknown.example.org']) {
      const res = await get(host, '/');
      expect(res.statusCode, host).toBe(404);
      expect(res.body).toContain('找不到這個網站');
      expect(res.body).toContain('Site not found');
    }
  });
});

describe('coming soon', () => {
  it('shows an unpublished site as coming soon on every address, and robots.txt disallows all', async () => {
    for (const url of ['/', '/post/anything', '/sitemap.xml', '/rss.xml']) {
      const res = await get(HOST, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('即將推出 · Coming soon');
      expect(res.body).toContain('範例新聞網');
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    const robots = await get(HOST, '/robots.txt');
    expect(robots.body).toContain('Disallow: /');
  });

  it('lets staff in through site/visit: /_staff sets the cookie, then the site renders with a banner', async () => {
    const { url } = ok(await owner.call<{ url: string }>('site/visit'));
    expect(url).toMatch(/^http:\/\/demo\.sites\.localhost:8080\/_staff\?token=/);
    const entry = await get(HOST, new URL(url).pathname + new URL(url).search);
    expect(entry.statusCode).toBe(302);
    expect(entry.headers.location).toBe('/');
    const setCookie = String(entry.headers['set-cookie']);
    expect(setCookie).toMatch(/^site_staff=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/);
    const cookie = setCookie.split(';')[0];
    const page = await get(HOST, '/', { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 class="site">範例新聞網</h1>');
    expect(page.body).toContain('網站尚未發佈，只有工作人員看得到');
    expect(page.headers['cache-control']).toBe('private, no-store');
    // Visitors still see it coming soon.
    expect((await get(HOST, '/')).body).toContain('即將推出');
  });

  it('refuses a forged or another site’s staff token, and a member no longer on the staff', async () => {
    const forged = await get(HOST, '/_staff?token=eyJrIjoic3RhZmYifQ.AAAA');
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['set-cookie']).toBeUndefined();
    const otherSite = sign({ k: 'staff', site: demoSiteId + 1000, user: 1 });
    expect((await get(HOST, `/_staff?token=${otherSite}`)).statusCode).toBe(404);
    expect((await get(HOST, '/', { cookie: `site_staff=${otherSite}` })).body).toContain('即將推出');

    const editor = await staffOf(t, demoSiteId, 'editor@example.com', ROLE.EDITOR);
    const { url } = ok(await editor.call<{ url: string }>('site/visit'));
    const token = new URL(url).searchParams.get('token') as string;
    expect((await get(HOST, '/', { cookie: `site_staff=${token}` })).body).toContain('只有工作人員看得到');
    await t.database.db
      .delete(siteStaff)
      .where(eq(siteStaff.userId, await userIdOf(t, 'editor@example.com')));
    expect((await get(HOST, '/', { cookie: `site_staff=${token}` })).body).toContain('即將推出');
  });
});

describe('a published site', () => {
  beforeAll(async () => {
    ok(await owner.call('site/publish', { publish: true }));
  });

  it('renders the theme: layout, partials, settings defaults, locale words with fallbacks', async () => {
    const res = await get(HOST, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<body class="fixture"><h1 class="site">範例新聞網</h1>');
    expect(res.body).toContain('<p class="accent">#112233</p>');
    expect(res.body).toContain('<p class="hello">你好</p>');
    expect(res.body).toContain('<p class="none">nav.none</p>');
    expect(res.body).not.toContain('role="status"');
    // Site pages may be framed by the admin only, and allow the tracking code's scripts.
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' http://127.0.0.1:8080");
    expect(csp).toContain("script-src 'self' https: 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uses the language prefix for the theme words (en falls back to zh-TW, then to the key)', async () => {
    await setSite(demoSiteId, { displayLanguages: [1, 3] });
    const en = await get(HOST, '/en');
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<p class="hello">Hello</p>');
    expect(en.body).toContain('<p class="only-zh">只有中文</p>');
    expect((await get(HOST, '/ja')).statusCode).toBe(404);
  });

  it('caches a page: the same ETag, 304 on If-None-Match, and a publish shows the new title', async () => {
    const post = await publishPost('第一版標題', 'cached-post');
    const first = await get(HOST, '/post/cached-post');
    expect(first.body).toContain('<h1 class="title">第一版標題</h1>');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const second = await get(HOST, '/post/cached-post');
    expect(second.headers.etag).toBe(etag);
    const revalidated = await get(HOST, '/post/cached-post', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    ok(
      await owner.call('press/save?t=1', {
        id: post.id,
        title: '第二版標題',
        slug: 'cached-post',
        content: { blocks: [] },
        version: post.version,
      }),
    );
    // A draft change alone: readers still see the published page (from the cache).
    expect((await get(HOST, '/post/cached-post')).headers.etag).toBe(etag);
    ok(await owner.call('press/publish?t=1', { id: post.id, mode: 1 }));
    const after = await get(HOST, '/post/cached-post');
    expect(after.body).toContain('<h1 class="title">第二版標題</h1>');
    expect(after.headers.etag).not.toBe(etag);
  });

  it('moves the cache on when a published item’s slug changes (it is live, not in the snapshot)', async () => {
    const post = await publishPost('換網址', 'old-address');
    expect((await get(HOST, '/post/old-address')).statusCode).toBe(200);
    ok(
      await owner.call('press/save?t=1', {
        id: post.id,
        title: '換網址',
        slug: 'new-address',
        content: { blocks: [] },
        version: post.version,
      }),
    );
    expect((await get(HOST, '/post/old-address')).statusCode).toBe(404);
    expect((await get(HOST, '/post/new-address')).body).toContain('換網址');
  });

  it('moves the cache on when a published item’s tags change (live, as on the publish tags screen)', async () => {
    const post = await publishPost('加標籤', 'tagged-later');
    expect((await get(HOST, '/post/tagged-later')).statusCode).toBe(200);
    const renderVersion = async () =>
      (await t.database.db.select({ v: sites.renderVersion }).from(sites).where(eq(sites.id, demoSiteId)))[0]
        .v;
    const before = await renderVersion();
    const tag = ok(await owner.call<{ id: number }>('press/save_tag', { name: '之後加的標籤' }));
    const save = (version: number, tagIds: number[]) =>
      owner.call<SaveReply>('press/save?t=1', {
        id: post.id,
        title: '加標籤',
        slug: 'tagged-later',
        content: { blocks: [{ type: 'paragraph', data: { text: 'x' } }] },
        tag: tagIds,
        version,
      });
    // The same tags again (none): nothing readers see changed, the cached pages stay.
    const same = ok(await save(post.version, []));
    expect(await renderVersion()).toBe(before);
    ok(await save(same.version, [tag.id]));
    expect(await renderVersion()).toBeGreaterThan(before);
  });

  it('answers HEAD like GET without a body, and 405 to other methods', async () => {
    const getRes = await get(HOST, '/');
    const head = await get(HOST, '/', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(getRes.headers.etag);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    const post = await get(HOST, '/', {}, 'POST');
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('serves the theme assets under their content hash, cached for a year', async () => {
    const page = (await get(HOST, '/')).body;
    const css = /href="(\/assets\/[0-9a-f]{12}\/style\.css)"/.exec(page)?.[1] as string;
    const svg = /src="(\/assets\/[0-9a-f]{12}\/logo\.svg)"/.exec(page)?.[1] as string;
    const res = await get(HOST, css);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FIXTURE_THEME['assets/style.css']);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const image = await get(HOST, svg);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect([image.headers['content-security-policy']].flat()).toContain("script-src 'none'");
    expect((await get(HOST, css.replace(/\/assets\/[0-9a-f]{12}/, '/assets/000000000000'))).statusCode).toBe(
      404,
    );
    expect((await get(HOST, '/assets/zz/style.css')).statusCode).toBe(404);
  });

  it('serves robots.txt, sitemap.xml and rss.xml from the feeds', async () => {
    const robots = await get(HOST, '/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: http://demo.sites.localhost:8080/sitemap.xml');
    expect((await get(HOST, '/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
    const rss = await get(HOST, '/en/rss.xml');
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rss.body).toContain('<language>en</language>');
  });

  it('answers the theme’s 404 page for a missing item, and bounds paths, keys and page numbers', async () => {
    const missing = await get(HOST, '/post/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('fixture 404');
    for (const url of [
      `/${'a'.repeat(1001)}`,
      `/post/${'k'.repeat(201)}`,
      '/?page=0',
      '/?page=10001',
      '/?page=abc',
      '/?page=1&page=2',
      '/post/cached-post?page=2',
      '/post/a/b',
      '/api/openapi.json',
      `/?x=${'a'.repeat(9000)}`,
    ]) {
      expect((await get(HOST, url)).statusCode, url.slice(0, 40)).toBe(404);
    }
    // A broken escape is refused by the router itself.
    expect((await get(HOST, '/%E0%A4%A')).statusCode).toBe(400);
    expect((await get(HOST, '/?page=10000')).statusCode).toBe(200);
    expect((await get(HOST, `/post/${'k'.repeat(200)}`)).body).toContain('fixture 404');
  });

  it('serves a verified custom domain', async () => {
    await setSite(demoSiteId, { domain: 'news.example.com' });
    try {
      const res = await get('news.example.com', '/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('範例新聞網');
    } finally {
      await setSite(demoSiteId, { domain: '' });
    }
  });
});

describe('previews', () => {
  let draftUrl: URL;
  let otherHost: string;

  beforeAll(async () => {
    const post = await publishPost('已發布標題', 'preview-me');
    ok(
      await owner.call('press/save?t=1', {
        id: post.id,
        title: '草稿標題',
        slug: 'preview-me',
        content: { blocks: [] },
        version: post.version,
      }),
    );
    const item = ok(await owner.call<{ preview_url: string; url: string }>('press/get?t=1', { id: post.id }));
    expect(item.url).toBe('http://demo.sites.localhost:8080/post/preview-me');
    draftUrl = new URL(item.preview_url);
    const other = await staffOf(t, demoSiteId, 'second@example.com', ROLE.EDITOR);
    const [row] = await t.database.db.select().from(sites).where(eq(sites.slug, 'demo'));
    void other;
    const [second] = (await t.database.db.select().from(sites)).filter((s) => s.id !== row.id);
    await setSite(second.id, { published: true });
    otherHost = `${second.slug}.sites.localhost:8080`;
  });

  it('shows the draft with a banner, never cached nor indexed; the public page is unchanged', async () => {
    const res = await get(HOST, draftUrl.pathname + draftUrl.search);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="title">草稿標題</h1>');
    expect(res.body).toMatch(
      /<body class="fixture"><div role="status" style="position:sticky;[^"]*">預覽 — /,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers.etag).toBeUndefined();
    expect((await get(HOST, draftUrl.pathname)).body).toContain('<h1 class="title">已發布標題</h1>');
  });

  it('refuses a token on another site’s host, and an expired one', async () => {
    const cross = await get(otherHost, draftUrl.pathname + draftUrl.search);
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toContain('草稿標題');
    t.clock.advance(49 * HOUR);
    try {
      const expired = await get(HOST, draftUrl.pathname + draftUrl.search);
      expect(expired.body).toContain('已發布標題');
      expect(expired.body).not.toContain('role="status"');
    } finally {
      t.clock.advance(-49 * HOUR);
    }
  });

  it('previews unsaved design values and another theme, for this site only', async () => {
    const design = sign({
      k: 'design',
      site: demoSiteId,
      values: { accent: '#abcdef', bogus: 1, wide: 'no' },
    });
    const res = await get(HOST, `/?design_preview=${design}`);
    expect(res.body).toContain('<p class="accent">#abcdef</p>');
    expect(res.body).toContain('預覽 — 這是尚未發佈的版本');
    expect((await get(HOST, '/')).body).toContain('<p class="accent">#112233</p>');

    const { themeId, versionId } = await storeTheme(t.database.db, demoSiteId, {
      ...FIXTURE_THEME,
      'templates/index.liquid': '<h1 class="other">另一個主題</h1>',
    });
    const theme = sign({ k: 'theme', site: demoSiteId, theme: themeId, version: versionId });
    expect((await get(HOST, `/?theme_preview=${theme}`)).body).toContain('另一個主題');
    expect((await get(HOST, '/')).body).not.toContain('另一個主題');
    const foreign = await get(otherHost, `/?theme_preview=${theme}`);
    expect(foreign.body).not.toContain('另一個主題');
    expect(foreign.body).not.toContain('role="status"');
  });
});

describe('uploaded themes and the render bound', () => {
  it('renders the applied uploaded theme, and falls back to the built-in one when its version is gone', async () => {
    const { themeId } = await storeTheme(
      t.database.db,
      demoSiteId,
      {
        ...FIXTURE_THEME,
        'templates/index.liquid': '<h1 class="uploaded">上傳的主題 {{ settings.accent }}</h1>',
      },
      'Applied',
    );
    await setSite(demoSiteId, { themeId, themeSettings: { [themeId]: { accent: '#00ff00' } } });
    expect((await get(HOST, '/')).body).toContain('上傳的主題 #00ff00');
    await t.database.db.update(themes).set({ activeVersionId: 999_999 }).where(eq(themes.id, themeId));
    await setSite(demoSiteId, { renderVersion: 1000 });
    expect((await get(HOST, '/')).body).toContain('<h1 class="site">範例新聞網</h1>');
  });

  it('answers an endless template with the error page in bounded time, then keeps serving', async () => {
    for (const loop of [
      '{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}',
      '{% for i in (1..5000) %}{% for j in (1..5000) %}{% for k in (1..5000) %}x{% endfor %}{% endfor %}{% endfor %}',
    ]) {
      const { themeId } = await storeTheme(
        t.database.db,
        demoSiteId,
        { ...FIXTURE_THEME, 'templates/index.liquid': loop },
        `Loop ${loop.length}`,
      );
      await setSite(demoSiteId, { themeId });
      const started = Date.now();
      const res = await get(HOST, '/');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('頁面暫時無法顯示');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await get(HOST, '/post/preview-me')).statusCode).toBe(200);
    }
    await setSite(demoSiteId, { themeId: null });
    expect((await get(HOST, '/')).statusCode).toBe(200);
  });
});
