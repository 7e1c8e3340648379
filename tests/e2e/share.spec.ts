/**
 * Sharing on the built-in sandbox (issue 16 "Sharing"): the social accounts screen connects Facebook through the
 * sandbox's consent window and a page choice; a published article is shared to Facebook from the writer's share
 * panel and the result shows; a second click on the same attempt answers the same share without posting again (the
 * panel's history keeps one row); the list's row menu opens the same panel.
 */
import type { Page } from '@playwright/test';
import { apiCall, expect, shot, test } from './fixtures';

async function connectFacebook(page: Page) {
  await page.goto('/setting/social');
  const card = page.getByTestId('social-facebook');
  const state = card.getByTestId('social-facebook-state');
  await expect(state).toHaveAttribute('data-status', /.+/);
  if ((await state.getAttribute('data-status')) === 'connected') return;
  if ((await state.getAttribute('data-status')) === 'pending')
    await card.getByRole('button', { name: '取消授權' }).click();
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: /連結/ }).click();
  const consent = await popup;
  await expect(consent.getByRole('heading', { name: /Facebook 授權/ })).toBeVisible();
  await consent.getByRole('button', { name: /授權/ }).click();
  await expect(consent.getByRole('heading', { name: /授權完成/ })).toBeVisible();
  await consent.close();
  await expect(state).toHaveAttribute('data-status', 'pending');
  await card.getByRole('radio', { name: /第二個專頁/ }).check();
  await shot(page, 'share-choose-page');
  await card.getByRole('button', { name: '確認連結' }).click();
  await expect(state).toHaveAttribute('data-status', 'connected');
  await expect(state).toContainText('第二個專頁');
  // Instagram is separate, and untouched.
  await expect(page.getByTestId('social-instagram-state')).not.toHaveAttribute('data-status', 'connected');
}

test('connect Facebook on the sandbox, share an article from the writer once, even clicked twice', async ({
  page,
}) => {
  await connectFacebook(page);
  const title = `分享測試 ${Date.now().toString(36)}`;
  const made = await apiCall<{ id: number }>(page.request, 'press/save?t=1', {
    id: 0,
    title,
    content: { blocks: [{ type: 'paragraph', data: { text: '內文' } }] },
    version: 0,
  });
  await apiCall(page.request, 'press/publish?t=1', { id: made.id, mode: 1 });

  await page.goto(`/edit/post/${made.id}`);
  await page.getByTestId('writer-share').click();
  const dialog = page.getByRole('dialog', { name: '分享文章' });
  await expect(dialog.getByRole('textbox', { name: '訊息' })).toHaveValue(title);
  await dialog.getByRole('textbox', { name: '訊息' }).fill(`${title} 快來看`);
  await dialog.getByTestId('share-submit').click();
  const result = dialog.getByTestId('share-result');
  await expect(result).toContainText('已分享到 Facebook');
  const first = await result.getAttribute('data-share-id');
  await expect(dialog.getByTestId('share-history-row')).toHaveCount(1);
  await shot(page, 'share-panel-posted');

  // The same attempt again: the same share answers, nothing new is posted.
  const again = page.waitForResponse((r) => r.url().includes('/api/share/execute'));
  await dialog.getByTestId('share-submit').click();
  expect((await (await again).json()).data.id).toBe(Number(first));
  await expect(result).toHaveAttribute('data-share-id', first ?? '');
  await expect(dialog.getByTestId('share-history-row')).toHaveCount(1);
  const status = await apiCall<{ shares: { id: number; status: string }[] }>(page.request, 'share/status', {
    id: made.id,
  });
  expect(status.shares).toHaveLength(1);
  expect(status.shares[0]).toMatchObject({ id: Number(first), status: 'posted' });

  // Instagram is not connected: the panel says so and does not send.
  await dialog.getByRole('radio', { name: /Instagram/ }).check();
  await expect(dialog.getByTestId('share-blocked')).toBeVisible();
  await expect(dialog.getByTestId('share-submit')).toBeDisabled();
  await dialog.getByRole('button', { name: '關閉' }).click();

  // The article list's row menu opens the same panel, with the past share.
  await page.goto('/press');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /更多|More/ }).click();
  await page.getByRole('menuitem', { name: '分享' }).click();
  await expect(page.getByRole('dialog', { name: '分享文章' }).getByTestId('share-history-row')).toHaveCount(
    1,
  );
});
