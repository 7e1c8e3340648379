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
  // Every toast react-admin shows (its Notification, classes RaNotification-success, -error …) is recorded as it
  // appears, so that one shown and gone between two looks is still seen.
  await writer.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[class*="RaNotification-"]'))
        if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  const toastsSeen = () => writer.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
  // Two frames drawn: whatever React had to show by now is on the screen (and recorded).
  const drawn = () =>
    writer.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    );
  await writer.goto('/category');
  await expect(writer).toHaveURL(/\/category$/);
  await expect(writer.getByRole('row').filter({ hasText: '科技' })).toBeVisible();
  expect(await toastsSeen()).toEqual([]);

  // The writer selects a category to delete; meanwhile the owner takes deleting away.
  await writer.getByRole('row').filter({ hasText: '科技' }).getByRole('checkbox').check();
  const setRole = async (permissions: string[]) => {
    const r = await page.request.post('/api/role/save', { data: { id: role.id, name: '寫手', permissions } });
    expect((await r.json()).code).toBe(1);
  };
  await setRole(['post.view', 'post.edit']);
  // The delete's failure is handled (its toast, if any, asked for) before the list is read again (the mutation's
  // onError, then its onSettled): that read's answer, the first 200 after the 403, comes after it.
  let refused = false;
  const refusedDelete = writer.waitForResponse((r) => {
    const hit = r.url().includes('/api/label/') && r.status() === 403;
    if (hit) refused = true;
    return hit;
  });
  const readAfter = writer.waitForResponse(
    (r) => refused && r.url().includes('/api/label/') && r.status() === 200,
  );
  await writer
    .locator('[data-test="bulk-actions-toolbar"]')
    .getByRole('button', { name: '刪除', exact: true })
    .click();
  const confirm = writer.getByRole('dialog').getByRole('button', { name: /確認|刪除/ });
  if (await confirm.isVisible()) await confirm.click();
  await refusedDelete;
  await readAfter;
  await drawn();
  expect(await toastsSeen()).toEqual([]);
  // Nothing was deleted.
  await expect(writer.getByRole('row').filter({ hasText: '科技' })).toBeVisible();

  // Then reading: the list asks again (react-admin's refresh button) and is refused as quietly.
  await setRole(['post.edit']);
  const refusedList = writer.waitForResponse((r) => r.url().includes('/api/label/') && r.status() === 403);
  await writer.getByRole('button', { name: /重新整理|Refresh/ }).click();
  await refusedList;
  // What the writer may do is read again after a refusal: the list, no longer theirs to read, gives way to
  // react-admin's access-denied screen, long after the refused call's failure was handled.
  await expect(writer.getByText('您沒有存取此頁面的權限')).toBeVisible();
  await drawn();
  expect(await toastsSeen()).toEqual([]);
  await shot(writer, 'refused-list');
});
