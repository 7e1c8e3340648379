/**
 * Reader plans in the browser: the owner adds a plan in the 'subscription item' modal of /subscription and edits the
 * paywall text, with the SPEC's toasts. A reader's whole purchase, from the paywall to cancelling, is the journey
 * test (journey-reader.spec.ts).
 */
import { expect, shot, test } from './fixtures';

test('the owner adds a reader plan and writes the paywall text', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: '讀者訂閱方案' })).toBeVisible({
    timeout: 15_000,
  });
  const name = `月訂閱 ${Date.now()}`;
  await page.getByRole('button', { name: '新增方案' }).click();
  const dialog = page.getByTestId('reader-plan-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('方案名稱').fill(name);
  await dialog.getByLabel('價格（新台幣）').fill('150');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('方案已更新。')).toBeVisible();
  await expect(page.getByTestId('reader-plan-card').filter({ hasText: name })).toBeVisible();
  await expect(page.getByText('讀者可以訂閱上架的方案。')).toBeVisible();

  const editor = page.locator('.ProseMirror').last();
  await editor.click();
  await page.keyboard.insertText('加入會員閱讀全文');
  await page.getByRole('button', { name: '儲存' }).last().click();
  await expect(page.getByText('方案內文已更新。')).toBeVisible();
  await shot(page, 'subscription-screen');
});
