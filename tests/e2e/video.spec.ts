import { rmSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Video } from '../../contract/files';
import type { ListResult } from '../../contract/list';
import { mp4 } from '../fixtures/videos';
import { apiCall, expect, shot, test } from './fixtures';

/** A 1×1 PNG for a cover. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function coverOf(api: APIRequestContext): Promise<string> {
  const reply = await (
    await api.post('/api/element/upload/image', {
      multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).json();
  expect(reply.code).toBe(1);
  return reply.data.path as string;
}

const videosTitled = async (api: APIRequestContext, title: string) =>
  (
    await apiCall<ListResult<Video>>(api, 'video/list', {
      query: { page: 1, size: 10, filters: [{ col: 'title', value: title, type: 'search' }] },
    })
  ).rows;

/** Opens the video picker of the writer already shown, through the slash menu. */
async function openVideoPicker(page: Page) {
  await page.getByTestId('writer-body').click();
  await page.keyboard.insertText('/影片');
  await page.keyboard.press('Enter');
  return page.getByRole('dialog', { name: '選擇影片' });
}

test('a video goes through the upload modal into the library and the writer; a lost file shows 影片遺失', async ({
  page,
  world,
}) => {
  const api = page.request;
  const title = `e2e-clip-${Date.now()}`;
  try {
    await page.goto('/file/video');
    await expect(page.getByRole('tab', { name: '影片', selected: true })).toBeVisible();

    // The first PATCH waits until the test has seen the progress bar.
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/element/upload/video/*', async (route) => {
      if (route.request().method() === 'PATCH') await released;
      await route.continue();
    });

    await page.getByRole('button', { name: '上傳影片' }).click();
    const modal = page.getByRole('dialog', { name: '上傳影片' });
    await modal
      .getByTestId('video-input')
      .setInputFiles({ name: `${title}.mp4`, mimeType: 'video/mp4', buffer: mp4(3 * 1024 * 1024, 5) });
    const bar = modal.getByRole('progressbar', { name: /上傳中… \d+%/ });
    await expect(bar).toBeVisible();
    await expect(modal).toContainText('上傳中… 0%');
    await shot(page, 'video-uploading');
    release();
    await expect(modal.getByText('上傳完成')).toBeVisible();
    await shot(page, 'video-done');
    await modal.getByRole('button', { name: '關閉' }).click();
    await page.unroute('**/api/element/upload/video/*');

    // In the library, with its length and size.
    const card = page.getByTestId('video-card').filter({ hasText: title });
    await expect(card).toContainText('0:05');
    await expect(card).toContainText('3 MB');

    // A cover (the browser could not take a frame of this file, so it is chosen here) makes it pickable.
    const [video] = await videosTitled(api, title);
    expect(video).toMatchObject({ status: 'ready', duration: 5, missing: false });
    if (!video.cover) {
      await apiCall(api, 'video/save', { id: video.id, title, content: '', cover: await coverOf(api) });
    }
    // A post of its own (saved, so that it can be opened again) with the video in a block.
    await page.goto('/edit/post/0');
    await page.getByTestId('writer-title').click();
    await page.keyboard.insertText(title);
    await expect(page).toHaveURL(/\/edit\/post\/[1-9]\d*$/);
    const picker = await openVideoPicker(page);
    await picker.getByPlaceholder('搜尋影片標題').fill(title);
    await picker.getByRole('button', { name: title }).click();
    const block = page.locator('[data-block="video"]');
    await expect(block).toHaveCount(1);
    await expect(block.locator('img')).toBeVisible();
    await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');
    await shot(page, 'video-block');

    // Its file gone from the storage: 影片遺失 in the block, the picker and the library.
    const stored = (await videosTitled(api, title))[0];
    rmSync(path.join(world.dataDir, 'uploads', stored.url.replace(/^\/uploads\//, '')));
    await page.reload();
    await expect(page.locator('[data-block="video"]')).toContainText('影片遺失');
    const again = await openVideoPicker(page);
    await again.getByPlaceholder('搜尋影片標題').fill(title);
    await expect(again.getByRole('button', { name: title })).toContainText('影片遺失');
    await expect(again.getByRole('button', { name: title })).toBeDisabled();
    await page.goto('/file/video');
    await expect(page.getByTestId('video-card').filter({ hasText: title })).toContainText('影片遺失');
  } finally {
    for (const v of await videosTitled(api, title)) await apiCall(api, 'video/delete', { id: v.id });
  }
});
