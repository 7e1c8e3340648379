/**
 * A reader on the public site (issue 14), in the default theme: signs up at /signin with the code mailed to the SMTP
 * sink, lands on /account (the header then links to it), and sends a message with the contact form. The bot check
 * is solved by the theme's reader.js on the site's own host. No WCAG A/AA violation on the pages it passes.
 */
import { wcagViolations } from './a11y';
import { apiCall, expect, shot, signedOutPage, test } from './fixtures';

test('a reader signs up with the mailed code, lands on their account, and sends a contact message', async ({
  page,
  browser,
  world,
}) => {
  // The owner publishes the site in the built-in theme.
  await apiCall(page.request, 'site/publish', { publish: true });
  await apiCall(page.request, 'theme/apply', { id: 0 });
  const site = `http://demo.sites.localhost:${new URL(world.url).port}`;
  const email = `reader-${Date.now()}@example.com`;

  const reader = await signedOutPage(browser);
  await reader.goto(`${site}/`);
  await reader.getByRole('navigation', { name: '會員' }).getByRole('link', { name: '登入／註冊' }).click();
  await expect(reader).toHaveURL(`${site}/signin`);
  await expect(reader.getByRole('heading', { level: 1, name: '會員登入／註冊' })).toBeVisible();
  expect(await wcagViolations(reader)).toEqual([]);

  await reader.getByLabel('電子信箱', { exact: true }).fill(email);
  await reader.getByLabel('姓名（新會員填寫）').fill('讀者一號');
  await reader.getByRole('button', { name: '寄送驗證碼' }).click();
  const codeField = reader.getByLabel('6 位數驗證碼');
  await expect(codeField).toBeVisible({ timeout: 20_000 });
  await expect(codeField).toBeFocused();
  await expect(reader.getByText('驗證碼已寄出，請到信箱查看。')).toBeVisible();
  const code = await world.sink.waitFor(email, /\b(\d{6})\b/);
  await codeField.fill(code);
  await reader.getByRole('button', { name: '登入', exact: true }).click();

  await expect(reader).toHaveURL(`${site}/account`, { timeout: 15_000 });
  await expect(reader.getByRole('heading', { level: 1, name: '我的帳戶' })).toBeVisible();
  await expect(reader.getByText(email)).toBeVisible();
  await expect(reader.getByLabel('姓名', { exact: true })).toHaveValue('讀者一號');
  await expect(
    reader.getByRole('navigation', { name: '會員' }).getByRole('link', { name: '我的帳戶' }),
  ).toHaveAttribute('aria-current', 'page');
  await shot(reader, 'reader-account');
  expect(await wcagViolations(reader)).toEqual([]);

  // The e-paper opt-out is the account's own edit.
  await reader.getByLabel('訂閱電子報').uncheck();
  await reader.getByRole('button', { name: '儲存' }).click();
  await expect(reader.getByText('已儲存。')).toBeVisible();

  // The contact form knows the reader's address.
  await reader.goto(`${site}/contact`);
  await expect(reader.getByLabel('電子信箱', { exact: true })).toHaveValue(email);
  await reader.getByLabel('主旨').fill('想詢問訂閱方案');
  await reader.getByLabel('內容').fill('請問年訂方案可以開立發票嗎？');
  await reader.getByRole('button', { name: '送出' }).click();
  await expect(reader.getByText('已收到您的訊息，我們會盡快回覆。')).toBeVisible({ timeout: 20_000 });
  await expect(reader.getByLabel('主旨')).toHaveValue('');
  expect(await wcagViolations(reader)).toEqual([]);
  await reader.context().close();
});
