/**
 * Roles as the owner manages them and as their holders feel them: the owner makes a custom role 'Writer' in the role
 * editor's tri-state tree, invites a writer to it (the link comes from the SMTP sink), the writer writes; the owner
 * takes 編輯文章 away and the writer's next save is refused without losing the text, and the article list no longer
 * offers writing. A 編輯 sees neither the role menu item nor the role screens.
 */
import type { Browser, Page } from '@playwright/test';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { expect, fillForm, shot, signedInPage, test } from './fixtures';

/** The checkbox of a permission tree node, by its label. */
const box = (page: Page, label: string) =>
  page.getByTestId('permission-tree').getByRole('checkbox', { name: label, exact: true });

/** Invites `email` to the role as the signed-in owner (`page`), and joins through the mailed link. */
async function inviteAndJoin(
  page: Page,
  sink: { waitFor(to: string, pattern: RegExp): Promise<string> },
  email: string,
  roleId: number,
  password: string,
) {
  const invited = await page.request.post('/api/member/invite', {
    data: { email, nickname: email.split('@')[0], roles: roleId },
  });
  expect((await invited.json()).code).toBe(1);
  const token = decodeURIComponent(await sink.waitFor(email, /\/auth\/invite\?v=([\w%-]+)/));
  const joined = await page.request.post('/api/member/join', { data: { v: token, nickname: 'W', password } });
  expect(await joined.json()).toMatchObject({ code: 1 });
}

/** `email`'s page on `path`, in a browser of their own. */
async function pageOf(
  browser: Browser,
  world: { url: string },
  email: string,
  password: string,
  path: string,
) {
  const page = await signedInPage(browser, world.url, email, password);
  await page.goto(path);
  return page;
}

test('the owner makes a Writer role; taking 編輯文章 away refuses the holder’s next save', async ({
  page,
  browser,
  world,
}) => {
  // Two people, two browsers, an invitation and the writer: longer than one screen's test.
  test.setTimeout(180_000);
  await page.goto('/role');
  await expect(page).toHaveURL(/\/role$/);

  // The built-in roles, named, marked built-in, with their staff counts.
  for (const name of ['擁有者', '管理員', '編輯', '電商人員']) {
    await expect(page.getByRole('row').filter({ hasText: name }).getByTestId('role-builtin')).toBeVisible();
  }
  await expect(page.getByRole('row').filter({ hasText: '擁有者' })).toContainText('1 位人員');
  await shot(page, 'role-list');

  // A built-in role opens read-only, with the note.
  await page.getByRole('row').filter({ hasText: '電商人員' }).getByText('電商人員', { exact: true }).click();
  await expect(page).toHaveURL(/\/role\/4$/);
  await expect(page.getByTestId('role-builtin-note')).toBeVisible();
  // 電商人員 runs the shop and nothing else.
  await expect(box(page, '檢視商品')).toBeChecked();
  await expect(box(page, '檢視商品')).toBeDisabled();
  await expect(box(page, '電商管理')).toBeChecked();
  await expect(box(page, '檢視文章')).not.toBeChecked();
  await expect(page.getByRole('button', { name: '儲存' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '刪除' })).toHaveCount(0);
  await shot(page, 'role-builtin');
  await page.getByRole('link', { name: '返回角色列表' }).click();

  // Create: the group selects its sub-groups; a leaf taken out leaves them half-selected.
  await page.getByRole('link', { name: '新增' }).click();
  await expect(page).toHaveURL(/\/role\/create$/);
  await fillForm(page.getByRole('textbox', { name: '角色名稱' }), 'Writer');
  await box(page, '內容管理').check();
  await expect(box(page, '文章')).toBeChecked();
  await expect(box(page, '靜態頁面')).toBeChecked();
  await expect(box(page, '刪除頁面')).toBeChecked();
  await box(page, '靜態頁面').click();
  await expect(box(page, '新增頁面')).not.toBeChecked();
  await expect(box(page, '內容管理')).toBeChecked({ indeterminate: true });
  await expect(box(page, '文章')).toBeChecked();
  for (const leaf of ['刪除文章', '檢視同站文章', '檢視所有文章']) await box(page, leaf).click();
  await expect(box(page, '文章')).toBeChecked({ indeterminate: true });
  await expect(box(page, '編輯文章')).toBeChecked();
  await expect(page.getByTestId('permission-count')).toHaveText(`已選 2 / ${ALL_PERMISSIONS.length} 項權限`);
  await shot(page, 'role-create');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('角色已儲存')).toBeVisible();
  await expect(page).toHaveURL(/\/role$/);
  const writerRow = page.getByRole('row').filter({ hasText: 'Writer' });
  await expect(writerRow).toContainText('0 位人員');
  await expect(writerRow).toContainText(`已選 2 / ${ALL_PERMISSIONS.length} 項權限`);

  // A second role of the same name is refused under the field.
  await page.getByRole('link', { name: '新增' }).click();
  await fillForm(page.getByRole('textbox', { name: '角色名稱' }), 'writer');
  await box(page, '檢視文章').check();
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('此欄位重複')).toBeVisible();
  // Leaving with unsaved changes asks first.
  const asked = page.waitForEvent('dialog').then(async (d) => {
    await d.accept();
    return d.message();
  });
  await page.getByRole('link', { name: '返回角色列表' }).click();
  expect(await asked).toBeTruthy();
  await expect(page).toHaveURL(/\/role$/);

  // The writer joins with the role and writes.
  await writerRow.getByText('Writer', { exact: true }).click();
  await expect(page).toHaveURL(/\/role\/\d+$/);
  const writerId = Number(/\/role\/(\d+)$/.exec(page.url())?.[1]);
  await expect(box(page, '編輯文章')).toBeChecked();
  await shot(page, 'role-edit');
  const password = 'writer-pass-1';
  await inviteAndJoin(page, world.sink, 'wendy@example.com', writerId, password);

  const writer = await pageOf(browser, world, 'wendy@example.com', password, '/press');
  await expect(writer).toHaveURL(/\/press/);
  await expect(writer.getByRole('menuitem', { name: '角色權限' })).toHaveCount(0);
  await writer.getByRole('link', { name: '寫文章' }).first().click();
  await expect(writer.getByTestId('writer-body')).toBeVisible();
  await writer.getByTestId('writer-body').click();
  await writer.keyboard.insertText('第一段，寫好了。');
  await expect(writer).toHaveURL(/\/edit\/post\/[1-9]\d*$/, { timeout: 15_000 });
  const indicator = writer.getByTestId('save-indicator');
  await expect(indicator).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

  // The owner takes 編輯文章 away from the role that now has a holder.
  await page.reload();
  await expect(page.getByText('1 位人員')).toBeVisible();
  await box(page, '編輯文章').uncheck();
  await expect(box(page, '文章')).toBeChecked({ indeterminate: true });
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('角色已儲存')).toBeVisible();
  await expect(page).toHaveURL(/\/role$/);
  await expect(writerRow).toContainText(`已選 1 / ${ALL_PERMISSIONS.length} 項權限`);
  await expect(writerRow).toContainText('1 位人員');

  // A role someone holds cannot be deleted: the server's words say why.
  await writerRow.getByText('Writer', { exact: true }).click();
  await page.getByRole('button', { name: '刪除' }).click();
  const confirmDelete = page.getByRole('dialog').filter({ hasText: '刪除角色「Writer」？' });
  await confirmDelete.getByRole('button', { name: '刪除' }).click();
  await expect(
    page.getByText('仍有人員或未接受的邀請使用這個角色，請先為他們更換角色或取消邀請。'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/role\/\d+$/);

  // The writer's next save is refused; the text stays in the writer.
  await writer.getByTestId('writer-body').click();
  await writer.keyboard.press('Control+End');
  await writer.keyboard.insertText('第二段，還沒存。');
  await expect(indicator).toHaveAttribute('data-status', 'error', { timeout: 15_000 });
  await expect(writer.getByTestId('writer-body')).toContainText('第一段，寫好了。第二段，還沒存。');
  const id = Number(/\/edit\/post\/(\d+)/.exec(writer.url())?.[1]);
  const stored = await (await writer.request.post('/api/press/get?t=1', { data: { id } })).json();
  expect(stored.code).toBe(1);
  expect(JSON.stringify(stored.data.content)).toContain('第一段，寫好了。');
  expect(JSON.stringify(stored.data.content)).not.toContain('第二段');

  // Back in the list (no reload), writing is no longer offered.
  await writer.getByTestId('writer-back').click();
  await writer.getByRole('dialog').getByRole('button', { name: '離開' }).click();
  await expect(writer).toHaveURL(/\/press/);
  await expect(writer.getByRole('table')).toBeVisible();
  await expect(writer.getByRole('link', { name: '寫文章' })).toHaveCount(0);
  await writer.context().close();
});

test('a 編輯 has no role menu item, and /role shows access denied', async ({ page, browser, world }) => {
  await page.goto('/role');
  await expect(page.getByRole('menuitem', { name: '角色權限' })).toBeVisible();
  await inviteAndJoin(page, world.sink, 'role-editor@example.com', 3, 'editor-pass-1');

  // An unused role is deleted after the confirmation.
  const made = await page.request.post('/api/role/save', {
    data: { id: 0, name: '臨時', permissions: ['post.view'] },
  });
  const temp = (await made.json()).data as { id: number };
  await page.goto(`/role/${temp.id}`);
  await expect(page.getByRole('textbox', { name: '角色名稱' })).toHaveValue('臨時');
  await page.getByRole('button', { name: '刪除' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '刪除角色「臨時」？' })
    .getByRole('button', { name: '刪除' })
    .click();
  await expect(page.getByText('角色已刪除')).toBeVisible();
  await expect(page).toHaveURL(/\/role$/);
  await expect(page.getByRole('row').filter({ hasText: '臨時' })).toHaveCount(0);

  const editor = await pageOf(browser, world, 'role-editor@example.com', 'editor-pass-1', '/press');
  await expect(editor).toHaveURL(/\/press/);
  await expect(editor.getByRole('menuitem', { name: '文章' })).toBeVisible();
  await expect(editor.getByRole('menuitem', { name: '角色權限' })).toHaveCount(0);
  for (const path of ['/role', '/role/create', '/role/3']) {
    await editor.goto(path);
    await expect(editor.getByText('您沒有存取此頁面的權限')).toBeVisible();
  }
  await shot(editor, 'role-denied');
  await editor.context().close();
});

test('a role holding more than one’s own opens read-only, without save or delete; one within it can be changed', async ({
  page,
  browser,
  world,
}) => {
  test.setTimeout(120_000);
  await page.goto('/role');
  await expect(page).toHaveURL(/\/role$/);
  // Names and the address are the run's own, and match no built-in role's name: the server and its database serve
  // every test of the worker (the staff spec finds the built-in roles by name).
  const run = `${Date.now()}`.slice(-6);
  const save = async (name: string, permissions: string[]) => {
    const r = await page.request.post('/api/role/save', {
      data: { id: 0, name: `${name}${run}`, permissions },
    });
    const body = await r.json();
    expect(body).toMatchObject({ code: 1 });
    return (body.data as { id: number }).id;
  };
  const keeper = await save('守門人', ['role.view', 'role.edit', 'role.delete', 'post.view']);
  const stronger = await save('較強角色', ['role.view', 'post.view', 'post.edit']);
  const weaker = await save('較弱角色', ['post.view']);
  const email = `role-keeper-${run}@example.com`;
  await inviteAndJoin(page, world.sink, email, keeper, 'keeper-pass-1');

  const holder = await pageOf(browser, world, email, 'keeper-pass-1', `/role/${stronger}`);
  await expect(holder.getByTestId('role-read-only-note')).toHaveText(
    '這個角色有你的角色沒有的權限，只能檢視，無法修改或刪除。',
  );
  await expect(holder.getByRole('textbox', { name: '角色名稱' })).toBeDisabled();
  await expect(holder.getByRole('button', { name: '儲存' })).toHaveCount(0);
  await expect(holder.getByRole('button', { name: '刪除' })).toHaveCount(0);
  await shot(holder, 'role-beyond-own');

  await holder.goto(`/role/${weaker}`);
  await expect(holder.getByRole('textbox', { name: '角色名稱' })).toHaveValue(`較弱角色${run}`);
  await expect(holder.getByTestId('role-read-only-note')).toHaveCount(0);
  await expect(holder.getByRole('button', { name: '儲存' })).toBeVisible();
  await expect(holder.getByRole('button', { name: '刪除' })).toBeVisible();
  await holder.context().close();
});
