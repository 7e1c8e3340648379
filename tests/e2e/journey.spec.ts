/**
 * The foundation's journey, as a person does it: register with the code from the mail, sign out, come back through
 * the goback redirect, create and edit a category, switch to English.
 */
import { expect, fillForm, signIn, submitWhenVerified, test } from './fixtures';

test.use({ signedIn: false });

test('register, sign out, sign in through goback, manage categories, switch to English', async ({
  page,
  world,
}) => {
  const email = `writer-${Date.now()}@example.com`;
  const password = 'writer-pass-1';

  // Register: the 6-digit code comes from the SMTP sink.
  await page.goto('/auth/register');
  await page.getByLabel('電子信箱').fill(email);
  await submitWhenVerified(page, '寄送驗證碼');
  const code = await world.sink.waitFor(email, /(\d{6})/);
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page.getByText('電子信箱已驗證')).toBeVisible();
  await page.getByLabel('暱稱').fill('林小寫');
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByLabel('確認密碼').fill(password);
  await submitWhenVerified(page, '註冊');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('歡迎回來，林小寫')).toBeVisible();
  await expect(page.getByText('目前網站：林小寫 的網站')).toBeVisible();

  // Sign out from the user menu; the session is gone on the server too.
  await page.getByRole('button', { name: '個人資料' }).click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // A protected address sends us to sign in, and back there afterwards.
  await page.goto('/category');
  await expect(page).toHaveURL(/\/auth\/login\?goback=%2Fcategory$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/category(\?.*)?$/);
  await expect(page.getByText('還沒有分類')).toBeVisible();

  // Create a category: the form opens in a modal over the list.
  const dialog = page.getByRole('dialog');
  await page.getByRole('link', { name: '新增' }).first().click();
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), '台灣美食');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByRole('cell', { name: '台灣美食' })).toBeVisible();

  // Edit it.
  await page.getByRole('cell', { name: '台灣美食' }).click();
  await expect(page).toHaveURL(/\/category\/\d+$/);
  const name = dialog.getByRole('textbox', { name: '名稱' });
  await expect(name).toHaveValue('台灣美食');
  await fillForm(name, '台灣小吃');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByRole('cell', { name: '台灣小吃' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '台灣美食' })).toHaveCount(0);

  // A second one with the same name is refused under the field, in the user's language.
  await page.getByRole('link', { name: '新增' }).first().click();
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), '台灣小吃');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('此欄位重複')).toBeVisible();

  // Switch to English: the menu, the columns and the field messages follow, and the choice survives a reload.
  await page.goto('/category');
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('menuitem', { name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).first().click();
  await fillForm(dialog.getByRole('textbox', { name: 'Name' }), '台灣小吃');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This value is already taken')).toBeVisible();
});
