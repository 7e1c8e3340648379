/**
 * tus uploads across two server instances on one database and one S3 bucket (issue 32; two pools on PostgreSQL with
 * TEST_DATABASE_URL, one PGlite otherwise), against the local S3 fake: an upload half sent through instance B resumes
 * through A after B is gone (A reads the upload from the bucket, not from a cache of its own), into a ready video
 * byte-identical to the file. On PostgreSQL the upload lock holds across instances: an upload held by one instance's
 * lock waits on the other, and is free the moment the holder's connection ends.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD_PATH } from '../../contract/videos';
import type { Config } from '../../server/config';
import { videos } from '../../server/modules/tables';
import { uploadLocker } from '../../server/modules/videos/tusLocker';
import { type S3Server, startS3Server } from '../fixtures/s3Server';
import { type Client, createTestApp, signInOwner, type TestApp } from '../fixtures/testApp';
import { cutPatch, mp4, uploadLocked } from '../fixtures/videos';

const MB = 1024 * 1024;

let s3: S3Server;
let a: TestApp;
let b: TestApp | undefined;
let owner: Client;
let config: Partial<Config>;

beforeAll(async () => {
  s3 = await startS3Server();
  config = {
    s3: {
      endpoint: s3.url,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicUrl: `${s3.url}/${s3.bucket}`,
    },
  };
  a = await createTestApp({ config });
  b = await createTestApp({ shareWith: a, config });
  ({ owner } = await signInOwner(a));
  for (const t of [a, b]) await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const cookie = () => [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const baseOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

async function tus(t: TestApp, method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  const res = await fetch(`${baseOf(t)}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', cookie: cookie(), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const patch = (t: TestApp, url: string, offset: number, bytes: Buffer) =>
  tus(
    t,
    'PATCH',
    url,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

describe('a tus upload on two instances', () => {
  it('half sent through B resumes through A after B is gone, into a ready video identical to the file', async () => {
    if (!b) throw new Error('no instance B');
    const file = mp4(12 * MB, 4);
    const half = file.length / 2; // over S3's 5 MiB minimum part: a part of its own
    const created = await tus(b, 'POST', VIDEO_UPLOAD_PATH, {
      'upload-length': String(file.length),
      'upload-metadata': `filename ${b64('two.mp4')},filetype ${b64('video/mp4')},duration ${b64('4')}`,
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location') as string;
    const id = url.split('/').pop() as string;
    expect((await patch(b, url, 0, file.subarray(0, half))).status).toBe(204);
    // A has read the upload while B held it (its HEAD), so a cache in A would now be stale.
    expect((await tus(a, 'HEAD', url, {})).headers.get('upload-offset')).toBe(String(half));
    await b.close();
    b = undefined;

    const head = await tus(a, 'HEAD', url, {});
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const resumed = await patch(a, url, half, file.subarray(half));
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('upload-offset')).toBe(String(file.length));
    const [row] = await a.database.db.select().from(videos).where(eq(videos.uploadId, id));
    expect(resumed.headers.get('video-id')).toBe(String(row.id));
    expect(row).toMatchObject({ status: 'ready', size: file.length, path: id });
    expect(s3.objects.get(id)?.body.equals(file)).toBe(true);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('the upload lock on PostgreSQL', () => {
  it("takes an upload from another instance's stalled PATCH at once, as tus takes it from one of its own", async () => {
    const c = await createTestApp({ shareWith: a, config });
    try {
      await c.app.listen({ port: 0, host: '127.0.0.1' });
      const file = mp4(12 * MB, 4);
      const created = await tus(c, 'POST', VIDEO_UPLOAD_PATH, {
        'upload-length': String(file.length),
        'upload-metadata': `filename ${b64('stalled.mp4')},filetype ${b64('video/mp4')}`,
      });
      const url = created.headers.get('location') as string;
      const id = url.split('/').pop() as string;
      let head: Awaited<ReturnType<typeof tus>> | undefined;
      let waited = 0;
      // C gets half the file, then nothing more on a connection left open (a client whose network went away); the
      // client comes back through A, which must not wait for C to give up on the bytes.
      await cutPatch(`${baseOf(c)}${url}`, cookie(), file, file.length / 2, async () => {
        if (!(await uploadLocked(a.database.db, id))) return false;
        const asked = performance.now();
        head = await tus(a, 'HEAD', url, {});
        waited = performance.now() - asked;
        return true;
      });
      expect(head?.status).toBe(200);
      // C stores what it got first (a 6 MB part to the bucket); a request left to wait gives up after 30 s.
      expect(waited).toBeLessThan(10_000);
      // What C had received when it let go is kept: the rest follows from there.
      const offset = Number(head?.headers.get('upload-offset'));
      expect(offset).toBe(file.length / 2);
      const done = await patch(a, url, offset, file.subarray(offset));
      expect(done.status).toBe(204);
      expect(s3.objects.get(id)?.body.equals(file)).toBe(true);
    } finally {
      await c.close();
    }
  });

  it("holds an upload against another instance's lock until the holder's connection ends", async () => {
    const pool = () => (a.database.db as unknown as { $client: unknown }).$client;
    // Two lockers on one database, as two instances have (each its own connection).
    const first = uploadLocker(pool());
    const second = uploadLocker(pool());
    if (!first || !second) throw new Error('no advisory locker on PostgreSQL');
    try {
      const held = first.newLock('upload-1');
      await held.lock(new AbortController().signal, () => undefined);
      const stop = new AbortController();
      const waiting = second.newLock('upload-1').lock(stop.signal, () => undefined);
      const outcome = waiting.then(
        () => 'locked',
        () => 'refused',
      );
      setTimeout(() => stop.abort(), 300);
      expect(await outcome).toBe('refused');
      // Another upload is free meanwhile.
      const other = second.newLock('upload-2');
      await other.lock(new AbortController().signal, () => undefined);
      await other.unlock();
      // The holder's instance dies: its connection ends, and with it the lock.
      await first.close();
      const taken = second.newLock('upload-1');
      await taken.lock(new AbortController().signal, () => undefined);
      await taken.unlock();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
