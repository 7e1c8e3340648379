/**
 * Staff as the owner manages them and as an invitee joins: the owner invites an editor from /admin (the add dialog's
 * messages, the pending invitation), the link comes from the SMTP sink, the editor sees account and role read-only,
 * sets a nickname and a password (the toggle shows it), joins and is signed in; a 編輯 has neither /role nor /admin but
 * has /press. The owner then exports the CSV, changes the editor's role on /admin/:id, finds their own record
 * read-only, and removes the editor after a confirmation.
 */
import { readFile } from 'node:fs/promises';
import { expect, OWNER, shot, signedOutPage, test } from './fixtures';

const EDITOR = { email: 'eddie@example.com', password: 'editor-pass-1' };

test('the owner invites an editor, who joins by the mailed link and has only the writing screens', async ({
  page,
  browser,
  world,
}) => {
  // Two people, three browsers and a download: longer than one screen's test.
  test.setTimeout(240_000);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  const ownerRow = page.getByRole('row').filter({ hasText: OWNER.email });
  await expect(ownerRow.getByTestId('role-chip')).toHaveText('擁有者');
  await expect(ownerRow.getByText('你', { exact: true })).toBeVisible();
  // Earlier specs of this worker may have renamed the demo site and added people to it: start from what is there.
  const status = await page.request.post('/api/member/status', { data: {} });
  const siteName: string = (await status.json()).data.site.current.name;
  const seats = page.getByTestId('staff-seats');
  await expect(seats).toHaveText(/^已使用 \d+ \/ 20 個帳號$/);
  const used = Number((await seats.textContent())?.match(/已使用 (\d+)/)?.[1]);
  await shot(page, 'admin-list');

  // The add dialog: SPEC §5 messages, then a valid invitation to 編輯.
  await page.getByRole('button', { name: '邀請人員' }).click();
  const dialog = page.getByTestId('invite-dialog');
  await expect(dialog.getByRole('heading', { name: '邀請人員' })).toBeVisible();
  for (const name of ['管理員', '編輯', '電商人員']) {
    await expect(dialog.getByRole('radio', { name })).toBeVisible();
  }
  await expect(dialog.getByRole('radio', { name: '編輯' })).toBeChecked();
  await dialog.getByRole('button', { name: '寄出邀請' }).click();
  await expect(dialog.getByText('此欄位為必填')).toHaveCount(2);
  const email = dialog.getByRole('textbox', { name: '電子信箱' });
  await email.fill('not-an-address');
  await expect(dialog.getByText('無效的電子信箱格式')).toBeVisible();
  await email.fill(OWNER.email);
  await dialog.getByRole('textbox', { name: '暱稱' }).fill('艾迪');
  await dialog.getByRole('button', { name: '寄出邀請' }).click();
  await expect(dialog.getByText('這個帳號已經是本站人員。')).toBeVisible();
  await email.fill(EDITOR.email);
  await dialog.getByRole('radio', { name: '編輯' }).check();
  await shot(page, 'admin-invite-dialog');
  await dialog.getByRole('button', { name: '寄出邀請' }).click();
  await expect(page.getByText(`邀請已寄給 ${EDITOR.email}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const pending = page.getByTestId('pending-invitations').getByRole('row').filter({ hasText: EDITOR.email });
  await expect(pending).toContainText('艾迪');
  await expect(pending).toContainText('邀請中');
  await expect(seats).toHaveText(`已使用 ${used + 1} / 20 個帳號`);
  await shot(page, 'admin-list-pending');

  // The invitee opens the mailed link in a browser of their own.
  const link = await world.sink.waitFor(EDITOR.email, /(https?:\/\/\S+\/auth\/invite\?v=[\w%-]+)/);
  const invitee = await signedOutPage(browser);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: '加入網站' })).toBeVisible();
  await expect(invitee.getByText(`「${siteName}」邀請你加入管理團隊。`)).toBeVisible();
  const account = invitee.getByRole('textbox', { name: '帳號' });
  await expect(account).toHaveValue(EDITOR.email);
  await expect(account).toHaveAttribute('readonly', '');
  const role = invitee.getByRole('textbox', { name: '角色' });
  await expect(role).toHaveValue('編輯');
  await expect(role).toHaveAttribute('readonly', '');
  await expect(invitee.getByRole('textbox', { name: '暱稱' })).toHaveValue('艾迪');

  const password = invitee.getByLabel('密碼', { exact: true });
  await password.fill('short1');
  await expect(invitee.getByText('密碼格式錯誤')).toBeVisible();
  await password.fill(EDITOR.password);
  await invitee.getByLabel('確認密碼').fill(EDITOR.password);
  await expect(password).toHaveAttribute('type', 'password');
  await invitee.getByRole('button', { name: '顯示密碼' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue(EDITOR.password);
  await shot(invitee, 'auth-invite');
  await invitee.getByRole('button', { name: '加入', exact: true }).click();

  // Joining signed the invitee in: on to the admin, without typing the password again.
  await expect(invitee).toHaveURL(/\/$/);

  // The link was for one use.
  const again = await signedOutPage(browser);
  await again.goto(link);
  await expect(again.getByTestId('invite-invalid')).toHaveText(
    '這個邀請連結無效、已使用或已過期，請向邀請你的人索取新的邀請。',
  );
  await shot(again, 'auth-invite-used');
  await again.context().close();

  // The menu (the shell's words) offers writing but neither staff nor roles.
  await expect(invitee.locator('a[role="menuitem"][href="/press"]')).toBeVisible();
  await expect(page.locator('a[role="menuitem"][href="/admin"]')).toBeVisible();
  await expect(invitee.locator('a[role="menuitem"][href="/admin"]')).toHaveCount(0);
  await expect(invitee.locator('a[role="menuitem"][href="/role"]')).toHaveCount(0);
  for (const path of ['/admin', '/admin/1', '/role']) {
    await invitee.goto(path);
    await expect(invitee.getByText('您沒有存取此頁面的權限')).toBeVisible();
  }
  await invitee.goto('/press');
  await expect(invitee.getByRole('link', { name: '寫文章' }).first()).toBeVisible();
  await expect(invitee.getByText('您沒有存取此頁面的權限')).toHaveCount(0);

  // The owner sees the editor joined and the invitation gone.
  await page.reload();
  const editorRow = page.getByRole('row').filter({ hasText: EDITOR.email });
  await expect(editorRow.getByTestId('role-chip')).toHaveText('編輯');
  await expect(editorRow).toContainText('艾迪');
  await expect(page.getByTestId('pending-invitations')).toHaveCount(0);

  // The CSV export.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '匯出 CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^staff-demo-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF暱稱,電子信箱,角色,狀態,日期\r\n')).toBe(true);
  expect(csv).toContain(`艾迪,${EDITOR.email},編輯,已加入,`);

  // A role that will be gone by the time the change is saved: the save fails with SPEC §8's message.
  const gone = `臨時角色 ${Date.now()}`;
  const made = await page.request.post('/api/role/save', {
    data: { id: 0, name: gone, permissions: ['post.view'] },
  });
  const goneId = ((await made.json()).data as { id: number }).id;

  // /admin/:id: another role, saved.
  await editorRow.getByText(EDITOR.email).click();
  await expect(page).toHaveURL(/\/admin\/\d+$/);
  await expect(page.getByTestId('staff-email')).toHaveText(EDITOR.email);
  await expect(page.getByRole('radio', { name: '編輯' })).toBeChecked();
  await shot(page, 'admin-detail');
  await page.getByRole('radio', { name: gone }).check();
  expect((await (await page.request.post('/api/role/delete', { data: { id: goneId } })).json()).code).toBe(1);
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText(/^帳號角色儲存失敗。/)).toBeVisible();
  await expect(page.getByTestId('role-chip')).toHaveText('編輯');
  await page.getByRole('radio', { name: '電商人員' }).check();
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('角色已更新')).toBeVisible();
  await expect(page.getByTestId('role-chip')).toHaveText('電商人員');

  // Removing asks first.
  await page.getByRole('button', { name: '移除人員' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '移除「艾迪」？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '移除人員' }).click();
  await expect(page.getByText('人員已移除')).toBeVisible();
  await expect(page.getByText('找不到這位人員，可能已被移除。')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('row').filter({ hasText: EDITOR.email })).toHaveCount(0);

  // The owner's own record is read-only.
  await page.getByRole('row').filter({ hasText: OWNER.email }).getByText(OWNER.email).click();
  await expect(page.getByTestId('staff-read-only')).toHaveText('這是你自己的人員資料，無法修改或移除。');
  await expect(page.getByText('找不到這位人員，可能已被移除。')).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '移除人員' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '儲存' })).toHaveCount(0);
  await shot(page, 'admin-detail-self');
  await invitee.context().close();
});
