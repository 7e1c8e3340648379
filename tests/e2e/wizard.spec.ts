/**
 * The new-site wizard and the card payment as a person goes through them, on the built-in sandbox gateway: a new
 * account lands in the wizard by itself on registering, runs the three steps (slug checked as typed, plan cards, card
 * and invoice), pays in the 520×570 window with the success card and lands on the new site's dashboard, its only site; a declined card and one failing 3-D Secure meet
 * 付款失敗, each saying why (the bank's decline and its reason, 3-D Secure), and a retry pays for the same site (one
 * site, not two); meanwhile every screen says the site is unpaid and leads to paying; closing the window says so, and
 * the window opened again still pays, or a new attempt at once does; a reply lost on the way does not make a second
 * site. Each test is a new person.
 */
import type { Page } from '@playwright/test';
import type { SmtpSink } from '../fixtures/smtpSink';
import { apiCall, expect, registerByApi, registerThroughUi, shot, test } from './fixtures';
import { toPayment, uniq } from './wizardSteps';

const PASSWORD = 'wizard-pass-1';
const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  fails3ds: '4000 0000 0000 3063',
};

test.use({ signedIn: false });

/** Registers through the API (code from the SMTP sink) and signs the page's browser in as the new account. */
async function registerByApiOn(page: Page, sink: SmtpSink): Promise<string> {
  const email = `wizard-${uniq()}@example.com`;
  await registerByApi(page.request, sink, { email, password: PASSWORD, nickname: '精靈' });
  return email;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('卡號').fill(number);
  await page.getByLabel('有效期限（MM/YY）').fill('12/39');
  await page.getByLabel('安全碼').fill('123');
}

/** Pays; the window opens at the sandbox's 3-D Secure page, 520×570. */
async function payInWindow(page: Page) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^確認付款/ }).click();
  const popup = await opened;
  await popup.waitForURL(/\/sandbox-gateway\/3ds\//);
  await expect(page.getByTestId('payment-processing')).toBeVisible();
  return popup;
}

test('register, run the wizard, pay with the success card in the window, land on the new dashboard', async ({
  page,
  world,
}) => {
  // Registration makes no site: the new account lands in the wizard by itself, free to skip it for now.
  await registerThroughUi(page, world.sink, { nickname: '新店主', password: PASSWORD, prefix: 'wizard' });
  await expect(page.getByRole('button', { name: '先略過，稍後再選方案' })).toBeVisible();
  const slug = `shop-${uniq()}`;

  // Step 1: the slug rule 500 ms after typing, a taken address (the demo site's), then a free one.
  const address = page.getByLabel('網站網址');
  await address.fill('1shop');
  await expect(page.getByText('格式錯誤')).toBeVisible();
  await address.fill('demo');
  await expect(page.getByText('輸入的網址重複')).toBeVisible();
  await address.fill(slug);
  await expect(page.getByText('這個網址可以使用')).toBeVisible();
  await page.getByLabel('網站名稱').fill('小明的咖啡店');
  await shot(page, 'wizard-1-slug');
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 2: the plan cards; nothing chosen yet cannot go on.
  const cards = page.getByTestId('plan-cards');
  await expect(cards.getByRole('radio')).toHaveCount(4);
  await expect(cards.getByRole('radio', { name: 'CREATOR' })).toContainText('NT$799 / 月');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('請選擇一個方案')).toBeVisible();
  // A radio group: arrows choose the next card and back.
  await cards.getByRole('radio', { name: 'CREATOR' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(cards.getByRole('radio', { name: 'TEAM+' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(cards.getByRole('radio', { name: 'CREATOR' })).toHaveAttribute('aria-checked', 'true');
  await expect(cards.getByRole('radio', { name: 'TEAM+' })).toHaveAttribute('aria-checked', 'false');
  await shot(page, 'wizard-2-plan');
  await page.getByRole('button', { name: '下一步' }).click();

  // Leaving midway and coming back: the same step and entries (never the card).
  await page.getByLabel('卡號').fill(CARDS.success);
  await page.reload();
  await expect(page.getByRole('heading', { name: '付款', exact: true })).toBeVisible();
  await expect(page.getByText('已為你恢復上次填寫到一半的內容。')).toBeVisible();
  await expect(page.getByTestId('wizard-summary')).toContainText('小明的咖啡店：CREATOR 方案');
  await expect(page.getByLabel('卡號')).toHaveValue('');

  // Step 3: a company invoice, its tax id checked by the contract's rule; then the card.
  await page.getByRole('radio', { name: '公司發票（統一編號）' }).check();
  await page.getByRole('textbox', { name: '統一編號' }).fill('12345678');
  await expect(page.getByText('統一編號錯誤')).toBeVisible();
  await page.getByRole('textbox', { name: '統一編號' }).fill('04595257');
  await page.getByLabel('公司名稱').fill('小明咖啡有限公司');
  await fillCard(page, CARDS.success);
  await expect(page.getByText('統一編號錯誤')).toHaveCount(0);
  await shot(page, 'wizard-3-payment');

  const popup = await payInWindow(page);
  const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect(size).toEqual({ width: 520, height: 570 });
  await shot(popup, 'wizard-4-3ds');
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');

  // The server says paid; after 5 s the success modal, then the new site's dashboard.
  const success = page.getByTestId('payment-success');
  await expect(success.getByRole('heading', { name: '付款成功' })).toBeVisible();
  await shot(page, 'wizard-5-success');
  await success.getByRole('button', { name: '前往網站後台' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('目前網站：小明的咖啡店')).toBeVisible();
  await shot(page, 'wizard-6-dashboard');
  // The paid site is their only one: no personal site was made on the way.
  const sites = await apiCall<{ rows: { name: string }[] }>(page.request, 'site/list', {});
  expect(sites.rows.map((s: { name: string }) => s.name)).toEqual(['小明的咖啡店']);
});

test('a declined card, then one failing 3-D Secure, meet 付款失敗; a retry pays for the same site', async ({
  page,
  world,
}) => {
  await registerByApiOn(page, world.sink);
  const name = `重試的店 ${uniq()}`;
  await toPayment(page, `retry-${uniq()}`, name);
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: /^確認付款/ }).click();
  const failed = page.getByTestId('payment-failed');
  await expect(failed.getByRole('heading', { name: '付款失敗' })).toBeVisible();
  // The decline is named, with the bank's reason.
  await expect(failed).toContainText('發卡銀行拒絕了這筆付款（Card declined (sandbox)），沒有扣款。');
  await shot(page, 'wizard-failed');
  await failed.getByRole('button', { name: '重新付款' }).click();
  await expect(failed).toHaveCount(0);
  // The user owns a site now, unpaid: skipping for a free one is no longer offered.
  await expect(page.getByRole('button', { name: '先略過，稍後再選方案' })).toHaveCount(0);

  // The site exists: this payment is for it (site/retry), the address is no longer asked. A card failing 3-D
  // Secure: the window comes back, the server says failed.
  await expect(page.getByText(`網站「${name}」已建立`)).toBeVisible();
  await page.getByLabel('卡號').fill(CARDS.fails3ds);
  const failing = await payInWindow(page);
  await failing.getByRole('button', { name: 'Confirm' }).click();
  await expect(failed.getByRole('heading', { name: '付款失敗' })).toBeVisible();
  await expect(failed).toContainText('3-D Secure 驗證沒有通過，沒有扣款。');
  await failed.getByRole('button', { name: '重新付款' }).click();

  await page.getByLabel('卡號').fill(CARDS.success);
  const popup = await payInWindow(page);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByTestId('payment-success');
  await expect(success.getByRole('heading', { name: '付款成功' })).toBeVisible();
  await success.getByRole('button', { name: '前往網站後台' }).click();
  await expect(page.getByText(`目前網站：${name}`)).toBeVisible();

  const sites = await apiCall<{ rows: { name: string }[] }>(page.request, 'site/list', {});
  expect(sites.rows.filter((s: { name: string }) => s.name === name)).toHaveLength(1);
});

test('closing the payment window says so; opened again, it still pays', async ({ page, world }) => {
  await registerByApiOn(page, world.sink);
  const name = `關窗的店 ${uniq()}`;
  await toPayment(page, `close-${uniq()}`, name);
  await fillCard(page, CARDS.success);
  const popup = await payInWindow(page);
  await popup.close();
  const failed = page.getByTestId('payment-failed');
  await expect(failed.getByRole('heading', { name: '付款失敗' })).toBeVisible();
  await expect(failed).toContainText('付款視窗已關閉，付款還沒有完成。');

  // The gateway still waits for that 3-D Secure: the same payment's window opens again and is confirmed.
  const opened = page.waitForEvent('popup');
  await failed.getByRole('button', { name: '重新開啟付款視窗' }).click();
  const again = await opened;
  await again.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('payment-success').getByRole('button', { name: '前往網站後台' }).click();
  await expect(page.getByText(`目前網站：${name}`)).toBeVisible();
});

test('the window closed, a new attempt at once pays: nobody waits for the left one', async ({
  page,
  world,
}) => {
  await registerByApiOn(page, world.sink);
  const name = `立刻重試的店 ${uniq()}`;
  await toPayment(page, `again-${uniq()}`, name);
  await fillCard(page, CARDS.success);
  const first = await payInWindow(page);
  await first.close();
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toContainText('付款視窗已關閉');
  await failed.getByRole('button', { name: '重新付款' }).click();

  // The site exists (site/retry); the window opens on "connecting to your bank…", then the gateway's page.
  await expect(page.getByText(`網站「${name}」已建立`)).toBeVisible();
  await fillCard(page, CARDS.success);
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^確認付款/ }).click();
  const popup = await opened;
  await popup.waitForURL(/\/sandbox-gateway\/3ds\//);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('payment-success').getByRole('button', { name: '前往網站後台' }).click();
  await expect(page.getByText(`目前網站：${name}`)).toBeVisible();
  // One charge: the left window's payment was superseded, the new one paid.
  const plan = await apiCall<{ payments: { status: string }[] }>(page.request, 'plan/current', {});
  expect(plan.payments.map((p) => p.status).sort()).toEqual(['expired', 'paid']);
});

test('an unpaid site says so on every screen and leads to paying; paid, the banner is gone', async ({
  page,
  world,
}) => {
  await registerByApiOn(page, world.sink);
  const name = `未付款的店 ${uniq()}`;
  await toPayment(page, `unpaid-${uniq()}`, name);
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: /^確認付款/ }).click();
  await expect(page.getByTestId('payment-failed')).toContainText('發卡銀行拒絕了這筆付款');

  // The owner leaves the wizard for the back-office: the site is theirs, and unpaid.
  await page.goto('/');
  const banner = page.getByTestId('unpaid-banner');
  await expect(banner).toContainText('你的網站尚未完成付款');
  await page.goto('/setting');
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: '前往付款' }).click();
  await expect(page).toHaveURL(/\/plan\/3$/);
  await fillCard(page, CARDS.success);
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: '付款並訂閱' }).click();
  const popup = await opened;
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('payment-success')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a reply lost on the way: the next submit pays for the site the first one made', async ({
  page,
  world,
}) => {
  await registerByApiOn(page, world.sink);
  const name = `斷線的店 ${uniq()}`;
  await toPayment(page, `lost-${uniq()}`, name);
  await fillCard(page, CARDS.declined);
  // The server makes the site and answers; the answer never reaches the page.
  await page.route('**/api/site/init', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: /^確認付款/ }).click();
  const failed = page.getByTestId('payment-failed');
  await expect(failed.getByRole('heading', { name: '付款失敗' })).toBeVisible();
  await page.unroute('**/api/site/init');
  await failed.getByRole('button', { name: '重新付款' }).click();

  await page.getByLabel('卡號').fill(CARDS.success);
  const popup = await payInWindow(page);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('payment-success').getByRole('button', { name: '前往網站後台' }).click();
  await expect(page.getByText(`目前網站：${name}`)).toBeVisible();
  const sites = await apiCall<{ rows: { name: string }[] }>(page.request, 'site/list', {});
  expect(sites.rows.filter((s: { name: string }) => s.name === name)).toHaveLength(1);
});
