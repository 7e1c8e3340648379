/**
 * Resumable video uploads over real HTTP (tus 1.0.0 at /api/element/upload/video): create, PATCH in two halves, HEAD
 * offset, finish → a ready row with its duration (from the MP4's mvhd), size and stored file; a PATCH cut off at
 * half way → HEAD answers what was stored and the resumed PATCH sends only the rest, the file byte-identical; the plan's
 * per-file limit (the plan's total, less what the site stores); content checks; a NUL in the claimed type or name;
 * another site's upload; permission; signed out; foreign origin. Then the library's
 * calls: video/get, video/save (title, content, cover), video/delete, and `missing` when a file is gone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { Video } from '../../contract/files';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { VIDEO_UPLOAD_PATH } from '../../contract/videos';
import { sites, videos } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  customRole,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';
import { cutPatch, mp4 } from '../fixtures/videos';

const MB = 1024 * 1024;

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let base: string;
let tusDir: string;

beforeAll(async () => {
  tusDir = await mkdtemp(path.join(tmpdir(), 'video-uploads-'));
  t = await createTestApp({ config: { videoUploadDir: tusDir } });
  ({ owner, demoSiteId } = await signInOwner(t));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await rm(tusDir, { recursive: true, force: true });
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function tus(
  c: Client | null,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...(c ? { cookie: cookieOf(c) } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function create(c: Client, size: number, name = 'clip.mp4', extra: Record<string, string> = {}) {
  return tus(c, 'POST', VIDEO_UPLOAD_PATH, {
    'upload-length': String(size),
    'upload-metadata': `filename ${b64(name)},filetype ${b64('video/mp4')}`,
    ...extra,
  });
}

const patch = (c: Client | null, url: string, offset: number, bytes: Buffer) =>
  tus(
    c,
    'PATCH',
    url,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

const rowOf = async (uploadUrl: string) =>
  (
    await t.database.db
      .select()
      .from(videos)
      .where(eq(videos.uploadId, uploadUrl.split('/').pop() as string))
  )[0];

const storedFile = (v: { path: string }) => path.join(t.config.uploadDir, v.path);

/** An upload of exactly the room the site's total leaves is taken; then ended, which frees the room again. */
async function fitsTheRest() {
  const usage = async () =>
    (await owner.call<{ used_bytes: number; quota_bytes: number }>('file/usage', {})).data;
  const before = await usage();
  const made = await create(owner, before.quota_bytes - before.used_bytes);
  expect(made.status).toBe(201);
  expect((await tus(owner, 'DELETE', made.headers.get('location') as string)).status).toBe(204);
  await expect.poll(async () => (await usage()).used_bytes).toBe(before.used_bytes);
}

describe('a tus upload', () => {
  it('is created, sent in two halves, asked for its offset and finished into a ready video', async () => {
    const file = mp4(MB, 7);
    const created = await create(owner, file.length, '開箱 影片.mp4');
    expect(created.status).toBe(201);
    const url = created.headers.get('location') as string;
    expect(url).toMatch(new RegExp(`^${VIDEO_UPLOAD_PATH}/[0-9a-f]{32}$`));
    expect(created.headers.get('content-security-policy')).toContain("default-src 'self'");
    let row = await rowOf(url);
    expect(row).toMatchObject({
      siteId: demoSiteId,
      status: 'uploading',
      title: '開箱 影片',
      size: MB,
      path: '',
    });

    const half = file.length / 2;
    const first = await patch(owner, url, 0, file.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    const head = await tus(owner, 'HEAD', url);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(file.length));

    const listed = await owner.call<ListResult<Video>>('video/list');
    expect(listed.data.rows.find((v) => v.id === row.id)).toMatchObject({
      status: 'uploading',
      url: '',
      missing: false,
    });

    const second = await patch(owner, url, half, file.subarray(half));
    expect(second.status).toBe(204);
    expect(second.headers.get('upload-offset')).toBe(String(file.length));
    row = await rowOf(url);
    expect(second.headers.get('video-id')).toBe(String(row.id));
    expect(row).toMatchObject({ status: 'ready', mime: 'video/mp4', duration: 7, size: file.length });
    expect(row.path).toMatch(new RegExp(`^${demoSiteId}/\\d{4}/\\d{2}/[0-9a-f]{32}\\.mp4$`));
    expect((await readFile(storedFile(row))).equals(file)).toBe(true);
    // Nothing of the upload is left in the private folder, and it is no longer an upload.
    await expect(stat(path.join(tusDir, row.uploadId as string))).rejects.toThrow();
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);

    const got = await owner.call<Video>('video/get', { id: row.id });
    expect(got.data).toMatchObject({
      title: '開箱 影片',
      status: 'ready',
      duration: 7,
      size: file.length,
      url: `/uploads/${row.path}`,
      missing: false,
    });
    const served = await fetch(`${base}/uploads/${row.path}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
  });

  it('resumes after a PATCH cut off at half way: HEAD answers what was stored, only the rest is sent again', async () => {
    const file = mp4(4 * MB, 3);
    const url = (await create(owner, file.length)).headers.get('location') as string;
    const id = url.split('/').pop() as string;
    const half = file.length / 2;
    // One PATCH announcing the whole file, cut off once the server has written half of it.
    const written = async () =>
      ((await stat(path.join(tusDir, id)).catch(() => undefined))?.size ?? 0) >= half;
    await cutPatch(`${base}${url}`, cookieOf(owner), file, half, written);
    // HEAD may wait for the cut request to let go of the upload.
    let offset = -1;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const head = await tus(owner, 'HEAD', url);
      expect(head.status).toBe(200);
      offset = Number(head.headers.get('upload-offset'));
      const stored = (await stat(path.join(tusDir, id))).size;
      if (offset === stored) break;
    }
    expect(offset).toBe(half);
    // A resume at another offset is refused (409): the server's offset is the truth.
    expect((await patch(owner, url, 0, file.subarray(0, 10))).status).toBe(409);
    const rest = file.subarray(offset);
    const resumed = await patch(owner, url, offset, rest);
    expect(resumed.status).toBe(204);
    expect(Number(resumed.headers.get('upload-offset')) - offset).toBe(rest.length);
    expect(rest.length).toBe(file.length - half);
    const row = await rowOf(url);
    expect(row).toMatchObject({ status: 'ready', duration: 3, size: file.length });
    expect((await readFile(storedFile(row))).equals(file)).toBe(true);
  });

  it('is refused over the per-file limit of the site plan, at creation and as the body grows', async () => {
    // STARTER has no upload allowance of its own: 50 MB a file.
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, demoSiteId));
    try {
      const over = await create(owner, 50 * MB + 1);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.text)).toMatchObject({
        code: Code.VIDEO_TOO_LARGE,
        msg: '影片超過方案的單檔上限 50 MB。',
      });
      // Within it: what the site already stores counts against the same figure, the plan's total (upload-quota.test).
      await fitsTheRest();
      // CREATOR: 100 MB.
      await t.database.db.update(sites).set({ serviceId: 3 }).where(eq(sites.id, demoSiteId));
      expect(JSON.parse((await create(owner, 100 * MB + 1)).text).code).toBe(Code.VIDEO_TOO_LARGE);
      await fitsTheRest();
      // A deferred length is not taken.
      const deferred = await tus(owner, 'POST', VIDEO_UPLOAD_PATH, { 'upload-defer-length': '1' });
      expect(deferred.status).toBe(400);
    } finally {
      await t.database.db.update(sites).set({ serviceId: 1 }).where(eq(sites.id, demoSiteId));
    }
  });

  it('refuses a file that is no video by its content: deleted, its row marked error', async () => {
    const text = Buffer.from('just some text, renamed to look like a video\n'.repeat(100));
    const url = (await create(owner, text.length, 'notes.mp4')).headers.get('location') as string;
    const done = await patch(owner, url, 0, text);
    expect(done.status).toBe(415);
    expect(JSON.parse(done.text)).toMatchObject({ code: Code.VIDEO_FORMAT });
    const row = await rowOf(url);
    expect(row).toMatchObject({ status: 'error', path: '' });
    await expect(stat(path.join(tusDir, row.uploadId as string))).rejects.toThrow();
    // An ftyp box of an image format (HEIF) is no video either.
    const heif = Buffer.concat([
      Buffer.from([0, 0, 0, 16]),
      Buffer.from('ftypheic\0\0\0\0'),
      randomBytes(100),
    ]);
    const heifUrl = (await create(owner, heif.length, 'photo.mp4')).headers.get('location') as string;
    expect((await patch(owner, heifUrl, 0, heif)).status).toBe(415);
    // A WebM passes.
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
      randomBytes(200),
    ]);
    const webmUrl = (await create(owner, webm.length, 'clip.webm')).headers.get('location') as string;
    expect((await patch(owner, webmUrl, 0, webm)).status).toBe(204);
    expect(await rowOf(webmUrl)).toMatchObject({ status: 'ready', mime: 'video/webm' });
  });

  it('takes a claimed type or name holding a NUL without it (PostgreSQL text holds none)', async () => {
    const made = await tus(owner, 'POST', VIDEO_UPLOAD_PATH, {
      'upload-length': '1000',
      'upload-metadata': `filename ${b64('a\u0000b.mp4')},filetype ${b64('video/mp4\u0000x')}`,
    });
    expect(made.status).toBe(201);
    const url = made.headers.get('location') as string;
    expect(await rowOf(url)).toMatchObject({ title: 'ab', mime: 'video/mp4x', status: 'uploading' });
    expect((await tus(owner, 'DELETE', url)).status).toBe(204);
  });

  it("refuses another site's upload id, signed-out callers, callers without post.edit and other origins", async () => {
    const url = (await create(owner, 1000)).headers.get('location') as string;
    const other = await register(t, 'video-other@example.com');
    for (const method of ['HEAD', 'DELETE']) expect((await tus(other, method, url)).status).toBe(404);
    expect((await patch(other, url, 0, Buffer.alloc(10))).status).toBe(404);

    const out = await tus(null, 'POST', VIDEO_UPLOAD_PATH, { 'upload-length': '10' });
    expect(out.status).toBe(401);
    expect(JSON.parse(out.text)).toMatchObject({ code: Code.UNAUTHORIZED });
    expect((await patch(null, url, 0, Buffer.alloc(10))).status).toBe(401);

    const viewer = await customRole(t, demoSiteId, 'Video viewer', ['post.view']);
    const reader = await staffOf(t, demoSiteId, 'video-viewer@example.com', viewer);
    expect((await create(reader, 10)).status).toBe(403);
    const editor = await staffOf(t, demoSiteId, 'video-editor@example.com', ROLE.EDITOR);
    expect((await create(editor, 10)).status).toBe(201);

    const foreign = await create(owner, 10, 'x.mp4', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    // The owner's own upload ends with DELETE, and its row with it.
    expect((await tus(owner, 'DELETE', url)).status).toBe(204);
    await expect.poll(() => rowOf(url)).toBeUndefined();
  });
});

describe('the video library', () => {
  it('saves title, description and a cover of the site, refuses another site’s cover, deletes file and row', async () => {
    const file = mp4(64 * 1024, 2);
    const url = (await create(owner, file.length)).headers.get('location') as string;
    await patch(owner, url, 0, file);
    const row = await rowOf(url);
    const saved = await owner.call<Video>('video/save', {
      id: row.id,
      title: '新標題',
      content: '說明文字',
      cover: `/uploads/${demoSiteId}/2026/11/${'a'.repeat(32)}.jpg`,
    });
    expect(saved.code).toBe(1);
    expect(saved.data).toMatchObject({ title: '新標題', content: '說明文字', status: 'ready' });
    const foreign = await owner.call('video/save', {
      id: row.id,
      title: 'x',
      content: '',
      cover: `/uploads/${demoSiteId + 1000}/2026/11/${'a'.repeat(32)}.jpg`,
    });
    expect(foreign.code).toBe(Code.VALIDATION);
    const other = await register(t, 'video-lib-other@example.com');
    expect((await other.call('video/save', { id: row.id, title: 'x', content: '', cover: '' })).status).toBe(
      404,
    );
    expect((await other.call('video/delete', { id: row.id })).status).toBe(404);

    const deleted = await owner.call('video/delete', { id: row.id });
    expect(deleted.data).toEqual({ id: row.id });
    await expect(stat(storedFile(row))).rejects.toThrow();
    expect((await owner.call('video/get', { id: row.id })).status).toBe(404);
  });

  it('lists a ready video whose file is gone as missing', async () => {
    const file = mp4(64 * 1024, 2);
    const url = (await create(owner, file.length, 'gone.mp4')).headers.get('location') as string;
    await patch(owner, url, 0, file);
    const row = await rowOf(url);
    await rm(storedFile(row));
    const listed = await owner.call<ListResult<Video>>('video/list', {
      query: { filters: [{ col: 'title', value: 'gone', type: 'search' }] },
    });
    expect(listed.data.rows).toEqual([
      expect.objectContaining({ id: row.id, status: 'ready', missing: true }),
    ]);
  });

  it('deletes an unfinished upload with its bytes', async () => {
    const url = (await create(owner, 1000)).headers.get('location') as string;
    await patch(owner, url, 0, Buffer.alloc(100));
    const row = await rowOf(url);
    expect((await owner.call('video/delete', { id: row.id })).code).toBe(1);
    await expect(stat(path.join(tusDir, row.uploadId as string))).rejects.toThrow();
    expect((await tus(owner, 'HEAD', url)).status).toBe(404);
  });
});
