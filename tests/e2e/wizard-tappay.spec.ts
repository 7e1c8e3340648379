/**
 * The new-site wizard paid through TapPay, as in production but against a local fake of TapPay
 * (tests/fixtures/fakeTapPay.ts): the server runs with PAYMENT_GATEWAY=tappay and every TAPPAY_* setting pointing at
 * the fake — its backend API, partner key and merchant, and its TPDirect script with the app id and key. The card is
 * typed into the fake SDK's fields, iframes of the fake's own origin; getPrime gives the prime, the server pays by
 * prime with 3-D Secure, the window opens at the fake bank's page, whose Complete posts TapPay's Backend Notify to the
 * server and sends the window back: the site is made and paid, with nothing of the test in between.
 *
 * The test server is plain http on 127.0.0.1: TapPay takes 3-D Secure's addresses only over https, and the fake,
 * like the configuration (PUBLIC_URL with PAYMENT_GATEWAY=tappay), allows plain http to this machine only.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { type FakeTapPay, startFakeTapPay } from '../fixtures/fakeTapPay';
import { FAKE_CARDS, PRIME_REFUSED } from '../fixtures/fakeTapPaySdk';
import type { SmtpSink } from '../fixtures/smtpSink';
import {
  apiCall,
  test as base,
  expect,
  registerByApi,
  SERVER_START_MS,
  shot,
  startWorld,
  type World,
} from './fixtures';
import { toPayment, uniq } from './wizardSteps';

const PASSWORD = 'tappay-pass-1';

const test = base.extend<object, { fake: FakeTapPay; world: World }>({
  fake: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const fake = await startFakeTapPay();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  world: [
    async ({ fake }, use) => {
      const { world, stop } = await startWorld(undefined, {
        PAYMENT_GATEWAY: 'tappay',
        TAPPAY_BASE_URL: fake.url,
        TAPPAY_PARTNER_KEY: fake.partnerKey,
        TAPPAY_MERCHANT_ID: fake.merchantId,
        TAPPAY_SDK_URL: fake.sdkUrl,
        TAPPAY_APP_ID: String(fake.appId),
        TAPPAY_APP_KEY: fake.appKey,
        TAPPAY_SERVER_TYPE: 'sandbox',
        TAPPAY_TIMEOUT_MS: '10000',
      });
      await use(world);
      await stop();
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
});

test.use({ signedIn: false });

async function newUser(page: Page, sink: SmtpSink): Promise<string> {
  const email = `tappay-${uniq()}@example.com`;
  await registerByApi(page.request, sink, { email, password: PASSWORD, nickname: '刷卡人' });
  return email;
}

/** A card field: the fake SDK's iframe inside the form's field of that label. */
const cardField = (page: Page, label: string): FrameLocator =>
  page.getByRole('group', { name: label }).frameLocator('iframe');

/**
 * The charges (Pay by Prime) and Backend Notifies the fake has had since now: the fake serves the whole worker, so a
 * test reads its own only.
 */
function fromNow(fake: FakeTapPay) {
  const requests = fake.requests.length;
  const notifications = fake.notifications.length;
  return {
    charges: () => fake.requests.slice(requests).filter((r) => r.path === '/tpc/payment/pay-by-prime'),
    notifications: () => fake.notifications.slice(notifications),
  };
}

async function typeCard(page: Page, number: string, expiry = '1239', ccv = '123') {
  await cardField(page, '卡號').locator('input').fill(number);
  await cardField(page, '有效期限（MM/YY）').locator('input').fill(expiry);
  await cardField(page, '安全碼').locator('input').fill(ccv);
}

test('a new user pays the wizard with TapPay’s card fields and 3-D Secure; the site is made and paid', async ({
  page,
  world,
  fake,
}) => {
  const since = fromNow(fake);
  await newUser(page, world.sink);
  const name = `TapPay 的店 ${uniq()}`;
  await toPayment(page, `tp-${uniq()}`, name);

  // TapPay's fields, not the sandbox's: iframes of the fake's origin, the TapPay test-mode hint.
  const form = page.getByTestId('card-form');
  await expect(form.getByText('TapPay 測試環境')).toBeVisible();
  await expect(page.getByRole('group', { name: '卡號' }).locator('iframe')).toHaveAttribute(
    'src',
    new RegExp(`^${fake.url}/sdk/field\\?`),
  );
  await typeCard(page, FAKE_CARDS.pays);
  // The fields format as typed, inside their iframes; the page itself has no card input.
  await expect(cardField(page, '卡號').locator('input')).toHaveValue('4242 4242 4242 4242');
  await expect(form.locator('input[name^="card-"]')).toHaveCount(0);
  await shot(page, 'tappay-1-card');

  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^確認付款/ }).click();
  const popup = await opened;
  await popup.waitForURL(new RegExp(`^${fake.url}/3ds/`));
  await expect(page.getByTestId('payment-processing')).toBeVisible();
  await shot(popup, 'tappay-2-3ds');
  await popup.getByRole('button', { name: 'Complete' }).click();
  await popup.waitForEvent('close');

  const success = page.getByTestId('payment-success');
  await expect(success.getByRole('heading', { name: '付款成功' })).toBeVisible();
  await success.getByRole('button', { name: '前往網站後台' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`目前網站：${name}`)).toBeVisible();

  // The prime came from the fake SDK's getPrime; the server paid by prime with 3-D Secure, once.
  const charges = since.charges();
  expect(charges).toHaveLength(1);
  expect(charges[0].body).toMatchObject({ three_domain_secure: true, remember: true });
  expect(String(charges[0].body.prime)).toMatch(/^test_ok_/);
  // TapPay's Backend Notify reached the server and was taken.
  expect(since.notifications()).toHaveLength(1);
  expect(since.notifications()[0]).toMatchObject({ url: `${world.url}/payment-gateway/notify`, status: 200 });

  // The plan: active, the card's last four on file.
  await page.goto('/plan/current');
  await expect(page.getByTestId('current-plan')).toHaveText('CREATOR');
  await expect(page.getByTestId('plan-status')).toHaveText('使用中');
  await expect(page.getByTestId('card-on-file')).toContainText('4242');
  const sites = await apiCall<{ rows: { name: string }[] }>(page.request, 'site/list', {});
  expect(sites.rows.map((s) => s.name)).toEqual([name]);
});

test('the form shows an SDK that cannot load, field errors and getPrime’s refusal; a declined card fails', async ({
  page,
  world,
  fake,
}) => {
  const since = fromNow(fake);
  await newUser(page, world.sink);
  // The SDK's address does not answer: a clear error, and a retry once it does.
  await page.route(`${fake.sdkUrl}*`, (route) => route.abort());
  await toPayment(page, `tp-${uniq()}`, `拒絕的店 ${uniq()}`);
  const form = page.getByTestId('card-form');
  await expect(form.getByRole('alert')).toContainText('無法載入付款服務的信用卡欄位');
  await page.unroute(`${fake.sdkUrl}*`);
  await form.getByRole('button', { name: '重試' }).click();
  await expect(page.getByRole('group', { name: '卡號' }).locator('iframe')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);

  // Nothing typed: each field is required; a wrong number is TapPay's error as soon as it is whole.
  await page.getByRole('button', { name: /^確認付款/ }).click();
  await expect(form.getByText('此欄位為必填')).toHaveCount(3);
  await typeCard(page, '4242424242424241');
  await expect(form.getByText('卡號錯誤')).toBeVisible();
  await expect(form.getByText('此欄位為必填')).toHaveCount(0);

  // A card getPrime refuses: the form says so, with TapPay's reason; nothing was charged.
  await cardField(page, '卡號').locator('input').fill(FAKE_CARDS.refused);
  await expect(form.getByText('卡號錯誤')).toHaveCount(0);
  await page.getByRole('button', { name: /^確認付款/ }).click();
  await expect(form.getByRole('alert')).toContainText(`付款服務不接受這張卡片（${PRIME_REFUSED.msg}）`);
  expect(since.charges()).toHaveLength(0);
  await shot(page, 'tappay-refused');

  // A card the bank declines: TapPay answers the charge with the decline, the payment failed.
  await cardField(page, '卡號').locator('input').fill(FAKE_CARDS.declined);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: /^確認付款/ }).click();
  const failed = page.getByTestId('payment-failed');
  await expect(failed.getByRole('heading', { name: '付款失敗' })).toBeVisible();
  // The decline is named, with the bank's reason.
  await expect(failed).toContainText('發卡銀行拒絕了這筆付款（Do not honour），沒有扣款。');
  const declined = since.charges();
  expect(declined).toHaveLength(1);
  expect(String(declined[0].body.prime)).toMatch(/^test_declined_/);
});

test('plan checkout pays through TapPay too: a card failing 3-D Secure fails, the next card pays', async ({
  page,
  world,
  fake,
}) => {
  await newUser(page, world.sink);
  // The wizard skipped: the personal site, without a plan.
  await apiCall(page.request, 'site/start_free');
  await page.goto('/plan');
  await page.getByTestId('plan-cards').getByRole('radio', { name: 'CREATOR' }).click();
  const checkout = page.getByTestId('plan-checkout');
  await expect(checkout.getByText('TapPay 測試環境')).toBeVisible();

  const pay = async (answer: 'Complete' | 'Fail') => {
    const opened = page.waitForEvent('popup');
    await checkout.getByTestId('plan-pay').click();
    const popup = await opened;
    await popup.waitForURL(new RegExp(`^${fake.url}/3ds/`));
    await popup.getByRole('button', { name: answer }).click();
    await popup.waitForEvent('close');
  };

  // The bank fails 3-D Secure for this card, though the buyer completed it: TapPay's record says failed.
  await typeCard(page, FAKE_CARDS.fails3ds);
  await pay('Complete');
  const failed = page.getByTestId('payment-failed');
  await expect(failed.getByRole('heading', { name: '付款失敗' })).toBeVisible();
  await expect(failed).toContainText('3-D Secure 驗證沒有通過，沒有扣款。');
  await failed.getByRole('button', { name: '重新付款' }).click();
  await expect(failed).toHaveCount(0);

  // Another card: a new prime from the same fields, paid.
  await cardField(page, '卡號').locator('input').fill(FAKE_CARDS.pays);
  await pay('Complete');
  const success = page.getByTestId('payment-success');
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: '查看目前方案' }).click();
  await expect(page.getByTestId('current-plan')).toHaveText('CREATOR');
  await expect(page.getByTestId('plan-status')).toHaveText('使用中');
});
