import type { AddressInfo, Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { VIDEO_UPLOAD_PATH } from '../../contract/videos';
import { videos } from '../../server/modules/tables';
import { type S3Server, startS3Server } from '../fixtures/s3Server';
import { type Client, createTestApp, signInOwner, type TestApp } from '../fixtures/testApp';
import { cutPatch, mp4 } from '../fixtures/videos';

const MB = 1024 * 1024;

let s3: S3Server;
let t: TestApp;
let owner: Client;
let demoSiteId: number;
let base: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({
    config: {
      s3: {
        endpoint: s3.url,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        publicUrl: `${s3.url}/${s3.bucket}`,
      },
    },
  });
  ({ owner, demoSiteId } = await signInOwner(t));
  t.app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function tus(method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', cookie: cookieOf(owner), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const create = (size: number, name: string) =>
  tus('POST', VIDEO_UPLOAD_PATH, {
    'upload-length': String(size),
    'upload-metadata': `filename ${b64(name)},filetype ${b64('video/mp4')},duration ${b64('4')}`,
  });

const patch = (url: string, offset: number, bytes: Buffer) =>
  tus(
    'PATCH',
    url,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

const rowOf = async (uploadId: string) =>
  (await t.database.db.select().from(videos).where(eq(videos.uploadId, uploadId)))[0];

/** One PATCH announcing the whole file, its connection dropped once the server has read `sent` bytes of it. */
function cutPatchAt(url: string, file: Buffer, sent: number) {
  const before = new Set(sockets);
  const read = async () => {
    if (([...sockets].find((s) => !before.has(s))?.bytesRead ?? 0) < sent) return false;
    // A moment more once read, so that the part upload to S3 is under way when the connection drops.
    await new Promise((r) => setTimeout(r, 100));
    return true;
  };
  return cutPatch(`${base}${url}`, cookieOf(owner), file, sent, read);
}

describe('a tus upload into S3', () => {
  it('resumes after a PATCH cut off at half way and finishes into a ready video, the object byte-identical', async () => {
    // Two halves over S3's 5 MiB minimum part: the first half is a part of its own.
    const file = mp4(12 * MB, 4);
    const half = file.length / 2;
    const created = await create(file.length, 'bucket clip.mp4');
    expect(created.status).toBe(201);
    const url = created.headers.get('location') as string;
    expect(url).toMatch(new RegExp(`^${VIDEO_UPLOAD_PATH}/[0-9a-f]{32}$`));
    const id = url.split('/').pop() as string;
    expect(await rowOf(id)).toMatchObject({ siteId: demoSiteId, status: 'uploading', size: file.length });
    expect(s3.objects.has(`${id}.info`)).toBe(true);
    expect([...s3.uploads.values()].map((u) => u.key)).toContain(id);

    await cutPatchAt(url, file, half);
    // HEAD may wait for the cut request to let go of the upload and its part to reach the bucket.
    let offset = -1;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const head = await tus('HEAD', url);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-length')).toBe(String(file.length));
      offset = Number(head.headers.get('upload-offset'));
      if (offset === half) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(offset).toBe(half);
    const firstParts = s3.parts.filter((p) => p.key === id);
    expect(firstParts.map((p) => p.partNumber)).toEqual([1]);
    expect(firstParts[0].body.equals(file.subarray(0, half))).toBe(true);
    expect(s3.objects.has(id)).toBe(false);

    // A resume at another offset is refused (409): the server's offset is the truth.
    expect((await patch(url, 0, file.subarray(0, 10))).status).toBe(409);
    const received = s3.parts.length;
    const rest = file.subarray(offset);
    const resumed = await patch(url, offset, rest);
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('upload-offset')).toBe(String(file.length));
    // What the bucket got for the second part is the rest only; no incomplete part was re-sent.
    const secondParts = s3.parts.slice(received);
    expect(secondParts.map((p) => [p.key, p.partNumber])).toEqual([[id, 2]]);
    expect(secondParts[0].body.equals(rest)).toBe(true);
    expect(s3.objects.has(`${id}.part`)).toBe(false);

    const row = await rowOf(id);
    expect(resumed.headers.get('video-id')).toBe(String(row.id));
    expect(row).toMatchObject({
      status: 'ready',
      mime: 'video/mp4',
      size: file.length,
      path: id,
      duration: 4,
    });
    expect(s3.objects.get(id)?.body.equals(file)).toBe(true);
    expect([...s3.uploads.values()].some((u) => u.key === id)).toBe(false);
    // No longer an upload.
    expect((await tus('HEAD', url)).status).toBe(404);
  });

  it('refuses a file that is no video by its content: its object and bookkeeping removed, its row marked error', async () => {
    const text = Buffer.from('just some text, renamed to look like a video\n'.repeat(100));
    const url = (await create(text.length, 'notes.mp4')).headers.get('location') as string;
    const id = url.split('/').pop() as string;
    const done = await patch(url, 0, text);
    expect(done.status).toBe(415);
    expect(JSON.parse(done.text)).toMatchObject({ code: Code.VIDEO_FORMAT });
    expect(await rowOf(id)).toMatchObject({ status: 'error', path: '' });
    // The bytes did reach the bucket (one final part) before the check, and are gone after it.
    expect(s3.parts.filter((p) => p.key === id).map((p) => p.body.length)).toEqual([text.length]);
    for (const key of [id, `${id}.info`, `${id}.part`]) expect(s3.objects.has(key)).toBe(false);
    expect([...s3.uploads.values()].some((u) => u.key === id)).toBe(false);
  });
});
