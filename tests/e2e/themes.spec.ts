/**
 * Themes as a site owner uses them (issue 13): upload a second theme (a zip made here), whose version is "used when
 * applied" until it is applied and "in use" after (issue 27); apply it and see the site change; upload its next
 * version; enable the earlier version again in the detail; download it; and on /design change the accent colour and
 * see the live preview wear it. The downloaded built-in theme sent back is refused (tests/api/themes.test.ts).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { apiCall, expect, shot, signedOutPage, test } from './fixtures';

/** A tiny valid theme whose every page shows `marker`, with one design setting: the accent colour. */
function themeZip(name: string, version: string, marker: string, index?: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const manifest = {
    name,
    version,
    author: 'e2e',
    description: { 'zh-TW': '測試用主題', en: 'A theme for tests' },
    settings: [
      {
        id: 'accent',
        label: { 'zh-TW': '主色', en: 'Accent', ja: 'アクセント' },
        type: 'color',
        default: '#336699',
      },
    ],
  };
  const page = (what: string) => `<main><h1>${marker}</h1><p>${what}</p></main>`;
  const files: Record<string, string> = {
    'theme.json': JSON.stringify(manifest, null, 2),
    'templates/layout.liquid':
      '<!doctype html><html lang="{{ site.language }}"><head><meta charset="utf-8"><title>{{ page_title }}</title>' +
      '<style>:root { --accent: {{ settings.accent }}; } h1 { color: var(--accent); }</style></head>' +
      '<body>{{ content_for_layout | raw }}</body></html>',
    'templates/index.liquid': index ?? page('{{ site.name }}'),
    'templates/post.liquid': page('{{ article.title }}'),
    'templates/page.liquid': page('{{ article.title }}'),
    'templates/list.liquid': page('{{ collection.title }}'),
    'templates/404.liquid': page('404'),
  };
  for (const [path, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), path);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** theme.json of a downloaded zip (at its root, or under one top folder). */
function manifestOf(file: Buffer): Promise<{ name: string; version: string }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/(^|\/)theme\.json$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        });
      });
      zip.on('end', () => reject(new Error('no theme.json in the download')));
      zip.readEntry();
    });
  });
}

async function upload(page: Page, name: string, version: string, marker: string) {
  await page.getByTestId('theme-upload-input').setInputFiles({
    name: `theme-b-${version}.zip`,
    mimeType: 'application/zip',
    buffer: await themeZip(name, version, marker),
  });
  const message = page.getByTestId('theme-upload-message');
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message).toHaveAttribute('data-severity', 'success');
}

const card = (page: Page, name: string) => page.getByTestId('theme-card').filter({ hasText: name });

test('upload, apply, a new version, enable the earlier one, download it; design with a live preview', async ({
  page,
  browser,
}) => {
  await apiCall(page.request, 'site/publish', { publish: true });
  const visit = await apiCall<{ url: string }>(page.request, 'site/visit');
  const site = new URL(visit.url).origin;
  expect(site).toMatch(/^http:\/\/[a-z0-9-]+\.sites\.localhost:\d+$/);
  // Unique per run: a worker's server may have seen this spec before.
  const name = `Theme B ${Date.now()}`;
  const visitor = await signedOutPage(browser);
  const siteShows = async (text: string) => {
    await expect(async () => {
      await visitor.goto(site);
      await expect(visitor.getByRole('heading', { name: text })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  };

  // The list: the built-in theme; the menu leads here.
  await page.goto('/');
  await page.getByRole('menuitem', { name: '佈景主題' }).click();
  await expect(page).toHaveURL(/\/setting\/theme$/);
  await expect(page.getByTestId('theme-card').first()).toBeVisible();

  // A file that is no zip is refused before anything is sent.
  await page.getByTestId('theme-upload-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByTestId('theme-upload-message')).toHaveText('請選擇 .zip 檔');

  // A theme the server refuses: its message names the file and stays on screen.
  await page.getByTestId('theme-upload-input').setInputFiles({
    name: 'broken.zip',
    mimeType: 'application/zip',
    buffer: await themeZip(name, '0.0.1', 'BROKEN', '<h1>{% if site.name %}unclosed</h1>'),
  });
  const refused = page.getByTestId('theme-upload-message');
  await expect(refused).toHaveAttribute('data-severity', 'error', { timeout: 30_000 });
  await expect(refused).toContainText('templates/index.liquid');
  await expect(card(page, name)).toHaveCount(0);

  // Upload, then apply it from the detail: the site wears it.
  await upload(page, name, '1.0.0', 'THEME-B v1');
  await expect(card(page, name)).toBeVisible();
  await card(page, name).getByRole('button').click();
  const detail = page.getByRole('dialog', { name: '主題資訊' });
  await expect(detail.getByText('版本 1.0.0').first()).toBeVisible();
  // Not applied yet: its version is the one used once applied, not "in use".
  await expect(detail.getByText('使用中的版本', { exact: true })).toHaveCount(0);
  const tag = detail.getByTestId('theme-version-tag');
  await expect(tag).toHaveText('套用時使用的版本');
  await detail.getByRole('button', { name: '套用', exact: true }).click();
  await page
    .getByRole('dialog', { name: `套用「${name}」？` })
    .getByRole('button', { name: '套用' })
    .click();
  await expect(page.getByText(`已套用「${name}」`)).toBeVisible();
  await expect(card(page, name).getByTestId('theme-applied')).toBeVisible();
  await expect(tag).toHaveText('使用中的版本');
  await detail.getByRole('button', { name: '關閉' }).click();
  await shot(page, 'theme-list');
  await siteShows('THEME-B v1');

  // The same name again is its next version, in use at once.
  await upload(page, name, '2.0.0', 'THEME-B v2');
  await siteShows('THEME-B v2');

  // The detail lists both; enabling 1.0.0 rolls the site back.
  await card(page, name).getByRole('button').click();
  await expect(detail.getByTestId('theme-version')).toHaveCount(2);
  await detail.getByRole('button', { name: '啟用版本 1.0.0' }).click();
  await expect(page.getByText('已啟用版本 1.0.0')).toBeVisible();
  await expect(detail.getByRole('button', { name: '啟用版本 2.0.0' })).toBeVisible();
  await shot(page, 'theme-detail');
  await siteShows('THEME-B v1');

  // Download 1.0.0: a zip whose theme.json says so.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('button', { name: '下載版本 1.0.0' }).click(),
  ]);
  const manifest = await manifestOf(readFileSync(await download.path()));
  expect(manifest).toMatchObject({ name, version: '1.0.0' });
  await detail.getByRole('button', { name: '關閉' }).click();

  // /design: the applied theme's colour setting; the live preview wears the unsaved colour.
  await page.getByRole('menuitem', { name: '網站風格' }).click();
  await expect(page).toHaveURL(/\/design$/);
  const hex = page.getByLabel('主色（色碼）');
  await expect(hex).toHaveValue('#336699');
  const iframe = page.getByTestId('design-preview');
  await expect(iframe).toHaveAttribute('title', '網站預覽');
  await hex.fill('#c0ffee');
  const previewHtml = async () => {
    const frame = await (await iframe.elementHandle())?.contentFrame();
    return frame ? await frame.content().catch(() => '') : '';
  };
  await expect.poll(previewHtml, { timeout: 30_000 }).toContain('#c0ffee');
  await shot(page, 'design');
  // Visitors see it once saved.
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page.getByText('已儲存', { exact: true })).toBeVisible();
  await expect(async () => {
    await visitor.goto(site);
    expect(await visitor.content()).toContain('#c0ffee');
  }).toPass({ timeout: 30_000 });

  // Back to the built-in theme, for whatever runs next on this server.
  await apiCall(page.request, 'theme/apply', { id: 0 });
  await visitor.context().close();
});

test('a theme whose page loops: visitors get the error page, the owner sees why on the theme detail', async ({
  page,
  browser,
}) => {
  await apiCall(page.request, 'site/publish', { publish: true });
  const site = new URL((await apiCall<{ url: string }>(page.request, 'site/visit')).url).origin;
  const name = `Loop ${Date.now()}`;
  await page.goto('/setting/theme');
  await page.getByTestId('theme-upload-input').setInputFiles({
    name: 'loop.zip',
    mimeType: 'application/zip',
    buffer: await themeZip(
      name,
      '1.0.0',
      'LOOP',
      '{% for i in (1..5000) %}{% for j in (1..5000) %}{{ j }}{% endfor %}{% endfor %}',
    ),
  });
  await expect(page.getByTestId('theme-upload-message')).toHaveAttribute('data-severity', 'success', {
    timeout: 30_000,
  });
  const { id } = await apiCall<{ id: number }>(page.request, 'theme/apply', {
    id: (await apiCall<{ id: number; name: string }[]>(page.request, 'theme/list')).find(
      (t) => t.name === name,
    )?.id,
  });
  expect(id).toBeGreaterThan(0);

  // The visitor: the renderer's own error page, in bounded time.
  const visitor = await signedOutPage(browser);
  const answer = await visitor.goto(site);
  expect(answer?.status()).toBe(500);
  await expect(visitor.getByRole('heading', { name: '頁面暫時無法顯示' })).toBeVisible();
  await visitor.context().close();

  // The owner: the detail says which address failed and why.
  await page.reload();
  await card(page, name).getByRole('button').click();
  const detail = page.getByRole('dialog', { name: '主題資訊' });
  await expect(detail.getByRole('alert')).toContainText('顯示 / 時發生錯誤');
  await expect(detail.getByRole('alert')).toContainText('頁面製作超過時間上限（2 秒）');
  await shot(page, 'theme-render-error');
  await detail.getByRole('button', { name: '關閉' }).click();
  await apiCall(page.request, 'theme/apply', { id: 0 });
});
