/**
 * What a role's permissions mean where people feel them (SPEC §6): a reader of posts, who may not upload to the library, sets
 * their own cropped avatar; a role holding only the settings uploads the site's logo, with the library at hand; a
 * 管理員 opens the role editor, where the permissions their role lacks cannot be ticked and those that widen or
 * guard others are explained; staff without staff.view_all and setting.permission see only the people they could
 * manage, and their roles read-only.
 */
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, OWNER, signedInPage, test } from './fixtures';

const PASSWORD = 'perm-pass-123';

/** Invites `email` to the role as the signed-in owner (`page`), joins through the mailed link, and signs in anew. */
async function newStaff(
  page: Page,
  browser: Browser,
  world: { url: string; sink: { waitFor(to: string, pattern: RegExp): Promise<string> } },
  email: string,
  roleId: number,
  goback: string,
): Promise<Page> {
  const invited = await page.request.post('/api/member/invite', {
    data: { email, nickname: email.split('@')[0], roles: roleId },
  });
  expect((await invited.json()).code).toBe(1);
  const token = decodeURIComponent(await world.sink.waitFor(email, /\/auth\/invite\?v=([\w%-]+)/));
  const joined = await page.request.post('/api/member/join', {
    data: { v: token, nickname: email.split('@')[0], password: PASSWORD },
  });
  expect(await joined.json()).toMatchObject({ code: 1 });
  const other = await signedInPage(browser, world.url, email, PASSWORD);
  await other.goto(goback);
  return other;
}

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test('a role without uploads sets their own avatar; a settings-only role uploads the logo', async ({
  page,
  browser,
  world,
}) => {
  test.setTimeout(180_000);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);

  const reading = await page.request.post('/api/role/save', {
    data: { id: 0, name: '讀者小幫手', permissions: ['post.view'] },
  });
  const readOnly = (await reading.json()).data as { id: number };
  const shop = await newStaff(page, browser, world, 'perm-shop@example.com', readOnly.id, '/profile/edit');
  await expect(shop).toHaveURL(/\/profile\/edit$/);
  // The avatar is their own: no library to choose from.
  await expect(shop.getByTestId('avatar-file-library')).toHaveCount(0);
  await shop
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(500, 400, '#c0392b') });
  const cropper = shop.getByRole('dialog', { name: '裁切頭像' });
  await cropper.getByTestId('cropper-apply').click();
  await expect(cropper).toHaveCount(0);
  const preview = shop.getByTestId('image-upload-preview').locator('img');
  await expect(preview).toHaveAttribute('src', /^\/uploads\//);
  await shop.getByTestId('profile-save').click();
  await expect(shop.getByText('儲存成功')).toBeVisible();
  await expect(shop.locator('.RaUserMenu-userButton img')).toHaveAttribute('src', /^\/uploads\//);
  await shop.context().close();

  const made = await page.request.post('/api/role/save', {
    data: { id: 0, name: '設定小幫手', permissions: ['setting.view', 'setting.edit'] },
  });
  const role = (await made.json()).data as { id: number };
  const settings = await newStaff(
    page,
    browser,
    world,
    'perm-settings@example.com',
    role.id,
    '/setting/general',
  );
  await expect(settings.getByTestId('settings-general')).toBeVisible();
  const logoField = settings.locator('[data-field="logo-file"]');
  await expect(logoField.getByTestId('logo-file-library')).toBeVisible();
  await settings
    .getByTestId('logo-file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture(600, 200, '#16a085') });
  const logo = logoField.getByTestId('image-upload-preview').getByRole('img');
  // The site may have a logo from an earlier test of this worker, which the preview shows until the new one is in.
  const earlier = (await (await settings.request.post('/api/site/profile', { data: {} })).json()).data.logo;
  if (earlier) await expect(logo).not.toHaveAttribute('src', earlier, { timeout: 30_000 });
  await expect(logo).toHaveAttribute('src', /^\/uploads\/.+\.png$/, { timeout: 30_000 });
  const path = await logo.getAttribute('src');
  // The save's own answer carries the logo (a toast alone could be another save's).
  const saving = settings.waitForResponse((r) => r.url().endsWith('/api/site/save'));
  await settings.getByRole('button', { name: '儲存' }).click();
  expect(await (await saving).json()).toMatchObject({ code: 1, data: { logo: path } });
  await expect(settings.getByText('儲存成功').first()).toBeVisible();
  const profile = await (await settings.request.post('/api/site/profile', { data: {} })).json();
  expect(profile.data.logo).toBe(path);
  // The picker lists the library for them too.
  await logoField.getByTestId('logo-file-library').click();
  const picker = settings.getByTestId('image-picker');
  await expect(picker.getByRole('button', { name: 'logo.png', exact: true }).first()).toBeVisible();
  await settings.context().close();
});

test('a 管理員 cannot tick in the role editor what their own role lacks; the guarding permissions are explained', async ({
  page,
  browser,
  world,
}) => {
  test.setTimeout(120_000);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  const admin = await newStaff(page, browser, world, 'perm-admin@example.com', 2, '/role/create');
  await expect(admin).toHaveURL(/\/role\/create$/);
  const tree = admin.getByTestId('permission-tree');
  const box = (label: string) => tree.getByRole('checkbox', { name: label, exact: true });
  await expect(tree.getByText('你的角色沒有的權限無法勾選，只能取消。')).toBeVisible();
  await expect(box('變更付款方式')).toBeDisabled();
  await expect(box('變更方案')).toBeDisabled();
  await expect(box('訂閱管理')).toBeDisabled();
  await expect(admin.getByTestId('help-post.view_all')).toHaveText(
    '可檢視並處理同站所有內容（包括他人的草稿），並可調整置頂順序。',
  );
  await expect(box('檢視所有文章')).toHaveAccessibleDescription(/包括他人的草稿/);
  await expect(admin.getByTestId('help-setting.admin')).toBeVisible();

  // The site group ticks what is theirs: the subscription stays out.
  await box('網站管理').click();
  await expect(box('檢視人員')).toBeChecked();
  await expect(box('變更方案')).not.toBeChecked();
  await expect(box('網站管理')).toHaveJSProperty('indeterminate', true);
  await admin.getByRole('textbox', { name: '角色名稱' }).fill('人事主管');
  await admin.getByRole('button', { name: '儲存' }).click();
  await expect(admin.getByText('角色已儲存')).toBeVisible();
  await expect(admin).toHaveURL(/\/role$/);
  await admin.context().close();
});

test('staff without staff.view_all and setting.permission: only people they could manage, roles read-only', async ({
  page,
  browser,
  world,
}) => {
  test.setTimeout(120_000);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  const made = await page.request.post('/api/role/save', {
    data: { id: 0, name: '人事助理', permissions: ['staff.view', 'staff.edit', 'staff.delete', 'post.view'] },
  });
  const role = (await made.json()).data as { id: number };
  const reader = await page.request.post('/api/role/save', {
    data: { id: 0, name: '讀者', permissions: ['post.view'] },
  });
  const readerRole = (await reader.json()).data as { id: number };
  const joined = await newStaff(page, browser, world, 'perm-reader@example.com', readerRole.id, '/');
  await joined.context().close();

  const clerk = await newStaff(page, browser, world, 'perm-clerk@example.com', role.id, '/admin');
  await expect(clerk).toHaveURL(/\/admin$/);
  await expect(clerk.getByRole('row').filter({ hasText: 'perm-reader@example.com' })).toBeVisible();
  await expect(clerk.getByRole('row').filter({ hasText: 'perm-clerk@example.com' })).toBeVisible();
  await expect(clerk.getByRole('row').filter({ hasText: OWNER.email })).toHaveCount(0);
  await clerk.getByRole('row').filter({ hasText: 'perm-reader@example.com' }).getByText('讀者').click();
  await expect(clerk).toHaveURL(/\/admin\/\d+$/);
  await expect(clerk.getByTestId('staff-read-only')).toHaveText('變更人員的角色需要「編輯權限」這項權限。');
  await expect(clerk.getByRole('radio')).toHaveCount(0);
  // Removing stays staff.delete's.
  await expect(clerk.getByRole('button', { name: '移除人員' })).toBeVisible();
  await clerk.context().close();
});
