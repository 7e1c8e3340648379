/**
 * A reader on the public site (issue 14), in the default theme: signs up at /signin with the code mailed to the SMTP
 * sink, lands on /account (the header then links to it), and sends a message with the contact form. The bot check
 * is solved by the theme's reader.js on the site's own host. No WCAG A/AA violation on the pages it passes.
 */
import { wcagViolations } from './a11y';
import { expect, shot, signedOutPage, test } from './fixtures';
import { openSignin, signUpWithCode, siteInDefaultTheme } from './fixtures-readers';

test('a reader signs up with the mailed code, lands on their account, and sends a contact message', async ({
  page,
  browser,
  world,
}) => {
  // The owner publishes the site in the built-in theme.
  const site = await siteInDefaultTheme(page.request, world);
  const email = `reader-${Date.now()}@example.com`;

  const reader = await signedOutPage(browser);
  await openSignin(reader, site);
  expect(await wcagViolations(reader)).toEqual([]);
  await signUpWithCode(reader, world.sink, site, { email, name: '讀者一號' });

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
