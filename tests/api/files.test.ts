/**
 * Uploads through HTTP: real images made with sharp are checked, turned upright, scaled to fit 1440×1440 (animated
 * ones too, every frame), stored and served at /uploads/…; size limits (3004, also for the pixels of all the frames of
 * an animation), non-images (3005), missing files, the video list, tenant isolation and permissions.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp, { type SharpOptions } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import {
  ANIMATION_MAX_FRAMES,
  type LibraryFile,
  UPLOAD_FIELD_MAX_BYTES,
  type UploadReply,
  type Video,
} from '../../contract/files';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import type { SiteProfile } from '../../contract/settings';
import { files, roles, videos } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  customRole,
  OWNER,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

const MB = 1024 * 1024;
const PATH_RE = /^\/uploads\/(\d+)\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(jpg|png|webp|gif)$/;

let t: TestApp;
let owner: Client;
let demoSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

/** A gradient, so that encoders have something to encode. */
function image(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });
}

/** `frames` frames of `width`×`height`, each its own colour, ready to be written as an animated GIF or WebP. */
async function animation(width: number, height: number, frames: number) {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: { r: 20 * i, g: 80, b: 20 } } })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(pages), {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
    limitInputPixels: false,
  } as SharpOptions);
}

/**
 * A GIF of `frames` copies of one solid `width`×`height` frame: small bytes (LZW packs a solid frame into a few KB)
 * for a huge animation. Made by writing the frame once with sharp and repeating its blocks.
 */
async function repeatedFrames(width: number, height: number, frames: number): Promise<Buffer> {
  const one = await image(width, height).gif().toBuffer();
  const packed = one[10];
  const start = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const frame = one.subarray(start, one.length - 1);
  return Buffer.concat([
    one.subarray(0, start),
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

interface Part {
  bytes: Buffer;
  type?: string;
  filename?: string;
  field?: string;
}

/** POSTs multipart/form-data the way the SPA's upload does, with the client's session cookie. */
async function upload(
  c: Client,
  parts: Part[],
  fields: Record<string, string> = {},
  kind: 'image' | 'avatar' = 'image',
): Promise<Reply<UploadReply>> {
  const form = new FormData();
  for (const p of parts) {
    form.append(
      p.field ?? 'file',
      new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/png' }),
      p.filename ?? 'a.png',
    );
  }
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/element/upload/${kind}`,
    headers: {
      'accept-language': 'zh-TW',
      ...(c.cookies.size ? { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    },
    payload: form,
  });
  return { ...res.json(), status: res.statusCode };
}

const uploadOne = (c: Client, bytes: Buffer, type = 'image/png', filename = 'photo.png') =>
  upload(c, [{ bytes, type, filename }]);
const uploadAvatar = async (c: Client) =>
  upload(c, [{ bytes: await image(300, 300).png().toBuffer(), filename: 'me.png' }], {}, 'avatar');

async function served(path: string) {
  return t.app.inject({ method: 'GET', url: path });
}

const userId = (email: string) => userIdOf(t, email);

describe('image uploads', () => {
  it('scales a 3000×2000 PNG to 1440×960, stores it and serves it with its type and a long cache', async () => {
    const png = await image(3000, 2000).png().toBuffer();
    const r = await uploadOne(owner, png, 'image/png', 'big.png');
    expect(r).toMatchObject({
      status: 200,
      code: 1,
      data: { success: true, message: '', width: 1440, height: 960 },
    });
    const match = r.data.path.match(PATH_RE);
    expect(match, r.data.path).not.toBeNull();
    expect(Number(match?.[1])).toBe(demoSiteId);
    expect(match?.[2]).toBe('png');

    const res = await served(r.data.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1440, height: 960 });

    const key = r.data.path.replace('/uploads/', '');
    const [row] = await t.database.db.select().from(files).where(eq(files.path, key));
    expect(row).toMatchObject({
      siteId: demoSiteId,
      kind: 'image',
      name: 'big.png',
      mime: 'image/png',
      size: res.rawPayload.length,
      width: 1440,
      height: 960,
      createdBy: await userId(OWNER.email),
    });
  });

  it('turns a JPEG upright by its EXIF orientation before scaling', async () => {
    // Stored 3000×2000 but marked "rotate 90°": it shows 2000×3000, so it fits as 960×1440.
    const jpeg = await image(3000, 2000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const r = await uploadOne(owner, jpeg, 'image/jpeg', 'phone.jpg');
    expect(r.data).toMatchObject({ success: true, width: 960, height: 1440 });
    expect(r.data.path).toMatch(/\.jpg$/);
    const res = await served(r.data.path);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 960, height: 1440 });
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('keeps a small WebP at its size and format', async () => {
    const webp = await image(200, 100).webp().toBuffer();
    const r = await uploadOne(owner, webp, 'image/webp', 'small.webp');
    expect(r.data).toMatchObject({ width: 200, height: 100 });
    expect(r.data.path).toMatch(/\.webp$/);
    expect((await served(r.data.path)).headers['content-type']).toBe('image/webp');
  });

  it('keeps a GIF within 1440×1440 exactly as it came, animation and all', async () => {
    const gif = await (await animation(400, 300, 10)).gif().toBuffer();
    const r = await uploadOne(owner, gif, 'image/gif', 'anim.gif');
    expect(r.data, JSON.stringify(r)).toMatchObject({ width: 400, height: 300 });
    const res = await served(r.data.path);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(Buffer.compare(res.rawPayload, gif)).toBe(0);
  });

  it('scales a larger GIF down to fit 1440×1440, every frame of it', async () => {
    const gif = await (await animation(2000, 1600, 4)).gif().toBuffer();
    const r = await uploadOne(owner, gif, 'image/gif', 'big.gif');
    expect(r.data, JSON.stringify(r)).toMatchObject({ width: 1440, height: 1152 });
    expect(r.data.path).toMatch(/\.gif$/);
    const meta = await sharp((await served(r.data.path)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 1440, pages: 4 });
    expect(meta.pageHeight ?? meta.height).toBe(1152);
  });

  it('keeps an animated WebP animated when it scales it', async () => {
    const webp = await (await animation(1600, 800, 3)).webp().toBuffer();
    const r = await uploadOne(owner, webp, 'image/webp', 'anim.webp');
    expect(r.data, JSON.stringify(r)).toMatchObject({ width: 1440, height: 720 });
    const meta = await sharp((await served(r.data.path)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1440, pages: 3 });
  });

  it('trusts the bytes, not the declared type or name', async () => {
    const png = await image(300, 300).png().toBuffer();
    const r = await uploadOne(owner, png, 'image/gif', 'fake.gif');
    expect(r.data.path).toMatch(/\.png$/);
    expect((await served(r.data.path)).headers['content-type']).toBe('image/png');
  });

  it('strips control characters from the stored file name', async () => {
    const png = await image(10, 10).png().toBuffer();
    const r = await uploadOne(owner, png, 'image/png', 'a\u0001b.png');
    expect(r.code).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.path, r.data.path.replace('/uploads/', '')));
    expect(row.name).toBe('ab.png');
  });
});

describe('refused uploads', () => {
  const expectCode = (r: Reply<unknown>, code: number, msg: string) => {
    expect(r).toMatchObject({ status: 200, code, msg, data: null });
  };

  it('answers 5 MB or more with 3004 檔案大小超過限制', async () => {
    for (const size of [5 * MB, 5 * MB + 1, 5.5 * MB, 8 * MB]) {
      const r = await uploadOne(owner, randomBytes(size));
      expectCode(r, Code.FILE_TOO_LARGE, '檔案大小超過限制');
    }
    // Just under the limit the bytes are looked at: these are not an image.
    expectCode(await uploadOne(owner, randomBytes(5 * MB - 1)), Code.UPLOAD_FAILED, '檔案上傳失敗。');
  });

  it('answers an animation of more pixels than a 48-megapixel photo, all frames counted, with 3004', async () => {
    // The review's file: 300 frames of 4000×4000 in 3.3 MB, which skipped the scale-down.
    const bomb = await repeatedFrames(4000, 4000, 300);
    expect(bomb.length).toBeLessThan(5 * MB);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'gif', width: 4000, pages: 300 });
    expectCode(
      await uploadOne(owner, bomb, 'image/gif', 'bomb.gif'),
      Code.FILE_TOO_LARGE,
      '檔案大小超過限制',
    );
    // Fewer pixels a frame but more frames than any animation needs.
    const long = await repeatedFrames(16, 16, ANIMATION_MAX_FRAMES + 1);
    expectCode(
      await uploadOne(owner, long, 'image/gif', 'long.gif'),
      Code.FILE_TOO_LARGE,
      '檔案大小超過限制',
    );
    // A still image is held to the same count.
    const still = await repeatedFrames(8000, 6001, 1);
    expectCode(
      await uploadOne(owner, still, 'image/gif', 'still.gif'),
      Code.FILE_TOO_LARGE,
      '檔案大小超過限制',
    );
  });

  it('answers bytes that are not an accepted image with 3005 檔案上傳失敗。', async () => {
    const png = await image(400, 300).png().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    const tiff = await image(20, 20).tiff().toBuffer();
    for (const [bytes, type] of [
      [Buffer.from('hello, not an image'), 'image/png'],
      [png.subarray(0, png.length / 2), 'image/png'],
      [svg, 'image/svg+xml'],
      [tiff, 'image/tiff'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      expectCode(await uploadOne(owner, bytes, type), Code.UPLOAD_FAILED, '檔案上傳失敗。');
    }
  });

  it('answers a missing file as a required field', async () => {
    const none = await upload(owner, [], { title: 'x' });
    expect(none).toMatchObject({ status: 200, code: Code.VALIDATION });
    expect((none.data as unknown as { errors: object }).errors).toEqual({
      file: '此欄位為必填',
      title: '不接受的欄位',
    });
    const wrongField = await upload(owner, [{ bytes: await image(10, 10).png().toBuffer(), field: 'image' }]);
    expect((wrongField.data as unknown as { errors: object }).errors).toEqual({
      file: '此欄位為必填',
      image: '不接受的欄位',
    });
    const json = await owner.call('element/upload/image', {});
    expect(json.code).toBe(Code.VALIDATION);
    expect((json.data as { errors: object }).errors).toEqual({ file: '此欄位為必填' });
    const text = await owner.call('element/upload/image', { file: 'data:image/png;base64,AAAA' });
    expect((text.data as { errors: object }).errors).toEqual({ file: '格式錯誤' });
  });

  it('never answers 500 for odd requests', async () => {
    const png = await image(10, 10).png().toBuffer();
    const two = await upload(owner, [{ bytes: png }, { bytes: png }]);
    expect(two.status).toBeLessThan(500);
    expect(two.code).not.toBe(Code.OK);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/element/upload/image',
      headers: {
        'content-type': 'multipart/form-data; boundary=xyz',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.json().code).not.toBe(Code.OK);
    for (const payload of ['[]', '"x"', '{"file":']) {
      const r = await owner.call('element/upload/image', payload);
      expect(r.status, payload).toBeLessThan(500);
      expect(r.code).not.toBe(Code.OK);
    }
  });

  it('refuses a text field longer than an upload ever sends, without holding it', async () => {
    const png = await image(10, 10).png().toBuffer();
    const r = await upload(owner, [{ bytes: png }], { name: 'x'.repeat(UPLOAD_FIELD_MAX_BYTES + 1) });
    expect(r.status).toBe(400);
    expect(r.code).toBe(Code.BAD_REQUEST);
  });

  it('keeps form data away from actions that do not take it', async () => {
    const form = new FormData();
    form.append('query', '{}');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/category/all',
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payload: form,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Code.BAD_REQUEST);
  });

  it('serves nothing outside the uploads', async () => {
    for (const url of [
      '/uploads/nope.png',
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/',
    ]) {
      const res = await served(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('access', () => {
  it('answers 401 to a signed-out caller, and stores nothing', async () => {
    const anon = t.client();
    const before = await t.database.db.select().from(files);
    const r = await uploadOne(anon, await image(10, 10).png().toBuffer());
    expect(r).toMatchObject({ status: 401, code: Code.UNAUTHORIZED });
    expect((await anon.call('video/list')).status).toBe(401);
    expect(await t.database.db.select().from(files)).toHaveLength(before.length);
  });

  it('answers 403 to a role with post.view only for uploads, and lets them see the videos', async () => {
    const shop = await staffOf(
      t,
      demoSiteId,
      'files-shop@example.com',
      await customRole(t, demoSiteId, '唯讀', ['post.view']),
    );
    const r = await uploadOne(shop, await image(10, 10).png().toBuffer());
    expect(r).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    expect((await shop.call('video/list')).code).toBe(1);
  });

  it("stores another site's upload under that site", async () => {
    const b = await register(t, 'files-b@example.com');
    const bSite = (await b.call<Session>('member/status')).data.site.current?.id as number;
    expect(bSite).not.toBe(demoSiteId);
    const r = await uploadOne(b, await image(10, 10).png().toBuffer());
    expect(Number(r.data.path.match(PATH_RE)?.[1])).toBe(bSite);
    const [row] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.path, r.data.path.replace('/uploads/', '')));
    expect(row.siteId).toBe(bSite);
  });
});

describe('video/list', () => {
  let b: Client;

  beforeAll(async () => {
    b = await register(t, 'videos-b@example.com');
    const bSite = (await b.call<Session>('member/status')).data.site.current?.id as number;
    await t.database.db.insert(videos).values([
      {
        siteId: demoSiteId,
        title: '開箱',
        content: '說明',
        path: 'v/1.mp4',
        cover: '/c1.png',
        duration: 61,
        size: 1000,
        createdAt: new Date('2026-01-02T03:04:05Z'),
      },
      {
        siteId: demoSiteId,
        title: '訪談',
        path: 'v/2.mp4',
        duration: 300,
        size: 5000,
        createdAt: new Date('2026-02-02T00:00:00Z'),
      },
      { siteId: bSite, title: 'B 的影片', path: 'v/3.mp4', createdAt: new Date('2026-03-03T00:00:00Z') },
    ]);
  });

  it('lists the site videos, newest first, with their fields', async () => {
    const r = await owner.call<ListResult<Video>>('video/list');
    expect(r.code).toBe(1);
    expect(r.data.total).toBe(2);
    expect(r.data.rows.map((v) => v.title)).toEqual(['訪談', '開箱']);
    expect(r.data.rows[1]).toEqual({
      id: expect.any(Number),
      title: '開箱',
      content: '說明',
      cover: '/c1.png',
      duration: 61,
      size: 1000,
      insert_ts: '2026-01-02T03:04:05.000Z',
      url: '/uploads/v/1.mp4',
      mime: '',
      status: 'ready',
      // The row's file was never stored.
      missing: true,
    });
  });

  it('filters, sorts and pages', async () => {
    const found = await owner.call<ListResult<Video>>('video/list', {
      query: { filters: [{ col: 'title', value: '開', type: 'search' }] },
    });
    expect(found.data.rows.map((v) => v.title)).toEqual(['開箱']);
    const sorted = await owner.call<ListResult<Video>>('video/list', {
      query: { sort: { col: 'insert_ts', order: 'asc' }, size: 1, page: 2 },
    });
    expect(sorted.data).toMatchObject({ total: 2, rows: [{ title: '訪談' }] });
    const bad = await owner.call('video/list', { query: { sort: { col: 'path', order: 'asc' } } });
    expect(bad.code).toBe(Code.VALIDATION);
  });

  it('shows each site only its own videos, also through filters', async () => {
    const r = await b.call<ListResult<Video>>('video/list');
    expect(r.data.rows.map((v) => v.title)).toEqual(['B 的影片']);
    const demoIds = (await owner.call<ListResult<Video>>('video/list')).data.rows.map((v) => v.id);
    const byId = await b.call<ListResult<Video>>('video/list', {
      query: { filters: [{ col: 'id', value: demoIds, type: 'in' }] },
    });
    expect(byId.data).toEqual({ rows: [], total: 0 });
  });
});

describe('who may upload: every screen with an image field, and one’s own avatar', () => {
  /** A custom role of the demo site holding exactly `permissions`, and a staff member holding it. */
  async function staffWith(email: string, permissions: string[]) {
    const [role] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: email, permissions })
      .returning();
    return staffOf(t, demoSiteId, email, role.id);
  }
  const libraryTotal = async (c: Client) =>
    (await c.call<ListResult<LibraryFile>>('file/list', { query: { size: 100 } })).data.total;

  it('a role with only setting.view and setting.edit uploads a logo, picks from the library and saves it', async () => {
    const settings = await staffWith('files-settings@example.com', ['setting.view', 'setting.edit']);
    const before = await libraryTotal(owner);
    const r = await uploadOne(settings, await image(400, 100).png().toBuffer(), 'image/png', 'logo.png');
    expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 1, data: { success: true } });
    // Into the site's library, which the picker lists for them.
    expect(await libraryTotal(settings)).toBe(before + 1);
    const listed = await settings.call<ListResult<LibraryFile>>('file/list', { query: { size: 100 } });
    const mine = listed.data.rows.find((f) => f.path === r.data.path);
    expect(mine?.name).toBe('logo.png');
    expect((await settings.call('file/get', { id: mine?.id })).code).toBe(1);
    // Deleting stays the writer's.
    expect((await settings.call('file/delete', { id: mine?.id })).status).toBe(403);
    const profile = await settings.call<SiteProfile>('site/profile');
    const saved = await settings.call<SiteProfile>('site/save', {
      ...profile.data,
      logo: r.data.path,
      seo: { ...profile.data.seo, cover: r.data.path },
    });
    expect(saved).toMatchObject({ code: 1, data: { logo: r.data.path, seo: { cover: r.data.path } } });
  });

  it('pages: page.add or page.edit uploads, page.edit lists the library', async () => {
    const adder = await staffWith('files-page-add@example.com', ['page.add']);
    const editor = await staffWith('files-page-edit@example.com', ['page.edit']);
    for (const c of [adder, editor]) {
      expect((await uploadOne(c, await image(20, 20).png().toBuffer())).code).toBe(1);
    }
    expect((await editor.call('file/list')).code).toBe(1);
    expect((await adder.call('file/list')).status).toBe(403);
  });

  it('a role with none of those permissions is refused the library and its uploads (403), but not its own avatar', async () => {
    const none = await staffWith('files-none@example.com', ['role.view', 'plan.add']);
    const before = await t.database.db.select().from(files);
    const r = await uploadOne(none, await image(20, 20).png().toBuffer());
    expect(r).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    for (const path of ['file/list', 'file/get', 'video/list']) {
      expect(
        (await none.call(path, path === 'file/get' ? { id: before[0]?.id ?? 1 } : {})).status,
        path,
      ).toBe(403);
    }
    expect(await t.database.db.select().from(files)).toHaveLength(before.length);
    const avatar = await uploadAvatar(none);
    expect(avatar).toMatchObject({ status: 200, code: 1, data: { success: true } });
  });

  it('an avatar is stored for the uploader on the current site, outside the library', async () => {
    const shop = await staffOf(t, demoSiteId, 'files-avatar-shop@example.com', ROLE.ECOMMERCE);
    const before = await libraryTotal(owner);
    const r = await uploadAvatar(shop);
    expect(r).toMatchObject({ status: 200, code: 1, data: { success: true, width: 300, height: 300 } });
    expect(Number(r.data.path.match(PATH_RE)?.[1])).toBe(demoSiteId);
    expect((await served(r.data.path)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.path, r.data.path.replace('/uploads/', '')));
    expect(row).toMatchObject({
      kind: 'avatar',
      siteId: demoSiteId,
      createdBy: await userId('files-avatar-shop@example.com'),
    });
    expect(await libraryTotal(owner)).toBe(before);
    // The same checks as any image: not an image, refused.
    const text = await upload(
      shop,
      [{ bytes: Buffer.from('hello'), type: 'image/png', filename: 'x.png' }],
      {},
      'avatar',
    );
    expect(text).toMatchObject({ code: Code.UPLOAD_FAILED });
    expect((await uploadAvatar(t.client())).status).toBe(401);
  });
});
