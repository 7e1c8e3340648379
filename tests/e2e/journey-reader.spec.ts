/**
 * Journey (issue 27): a reader, from a stranger on the public site to a paying member who cancels, across the
 * paywall (as a stranger, then signed in but free), the site's sign-up with the mailed code, the /subscribe payment
 * with 3-D Secure, the renewal stopped on /subscribe, the account page and the owner's member screens. The owner has a reader plan on sale and an article with a paid section.
 */
import type { Page } from '@playwright/test';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { apiCall, expect, signedOutPage, test } from './fixtures';
import { listFilter, memberRow, signUpWithCode, siteInDefaultTheme } from './fixtures-readers';

test('a reader signs up, pays for a reader plan and reads the paid part, then cancels and reads to the end', async ({
  page,
  browser,
  world,
}) => {
  const site = await siteInDefaultTheme(page.request, world);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const secret = `只有付費會員讀得到-${unique}`;
  const freeText = `人人可讀的開頭-${unique}`;
  const title = `會員專文 ${unique}`;
  const slug = `members-${unique}`;
  const planName = `月讀方案 ${unique}`;
  const email = `journey-reader-${unique}@example.com`;

  // The owner: a plan on sale, and an article whose paid section holds the secret.
  await apiCall(page.request, 'subscription/save_plan', {
    id: 0,
    lang_id: 1,
    price: 120,
    status: 1,
    name: planName,
    content: '<p>每月全文閱讀</p>',
    func: ['全文閱讀'],
    freq: 1,
  });
  const para = (text: string) => ({ type: 'paragraph', data: { text } });
  const { id } = await apiCall<{ id: number }>(page.request, 'press/save?t=1', {
    id: 0,
    title,
    slug,
    version: 0,
    content: { blocks: [para(freeText), { type: 'paid', data: {} }, para(secret)] },
  });
  await apiCall(page.request, 'press/publish?t=1', { id, mode: 1 });
  const article = `${site}/post/${slug}`;

  async function expectPaidPart(reader: Page, readable: boolean) {
    expect((await reader.goto(article))?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText(freeText)).toBeVisible();
    if (readable) {
      await expect(reader.getByText(secret)).toBeVisible();
      await expect(reader.locator('aside.paywall')).toHaveCount(0);
    } else {
      await expect(reader.locator('aside.paywall').getByText(planName)).toBeVisible();
      expect(await reader.content()).not.toContain(secret);
    }
  }

  // A stranger opens the article: the free part and the plan card, not the paid part.
  const reader = await signedOutPage(browser);
  await expectPaidPart(reader, false);

  // The card leads to /subscribe, which asks a visitor to sign in first; they sign up with the mailed code.
  await reader.locator('aside.paywall').getByRole('link', { name: '查看訂閱方案' }).click();
  await expect(reader).toHaveURL(`${site}/subscribe`);
  await expect(reader.getByLabel('卡號')).toHaveCount(0);
  await reader.getByRole('link', { name: '請先登入再訂閱。' }).click();
  await expect(reader).toHaveURL(`${site}/signin`);
  await signUpWithCode(reader, world.sink, site, { email, name: '旅程讀者' });
  const plan = reader.locator('section[aria-labelledby="account-plan"]');
  await expect(plan).toContainText('您目前沒有訂閱方案。');
  // Signed in but not paying: still the plan card, never the paid part.
  await expectPaidPart(reader, false);
  await reader.goto(`${site}/account`);

  // From the account page to the plans, and pays with the sandbox card through 3-D Secure.
  await plan.getByRole('link', { name: '查看訂閱方案' }).click();
  await expect(reader).toHaveURL(`${site}/subscribe`);
  await reader.getByRole('radio', { name: planName }).check();
  await expect(reader.getByLabel('持卡人姓名')).toHaveValue('旅程讀者');
  await reader.getByLabel('卡號').fill(SANDBOX_CARDS.success);
  await reader.getByLabel('有效期限（MM/YY）').fill('12/30');
  await reader.getByLabel('安全碼').fill('123');
  await reader.getByRole('button', { name: '付款' }).click();
  await expect(reader).toHaveURL(/\/sandbox-gateway\/3ds\//, { timeout: 20_000 });
  await expect(reader.getByText('NT$120')).toBeVisible();
  await reader.getByRole('button', { name: /^確認/ }).click();
  await expect(reader).toHaveURL(new RegExp(`^${site}/subscribe\\?.*order_number=R`), { timeout: 20_000 });
  await expect(reader.locator('#subscribe').getByRole('status')).toHaveText(
    '付款成功，你已可閱讀付費內容。',
    {
      timeout: 20_000,
    },
  );

  // Back at the article: the paid part.
  await expectPaidPart(reader, true);

  // The account shows the plan and the payment.
  await reader.goto(`${site}/account`);
  await expect(plan).toContainText(planName);
  await expect(plan).toContainText('訂閱中');
  await expect(reader.locator('table.reader-table')).toContainText('NT$120');

  // On /subscribe the reader stops the renewal, with a button styled as the theme's others (issue 27 item 9),
  // and keeps reading to the period's end; the account then offers no second cancel.
  await reader.goto(`${site}/subscribe`);
  const cancel = reader.getByRole('button', { name: '取消續訂' });
  const look = await cancel.evaluate((button) => {
    const style = getComputedStyle(button);
    return {
      radius: style.borderTopLeftRadius,
      padding: style.paddingLeft,
      font: style.fontFamily === getComputedStyle(document.body).fontFamily,
    };
  });
  expect(look).toEqual({ radius: '4px', padding: '20px', font: true });
  await cancel.click();
  await expect(reader.locator('#subscribe').getByRole('status')).toContainText('不再續訂');
  await expect(cancel).toHaveCount(0);
  await reader.goto(`${site}/account`);
  await expect(plan).toContainText('將於本期結束時終止');
  await expect(plan.getByRole('button', { name: '取消訂閱' })).toHaveCount(0);
  await expectPaidPart(reader, true);

  // The owner finds the member paying, with the plan ending at the period's end and the payment recorded.
  await page.goto('/member');
  await page.getByLabel('搜尋姓名或電子信箱').fill(email);
  // The keyword applies after a pause: the row is clicked only once the list is filtered (a click before it went to
  // the member's page, and the filter's move of the address then took the list back).
  await expect.poll(() => listFilter(page)).toEqual({ q: email });
  const row = memberRow(page, email);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('member-status-paid')).toHaveText('付費');
  await expect(row).toContainText(planName);
  // The list's filters find them as the row shows them (readers.standing, kept from the subscription the payment
  // wrote): among the paying and on the plan, not among the free.
  const filters = page.getByTestId('member-filters');
  await filters.getByText('付費', { exact: true }).click();
  await expect.poll(() => listFilter(page)).toEqual({ q: email, status: 'paid' });
  await expect(row).toHaveCount(1);
  await filters.getByText(planName, { exact: true }).click();
  await expect.poll(() => listFilter(page)).toEqual({ q: email, status: 'paid', plan: expect.any(Number) });
  await expect(row).toHaveCount(1);
  await filters.getByText('免費', { exact: true }).click();
  await expect.poll(() => listFilter(page)).toEqual({ q: email, status: 'free', plan: expect.any(Number) });
  await expect(row).toHaveCount(0);
  await filters.getByText('免費', { exact: true }).click();
  await filters.getByText(planName, { exact: true }).click();
  await expect.poll(() => listFilter(page)).toEqual({ q: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('cell', { name: '旅程讀者' }).click();
  await expect(page).toHaveURL(/\/member\/\d+$/);
  await expect(page.getByText('期滿後取消')).toBeVisible();
  const payment = page.getByTestId('member-payments').getByRole('row').filter({ hasText: /R\d/ });
  await expect(payment).toContainText('NT$120');
  // The payment's status in words (issue 27 item 8), never the raw `paid`.
  await expect(payment).toContainText('已付款');
  await expect(payment.getByRole('cell', { name: 'paid', exact: true })).toHaveCount(0);
  await reader.context().close();
});
