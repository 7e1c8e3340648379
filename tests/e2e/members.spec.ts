/**
 * Members (/member) as the owner uses them: the count against the plan's limit, a keyword filter, a member's page
 * where a tag is added, the tag filter, the CSV export of the current filter (its content checked), and a CSV import
 * whose bad row is shown and blocks the import until it is fixed.
 */
import type { Page } from '@playwright/test';
import { expect, shot, test } from './fixtures';
import { exportMembersCsv, memberRow as rowOf } from './fixtures-readers';

async function addMember(page: Page, data: { email: string; name: string; tags?: string[] }) {
  const reply = await (await page.request.post('/api/profile/save', { data: { id: 0, ...data } })).json();
  expect(reply.code, JSON.stringify(reply)).toBe(1);
}

test('the owner filters members, tags one, exports the filter and imports a CSV after fixing its bad row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  // The worker's site may hold members of earlier specs: the count is checked relative to what was there.
  const before = (await (await page.request.post('/api/site/members', { data: {} })).json()).data
    .used as number;
  const room = (n: number) => `會員 ${before + n} / 1000 人`;
  await addMember(page, { email: 'wang@e2e.example', name: '王小明' });
  await addMember(page, { email: 'lin@e2e.example', name: '林美麗', tags: ['舊讀者'] });
  await addMember(page, { email: 'amy@e2e.example', name: 'Amy Chen' });

  await page.goto('/member');
  await expect(page.getByTestId('member-room')).toHaveText(room(3));
  await expect(rowOf(page, 'lin@e2e.example')).toBeVisible();

  await shot(page, 'member-list');
  // A Chinese keyword over names and addresses.
  await page.getByLabel('搜尋姓名或電子信箱').fill('小明');
  await expect(rowOf(page, 'lin@e2e.example')).toHaveCount(0);
  await expect(rowOf(page, 'wang@e2e.example')).toBeVisible();

  // The member's page: a tag of one character is refused, one of two is saved.
  await rowOf(page, 'wang@e2e.example').getByRole('cell', { name: '王小明' }).click();
  await expect(page).toHaveURL(/\/member\/\d+$/);
  await expect(page.getByText('wang@e2e.example')).toBeVisible();
  const tagInput = page.getByTestId('member-tag-input');
  await tagInput.fill('北');
  await tagInput.press('Enter');
  await expect(page.getByText('標籤至少需要 2 個字')).toBeVisible();
  await tagInput.fill('台北讀者');
  await tagInput.press('Enter');
  await expect(page.getByText('標籤已儲存')).toBeVisible();
  await expect(page.getByTestId('member-tags').getByText('台北讀者')).toBeVisible();
  await shot(page, 'member-record');

  // Back to the list: filter by that tag instead of the keyword.
  await page.getByRole('link', { name: '返回會員列表' }).click();
  await expect(page).toHaveURL(/\/member(\?.*)?$/);
  await page.getByLabel('搜尋姓名或電子信箱').fill('');
  await expect(rowOf(page, 'lin@e2e.example')).toBeVisible();
  await page.getByTestId('member-tag-filter').getByRole('button', { name: '台北讀者' }).click();
  await expect(rowOf(page, 'lin@e2e.example')).toHaveCount(0);
  await expect(rowOf(page, 'wang@e2e.example')).toBeVisible();

  // The export holds the current filter only.
  const { filename, csv } = await exportMembersCsv(page);
  expect(filename).toMatch(/^members-demo-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('姓名,電子信箱,簡介,標籤,備註,狀態,方案,訂閱電子報,來源,加入日期');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^王小明,wang@e2e\.example,,台北讀者,,免費,,是,手動新增,\d{4}-\d{2}-\d{2} /);
  await page.getByTestId('member-tag-filter').getByRole('button', { name: '台北讀者' }).click();
  await expect(rowOf(page, 'lin@e2e.example')).toBeVisible();

  // An import with a bad row: shown, and the import stays disabled.
  await page.getByTestId('member-import').click();
  const dialog = page.getByTestId('member-import-dialog');
  const text = dialog.getByTestId('member-import-text');
  await text.fill(
    'email,姓名,標籤\nchen@e2e.example,陳大文,新讀者\nnot-an-address,壞資料,\nlin@e2e.example,,新讀者\n',
  );
  await dialog.getByTestId('member-import-preview').click();
  await expect(dialog.getByTestId('member-import-summary')).toContainText('共 3 列：新增 1、更新 1、錯誤 1');
  await expect(dialog.getByTestId('import-row-error')).toContainText('電子信箱格式錯誤');
  await expect(dialog.getByTestId('member-import-submit')).toBeDisabled();
  await shot(dialog, 'member-import-errors');

  // Fixed: previewed again, then imported.
  await text.fill(
    'email,姓名,標籤\nchen@e2e.example,陳大文,新讀者\nhuang@e2e.example,黃小華,\nlin@e2e.example,,新讀者\n',
  );
  await expect(dialog.getByTestId('member-import-submit')).toBeDisabled();
  await dialog.getByTestId('member-import-preview').click();
  await expect(dialog.getByTestId('member-import-summary')).toContainText('共 3 列：新增 2、更新 1、錯誤 0');
  await expect(dialog.getByTestId('member-import-submit')).toBeEnabled();
  await dialog.getByTestId('member-import-submit').click();
  await expect(page.getByText('已匯入：新增 2 位、更新 1 位')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, 'chen@e2e.example')).toBeVisible();
  await expect(page.getByTestId('member-room')).toHaveText(room(5));
});
