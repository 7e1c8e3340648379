/**
 * A refused call stays silent (SPEC §8): the owner takes a permission away while its holder has a screen open; what
 * the holder then does with it is refused (403) without a toast: a list loaded again, and react-admin's own bulk
 * delete, whose controller would otherwise show its generic 'error talking to the server' toast.
 */
import { expect, shot, signedInPage, test } from './fixtures';

test('calls refused after the role changed show no error toast', async ({ page, browser, world }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);

  // A custom role that may read and write, and someone holding it.
  const saved = await page.request.post('/api/role/save', {
    data: { id: 0, name: '寫手', permissions: ['post.view', 'post.edit', 'post.delete'] },
  });
  const role = (await saved.json()).data as { id: number };
  const email = 'quiet.writer@example.com';
  const invited = await page.request.post('/api/member/invite', {
    data: { email, nickname: '寫手', roles: role.id },
  });
  expect((await invited.json()).code).toBe(1);
  const token = decodeURIComponent(await world.sink.waitFor(email, /\/auth\/invite\?v=([\w%-]+)/));
  const joined = await page.request.post('/api/member/join', {
    data: { v: token, nickname: '寫手', password: 'writer-pass-1' },
  });
  expect((await joined.json()).code).toBe(1);

  const writer = await signedInPage(browser, world.url, email, 'writer-pass-1');
  await writer.goto('/category');
  await expect(writer).toHaveURL(/\/category$/);
  await expect(writer.getByRole('row').filter({ hasText: '科技' })).toBeVisible();

  // react-admin's toasts (its Notification, classes RaNotification-success, -error …) stay 4 s: counted once, 1 s
  // after the answer (an expect().toHaveCount(0) would wait for them to go).
  const toastsAfterASecond = async () => {
    await writer.waitForTimeout(1_000);
    return writer.locator('[class*="RaNotification-"]').count();
  };

  // The writer selects a category to delete; meanwhile the owner takes deleting away.
  await writer.getByRole('row').filter({ hasText: '科技' }).getByRole('checkbox').check();
  const setRole = async (permissions: string[]) => {
    const r = await page.request.post('/api/role/save', { data: { id: role.id, name: '寫手', permissions } });
    expect((await r.json()).code).toBe(1);
  };
  await setRole(['post.view', 'post.edit']);
  const refusedDelete = writer.waitForResponse((r) => r.url().includes('/api/label/') && r.status() === 403);
  await writer
    .locator('[data-test="bulk-actions-toolbar"]')
    .getByRole('button', { name: '刪除', exact: true })
    .click();
  const confirm = writer.getByRole('dialog').getByRole('button', { name: /確認|刪除/ });
  if (await confirm.isVisible()) await confirm.click();
  await refusedDelete;
  expect(await toastsAfterASecond()).toBe(0);
  // Nothing was deleted.
  await expect(writer.getByRole('row').filter({ hasText: '科技' })).toBeVisible();

  // Then reading: the list asks again (react-admin's refresh button) and is refused as quietly.
  await setRole(['post.edit']);
  const refusedList = writer.waitForResponse((r) => r.url().includes('/api/label/') && r.status() === 403);
  await writer.getByRole('button', { name: /重新整理|Refresh/ }).click();
  await refusedList;
  expect(await toastsAfterASecond()).toBe(0);
  await shot(writer, 'refused-list');
});
