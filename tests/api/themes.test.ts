/**
 * Themes and design through HTTP: the list (the built-in theme and the site's), the detail with its versions and
 * preview link, a second upload of a theme as version 2, enabling version 1 again, downloading each version (unzipped
 * and compared), applying, deleting (never the applied one), another site's theme answered as missing, the
 * permissions and plan features, and the design settings of the applied theme (save checks, preview link).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { Code } from '../../contract/codes';
import type { DesignSettings, ThemeDetail, ThemeSummary, ThemeUploadReply } from '../../contract/themes';
import { roles, sites } from '../../server/modules/tables';
import { siteById, siteUrl } from '../../server/modules/tenancy/sites';
import { ensureSecret } from '../../server/seed';
import { verifyToken } from '../../server/shared/tokens';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';
import { type ThemeFiles, themeZip, tinyTheme } from '../fixtures/themeZip';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  // The installation's signing secret, to read the tokens the links carry.
  secret = await ensureSecret(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

async function upload(c: Client, files: ThemeFiles | Buffer): Promise<Reply<ThemeUploadReply>> {
  const zip = Buffer.isBuffer(files) ? files : await themeZip(files);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'a.zip');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/theme/upload',
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    payload: form,
  });
  return { ...res.json(), status: res.statusCode };
}

/** The files of a zip, by path (base64). */
async function unzip(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out[entry.fileName] = Buffer.concat(chunks).toString('base64');
  }
  return out;
}
const base64 = (files: ThemeFiles) =>
  Object.fromEntries(Object.entries(files).map(([p, b]) => [p, Buffer.from(b).toString('base64')]));

async function fetchDownload(c: Client, body: { id: number; version?: number }) {
  const { url } = ok(await c.call<{ url: string }>('theme/download', body));
  expect(url).toMatch(/^\/theme-download\/[\w-]+\.[\w-]+$/);
  return t.app.inject({ method: 'GET', url });
}

const renderVersion = async () => (await siteById(t.database.db, demoSiteId))?.renderVersion ?? -1;

const v1 = tinyTheme({ name: 'Tiny', version: '1.0.0' }, 'MARK ONE');
const v2 = tinyTheme({ name: 'tiny', version: '1.1.0' }, 'MARK TWO');
let tinyId = 0;

describe('theme list, versions, apply, download', () => {
  it('lists the built-in theme, applied, before any upload', async () => {
    const list = ok(await owner.call<ThemeSummary[]>('theme/list'));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 0, builtin: true, applied: true, owner: '', seq: 0 });
    expect(ok(await owner.call<ThemeSummary[]>('theme/collection'))).toEqual(list);
    const d = ok(await owner.call<ThemeDetail>('theme/get', { id: 0 }));
    expect(d.versions).toHaveLength(1);
    expect(d.preview_url).toMatch(/\/\?theme_preview=/);
    // Its cover (themes/default's theme.json names one) is served from the admin origin, as a sandboxed picture.
    expect(list[0].cover).toMatch(/^\/theme-assets\/builtin\/[0-9a-f]{64}$/);
    const cover = await t.app.inject({ method: 'GET', url: list[0].cover });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toMatch(/^image\//);
    expect(cover.headers['content-security-policy']).toContain('sandbox');
  });

  it('a second upload of the same name (any case) adds version 2', async () => {
    const first = ok(await upload(owner, v1));
    expect(first).toMatchObject({ success: true, seq: 1, version: '1.0.0' });
    tinyId = first.id;
    const second = ok(await upload(owner, v2));
    expect(second).toMatchObject({ id: tinyId, seq: 2, version: '1.1.0' });
    const list = ok(await owner.call<ThemeSummary[]>('theme/list'));
    expect(list.map((x) => x.id)).toEqual([0, tinyId]);
    expect(list[1]).toMatchObject({
      name: 'tiny',
      version: '1.1.0',
      seq: 2,
      applied: false,
      builtin: false,
      owner: expect.stringMatching(/.+/),
    });
    expect(list[1].cover).toMatch(/^\/theme-assets\/\d+\/[0-9a-f]{64}$/);
    expect(list[1].last_ts).toBeGreaterThan(1_700_000_000);
  });

  it('the detail lists versions newest first, with a signed preview link of the version in use', async () => {
    const d = ok(await owner.call<ThemeDetail>('theme/get', { id: tinyId }));
    expect(d.versions.map((v) => [v.seq, v.version, v.enabled])).toEqual([
      [2, '1.1.0', true],
      [1, '1.0.0', false],
    ]);
    expect(d.versions[0].size).toBeGreaterThan(0);
    const site = await siteById(t.database.db, demoSiteId);
    const prefix = `${siteUrl(site as NonNullable<typeof site>, t.config)}/?theme_preview=`;
    expect(d.preview_url.startsWith(prefix)).toBe(true);
    const token = verifyToken(secret, d.preview_url.slice(prefix.length), 'theme', t.clock.now);
    expect(token).toMatchObject({ site: demoSiteId, theme: tinyId });
  });

  it('enables version 1 again, and downloads each version as it was uploaded', async () => {
    const before = await renderVersion();
    const d = ok(await owner.call<ThemeDetail>('theme/enable', { id: tinyId, version: 1 }));
    expect(d).toMatchObject({ version: '1.0.0', seq: 1 });
    expect(d.versions.find((v) => v.enabled)?.seq).toBe(1);
    // Not applied: the public pages do not change.
    expect(await renderVersion()).toBe(before);

    const one = await fetchDownload(owner, { id: tinyId, version: 1 });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/zip');
    expect(one.headers['content-disposition']).toContain('attachment; filename="Tiny-1.0.0.zip"');
    expect(await unzip(one.rawPayload)).toEqual(base64(v1));
    const two = await fetchDownload(owner, { id: tinyId, version: 2 });
    expect(two.headers['content-disposition']).toContain('filename="tiny-1.1.0.zip"');
    expect(await unzip(two.rawPayload)).toEqual(base64(v2));
    // The version in use by default.
    const latest = await fetchDownload(owner, { id: tinyId });
    expect(await unzip(latest.rawPayload)).toEqual(base64(v1));
    // The built-in theme downloads too.
    const builtin = await fetchDownload(owner, { id: 0 });
    expect(builtin.statusCode).toBe(200);
    expect(builtin.headers['content-type']).toBe('application/zip');
  });

  it('refuses a forged or expired download link, and an unknown version', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/theme-download/abc.def' });
    expect(bad.statusCode).toBe(404);
    const { url } = ok(await owner.call<{ url: string }>('theme/download', { id: tinyId }));
    t.clock.advance(31 * 60_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await owner.call('theme/download', { id: tinyId, version: 9 })).toMatchObject({ status: 404 });
    expect(await owner.call('theme/enable', { id: tinyId, version: 9 })).toMatchObject({ status: 404 });
  });

  it('applies a theme (the pages are rendered afresh), and refuses to delete the applied one', async () => {
    const before = await renderVersion();
    const applied = ok(await owner.call<ThemeSummary>('theme/apply', { id: tinyId }));
    expect(applied).toMatchObject({ id: tinyId, applied: true });
    expect((await siteById(t.database.db, demoSiteId))?.themeId).toBe(tinyId);
    expect(await renderVersion()).toBeGreaterThan(before);
    const list = ok(await owner.call<ThemeSummary[]>('theme/list'));
    expect(list.filter((x) => x.applied).map((x) => x.id)).toEqual([tinyId]);

    // Enabling a version of the applied theme renders afresh too.
    const mid = await renderVersion();
    ok(await owner.call('theme/enable', { id: tinyId, version: 2 }));
    expect(await renderVersion()).toBeGreaterThan(mid);

    const refused = await owner.call('theme/delete', { id: tinyId });
    expect(refused).toMatchObject({ status: 200, code: Code.THEME_IN_USE });
    expect(await owner.call('theme/delete', { id: 0 })).toMatchObject({ code: Code.THEME_BUILTIN });
  });
});

describe('design settings of the applied theme', () => {
  it('answers the settings and their defaults', async () => {
    const d = ok(await owner.call<DesignSettings>('design/get'));
    expect(d.theme).toEqual({ id: tinyId, name: 'tiny', version: '1.1.0' });
    expect(d.settings.map((s) => s.id)).toEqual(['accent', 'layout', 'columns', 'dark', 'tagline']);
    expect(d.values).toEqual({ accent: '#112233', layout: 'wide', columns: 2, dark: false, tagline: '' });
  });

  it('checks each value against its setting', async () => {
    for (const [values, field, message] of [
      [{ accent: 'red' }, 'values.accent', '格式錯誤'],
      [{ columns: 9 }, 'values.columns', '格式錯誤'],
      [{ columns: 1.5 }, 'values.columns', '格式錯誤'],
      [{ layout: 'huge' }, 'values.layout', '格式錯誤'],
      [{ dark: 'yes' }, 'values.dark', '格式錯誤'],
      [{ nope: 1 }, 'values.nope', '不接受的欄位'],
    ] as const) {
      expect(fieldErrors(await owner.call('design/save', { values }))[field]).toBe(message);
    }
    expect(
      fieldErrors(await owner.call('design/save', { values: { tagline: 'x'.repeat(201) } })),
    ).toHaveProperty('values.tagline');
  });

  it('saves values (rendered afresh) and makes a preview link with unsaved ones', async () => {
    const before = await renderVersion();
    const saved = ok(
      await owner.call<DesignSettings>('design/save', { values: { accent: '#ABCDEF', columns: 3 } }),
    );
    expect(saved.values).toMatchObject({ accent: '#ABCDEF', columns: 3, layout: 'wide' });
    expect(await renderVersion()).toBeGreaterThan(before);
    expect(ok(await owner.call<DesignSettings>('design/get')).values).toEqual(saved.values);
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    expect(row.themeSettings[String(tinyId)]).toMatchObject({ accent: '#ABCDEF', columns: 3 });

    const { url } = ok(await owner.call<{ url: string }>('design/preview', { values: { tagline: 'Hello' } }));
    const site = await siteById(t.database.db, demoSiteId);
    const prefix = `${siteUrl(site as NonNullable<typeof site>, t.config)}/?design_preview=`;
    expect(url.startsWith(prefix)).toBe(true);
    const token = verifyToken(secret, url.slice(prefix.length), 'design', t.clock.now);
    expect(token).toMatchObject({
      site: demoSiteId,
      values: { accent: '#ABCDEF', columns: 3, tagline: 'Hello' },
    });
    // A preview saves nothing.
    expect(ok(await owner.call<DesignSettings>('design/get')).values.tagline).toBe('');
    expect(fieldErrors(await owner.call('design/preview', { values: { accent: 'blue' } }))).toHaveProperty(
      'values.accent',
    );
  });

  it('back on the built-in theme, the uploaded one can be deleted', async () => {
    ok(await owner.call('theme/apply', { id: 0 }));
    expect(ok(await owner.call<DesignSettings>('design/get')).theme.id).toBe(0);
    expect(ok(await owner.call('theme/delete', { id: tinyId }))).toEqual({ id: tinyId });
    expect(await owner.call('theme/get', { id: tinyId })).toMatchObject({ status: 404 });
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    expect(row.themeSettings[String(tinyId)]).toBeUndefined();
  });
});

describe('sites, permissions and plans', () => {
  it("answers another site's theme as missing, in every action", async () => {
    const mine = ok(await upload(owner, tinyTheme({ name: 'Private' })));
    const other = await register(t, 'other-site@example.com');
    const status = await other.call<{ site: { current: { id: number } } }>('member/status');
    // A plan with themes, so that the refusals below are about the site, not the plan.
    await t.database.db.update(sites).set({ serviceId: 4 }).where(eq(sites.id, status.data.site.current.id));
    const id = mine.id;
    for (const [path, body] of [
      ['theme/get', { id }],
      ['theme/apply', { id }],
      ['theme/enable', { id, version: 1 }],
      ['theme/download', { id }],
      ['theme/download', { id, version: 1 }],
      ['theme/delete', { id }],
    ] as const) {
      expect(await other.call(path, body), path).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    }
    expect(ok(await other.call<ThemeSummary[]>('theme/list')).map((x) => x.id)).toEqual([0]);
    // A download link of this site names its site: it cannot be bent to another version.
    const { url } = ok(await owner.call<{ url: string }>('theme/download', { id }));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('a role without theme.add sees the themes but cannot upload', async () => {
    const [role] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: 'Theme editor', permissions: ['theme.edit'] })
      .returning();
    const editor = await staffOf(t, demoSiteId, 'theme-editor@example.com', role.id);
    expect(ok(await editor.call<ThemeSummary[]>('theme/list')).length).toBeGreaterThan(1);
    expect(await upload(editor, tinyTheme({ name: 'Nope' }))).toMatchObject({
      status: 403,
      code: Code.FORBIDDEN,
    });
    expect(await editor.call('theme/delete', { id: 1 })).toMatchObject({ status: 403 });
    expect(await editor.call('design/get')).toMatchObject({ status: 403 });
  });

  it('a plan without the theme feature is refused; one without design, the design calls', async () => {
    const free = await register(t, 'free-site@example.com');
    expect(await free.call('theme/list')).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    expect(await upload(free, tinyTheme())).toMatchObject({ status: 403 });
    const status = await free.call<{ site: { current: { id: number } } }>('member/status');
    // STARTER: themes, no design.
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, status.data.site.current.id));
    ok(await free.call('theme/list'));
    expect(await free.call('design/get')).toMatchObject({ status: 403 });
    expect(await free.call('design/save', { values: {} })).toMatchObject({ status: 403 });
  });
});

describe('the built-in theme sent back', () => {
  it('is refused, naming theme.json and saying to rename it; a renamed copy is a theme of its own', async () => {
    const before = ok(await owner.call<ThemeSummary[]>('theme/list'));
    const download = await fetchDownload(owner, { id: 0 });
    const refused = await upload(owner, download.rawPayload);
    expect(refused).toMatchObject({ status: 200, code: Code.VALIDATION });
    expect(fieldErrors(refused).file).toBe(
      'theme.json：「Paper」是內建佈景主題，無法覆蓋；請在 theme.json 把 name 改成其他名稱後再上傳',
    );
    // Any case: the stored names are compared that way too.
    const files = Object.fromEntries(
      Object.entries(await unzip(download.rawPayload)).map(([p, b]) => [p, Buffer.from(b, 'base64')]),
    );
    const manifestPath = Object.keys(files).find((p) => /(^|\/)theme\.json$/.test(p)) ?? 'theme.json';
    const manifest = JSON.parse(files[manifestPath].toString('utf8'));
    const named = (name: string) => ({ ...files, [manifestPath]: JSON.stringify({ ...manifest, name }) });
    expect((await upload(owner, named('PAPER'))).code).toBe(Code.VALIDATION);
    expect(ok(await owner.call<ThemeSummary[]>('theme/list'))).toEqual(before);

    const copy = ok(await upload(owner, named('Paper 我的版本')));
    const list = ok(await owner.call<ThemeSummary[]>('theme/list'));
    expect(
      list.filter((x) => x.name.toLowerCase().startsWith('paper')).map((x) => [x.name, x.builtin]),
    ).toEqual([
      ['Paper', true],
      ['Paper 我的版本', false],
    ]);
    expect(copy.seq).toBe(1);
  });
});
