/**
 * Uploads as a site's readers load them (issue 27, item 1): uploads are served on the admin's address only, never on
 * a site's host, so every picture and video of a public page — body images, albums, video posters, og:image, RSS —
 * is an absolute address there, and fetched at it answers the picture. And `/favicon.ico` on a site's host: the
 * site's own icon, else a default one; never a 404, never another site's icon. Through the real server, in the
 * built-in theme.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveReply } from '../../contract/content';
import type { UploadReply } from '../../contract/files';
import { letterOf } from '../../server/modules/epaper/mail';
import { readIco } from '../../server/modules/files/ico';
import { contents, type EpaperAudience, sites, videos } from '../../server/modules/tables';
import { siteUrl } from '../../server/modules/tenancy/sites';
import { type Client, createTestApp, ok, type Reply, signInOwner, type TestApp } from '../fixtures/testApp';

const HOST = 'demo.sites.localhost:8080';

let t: TestApp;
let owner: Client;
let demoSiteId: number;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();

/** Multipart to an upload action, as the SPA sends it. */
async function upload(kind: 'image' | 'favicon', bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/element/upload/${kind}`,
    headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    payload: form,
  });
  const reply = { ...res.json(), status: res.statusCode } as Reply<UploadReply>;
  return ok(reply).path;
}

const onSite = (url: string, host = HOST, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { host } });

/** An absolute address fetched at its own host, as a browser would. */
const fetchAbsolute = (address: string) => {
  const url = new URL(address);
  return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: url.host } });
};

/** Every src and poster of a page's HTML. */
const mediaAddresses = (html: string) => [...html.matchAll(/\s(?:src|poster)="([^"]+)"/g)].map((m) => m[1]);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
});
afterAll(async () => {
  await t?.close();
});

describe('pictures on a public page', () => {
  it('are absolute on the admin’s address, in the body, albums, video posters, og:image and RSS, and load', async () => {
    const [picture, second, poster, cover] = await Promise.all([
      upload('image', await png(480, 270)),
      upload('image', await png(200, 150)),
      upload('image', await png(320, 180)),
      upload('image', await png(600, 400)),
    ]);
    expect(picture).toMatch(/^\/uploads\//);
    const [video] = await t.database.db
      .insert(videos)
      .values({ siteId: demoSiteId, path: `/uploads/${demoSiteId}/v.mp4`, title: 'v', status: 'ready' })
      .returning();
    const made = ok(
      await owner.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '有圖的文章',
        slug: 'with-pictures',
        cover,
        content: {
          blocks: [
            { type: 'header', data: { text: '淡水', level: 2 } },
            { type: 'paragraph', data: { text: '河岸的傍晚。' } },
            { type: 'image', data: { url: picture, caption: '河岸', width: 480, height: 270 } },
            { type: 'album', data: { images: [{ url: second, caption: '二' }] } },
            { type: 'video', data: { id: video.id, cover: poster, caption: '' } },
          ],
        },
        version: 0,
      }),
    );
    ok(await owner.call('press/publish?t=1', { id: made.id, mode: 1 }));

    const page = await onSite('/post/with-pictures');
    expect(page.statusCode).toBe(200);
    const admin = t.config.publicUrl;
    const addresses = mediaAddresses(page.body).filter((a) => a.includes('/uploads/'));
    expect(addresses).toEqual(
      expect.arrayContaining([
        `${admin}${picture}`,
        `${admin}${second}`,
        `${admin}${poster}`,
        `${admin}/uploads/${demoSiteId}/v.mp4`,
      ]),
    );
    // Nothing of the body is left relative to the site's host, where /uploads is a 404.
    expect(addresses.every((a) => a.startsWith(`${admin}/uploads/`))).toBe(true);
    for (const address of [picture, second, poster].map((p) => `${admin}${p}`)) {
      const image = await fetchAbsolute(address);
      expect(image.statusCode, address).toBe(200);
      expect(image.headers['content-type'], address).toMatch(/^image\//);
    }
    // The same path on the site's host is no picture: the reason it must be absolute.
    expect((await onSite(picture)).headers['content-type']).toMatch(/^text\/html/);

    expect(page.body).toContain(`<meta property="og:image" content="${admin}${cover}">`);
    const rss = await onSite('/rss.xml');
    expect(rss.body).toContain(`<media:content url="${admin}${cover}" medium="image"/>`);
  });
});

describe('an e-paper mail', () => {
  it('carries its pictures on the admin’s address (the one helper), and links to site paths on the site', async () => {
    const picture = await upload('image', await png(300, 200));
    const paper = ok(
      await owner.call<SaveReply>('press/save?t=4', {
        id: 0,
        title: '本期電子報',
        content: {
          blocks: [
            { type: 'paragraph', data: { text: '看看<a href="/about">關於我們</a>。' } },
            { type: 'image', data: { url: picture, caption: '' } },
          ],
        },
        version: 0,
      }),
    );
    ok(await owner.call('press/publish?t=4', { id: paper.id, mode: 1 }));
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [item] = await t.database.db.select().from(contents).where(eq(contents.id, paper.id));
    const { html } = letterOf(site, item, { kind: 'all' } as EpaperAudience, t.config);
    expect(html).toContain(`<img src="${t.config.publicUrl}${picture}"`);
    // A path on the site is the site's page, not the admin's.
    expect(html).toContain(`<a href="${siteUrl(site, t.config)}/about">關於我們</a>`);
    expect((await fetchAbsolute(`${t.config.publicUrl}${picture}`)).statusCode).toBe(200);
  });
});

describe('/favicon.ico on a site’s host', () => {
  it('answers a default icon while the site has none, on GET and HEAD, open or not', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await onSite('/favicon.ico', HOST, method);
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type']).toBe('image/x-icon');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const icon = await onSite('/favicon.ico');
    expect(readIco(icon.rawPayload)?.map((e) => e.width)).toEqual([16, 32, 48]);
    // The head names no icon of its own then: the browser asks /favicon.ico.
    expect((await onSite('/')).body).not.toContain('rel="icon"');

    await t.database.db.update(sites).set({ published: false }).where(eq(sites.id, demoSiteId));
    try {
      expect((await onSite('/favicon.ico')).headers['content-type']).toBe('image/x-icon');
    } finally {
      await t.database.db.update(sites).set({ published: true }).where(eq(sites.id, demoSiteId));
    }
  });

  it('sends a browser to the site’s own icon, which the head names too; another site keeps its own', async () => {
    const favicon = await upload('favicon', await png(48, 48));
    const profile = ok(await owner.call<Record<string, unknown>>('site/profile'));
    ok(await owner.call('site/save', { ...profile, favicon }));
    const address = `${t.config.publicUrl}${favicon}`;

    const res = await onSite('/favicon.ico');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(address);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const icon = await fetchAbsolute(address);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect((await onSite('/')).body).toContain(`<link rel="icon" href="${address}">`);

    // Another site without an icon answers the default, never this one's.
    const [demo] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    await t.database.db
      .insert(sites)
      .values({ name: '另一個網站', slug: 'other', serviceId: demo.serviceId, published: true });
    const other = await onSite('/favicon.ico', 'other.sites.localhost:8080');
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe('image/x-icon');
    expect(other.headers.location).toBeUndefined();
  });
});
