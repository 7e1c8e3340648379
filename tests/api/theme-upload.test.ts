/**
 * Theme uploads through HTTP (theme/upload, element/upload/theme): a good zip becomes a version; each malicious or
 * broken one is refused with a validation failure naming the file and the reason, in the caller's language, and
 * nothing is stored: zip-slip, symlinks, zip bombs (one huge file of zeros, a header that lies, too many files),
 * server-side code, scripts outside assets/, a missing manifest or template, Liquid/JSON/UTF-8 errors, > 20 MB.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import {
  THEME_FILE_MAX_BYTES,
  THEME_FILES_MAX,
  THEME_ZIP_MAX_BYTES,
  type ThemeUploadReply,
} from '../../contract/themes';
import { themeFiles, themes, themeVersions } from '../../server/modules/tables';
import { type Client, createTestApp, type Reply, signInOwner, type TestApp } from '../fixtures/testApp';
import { type ThemeFiles, themeZip, tinyTheme, zeros, zipEntries } from '../fixtures/themeZip';

const MB = 1024 * 1024;

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

/** POSTs the zip as multipart/form-data, the way the SPA's upload does. */
async function upload(
  bytes: Buffer,
  opts: { lang?: string; path?: string; filename?: string } = {},
): Promise<Reply<ThemeUploadReply>> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'application/zip' }),
    opts.filename ?? 'theme.zip',
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${opts.path ?? 'theme/upload'}`,
    headers: {
      'accept-language': opts.lang ?? 'zh-TW',
      cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: form,
  });
  return { ...res.json(), status: res.statusCode };
}

const storedVersions = async () => (await t.database.db.select({ n: count() }).from(themeVersions))[0].n;

/** The refusal's message; the reply must be a validation failure that stored nothing. */
async function refused(bytes: Buffer, lang?: string): Promise<string> {
  const before = await storedVersions();
  const r = await upload(bytes, { lang });
  expect(r, JSON.stringify(r).slice(0, 400)).toMatchObject({ status: 200, code: Code.VALIDATION });
  expect((r.data as unknown as { errors: { file: string } }).errors.file).toBe(r.msg);
  expect(await storedVersions()).toBe(before);
  return r.msg;
}

const withFiles = async (extra: ThemeFiles, without: string[] = []) => {
  const files = { ...tinyTheme(), ...extra };
  for (const p of without) delete files[p];
  return themeZip(files);
};

describe('a good theme', () => {
  it('is stored as version 1 with its files, in a GitHub-style top folder too, and its cover is served', async () => {
    const r = await upload(await themeZip(tinyTheme({ name: 'Good One' }), 'good-one-main/'));
    expect(r).toMatchObject({ status: 200, code: 1 });
    expect(r.data).toMatchObject({ success: true, seq: 1, version: '1.0.0' });
    expect(r.data.message).toContain('Good One');
    expect(r.data.path).toMatch(/^\/theme-assets\/\d+\/[0-9a-f]{64}$/);
    const cover = await t.app.inject({ method: 'GET', url: r.data.path });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['cache-control']).toContain('immutable');
    expect(cover.headers['x-content-type-options']).toBe('nosniff');
    expect(cover.headers['content-security-policy']).toContain('sandbox');
    const [row] = await t.database.db.select().from(themes).where(eq(themes.id, r.data.id));
    expect(row.name).toBe('Good One');
    // Paths are stored without the top folder.
    const paths = await t.database.db
      .select({ path: themeFiles.path })
      .from(themeFiles)
      .where(eq(themeFiles.versionId, row.activeVersionId as number));
    expect(paths.map((p) => p.path)).toContain('theme.json');
    expect(paths.map((p) => p.path)).toContain('templates/index.liquid');
  });

  it('is taken at element/upload/theme too', async () => {
    const r = await upload(await themeZip(tinyTheme({ name: 'Element' })), { path: 'element/upload/theme' });
    expect(r).toMatchObject({ status: 200, code: 1, data: { success: true, seq: 1 } });
  });
});

describe('refused zips name the file and the reason', () => {
  it('zip-slip: ../evil.liquid', async () => {
    const zip = await zipEntries([...toEntries(tinyTheme()), { path: '../evil.liquid', body: 'x' }]);
    expect(await refused(zip)).toBe('../evil.liquid：路徑超出佈景主題資料夾（..）');
  });

  it('zip-slip: templates/../../x.liquid, in English', async () => {
    const zip = await zipEntries([
      ...toEntries(tinyTheme()),
      { path: 'templates/../../x.liquid', body: 'x' },
    ]);
    expect(await refused(zip, 'en')).toBe('templates/../../x.liquid: the path leaves the theme folder (..)');
  });

  it('an absolute path and a backslash', async () => {
    const abs = await zipEntries([...toEntries(tinyTheme()), { path: '/etc/evil.liquid', body: 'x' }]);
    expect(await refused(abs)).toContain('/etc/evil.liquid：不可使用絕對路徑');
    const back = await zipEntries([...toEntries(tinyTheme()), { path: 'templates\\x.liquid', body: 'x' }]);
    expect(await refused(back)).toContain('templates\\x.liquid：路徑含有控制字元或反斜線');
  });

  it('a symlink entry', async () => {
    const zip = await zipEntries([
      ...toEntries(tinyTheme()),
      { path: 'assets/passwd.txt', body: '/etc/passwd', mode: 0o120777 },
    ]);
    expect(await refused(zip)).toBe('assets/passwd.txt：不可包含符號連結');
  });

  it('a zip bomb: 200 MB of zeros in one file, refused without inflating it', async () => {
    const zip = await zipEntries([
      ...toEntries(tinyTheme()),
      { path: 'assets/big.txt', body: zeros(200 * MB) },
    ]);
    expect(zip.length).toBeLessThan(2 * MB);
    expect(await refused(zip)).toBe(`assets/big.txt：解壓縮後超過 ${THEME_FILE_MAX_BYTES / MB} MB`);
  });

  it('a zip bomb whose headers lie about the size: the inflated bytes are counted', async () => {
    const body = Buffer.alloc(THEME_FILE_MAX_BYTES + MB);
    const zip = await zipEntries([...toEntries(tinyTheme()), { path: 'assets/liar.txt', body }]);
    // Both size fields of the entry (local header and central directory) say 1000 bytes.
    lieAboutSize(zip, 'assets/liar.txt', 1000);
    const msg = await refused(zip);
    expect(msg).toMatch(/^assets\/liar\.txt：/);
  });

  it('more files than THEME_FILES_MAX', async () => {
    const many: ThemeFiles = {};
    for (let i = 0; i < THEME_FILES_MAX; i++) many[`assets/f${i}.txt`] = 'x';
    expect(await refused(await withFiles(many))).toBe(`theme.zip：檔案數量超過 ${THEME_FILES_MAX} 個`);
  });

  it('a missing theme.json', async () => {
    expect(await refused(await withFiles({}, ['theme.json']))).toBe('theme.json：缺少 theme.json');
  });

  it('a theme.json that is not a manifest, and a cover that is not there', async () => {
    const bad = await withFiles({ 'theme.json': JSON.stringify({ name: 'X', version: 'one' }) });
    expect(await refused(bad)).toMatch(/^theme\.json：theme\.json 內容錯誤（version: /);
    const noCover = await withFiles({}, ['assets/cover.png']);
    expect(await refused(noCover)).toBe('theme.json：找不到封面圖片 assets/cover.png');
  });

  it('a missing required template', async () => {
    expect(await refused(await withFiles({}, ['templates/post.liquid']))).toBe(
      'templates/post.liquid：缺少必要的版型檔',
    );
  });

  it('a template syntax error names the file and the line', async () => {
    const zip = await withFiles({
      'templates/index.liquid': '<h1>Hi</h1>\n{% if site %}\n<p>never closed</p>',
    });
    expect(await refused(zip)).toMatch(
      /^templates\/index\.liquid：第 2 行語法錯誤：tag \{% if site %\} not closed/,
    );
  });

  it('server-side code: a .php file', async () => {
    expect(await refused(await withFiles({ 'assets/shell.php': '<?php system($_GET["c"]);' }))).toBe(
      'assets/shell.php：不可包含伺服器端程式',
    );
  });

  it('a .js outside assets/, and a type no theme holds', async () => {
    expect(await refused(await withFiles({ 'templates/run.js': 'alert(1)' }))).toBe(
      'templates/run.js：JavaScript 檔只能放在 assets/ 資料夾中',
    );
    expect(await refused(await withFiles({ 'assets/page.html': '<p>' }))).toBe(
      'assets/page.html：不允許的檔案類型',
    );
  });

  it('invalid JSON and invalid UTF-8', async () => {
    const msg = await refused(
      await withFiles({ 'locales/ja.json': '{"a": ', 'assets/notes.txt': Buffer.from([0xff, 0xfe, 0x41]) }),
    );
    expect(msg.split('\n').sort()).toEqual([
      'assets/notes.txt：不是有效的 UTF-8 文字檔',
      'locales/ja.json：JSON 格式錯誤',
    ]);
  });

  it('lists up to 5 problems and counts the rest', async () => {
    const bad: ThemeFiles = {};
    for (let i = 0; i < 7; i++) bad[`assets/s${i}.php`] = 'x';
    const lines = (await refused(await withFiles(bad))).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('……還有 2 個問題');
  });

  it('a file that is not a zip, whatever its name', async () => {
    expect(await refused(randomBytes(2000))).toBe('theme.zip：不是有效的 ZIP 檔');
  });

  it('more than 20 MB: 檔案大小超過限制 (3004)', async () => {
    for (const size of [THEME_ZIP_MAX_BYTES + 1, THEME_ZIP_MAX_BYTES + 3 * MB]) {
      const r = await upload(randomBytes(size));
      expect(r).toMatchObject({ status: 200, code: Code.FILE_TOO_LARGE, msg: '檔案大小超過限制' });
    }
    // At the limit the bytes are read and checked (these are not a zip).
    const r = await upload(randomBytes(THEME_ZIP_MAX_BYTES));
    expect(r).toMatchObject({ code: Code.VALIDATION, msg: 'theme.zip：不是有效的 ZIP 檔' });
  });
});

function toEntries(files: ThemeFiles) {
  return Object.entries(files).map(([path, body]) => ({ path, body }));
}

/** Writes `size` into both size fields (compressed size kept) of the entry named `name`, in place. */
function lieAboutSize(zip: Buffer, name: string, size: number) {
  const nameBytes = Buffer.from(name);
  let at = zip.indexOf(nameBytes);
  while (at >= 0) {
    // Local header: signature at at-30, uncompressed size at +22; central directory: at at-46, size at +24.
    if (zip.readUInt32LE(at - 30) === 0x04034b50) zip.writeUInt32LE(size, at - 30 + 22);
    else if (zip.readUInt32LE(at - 46) === 0x02014b50) zip.writeUInt32LE(size, at - 46 + 24);
    at = zip.indexOf(nameBytes, at + 1);
  }
}
