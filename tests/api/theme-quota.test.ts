/**
 * Themes against the plan's upload space and the version cap (issue 28): every theme version kept counts by its
 * files' uncompressed bytes (file/usage, plan/change's over_limits); a theme upload over the space is refused with
 * 3740 like a picture, storing nothing; pictures are refused when themes fill the space; only the newest
 * THEME_VERSIONS_KEPT versions are kept plus the one in use, a deleted one gone from enable, download, its cover
 * address and a preview link (the public site's memory of it); at the cap, the oldest version's bytes make the room.
 * A filler row (a stored picture of a chosen size) sets how much room is left, as in upload-quota.test.ts.
 */
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { UploadReply, UploadUsage } from '../../contract/files';
import {
  THEME_VERSIONS_KEPT,
  type ThemeDetail,
  type ThemeSummary,
  type ThemeUploadReply,
} from '../../contract/themes';
import { overLimits } from '../../server/modules/plans/usage';
import { files, plans, sites, themeFiles, themes, themeVersions } from '../../server/modules/tables';
import { ensureSecret } from '../../server/seed';
import { SHORT_LINK_MINUTES, signToken } from '../../server/shared/tokens';
import { sitePage } from '../fixtures/readers';
import { type Client, createTestApp, ok, type Reply, signInOwner, type TestApp } from '../fixtures/testApp';
import { PNG_1PX, type ThemeFiles, themeZip, tinyTheme } from '../fixtures/themeZip';

const MB = 1024 * 1024;

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let secret: string;
let quotaMb: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  secret = await ensureSecret(t.database.db);
  quotaMb = ok(await usage()).quota_mb;
  // Published: its home page shows the applied theme (not the coming-soon page).
  await t.database.db.update(sites).set({ published: true }).where(eq(sites.id, demoSiteId));
});
afterAll(async () => {
  await t?.close();
});

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function post<T>(url: string, bytes: Buffer, type: string, name: string): Promise<Reply<T>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': 'zh-TW', cookie: cookieOf(owner) },
    payload: form,
  });
  return { ...res.json(), status: res.statusCode };
}

const uploadTheme = async (files: ThemeFiles) =>
  post<ThemeUploadReply>('/api/theme/upload', await themeZip(files), 'application/zip', 'theme.zip');
const uploadPicture = () => post<UploadReply>('/api/element/upload/image', PNG_1PX, 'image/png', 'a.png');
const usage = () => owner.call<UploadUsage>('file/usage', {});
const detail = (id: number) => owner.call<ThemeDetail>('theme/get', { id });

/** A valid theme of `name` and `version` whose files hold about `pad` bytes more, marked in its layout. */
const theme = (name: string, version: string, pad = 0): ThemeFiles => ({
  ...tinyTheme({ name, version }, `MARK ${name} ${version}`),
  'assets/pad.txt': 'x'.repeat(pad),
});
/** Its uncompressed bytes: what it stores. */
const sizeOf = (pack: ThemeFiles) => Object.values(pack).reduce((n, b) => n + Buffer.byteLength(b), 0);
/** The theme of `name` and `version` padded to exactly `bytes`. */
const themeOfSize = (name: string, version: string, bytes: number) =>
  theme(name, version, bytes - sizeOf(theme(name, version)));

const QUOTA_MSG = () => `已超過方案的上傳空間（${quotaMb} MB），請刪除不用的檔案或升級方案。`;

/** Rows a theme upload stores. */
async function stored() {
  const n = async (table: typeof themes | typeof themeVersions | typeof themeFiles) =>
    (await t.database.db.select({ n: count() }).from(table))[0].n;
  return { themes: await n(themes), versions: await n(themeVersions), files: await n(themeFiles) };
}

/** A library row of `size` bytes (no file behind it), to fill the total; answers its id. */
async function filler(size: number): Promise<number> {
  const [row] = await t.database.db
    .insert(files)
    .values({
      siteId: demoSiteId,
      kind: 'image',
      path: `${demoSiteId}/filler-${size}.png`,
      name: 'filler',
      mime: 'image/png',
      size,
    })
    .returning({ id: files.id });
  return row.id;
}
const unfill = (id: number) => t.database.db.delete(files).where(eq(files.id, id));

/** Fills the demo site up to `room` bytes below its total. */
async function leaveRoom(room: number): Promise<number> {
  const { used_bytes, quota_bytes } = ok(await usage());
  return filler(quota_bytes - used_bytes - room);
}

/** Removes one of the demo site's themes (on the built-in one first). */
async function removeTheme(id: number) {
  ok(await owner.call('theme/apply', { id: 0 }));
  ok(await owner.call('theme/delete', { id }));
}

describe('usage', () => {
  it('counts every version kept by its uncompressed bytes, in file/usage and over_limits; deleting frees it', async () => {
    const before = ok(await usage()).used_bytes;
    const one = theme('Counted', '1.0.0', 1.5 * MB);
    const first = ok(await uploadTheme(one));
    const d = ok(await detail(first.id));
    expect(d.versions[0].size).toBe(sizeOf(one));
    expect(ok(await usage()).used_bytes).toBe(before + sizeOf(one));
    // A second version is stored too (the first is kept, to enable again).
    const two = theme('Counted', '1.1.0', 1000);
    ok(await uploadTheme(two));
    expect(ok(await usage()).used_bytes).toBe(before + sizeOf(one) + sizeOf(two));

    // plan/change's preview: a plan of 1 MB is exceeded by the theme alone.
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [plan] = await t.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, site.serviceId as number));
    const deps = { db: t.database.db, now: () => t.clock.now } as never;
    expect(await overLimits(deps, demoSiteId, { ...plan, uploadMb: 1 })).toEqual(
      expect.arrayContaining([
        { what: 'upload', used: Math.ceil((before + sizeOf(one) + sizeOf(two)) / MB), limit: 1 },
      ]),
    );

    await removeTheme(first.id);
    expect(ok(await usage()).used_bytes).toBe(before);
  });
});

describe('the upload space', () => {
  it('refuses a theme over it with 3740 and the pictures’ message, storing nothing; exactly the room fits', async () => {
    const pack = theme('Roomy', '1.0.0', 5000);
    const fill = await leaveRoom(sizeOf(pack) - 1);
    try {
      const rows = await stored();
      const refused = await uploadTheme(pack);
      expect(refused).toMatchObject({ status: 200, code: Code.UPLOAD_QUOTA, msg: QUOTA_MSG() });
      expect(await stored()).toEqual(rows);
      expect(ok(await owner.call<ThemeSummary[]>('theme/list')).map((x) => x.name)).not.toContain('Roomy');

      await unfill(fill);
      const exact = await leaveRoom(sizeOf(pack));
      try {
        const made = ok(await uploadTheme(pack));
        const { used_bytes, quota_bytes } = ok(await usage());
        expect(used_bytes).toBe(quota_bytes);
        // A new version of it is refused the same way, and the theme stays as it was.
        const next = await uploadTheme(theme('Roomy', '1.0.1'));
        expect(next).toMatchObject({ code: Code.UPLOAD_QUOTA, msg: QUOTA_MSG() });
        expect(ok(await detail(made.id)).versions.map((v) => v.seq)).toEqual([1]);
        await removeTheme(made.id);
      } finally {
        await unfill(exact);
      }
    } finally {
      await unfill(fill);
    }
  });

  it('refuses a picture when themes fill the space', async () => {
    const pack = theme('Filling', '1.0.0', 3000);
    const fill = await leaveRoom(sizeOf(pack) + 10);
    try {
      // Before the theme, the picture fits.
      ok(await uploadPicture());
      const [picture] = await t.database.db.select().from(files).orderBy(desc(files.id)).limit(1);
      ok(await owner.call('file/delete', { id: picture.id }));
      const made = ok(await uploadTheme(pack));
      expect(await uploadPicture()).toMatchObject({ code: Code.UPLOAD_QUOTA, msg: QUOTA_MSG() });
      await removeTheme(made.id);
      ok(await uploadPicture());
    } finally {
      await unfill(fill);
    }
  });

  it('lets only one of two theme uploads at the edge take the last free space', async () => {
    const a = theme('Edge A', '1.0.0', 4000);
    const b = theme('Edge B', '1.0.0', 4000);
    const fill = await leaveRoom(sizeOf(a) + Math.floor(sizeOf(b) / 2));
    try {
      const replies = await Promise.all([uploadTheme(a), uploadTheme(b)]);
      expect(replies.map((r) => r.code).sort()).toEqual([Code.OK, Code.UPLOAD_QUOTA].sort());
      const { used_bytes, quota_bytes } = ok(await usage());
      expect(used_bytes).toBeLessThanOrEqual(quota_bytes);
      for (const r of replies) if (r.code === Code.OK) await removeTheme(r.data.id);
    } finally {
      await unfill(fill);
    }
  });
});

describe('the version cap', () => {
  const N = THEME_VERSIONS_KEPT;
  const seqs = async (id: number) => ok(await detail(id)).versions.map((v) => v.seq);
  const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
  /** A version's row by its upload number. */
  const versionRow = async (themeId: number, seq: number) =>
    (await t.database.db.select().from(themeVersions).where(eq(themeVersions.themeId, themeId))).find(
      (v) => v.seq === seq,
    );
  /** A preview link of a version, as theme/get signs one. */
  const previewOf = (themeId: number, versionId: number) =>
    `/?theme_preview=${signToken(
      secret,
      { k: 'theme', site: demoSiteId, theme: themeId, version: versionId },
      SHORT_LINK_MINUTES * 60_000,
      t.clock.now,
    )}`;

  it('keeps the newest versions plus the one in use; a deleted one is gone everywhere, its bytes freed', async () => {
    let id = 0;
    for (let i = 1; i <= N; i++) id = ok(await uploadTheme(theme('Capped', `1.0.${i}`))).id;
    expect(await seqs(id)).toEqual(range(N, 1));

    // Version 1 as readers may still have it: its preview rendered (so kept in memory), a download link, its cover.
    const v1 = await versionRow(id, 1);
    if (!v1) throw new Error('no version 1');
    const preview = previewOf(id, v1.id);
    expect((await sitePage(t, preview)).body).toContain('MARK Capped 1.0.1');
    const { url: download } = ok(await owner.call<{ url: string }>('theme/download', { id, version: 1 }));
    const v1Files = await t.database.db.select().from(themeFiles).where(eq(themeFiles.versionId, v1.id));
    const cover = `/theme-assets/${v1.id}/${v1Files.find((f) => f.path === 'assets/cover.png')?.sha256}`;
    expect((await t.app.inject({ method: 'GET', url: cover })).statusCode).toBe(200);
    const before = ok(await usage()).used_bytes;

    // One more: the oldest goes.
    ok(await uploadTheme(theme('Capped', `1.0.${N + 1}`)));
    expect(await seqs(id)).toEqual(range(N + 1, 2));
    expect(ok(await usage()).used_bytes).toBe(
      before + sizeOf(theme('Capped', `1.0.${N + 1}`)) - sizeOf(theme('Capped', '1.0.1')),
    );
    expect(await t.database.db.select().from(themeFiles).where(eq(themeFiles.versionId, v1.id))).toEqual([]);
    expect(await owner.call('theme/enable', { id, version: 1 })).toMatchObject({
      status: 404,
      code: Code.NOT_FOUND,
    });
    expect(await owner.call('theme/download', { id, version: 1 })).toMatchObject({ status: 404 });
    expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: cover })).statusCode).toBe(404);
    // The preview link names a version no longer kept: the site's own theme shows instead, not the forgotten one.
    const gone = await sitePage(t, preview);
    expect(gone.statusCode).toBe(200);
    expect(gone.body).not.toContain('MARK Capped 1.0.1');

    // The oldest kept, enabled again and applied: the next upload keeps it besides the newest N.
    ok(await owner.call('theme/enable', { id, version: 2 }));
    ok(await owner.call('theme/apply', { id }));
    expect((await sitePage(t, previewOf(id, (await versionRow(id, 2))?.id ?? 0))).body).toContain(
      'MARK Capped 1.0.2',
    );
    ok(await uploadTheme(theme('Capped', `1.0.${N + 2}`)));
    expect(await seqs(id)).toEqual(range(N + 2, 2));
    // The upload is now in use, so the one after keeps the newest N only.
    ok(await uploadTheme(theme('Capped', `1.0.${N + 3}`)));
    expect(await seqs(id)).toEqual(range(N + 3, 4));
    const list = ok(await owner.call<ThemeSummary[]>('theme/list'));
    expect(list.find((x) => x.id === id)).toMatchObject({ applied: true, seq: N + 3 });
    expect((await sitePage(t, '/')).body).toContain(`MARK Capped 1.0.${N + 3}`);
    // An earlier kept version is enabled as before.
    ok(await owner.call('theme/enable', { id, version: 4 }));
    expect((await sitePage(t, '/')).body).toContain('MARK Capped 1.0.4');
    await removeTheme(id);
  });

  it('at the cap with the space full, the oldest version makes the room; a refusal keeps it', async () => {
    const size = 6000;
    let id = 0;
    for (let i = 1; i <= N; i++) id = ok(await uploadTheme(themeOfSize('Tight', `1.0.${i}`, size))).id;
    const fill = await leaveRoom(0);
    try {
      // As big as the oldest: it fits in the bytes that version leaves.
      ok(await uploadTheme(themeOfSize('Tight', `1.0.${N + 1}`, size)));
      expect(await seqs(id)).toEqual(range(N + 1, 2));
      expect(ok(await usage()).used_bytes).toBe(ok(await usage()).quota_bytes);
      // A byte bigger does not: refused, and the oldest (2) is still there.
      const rows = await stored();
      const refused = await uploadTheme(themeOfSize('Tight', `1.0.${N + 2}`, size + 1));
      expect(refused).toMatchObject({ code: Code.UPLOAD_QUOTA, msg: QUOTA_MSG() });
      expect(await seqs(id)).toEqual(range(N + 1, 2));
      expect(await stored()).toEqual(rows);
    } finally {
      await unfill(fill);
    }
    await removeTheme(id);
  });
});
