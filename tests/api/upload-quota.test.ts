/**
 * The plan's upload total (issue 18, server/modules/files/quota.ts): pictures and videos a site stores stay within
 * its plan's `upload_mb`. An image upload or a tus creation (by its Upload-Length) that would go over is refused with
 * 3740 before anything is stored; a video is checked again when it finishes; deleting frees the space; two uploads at
 * the edge do not both pass; another site's usage is its own; `file/usage` answers the bytes used and the total.
 * A filler row (a stored picture of a chosen size) sets how much room is left.
 */
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { UploadReply, UploadUsage } from '../../contract/files';
import { UPLOAD_DEFAULT_MB } from '../../contract/uploadQuota';
import { VIDEO_UPLOAD_EXPIRY_MS, VIDEO_UPLOAD_PATH } from '../../contract/videos';
import { files, plans, sites, videos } from '../../server/modules/tables';
import { forgetPlans } from '../../server/modules/tenancy/catalogue';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const MB = 1024 * 1024;

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let base: string;
/** The demo site's plan's total in MB. */
let quotaMb: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  quotaMb = ok(await owner.call<UploadUsage>('file/usage', {})).quota_mb;
});
afterAll(async () => {
  await t?.close();
});

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A noisy PNG (it stays about as large once re-encoded). */
const png = (side: number, seed = 1) => {
  const raw = Buffer.alloc(side * side * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = x >> 16;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
};

async function upload(c: Client, bytes: Buffer): Promise<Reply<UploadReply>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/element/upload/image',
    headers: { 'accept-language': 'zh-TW', cookie: cookieOf(c) },
    payload: form,
  });
  return { ...res.json(), status: res.statusCode };
}

const usage = (c: Client) => c.call<UploadUsage>('file/usage', {});

/** The site's stored bytes by its rows, and the files in the upload folder. */
const rowsOf = (siteId: number) => t.database.db.select().from(files).where(eq(files.siteId, siteId));
async function storedFiles(): Promise<number> {
  const entries = await readdir(t.config.uploadDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** A library row of `size` bytes (no file behind it: deleting a missing object succeeds), to fill the total. */
async function filler(siteId: number, size: number): Promise<number> {
  const [row] = await t.database.db
    .insert(files)
    .values({
      siteId,
      kind: 'image',
      path: `${siteId}/filler-${size}.png`,
      name: 'filler',
      mime: 'image/png',
      size,
    })
    .returning({ id: files.id });
  return row.id;
}

/** Fills the demo site up to `room` bytes below its total; answers the filler's id. */
async function leaveRoom(room: number): Promise<number> {
  const { used_bytes, quota_bytes } = ok(await usage(owner));
  return filler(demoSiteId, quota_bytes - used_bytes - room);
}

/** The size a picture is stored at (uploaded once, then deleted). */
async function storedSize(bytes: Buffer): Promise<number> {
  const before = ok(await usage(owner)).used_bytes;
  ok(await upload(owner, bytes));
  const size = ok(await usage(owner)).used_bytes - before;
  const [row] = (await rowsOf(demoSiteId)).slice(-1);
  ok(await owner.call('file/delete', { id: row.id }));
  return size;
}

describe('file/usage', () => {
  it('answers the bytes stored and the plan total; a picture adds its stored size', async () => {
    const first = ok(await usage(owner));
    expect(first.quota_bytes).toBe(first.quota_mb * MB);
    // The demo site's plan's own figure (plans.upload_mb).
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [plan] = await t.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, site.serviceId as number));
    expect(plan.uploadMb).toBeGreaterThan(0);
    expect(first.quota_mb).toBe(plan.uploadMb);
    const reply = ok(await upload(owner, await png(40)));
    const [row] = (await rowsOf(demoSiteId)).filter((r) => reply.path.endsWith(r.path));
    expect(ok(await usage(owner)).used_bytes).toBe(first.used_bytes + row.size);
    ok(await owner.call('file/delete', { id: row.id }));
    expect(ok(await usage(owner)).used_bytes).toBe(first.used_bytes);
  });

  it('is the default 50 MB on a plan without a total of its own, and another site counts only its own', async () => {
    const other = await register(t, 'quota-other@example.com');
    const theirs = ok(await usage(other));
    expect(theirs).toEqual({
      used_bytes: 0,
      quota_bytes: UPLOAD_DEFAULT_MB * MB,
      quota_mb: UPLOAD_DEFAULT_MB,
    });
    // The demo site full to the byte changes nothing for them, and their pictures nothing for it.
    const fill = await leaveRoom(0);
    try {
      const mine = ok(await usage(owner));
      expect(mine.used_bytes).toBe(mine.quota_bytes);
      expect(ok(await usage(other)).used_bytes).toBe(0);
      ok(await upload(other, await png(30)));
      expect(ok(await usage(other)).used_bytes).toBeGreaterThan(0);
      expect(ok(await usage(owner)).used_bytes).toBe(mine.used_bytes);
    } finally {
      await t.database.db.delete(files).where(eq(files.id, fill));
    }
  });

  it('is refused to a role without the library, and signed out', async () => {
    const role = await customRole(t, demoSiteId, '只管會員', ['member.view']);
    const stranger = await staffOf(t, demoSiteId, 'quota-role@example.com', role);
    expect((await usage(stranger)).status).toBe(403);
    expect((await usage(t.client())).status).toBe(401);
    const reader = await customRole(t, demoSiteId, '讀文章', ['post.view']);
    const viewer = await staffOf(t, demoSiteId, 'quota-viewer@example.com', reader);
    expect(ok(await usage(viewer)).quota_mb).toBe(quotaMb);
  });
});

describe('pictures', () => {
  it('refuses a picture over the total with 3740 and its message, storing nothing; deleting frees the space', async () => {
    const picture = await png(60, 7);
    const size = await storedSize(picture);
    const fill = await leaveRoom(size - 1);
    const rows = (await rowsOf(demoSiteId)).length;
    const stored = await storedFiles();
    const refused = await upload(owner, picture);
    expect(refused).toMatchObject({
      status: 200,
      code: Code.UPLOAD_QUOTA,
      msg: `已超過方案的上傳空間（${quotaMb} MB），請刪除不用的檔案或升級方案。`,
    });
    expect((await rowsOf(demoSiteId)).length).toBe(rows);
    expect(await storedFiles()).toBe(stored);
    // Deleting frees the space (the filler goes through file/delete as any picture).
    ok(await owner.call('file/delete', { id: fill }));
    const fill2 = await leaveRoom(size);
    try {
      ok(await upload(owner, picture));
      expect(ok(await usage(owner)).used_bytes).toBe(quotaMb * MB);
      expect((await upload(owner, await png(8))).code).toBe(Code.UPLOAD_QUOTA);
    } finally {
      await t.database.db.delete(files).where(eq(files.id, fill2));
    }
  });

  it('lets only one of two uploads at the edge take the last free space', async () => {
    const picture = await png(60, 9);
    const size = await storedSize(picture);
    // Room for one and a half.
    const fill = await leaveRoom(size + Math.floor(size / 2));
    const rows = (await rowsOf(demoSiteId)).length;
    try {
      const replies = await Promise.all([upload(owner, picture), upload(owner, picture)]);
      expect(replies.map((r) => r.code).sort()).toEqual([Code.OK, Code.UPLOAD_QUOTA].sort());
      expect((await rowsOf(demoSiteId)).length).toBe(rows + 1);
      const { used_bytes, quota_bytes } = ok(await usage(owner));
      expect(used_bytes).toBeLessThanOrEqual(quota_bytes);
    } finally {
      await t.database.db.delete(files).where(eq(files.id, fill));
    }
  });

  it('counts a favicon too', async () => {
    const fill = await leaveRoom(10);
    try {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png(64))], { type: 'image/png' }), 'icon.png');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/element/upload/favicon',
        headers: { cookie: cookieOf(owner) },
        payload: form,
      });
      expect(res.json().code).toBe(Code.UPLOAD_QUOTA);
    } finally {
      await t.database.db.delete(files).where(eq(files.id, fill));
    }
  });
});

describe('videos (tus)', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const tus = async (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'tus-resumable': '1.0.0', cookie: cookieOf(owner), 'accept-language': 'zh-TW', ...headers },
      body: body ? new Uint8Array(body) : undefined,
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const create = (size: number) =>
    tus('POST', VIDEO_UPLOAD_PATH, {
      'upload-length': String(size),
      'upload-metadata': `filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
    });
  const videoRows = () => t.database.db.select().from(videos).where(eq(videos.siteId, demoSiteId));

  it('refuses a creation whose declared length goes over (413, 3740), recording nothing', async () => {
    const fill = await leaveRoom(1000);
    const before = (await videoRows()).length;
    try {
      const over = await create(1001);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.text)).toMatchObject({
        code: Code.UPLOAD_QUOTA,
        msg: `已超過方案的上傳空間（${quotaMb} MB），請刪除不用的檔案或升級方案。`,
      });
      expect((await videoRows()).length).toBe(before);
      // Exactly the room left: taken, and its declared size is reserved at once.
      const fits = await create(1000);
      expect(fits.status).toBe(201);
      const { used_bytes, quota_bytes } = ok(await usage(owner));
      expect(used_bytes).toBe(quota_bytes);
      expect((await create(1)).status).toBe(413);
      expect((await upload(owner, await png(8))).code).toBe(Code.UPLOAD_QUOTA);
      // Ending the unfinished upload frees its reservation.
      expect((await tus('DELETE', fits.headers.get('location') as string)).status).toBe(204);
      await expect.poll(async () => ok(await usage(owner)).used_bytes).toBe(quota_bytes - 1000);
    } finally {
      await t.database.db.delete(files).where(eq(files.id, fill));
    }
  });

  it('lets one of two creations at the edge through', async () => {
    const fill = await leaveRoom(1500);
    try {
      const [a, b] = await Promise.all([create(1000), create(1000)]);
      expect([a.status, b.status].sort()).toEqual([201, 413]);
    } finally {
      await t.database.db.delete(files).where(eq(files.id, fill));
      await t.database.db
        .delete(videos)
        .where(and(eq(videos.siteId, demoSiteId), eq(videos.status, 'uploading')));
    }
  });

  it('stops reserving an upload left untouched past VIDEO_UPLOAD_EXPIRY_MS; a PATCH reserves it again', async () => {
    const fill = await leaveRoom(1000);
    /** Makes the upload's row last touched `ms` ago (by the database's clock, as the quota reads it). */
    const touchedAgo = (url: string, ms: number) =>
      t.database.db
        .update(videos)
        .set({ updatedAt: sql`now() - make_interval(secs => ${ms / 1000}::float8)` })
        .where(and(eq(videos.siteId, demoSiteId), eq(videos.uploadId, url.split('/').pop() as string)));
    try {
      const old = await create(1000);
      expect(old.status).toBe(201);
      const url = old.headers.get('location') as string;
      const { quota_bytes } = ok(await usage(owner));
      expect(ok(await usage(owner)).used_bytes).toBe(quota_bytes);
      // Still within the expiry: still reserved.
      await touchedAgo(url, VIDEO_UPLOAD_EXPIRY_MS - 60_000);
      expect(ok(await usage(owner)).used_bytes).toBe(quota_bytes);
      expect((await create(1)).status).toBe(413);
      // Abandoned past it: its declared size no longer counts, and another upload may take the room.
      await touchedAgo(url, VIDEO_UPLOAD_EXPIRY_MS + 60_000);
      expect(ok(await usage(owner)).used_bytes).toBe(quota_bytes - 1000);
      const next = await create(1000);
      expect(next.status).toBe(201);
      expect(ok(await usage(owner)).used_bytes).toBe(quota_bytes);
      // Resumed after all: its bytes coming touch it, so it is reserved again (and checked when it finishes).
      await touchedAgo(url, VIDEO_UPLOAD_EXPIRY_MS + 60_000);
      const part = await tus(
        'PATCH',
        url,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        Buffer.alloc(10, 1),
      );
      expect(part.status).toBe(204);
      expect(ok(await usage(owner)).used_bytes).toBe(quota_bytes + 1000);
    } finally {
      await t.database.db.delete(files).where(eq(files.id, fill));
      await t.database.db
        .delete(videos)
        .where(and(eq(videos.siteId, demoSiteId), eq(videos.status, 'uploading')));
    }
  });

  it('checks again when the upload finishes: a total shrunk meanwhile refuses it, the bytes discarded', async () => {
    const body = Buffer.alloc(2000, 1);
    const made = await create(body.length);
    expect(made.status).toBe(201);
    const url = made.headers.get('location') as string;
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [plan] = await t.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, site.serviceId as number));
    // The plan's total shrinks below what the site stores (a downgrade took effect).
    const { used_bytes } = ok(await usage(owner));
    const smaller = Math.floor(used_bytes / MB);
    await t.database.db
      .update(plans)
      .set({ uploadMb: Math.max(smaller, 1) })
      .where(eq(plans.id, plan.id));
    forgetPlans();
    const fill = await filler(demoSiteId, MB);
    try {
      const done = await tus(
        'PATCH',
        url,
        {
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body,
      );
      expect(done.status).toBe(413);
      expect(JSON.parse(done.text)).toMatchObject({ code: Code.UPLOAD_QUOTA });
      const [row] = (await videoRows()).filter((v) => v.uploadId === url.split('/').pop());
      expect(row).toMatchObject({ status: 'error', path: '' });
    } finally {
      await t.database.db.update(plans).set({ uploadMb: plan.uploadMb }).where(eq(plans.id, plan.id));
      forgetPlans();
      await t.database.db.delete(files).where(eq(files.id, fill));
    }
  });
});
