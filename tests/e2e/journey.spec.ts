/**
 * The foundation's journey, as a person does it: register with the code from the mail, skip the new-site wizard for
 * now, sign out, come back through the goback redirect, create and edit a category, switch to English.
 */
import { expect, fillForm, registerThroughUi, signIn, test } from './fixtures';

test.use({ signedIn: false });

test('register, sign out, sign in through goback, manage categories, switch to English', async ({
  page,
  world,
}) => {
  const password = 'writer-pass-1';

  // Register (the 6-digit code comes from the SMTP sink): a new account lands in the new-site wizard, and skips it
  // for now for a personal site without a plan.
  const email = await registerThroughUi(page, world.sink, {
    nickname: '林小寫',
    password,
    prefix: 'writer',
    skipWizard: true,
  });
  await expect(page.getByText('歡迎回來，林小寫')).toBeVisible();

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
  await expect(page.getByRole('menuitem', { name: 'Categories', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).first().click();
  await fillForm(dialog.getByRole('textbox', { name: 'Name' }), '台灣小吃');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This value is already taken')).toBeVisible();
});
