/**
 * The media library as a person uses it: two pictures uploaded at once on /file, each with a progress bar moved by
 * the bytes sent (the upload is throttled through Chromium's network emulation so the bars can be seen), a preview
 * at /file/image/:id, deleting one after a confirmation; the picker offered by the shared image field; a cover
 * uploaded in the writer with its progress bar, then swapped for one chosen from the library; and on
 * /setting/general a logo uploaded with its progress bar and a site icon (PNG or ICO only). The library shows the
 * site's stored uploads against its plan's total (已使用 X MB / Y MB with a bar), counting new pictures.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { shownMb } from '../../contract/uploadQuota';
import { expect, shot, test } from './fixtures';

/** Noise does not compress: a picture of about width × height × 3 bytes, slow enough to watch on a slow line. */
const noisyPng = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** Uploads crawl at `kbps` kilobytes a second until the returned function is called. */
async function throttleUploads(page: Page, kbps: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: kbps * 1024,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/** The value of each progress bar once it is strictly between 0 and 100: the bar moved with the bytes. */
async function expectMidway(page: Page, name: string) {
  const bar = page.getByRole('progressbar', { name, exact: true });
  await expect
    .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), {
      timeout: 20_000,
      intervals: [100],
    })
    .toBeGreaterThan(0);
  const value = Number(await bar.getAttribute('aria-valuenow'));
  expect(value).toBeLessThan(100);
}

test('library: two uploads with progress bars, preview, delete one, SPEC addresses', async ({ page }) => {
  await page.goto('/file');
  await expect(page).toHaveURL(/\/file$/);
  // Other tests of this server may have left pictures: count from what is there.
  const listed = async () =>
    (await page.request.post('/api/file/list', { data: { query: { size: 100 } } }).then((r) => r.json())).data
      .rows as { id: number; name: string; path: string }[];
  const before = (await listed()).length;
  expect(before).toBeLessThan(20);
  // The site's stored uploads against its plan's total (issue 18), as file/usage answers them.
  const usageLine = page.getByTestId('upload-usage');
  const usageNow = async () => {
    const u = (await page.request.post('/api/file/usage', { data: {} }).then((r) => r.json())).data;
    return `已使用 ${shownMb(u.used_bytes)} MB / ${u.quota_mb} MB`;
  };
  await expect(usageLine).toHaveText(/^已使用 [\d.]+ MB \/ \d+ MB$/);
  await expect(usageLine.getByRole('progressbar')).toBeVisible();
  const usageBefore = await usageLine.textContent();

  const [sea, city] = await Promise.all([noisyPng(800, 500), noisyPng(640, 640)]);
  const restore = await throttleUploads(page, 400);
  await page.getByTestId('media-upload-input').setInputFiles([
    { name: '海邊.png', mimeType: 'image/png', buffer: sea },
    { name: 'city.png', mimeType: 'image/png', buffer: city },
  ]);
  const rows = page.getByTestId('upload-row');
  await expect(rows).toHaveCount(2);
  await expectMidway(page, '海邊.png');
  await expectMidway(page, 'city.png');
  await expect(rows.filter({ hasText: /上傳中… \d+%/ }).first()).toBeVisible();
  await shot(page, 'media-uploading');
  await expect(rows.filter({ hasText: '已上傳' })).toHaveCount(2, { timeout: 60_000 });
  await restore();
  // The rows' own bars (the list's loading bar may come and go meanwhile).
  const bars = rows.getByRole('progressbar');
  await expect(bars).toHaveCount(2);
  for (const i of [0, 1]) await expect(bars.nth(i)).toHaveAttribute('aria-valuenow', '100');

  const tiles = page.getByTestId('media-tile');
  await expect(tiles).toHaveCount(before + 2);
  // The usage line counts the new pictures (about 2.4 MB of noise).
  await expect.poll(async () => (await usageLine.textContent()) === (await usageNow())).toBe(true);
  expect(await usageLine.textContent()).not.toBe(usageBefore);
  await shot(page, 'media-library');

  // Preview: the address names the picture, and survives a reload.
  await page.getByRole('button', { name: '海邊.png', exact: true }).click();
  await expect(page).toHaveURL(/\/file\/image\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const preview = page.getByTestId('file-preview');
  await expect(preview.getByRole('heading', { name: '海邊.png' })).toBeVisible();
  await expect(preview.getByText('800×500')).toBeVisible();
  await expect(preview.getByTestId('file-preview-image')).toHaveJSProperty('naturalWidth', 800);
  const path = (await preview.getByTestId('file-preview-path').textContent()) ?? '';
  expect(path).toMatch(/^\/uploads\/\d+\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
  await page.reload();
  await expect(preview.getByRole('heading', { name: '海邊.png' })).toBeVisible();
  await shot(page, 'media-preview');

  // Delete, after the confirmation: the picture and its bytes are gone.
  await preview.getByRole('button', { name: '刪除' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '刪除圖片「海邊.png」？' });
  await expect(confirm).toBeVisible();
  await shot(page, 'media-delete-confirm');
  await confirm.getByRole('button', { name: '刪除' }).click();
  await expect(page.getByText('圖片已刪除')).toBeVisible();
  await expect(page).toHaveURL(/\/file$/);
  await expect(tiles).toHaveCount(before + 1);
  await expect(page.getByRole('button', { name: '海邊.png', exact: true })).toHaveCount(0);
  await expect(tiles.first()).toHaveAttribute('data-name', 'city.png');
  expect((await page.request.get(path)).status()).toBe(404);

  // The SPEC's deeper addresses open the preview; a picture that is gone says so; other types are not found.
  const left = (await listed()).find((f) => f.name === 'city.png');
  if (!left) throw new Error('city.png is not listed');
  await page.goto(`/file/image/${left.id}/edit`);
  await expect(preview.getByRole('heading', { name: 'city.png' })).toBeVisible();
  await page.goto(`/file/image/1/${left.id}/preview`);
  await expect(preview.getByRole('heading', { name: 'city.png' })).toBeVisible();
  await page.goto(`/file/image/${id}`);
  await expect(page.getByText('找不到這張圖片，可能已被刪除。')).toBeVisible();
  await expect(page).toHaveURL(/\/file$/);
  // /file/video is the video library (issue 16); deeper video addresses are not found.
  await page.goto('/file/video/1');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the shared image field offers the library: upload there with a progress bar, or choose', async ({
  page,
}) => {
  await page.goto('/author/0');
  const dialog = page.getByTestId('author-dialog');
  await expect(dialog.getByRole('heading', { name: '新增作者' })).toBeVisible();

  await dialog.getByTestId('avatar-file-library').click();
  const picker = page.getByTestId('image-picker');
  await expect(picker.getByRole('heading', { name: '選擇圖片' })).toBeVisible();
  await expect(picker.getByTestId('picker-use')).toBeDisabled();

  // Uploaded in the picker: its bar moves, then it is chosen.
  const portrait = await noisyPng(800, 800);
  const restore = await throttleUploads(page, 200);
  await picker
    .getByTestId('picker-upload-input')
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: portrait });
  await expectMidway(page, 'portrait.png');
  await shot(page, 'media-picker-uploading');
  await expect(picker.getByTestId('upload-row')).toContainText('已上傳', { timeout: 60_000 });
  await restore();
  const tile = picker
    .getByTestId('media-tile')
    .filter({ has: page.getByRole('button', { name: 'portrait.png' }) });
  await expect(tile.getByRole('button', { name: 'portrait.png' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'media-picker');
  await picker.getByTestId('picker-use').click();
  await expect(picker).toHaveCount(0);
  await expect(dialog.getByTestId('image-upload-preview').getByRole('img')).toHaveAttribute(
    'src',
    /^\/uploads\//,
  );
});

test("the writer's cover: uploaded with its progress bar, then chosen from the library", async ({ page }) => {
  await page.goto('/edit/post/0');
  await expect(page.getByTestId('writer-body')).toBeVisible();
  // A picture already in the library, to choose later.
  const spare = await page.request.post('/api/element/upload/image', {
    multipart: { file: { name: 'spare.png', mimeType: 'image/png', buffer: await noisyPng(90, 60) } },
  });
  const sparePath = (await spare.json()).data.path as string;

  const restore = await throttleUploads(page, 100);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('cover-button').click();
  await (await chooser).setFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await noisyPng(1200, 800),
  });
  await page.getByTestId('cropper-apply').click();
  const progress = page.getByTestId('cover-progress');
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')), {
      timeout: 20_000,
      intervals: [100],
    })
    .toBeGreaterThan(0);
  await expect(progress).toContainText(/上傳中… \d+%/);
  await shot(page, 'media-cover-uploading');
  await expect(page.getByTestId('cover-image')).toHaveAttribute('src', /^\/uploads\//, { timeout: 60_000 });
  await restore();
  await expect(progress).toHaveCount(0);

  // The cover just uploaded is in the library too, newest and selected; another is chosen with a double click.
  await page.getByTestId('cover-library').click();
  const picker = page.getByTestId('image-picker');
  const tiles = picker.getByTestId('media-tile');
  await expect(tiles.first().locator('img')).toHaveAttribute(
    'src',
    (await page.getByTestId('cover-image').getAttribute('src')) ?? '',
  );
  await expect(tiles.first().getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await picker.getByRole('button', { name: 'spare.png', exact: true }).dblclick();
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('cover-image')).toHaveAttribute('src', sparePath);
  await shot(page, 'media-cover-chosen');
});

test('a logo uploaded with its progress bar, and a site icon, on /setting/general', async ({ page }) => {
  await page.goto('/setting/general');
  await expect(page.getByTestId('settings-general')).toBeVisible();
  const logoField = page.locator('[data-field="logo-file"]');
  const iconField = page.locator('[data-field="favicon-file"]');
  await expect(logoField.getByTestId('logo-file-library')).toBeVisible();
  // Pictures of the library are no icons: the icon field offers none.
  await expect(iconField.getByTestId('favicon-file-library')).toHaveCount(0);

  const restore = await throttleUploads(page, 150);
  await page.getByTestId('logo-file').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await noisyPng(700, 500),
  });
  const progress = page.getByTestId('logo-file-progress');
  await expect
    .poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')), {
      timeout: 20_000,
      intervals: [100],
    })
    .toBeGreaterThan(0);
  await expect(progress).toContainText(/上傳中… \d+%/);
  await logoField.scrollIntoViewIfNeeded();
  await shot(page, 'media-logo-uploading');
  const logo = logoField.getByTestId('image-upload-preview').getByRole('img');
  await expect(logo).toHaveAttribute('src', /^\/uploads\/.+\.png$/, { timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  await restore();

  // The icon: an SVG is refused before it is sent; a square PNG is taken.
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"/>');
  await page
    .getByTestId('favicon-file')
    .setInputFiles({ name: 'icon.svg', mimeType: 'image/svg+xml', buffer: svg });
  await expect(iconField.getByText('只能上傳 PNG 或 ICO 圖示')).toBeVisible();
  const square = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#1e6b5c' } })
    .png()
    .toBuffer();
  await page
    .getByTestId('favicon-file')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: square });
  const icon = iconField.getByTestId('image-upload-preview').getByRole('img');
  await expect(icon).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  await shot(page, 'media-logo-favicon');

  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('儲存成功')).toBeVisible();
  const logoPath = await logo.getAttribute('src');
  const profile = (await page.request.post('/api/site/profile', { data: {} }).then((r) => r.json())).data;
  expect(profile).toMatchObject({ logo: logoPath, favicon: await icon.getAttribute('src') });
  await page.reload();
  await expect(logoField.getByTestId('image-upload-preview').getByRole('img')).toHaveAttribute(
    'src',
    logoPath ?? '',
  );
});
