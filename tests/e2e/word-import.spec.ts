/**
 * Word import from the article list: a .docx made here goes through the dialog, the progress shows (the reply is
 * held until it has been seen), and the writer opens on the new draft with its title, heading, bold text and picture.
 * A broken file says 轉換時發生錯誤 in the dialog.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { docx, heading, para, picture, run } from '../fixtures/docx';
import { expect, shot, test } from './fixtures';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The article list, settled on a draft of this test's own (so the toolbar stays put while the dialog is open). */
async function openList(page: Page) {
  const title = `列表上的草稿 ${Date.now()}`;
  const res = await page.request.post('/api/press/save?t=1', {
    data: { id: 0, version: 0, title, content: { blocks: [] } },
  });
  expect((await res.json()).code).toBe(1);
  await page.goto('/press');
  await expect(page.getByText(title)).toBeVisible();
}

test('imports a Word document: the progress, then the writer on the new draft', async ({ page }) => {
  const title = `匯入的報告 ${Date.now()}`;
  const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3080c0' } })
    .png()
    .toBuffer();
  const bytes = await docx(
    heading(1, title) +
      para(run('第一段 '), run('粗體字', { bold: true })) +
      heading(2, '小節標題') +
      picture('rIdImg'),
    { images: { rIdImg: { bytes: image } } },
  );
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/press/import', async (route) => {
    await held;
    await route.continue();
  });

  await openList(page);
  await page.getByRole('button', { name: '匯入 Word' }).click();
  const dialog = page.getByRole('dialog', { name: '從 Word 匯入文章' });
  await dialog
    .getByTestId('word-import-input')
    .setInputFiles({ name: 'report.docx', mimeType: DOCX_TYPE, buffer: bytes });
  await expect(dialog.getByTestId('word-import-progress')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await shot(dialog, 'word-import-progress');
  release();

  await expect(page).toHaveURL(/\/edit\/post\/[1-9]\d*$/, { timeout: 30_000 });
  await expect(page.getByTestId('writer-title')).toHaveValue(title);
  const body = page.getByTestId('writer-body');
  await expect(body.locator('h3')).toHaveText('小節標題');
  await expect(body.locator('strong')).toHaveText('粗體字');
  await expect(body.locator('figure[data-block="image"] img')).toHaveAttribute('src', /^\/uploads\//);
  await shot(page, 'word-import-writer');
});

test('a broken Word file says 轉換時發生錯誤 and another may be chosen', async ({ page }) => {
  const good = await docx(heading(1, '壞掉的'));
  await openList(page);
  await page.getByRole('button', { name: '匯入 Word' }).click();
  const dialog = page.getByRole('dialog', { name: '從 Word 匯入文章' });
  await dialog.getByTestId('word-import-input').setInputFiles({
    name: 'broken.docx',
    mimeType: DOCX_TYPE,
    buffer: good.subarray(0, Math.floor(good.length / 2)),
  });
  await expect(dialog.getByTestId('word-import-error')).toHaveText('轉換時發生錯誤');
  await expect(dialog.getByRole('button', { name: '選擇檔案' })).toBeEnabled();
});
