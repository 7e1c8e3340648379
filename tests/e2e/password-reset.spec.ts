/**
 * A lost password as a person meets it (SPEC §2 /auth/forgot, /auth/forgot/success, /auth/reset): the address and
 * the bot check, the success screen, the link from the mail, a new password under its shown rule, the word that it
 * worked, then the new password signs in and the old one is refused. A spent, a made-up and a cut-off link each say
 * so. Each test registers its own account, so the seeded owner's password never changes.
 */
import { type Page, request } from '@playwright/test';
import type { SmtpSink } from '../fixtures/smtpSink';
import { expect, registerByApi, shot, signIn, submitWhenVerified, test } from './fixtures';

test.use({ signedIn: false });

const RULE = '密碼至少 8 個字元，需包含數字與小寫英文字母';
const LINK_INVALID = '這個連結已失效，請重新申請。';

/** A new account, registered through the API in a request context of its own (the page stays signed out). */
async function newAccount(url: string, sink: SmtpSink, password: string): Promise<string> {
  const email = `reset-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const api = await request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } });
  try {
    await registerByApi(api, sink, { email, password, nickname: '忘記密碼的人' });
  } finally {
    await api.dispose();
  }
  return email;
}

/** Fills the reset screen's two fields and submits once the bot check has passed. */
async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('新密碼', { exact: true }).fill(password);
  await page.getByLabel('確認密碼', { exact: true }).fill(password);
  await submitWhenVerified(page, '設定新密碼');
}

test('forgot, mailed link, new password: the new one signs in, the old one is refused', async ({
  page,
  world,
}) => {
  const oldPassword = 'before-reset-1';
  const newPassword = 'after-reset-2';
  const email = await newAccount(world.url, world.sink, oldPassword);

  // From the sign-in screen to the forgot screen.
  await page.goto('/auth/login');
  await page.getByRole('link', { name: '忘記密碼？' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await expect(page.getByText('輸入你的電子信箱，我們會寄出重設密碼的連結。')).toBeVisible();
  // An address typed and wiped asks for one, in the SPEC's words.
  const address = page.getByLabel('電子信箱');
  await address.fill('x');
  await address.fill('');
  await expect(page.getByText('我們需要你的信箱做密碼重設')).toBeVisible();
  await address.fill(email);
  await shot(page, 'forgot');
  await submitWhenVerified(page, '寄送重設連結');

  await expect(page).toHaveURL(/\/auth\/forgot\/success$/);
  await expect(page.getByRole('heading', { name: '信件已寄出' })).toBeVisible();
  await expect(page.getByText(/如果這個信箱有帳號，重設密碼的連結已經寄出/)).toBeVisible();
  await shot(page, 'forgot-success');
  // It goes back to sign-in by itself (after 5 s).
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 15_000 });

  // The link in the mail opens the reset screen, the password rule shown before anything is typed.
  const link = await world.sink.waitFor(email, /(https?:\/\/\S+\/auth\/reset\?v=\S+)/);
  expect(new URL(link).origin).toBe(world.url);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '重設密碼' })).toBeVisible();
  await expect(page.getByText(RULE)).toBeVisible();
  const field = page.getByLabel('新密碼', { exact: true });
  await field.fill('short');
  await expect(page.getByText('密碼格式錯誤')).toBeVisible();
  await expect(page.getByText(RULE)).toBeVisible();
  await field.fill(newPassword);
  await page.getByLabel('確認密碼', { exact: true }).fill('after-reset-3');
  await expect(page.getByText('輸入的密碼沒有相同')).toBeVisible();
  await shot(page, 'reset');
  await setNewPassword(page, newPassword);

  // Told it worked, on the sign-in screen.
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('密碼已更新，請用新密碼登入。')).toBeVisible();

  // The old password is refused; the new one signs in (an account without a site lands in the wizard).
  await signIn(page, email, oldPassword);
  await expect(page.getByText('帳號或密碼錯誤。')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.reload();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/init$/);
  await expect(page.getByTestId('wizard')).toBeVisible();

  // The link was spent: opened again (signed out), it says so and changes nothing.
  await page.context().clearCookies();
  await page.goto(link);
  await setNewPassword(page, 'third-try-pass-3');
  await expect(page.getByText(LINK_INVALID)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/reset\?v=/);
});

test('a made-up reset link and a cut-off one each say what is wrong', async ({ page }) => {
  // A token that was never issued (or has expired: the server answers both alike, 2005).
  await page.goto('/auth/reset?v=not-a-real-reset-token');
  await expect(page.getByText(RULE)).toBeVisible();
  await setNewPassword(page, 'never-set-pass-1');
  await expect(page.getByText(LINK_INVALID)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/reset\?v=not-a-real-reset-token$/);
  await shot(page, 'reset-link-invalid');

  // A link without its token offers no form, only the way to ask again.
  await page.goto('/auth/reset');
  await expect(page.getByText('重設連結不完整，請重新申請。')).toBeVisible();
  await expect(page.getByLabel('新密碼', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: '忘記密碼' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
});
