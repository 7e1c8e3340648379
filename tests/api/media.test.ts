/**
 * The image library and the other ends of uploads through HTTP: file/list, file/get and file/delete (newest first,
 * name filter, pages; another site's ids answer 404 and leave its bytes alone; roles), the favicon upload's rules
 * (PNG or ICO, near-square, small; never SVG), and the S3 store: the real upload and delete actions against a local
 * S3 that checks every signature, and a wrong key answered as an upload failure, not a crash.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { FAVICON_MAX_BYTES, type LibraryFile, type UploadReply } from '../../contract/files';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { files } from '../../server/modules/tables';
import { type S3Server, startS3Server } from '../fixtures/s3Server';
import {
  type Client,
  createTestApp,
  customRole,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const png = (width: number, height: number, color = '#c85014') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Multipart to an upload action, as the SPA sends it. */
async function upload(
  t: TestApp,
  c: Client,
  bytes: Buffer,
  { kind = 'image', filename = 'a.png', type = 'image/png' } = {},
): Promise<Reply<UploadReply>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/element/upload/${kind}`,
    headers: { 'accept-language': 'zh-TW', ...(c.cookies.size ? { cookie: cookieOf(c) } : {}) },
    payload: form,
  });
  return { ...res.json(), status: res.statusCode };
}

const list = (c: Client, query: Record<string, unknown> = {}) =>
  c.call<ListResult<LibraryFile>>('file/list', { query: { size: 100, ...query } });

const keyOf = (path: string) => path.replace(/^.*?\/(\d+\/\d{4}\/\d{2}\/[0-9a-f]{32}\.\w+)$/, '$1');

/** An icon file: a directory, then each picture (PNG bytes, or a 32-bit bitmap made here). */
function ico(
  pictures: { width: number; height: number; png?: Buffer }[],
  tamper?: (b: Buffer) => void,
): Buffer {
  const datas = pictures.map(({ width, height, png: p }) => {
    if (p) return p;
    const header = Buffer.alloc(40);
    header.writeUInt32LE(40, 0);
    header.writeInt32LE(width, 4);
    header.writeInt32LE(height * 2, 8);
    header.writeUInt16LE(1, 12);
    header.writeUInt16LE(32, 14);
    const pixels = Buffer.alloc(width * height * 4, 0x80);
    const mask = Buffer.alloc(Math.ceil(width / 32) * 4 * height);
    return Buffer.concat([header, pixels, mask]);
  });
  const dir = Buffer.alloc(6 + 16 * pictures.length);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(pictures.length, 4);
  let offset = dir.length;
  pictures.forEach(({ width, height }, i) => {
    const at = 6 + 16 * i;
    dir[at] = width >= 256 ? 0 : width;
    dir[at + 1] = height >= 256 ? 0 : height;
    dir.writeUInt16LE(1, at + 4);
    dir.writeUInt16LE(32, at + 6);
    dir.writeUInt32LE(datas[i].length, at + 8);
    dir.writeUInt32LE(offset, at + 12);
    offset += datas[i].length;
  });
  const file = Buffer.concat([dir, ...datas]);
  tamper?.(file);
  return file;
}

describe('the library on the folder store', () => {
  let t: TestApp;
  let owner: Client;
  let demoSiteId: number;
  let other: Client;
  /** Uploaded by the demo site, oldest first. */
  const mine: UploadReply[] = [];
  let theirs: LibraryFile;

  const served = (path: string) => t.app.inject({ method: 'GET', url: path });

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, demoSiteId } = await signInOwner(t));
    for (const [name, w, h] of [
      ['海邊.png', 2000, 1000],
      ['cat.png', 300, 200],
      ['海報 final.png', 40, 40],
    ] as const) {
      const r = await upload(t, owner, await png(w, h), { filename: name });
      expect(r.code, JSON.stringify(r)).toBe(1);
      mine.push(r.data);
    }
    other = await register(t, 'media-other@example.com');
    expect((await upload(t, other, await png(20, 20), { filename: 'theirs.png' })).code).toBe(1);
    theirs = (await list(other)).data.rows[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the site pictures newest first, with their fields', async () => {
    const r = await list(owner);
    expect(r).toMatchObject({ status: 200, code: 1, data: { total: 3 } });
    expect(r.data.rows.map((f) => f.name)).toEqual(['海報 final.png', 'cat.png', '海邊.png']);
    const [, , first] = r.data.rows;
    const [row] = await t.database.db.select().from(files).where(eq(files.id, first.id));
    expect(first).toEqual({
      id: row.id,
      path: mine[0].path,
      name: '海邊.png',
      mime: 'image/png',
      size: row.size,
      width: 1440,
      height: 720,
      created_at: row.createdAt.toISOString(),
    });
    expect(first.path).toMatch(new RegExp(`^/uploads/${demoSiteId}/\\d{4}/\\d{2}/[0-9a-f]{32}\\.png$`));
    expect((await served(first.path)).rawPayload.length).toBe(first.size);
  });

  it('filters by name, sorts and pages', async () => {
    const sea = await list(owner, { filters: [{ col: 'name', value: '海', type: 'search' }] });
    expect(sea.data.rows.map((f) => f.name)).toEqual(['海報 final.png', '海邊.png']);
    const literal = await list(owner, { filters: [{ col: 'name', value: '%', type: 'search' }] });
    expect(literal.data.total).toBe(0);
    const page = await list(owner, { size: 2, page: 2 });
    expect(page.data).toMatchObject({ total: 3, rows: [{ name: '海邊.png' }] });
    const bySize = await list(owner, { sort: { col: 'size', order: 'asc' } });
    expect(bySize.data.rows[0].name).toBe('海報 final.png');
    const bad = await list(owner, { sort: { col: 'path', order: 'asc' } });
    expect(bad.code).toBe(Code.VALIDATION);
    const badFilter = await list(owner, { filters: [{ col: 'site_id', value: [1], type: 'in' }] });
    expect(badFilter.code).toBe(Code.VALIDATION);
  });

  it('gets one picture of the site, and nothing of another site', async () => {
    const all = (await list(owner)).data.rows;
    const got = await owner.call<LibraryFile>('file/get', { id: all[1].id });
    expect(got).toMatchObject({ status: 200, code: 1, data: all[1] });
    for (const id of [theirs.id, 999_999]) {
      expect(await owner.call('file/get', { id })).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    }
    expect((await owner.call('file/get', { id: 'x' })).code).toBe(Code.VALIDATION);
    // Through a filter neither.
    const byId = await list(owner, { filters: [{ col: 'id', value: [theirs.id], type: 'in' }] });
    expect(byId.data).toEqual({ rows: [], total: 0 });
  });

  it("refuses another site's picture by id and leaves its bytes and row alone", async () => {
    const r = await owner.call('file/delete', { id: theirs.id });
    expect(r).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    expect((await served(theirs.path)).statusCode).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, theirs.id))).toHaveLength(1);
    expect((await list(other)).data.total).toBe(1);
  });

  it('deletes a picture: its row and its bytes; a second delete is 404', async () => {
    const target = (await list(owner, { filters: [{ col: 'name', value: 'cat', type: 'search' }] })).data
      .rows[0];
    expect((await served(target.path)).statusCode).toBe(200);
    const r = await owner.call('file/delete', { id: target.id });
    expect(r).toMatchObject({ status: 200, code: 1, data: { id: target.id } });
    expect((await served(target.path)).statusCode).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.id, target.id))).toHaveLength(0);
    expect((await list(owner)).data.rows.map((f) => f.name)).toEqual(['海報 final.png', '海邊.png']);
    expect(await owner.call('file/delete', { id: target.id })).toMatchObject({ status: 404 });
  });

  it('lets roles do what their permissions say', async () => {
    const shop = await staffOf(
      t,
      demoSiteId,
      'media-shop@example.com',
      await customRole(t, demoSiteId, '唯讀', ['post.view']),
    );
    const editor = await staffOf(t, demoSiteId, 'media-editor@example.com', ROLE.EDITOR);
    const [victim] = (await list(owner)).data.rows;
    // A role with post.view only may look but not delete or upload.
    expect((await list(shop)).data.total).toBe(2);
    expect((await shop.call('file/get', { id: victim.id })).code).toBe(1);
    expect(await shop.call('file/delete', { id: victim.id })).toMatchObject({
      status: 403,
      code: Code.FORBIDDEN,
    });
    expect((await upload(t, shop, await png(10, 10))).status).toBe(403);
    expect((await served(victim.path)).statusCode).toBe(200);
    // 編輯 may, but the site's icon is a setting.
    expect((await upload(t, editor, await png(32, 32), { kind: 'favicon' })).status).toBe(403);
    expect((await editor.call('file/delete', { id: victim.id })).code).toBe(1);
    const anon = t.client();
    expect((await anon.call('file/list')).status).toBe(401);
    expect((await anon.call('file/delete', { id: victim.id })).status).toBe(401);
  });

  it('never answers 500 to odd input', async () => {
    for (const body of ['[]', '{"id":', '{"id":-1}', '{"id":1,"x":2}', '{"query":{"page":0}}']) {
      for (const path of ['file/get', 'file/delete', 'file/list']) {
        const r = await owner.call(path, body);
        expect(r.status, `${path} ${body}`).toBeLessThan(500);
        expect(r.code).not.toBe(Code.OK);
      }
    }
  });

  describe('favicons', () => {
    const expectRefused = (r: Reply<unknown>, code: number = Code.FAVICON_INVALID) =>
      expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code, data: null });

    it('takes a square PNG, written anew and scaled to fit 512×512, outside the library', async () => {
      const before = (await list(owner)).data.total;
      const small = await upload(t, owner, await png(48, 48), { kind: 'favicon', filename: 'icon.png' });
      expect(small.data).toMatchObject({ success: true, width: 48, height: 48 });
      expect(small.data.path).toMatch(/^\/uploads\/\d+\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      const big = await upload(t, owner, await png(1000, 900), { kind: 'favicon' });
      expect(big.data).toMatchObject({ width: 512, height: 461 });
      const res = await served(big.data.path);
      expect(res.headers['content-type']).toBe('image/png');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512 });
      expect((await list(owner)).data.total).toBe(before);
      const [row] = await t.database.db
        .select()
        .from(files)
        .where(eq(files.path, keyOf(big.data.path)));
      expect(row).toMatchObject({ kind: 'favicon', siteId: demoSiteId, mime: 'image/png' });
      // Not reachable through the library's actions either.
      expect((await owner.call('file/get', { id: row.id })).status).toBe(404);
      expect((await owner.call('file/delete', { id: row.id })).status).toBe(404);
    });

    it('takes a well-formed ICO as it came, served as an icon', async () => {
      const bytes = ico([
        { width: 16, height: 16 },
        { width: 32, height: 32, png: await png(32, 32) },
      ]);
      const r = await upload(t, owner, bytes, {
        kind: 'favicon',
        filename: 'favicon.ico',
        type: 'image/x-icon',
      });
      expect(r.data, JSON.stringify(r)).toMatchObject({ success: true, width: 32, height: 32 });
      expect(r.data.path).toMatch(/\.ico$/);
      const res = await served(r.data.path);
      expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
      const big = ico([{ width: 256, height: 256 }]);
      expect((await upload(t, owner, big, { kind: 'favicon', filename: 'f.ico' })).data).toMatchObject({
        width: 256,
        height: 256,
      });
    });

    it('refuses an icon whose PNG is larger than its entry says, or larger than an icon can be', async () => {
      // The directory says 32×32; the picture inside is 4000×4000 (16 megapixels to decode, up to 32 times a file).
      const big = await png(4000, 4000);
      const claims = ico([{ width: 32, height: 32, png: big }]);
      expectRefused(
        await upload(t, owner, claims, { kind: 'favicon', filename: 'f.ico', type: 'image/x-icon' }),
      );
      // An entry says 256 at most (as 0): a larger picture never matches it.
      const over = ico([{ width: 256, height: 256, png: await png(300, 300) }]);
      expectRefused(
        await upload(t, owner, over, { kind: 'favicon', filename: 'f.ico', type: 'image/x-icon' }),
      );
    });

    it('refuses what is not a near-square PNG or ICO of 16 px or more', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><script>alert(1)</script></svg>',
      );
      const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer();
      const square = await png(32, 32);
      for (const [bytes, type] of [
        [svg, 'image/svg+xml'],
        [jpeg, 'image/jpeg'],
        [await png(100, 50), 'image/png'],
        [await png(12, 12), 'image/png'],
        [square.subarray(0, square.length - 20), 'image/png'],
        [Buffer.from('hello'), 'image/x-icon'],
        [Buffer.alloc(0), 'image/png'],
        [ico([{ width: 32, height: 16 }]), 'image/x-icon'],
        [ico([{ width: 8, height: 8 }]), 'image/x-icon'],
        // The directory points past the end; a bitmap header that disagrees with its entry; a broken PNG inside.
        [ico([{ width: 16, height: 16 }], (b) => b.writeUInt32LE(b.length, 18)), 'image/x-icon'],
        [ico([{ width: 16, height: 16 }], (b) => b.writeInt32LE(64, 22 + 4)), 'image/x-icon'],
        [ico([{ width: 32, height: 32, png: square.subarray(0, 40) }]), 'image/x-icon'],
      ] as const) {
        expectRefused(await upload(t, owner, bytes, { kind: 'favicon', type, filename: 'x' }));
      }
      const refused = await upload(t, owner, svg, { kind: 'favicon', type: 'image/svg+xml' });
      expect(refused.msg).toBe('網站圖示須為 PNG 或 ICO 檔，接近正方形且至少 16×16 像素。');
    });

    it('answers over 1 MB with 檔案大小超過限制', async () => {
      const noisy = await sharp(
        Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.random() * 256)),
        {
          raw: { width: 700, height: 700, channels: 3 },
        },
      )
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(FAVICON_MAX_BYTES);
      const r = await upload(t, owner, noisy, { kind: 'favicon' });
      expect(r).toMatchObject({ code: Code.FILE_TOO_LARGE, msg: '檔案大小超過限制' });
    });
  });
});

describe('the S3 store', () => {
  let s3: S3Server;
  let t: TestApp;
  let owner: Client;
  let demoSiteId: number;
  const publicBase = () => `${s3.url}/${s3.bucket}`;

  const s3Config = (secretAccessKey = s3.secretAccessKey) => ({
    s3: {
      endpoint: s3.url,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey,
      publicUrl: publicBase(),
    },
  });

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ config: s3Config() });
    ({ owner, demoSiteId } = await signInOwner(t));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads into the bucket, signed; the picture is read back from the public address', async () => {
    const r = await upload(t, owner, await png(2000, 1500), { filename: 's3.png' });
    expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 1, data: { width: 1440, height: 1080 } });
    const key = keyOf(r.data.path);
    expect(r.data.path).toBe(`${publicBase()}/${key}`);
    expect(key.startsWith(`${demoSiteId}/`)).toBe(true);
    expect(s3.log.at(-1)).toEqual({ method: 'PUT', path: `/${s3.bucket}/${key}`, status: 200 });
    expect(s3.objects.get(key)).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });

    const res = await fetch(r.data.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1440, height: 1080 });
    // Nothing went to the folder's address.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);

    const listed = (await list(owner)).data.rows[0];
    expect(listed).toMatchObject({ name: 's3.png', path: r.data.path, size: bytes.length });
  });

  it('stores favicons there too', async () => {
    const r = await upload(t, owner, await png(64, 64), { kind: 'favicon' });
    expect(r.code).toBe(1);
    expect(s3.objects.get(keyOf(r.data.path))?.contentType).toBe('image/png');
  });

  it('deletes the object with the row', async () => {
    const r = await upload(t, owner, await png(30, 30), { filename: 'gone.png' });
    const key = keyOf(r.data.path);
    const [file] = (await list(owner, { filters: [{ col: 'name', value: 'gone', type: 'search' }] })).data
      .rows;
    expect((await owner.call('file/delete', { id: file.id })).code).toBe(1);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.log.at(-1)).toEqual({ method: 'DELETE', path: `/${s3.bucket}/${key}`, status: 204 });
    expect((await fetch(r.data.path)).status).toBe(404);
  });

  it('answers a refused signature as 檔案上傳失敗。 (upload) or 檔案刪除失敗 (delete), keeping the row', async () => {
    const wrong = await createTestApp({ shareWith: t, config: s3Config('not-the-secret') });
    try {
      const { owner: o } = await signInOwner(wrong);
      const before = await t.database.db.select().from(files);
      const objects = s3.objects.size;
      const r = await upload(wrong, o, await png(30, 30));
      expect(r).toMatchObject({ status: 200, code: Code.UPLOAD_FAILED, msg: '檔案上傳失敗。', data: null });
      expect(s3.log.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
      expect(s3.objects.size).toBe(objects);
      expect(await t.database.db.select().from(files)).toHaveLength(before.length);

      const [victim] = (await list(o)).data.rows;
      const d = await o.call('file/delete', { id: victim.id });
      expect(d).toMatchObject({
        status: 200,
        code: Code.FILE_DELETE_FAILED,
        msg: '檔案刪除失敗，請稍後再試。',
      });
      expect(s3.log.at(-1)).toMatchObject({ method: 'DELETE', status: 403 });
      expect(s3.objects.has(keyOf(victim.path))).toBe(true);
      expect((await list(o)).data.rows[0].id).toBe(victim.id);
      // With the right key the same delete goes through.
      expect((await owner.call('file/delete', { id: victim.id })).code).toBe(1);
    } finally {
      await wrong.close();
    }
  });

  it("keeps another site's objects out of reach", async () => {
    const b = await register(t, 'media-s3-b@example.com');
    const bSite = (await b.call<Session>('member/status')).data.site.current?.id as number;
    const r = await upload(t, b, await png(20, 20));
    expect(keyOf(r.data.path).startsWith(`${bSite}/`)).toBe(true);
    const [theirs] = (await list(b)).data.rows;
    expect((await owner.call('file/delete', { id: theirs.id })).status).toBe(404);
    expect(s3.objects.has(keyOf(theirs.path))).toBe(true);
  });
});
