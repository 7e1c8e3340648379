/**
 * Reader plans and the paywall in the browser. The owner adds a plan in the 'subscription item' modal of
 * /subscription and edits the paywall text, with the SPEC's toasts. Then a whole purchase: an article with a paid
 * section holding a unique secret; a reader who signed up on the site sees the plan card and not the secret, pays on
 * /subscribe with the sandbox's success card (its 3-D Secure page confirmed), comes back paid and reads the secret,
 * while another, free reader still does not; the paying reader then stops the renewal (a styled button), and the
 * owner finds the payment, in words, on the reader's member record.
 */
import type { Page } from '@playwright/test';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { apiCall, expect, shot, signedOutPage, test } from './fixtures';
import { openSignin, signUpWithCode, siteInDefaultTheme } from './fixtures-readers';

test('the owner adds a reader plan and writes the paywall text', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: '讀者訂閱方案' })).toBeVisible({
    timeout: 15_000,
  });
  const name = `月訂閱 ${Date.now()}`;
  await page.getByRole('button', { name: '新增方案' }).click();
  const dialog = page.getByTestId('reader-plan-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('方案名稱').fill(name);
  await dialog.getByLabel('價格（新台幣）').fill('150');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('方案已更新。')).toBeVisible();
  await expect(page.getByTestId('reader-plan-card').filter({ hasText: name })).toBeVisible();
  await expect(page.getByText('讀者可以訂閱上架的方案。')).toBeVisible();

  const editor = page.locator('.ProseMirror').last();
  await editor.click();
  await page.keyboard.insertText('加入會員閱讀全文');
  await page.getByRole('button', { name: '儲存' }).last().click();
  await expect(page.getByText('方案內文已更新。')).toBeVisible();
  await shot(page, 'subscription-screen');
});

test('a reader pays for a plan with 3-D Secure and then reads the paid section; a free reader does not', async ({
  page,
  browser,
  world,
}) => {
  const site = await siteInDefaultTheme(page.request, world);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const secret = `付費祕密句子-${unique}`;
  const freeText = `人人可讀的開頭-${unique}`;
  const title = `付費文章 ${unique}`;
  const slug = `paid-${unique}`;
  const planName = `全文方案 ${unique}`;

  // The owner puts a plan on sale and publishes an article whose paid section holds the secret.
  await apiCall(page.request, 'subscription/save_plan', {
    id: 0,
    lang_id: 1,
    price: 99,
    status: 1,
    name: planName,
    content: '<p>全部付費文章</p>',
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

  /** The article as `reader` gets it: its free part always, and the secret only with `paid`. */
  async function readArticle(reader: Page, paid: boolean) {
    const response = await reader.goto(article);
    expect(response?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText(freeText)).toBeVisible();
    if (paid) {
      await expect(reader.getByText(secret)).toBeVisible();
      await expect(reader.locator('aside.paywall')).toHaveCount(0);
    } else {
      await expect(reader.locator('aside.paywall').getByText(planName)).toBeVisible();
      await expect(reader.getByText(secret)).toHaveCount(0);
      // Nowhere in the page's source either.
      expect(await reader.content()).not.toContain(secret);
    }
  }

  // A reader signs up on the site and opens the article: the plan card, not the secret.
  const buyer = await signedOutPage(browser);
  await openSignin(buyer, site);
  await signUpWithCode(buyer, world.sink, site, { email: `buyer-${unique}@example.com`, name: '付費讀者' });
  await readArticle(buyer, false);
  await shot(buyer, 'site-paywall');

  // The card's link leads to /subscribe, where the reader picks this plan and pays with the success card.
  await buyer.locator('aside.paywall').getByRole('link', { name: '查看訂閱方案' }).click();
  await expect(buyer).toHaveURL(`${site}/subscribe`);
  await expect(buyer.getByRole('heading', { level: 1, name: '訂閱' })).toBeVisible();
  await buyer.getByRole('radio', { name: planName }).check();
  await expect(buyer.getByLabel('持卡人姓名')).toHaveValue('付費讀者');
  await buyer.getByLabel('卡號').fill(SANDBOX_CARDS.success);
  await buyer.getByLabel('有效期限（MM/YY）').fill('12/30');
  await buyer.getByLabel('安全碼').fill('123');
  await shot(buyer, 'site-subscribe');
  await buyer.getByRole('button', { name: '付款' }).click();

  // The gateway's 3-D Secure page: the reader confirms, and comes back to /subscribe, paid.
  await expect(buyer).toHaveURL(/\/sandbox-gateway\/3ds\//, { timeout: 20_000 });
  await expect(buyer.getByRole('heading', { name: '3-D Secure 驗證' })).toBeVisible();
  await expect(buyer.getByText('NT$99')).toBeVisible();
  await buyer.getByRole('button', { name: /^確認/ }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${site}/subscribe\\?.*order_number=R`), { timeout: 20_000 });
  await expect(buyer.locator('#subscribe').getByRole('status')).toHaveText('付款成功，你已可閱讀付費內容。', {
    timeout: 20_000,
  });

  // The article now shows the secret.
  await readArticle(buyer, true);
  await shot(buyer, 'site-paid-article');

  // Another reader, free, in a browser of their own: still the plan card, never the secret.
  const free = await signedOutPage(browser);
  await openSignin(free, site);
  await signUpWithCode(free, world.sink, site, { email: `free-${unique}@example.com`, name: '免費讀者' });
  await readArticle(free, false);

  // Back on /subscribe the paying reader may stop the renewal, with a button styled as the theme's others.
  await buyer.goto(`${site}/subscribe`);
  const cancel = buyer.getByRole('button', { name: '取消續訂' });
  await expect(cancel).toBeVisible();
  const look = await cancel.evaluate((button) => {
    const style = getComputedStyle(button);
    const body = getComputedStyle(document.body);
    return {
      radius: style.borderTopLeftRadius,
      padding: style.paddingLeft,
      font: style.fontFamily === body.fontFamily,
    };
  });
  expect(look).toEqual({ radius: '4px', padding: '20px', font: true });
  await shot(buyer, 'site-subscribe-paying');
  await cancel.click();
  await expect(buyer.locator('#subscribe').getByRole('status')).toContainText('不再續訂');
  await expect(cancel).toHaveCount(0);

  // The owner finds the payment on the reader's member record, in words rather than the server's `paid`.
  await page.goto('/member');
  await page
    .getByRole('row')
    .filter({ hasText: `buyer-${unique}@example.com` })
    .getByText('付費讀者')
    .click();
  const payments = page.getByTestId('member-payments');
  await expect(payments).toContainText('已付款');
  await expect(payments).toContainText('NT$99');
  await expect(payments).not.toContainText('paid');

  await buyer.context().close();
  await free.context().close();
});
