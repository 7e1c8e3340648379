/**
 * The site's own plan in the browser: a new owner's site, paid through the real API on the sandbox gateway (card
 * 4242, 3-D Secure answered on the gateway's own page), changes its plan — the preview told before confirming, the
 * current plan showing the change — and a second change in the same month is refused with 19001's words; it
 * unsubscribes and subscribes again, each confirmed. A site without a plan pays for one in the payment window, and
 * a downgrade's preview lists the limits the site is over; its 管理員 is told the plan is the owner's.
 */
import { request } from '@playwright/test';
import type { SmtpSink } from '../fixtures/smtpSink';
import { apiCall, expect, paidSite, registerByApi, shot, signedInPage, test } from './fixtures';

const STARTER = 2;
const CREATOR = 3;
const TEAM = 4;

/**
 * The browser state of a new user; with `paidPlan`, owning a new site on that plan paid as the wizard pays
 * (fixtures.ts `paidSite`).
 */
async function newOwner(world: { url: string; sink: SmtpSink }, paidPlan?: number) {
  const ctx = await request.newContext({
    baseURL: world.url,
    extraHTTPHeaders: { origin: world.url },
    storageState: undefined,
  });
  try {
    const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const email = `plan-${tag}@example.com`;
    await registerByApi(ctx, world.sink, { email, password: 'plan-pass-1', nickname: '方案站長' });
    if (paidPlan === undefined) {
      // The wizard skipped: the personal site, without a plan.
      await apiCall(ctx, 'site/start_free');
      return await ctx.storageState();
    }
    await paidSite(ctx, { plan: paidPlan, slug: `plan${tag}`, name: '方案測試站', owner: '方案站長', email });
    return await ctx.storageState();
  } finally {
    await ctx.dispose();
  }
}

test.use({ signedIn: false });

test('an owner changes the plan after its preview, a second change in the month is refused (19001); unsubscribe and subscribe again are confirmed', async ({
  browser,
  world,
}) => {
  const context = await browser.newContext({ storageState: await newOwner(world, STARTER) });
  const page = await context.newPage();

  await page.goto('/plan/current');
  await expect(page.getByTestId('current-plan')).toHaveText('STARTER');
  await expect(page.getByTestId('plan-status')).toHaveText('使用中');
  await expect(page.getByTestId('card-on-file')).toHaveText('•••• 4242（到期 12/2039）');
  await expect(page.getByTestId('payments')).toContainText('已付款');
  await expect(page.getByTestId('renewal')).toContainText('自動續訂');
  await shot(page, 'plan-current');

  await page.goto('/plan');
  const cards = page.getByTestId('plan-cards');
  await expect(cards.getByRole('radio', { name: 'STARTER' })).toContainText('目前方案');
  await shot(page, 'plan-list');
  await cards.getByRole('radio', { name: 'CREATOR' }).click();
  await expect(page).toHaveURL(new RegExp(`/plan/${CREATOR}$`));

  // The preview says what happens before anything is confirmed.
  const preview = page.getByTestId('change-preview');
  await expect(preview.getByTestId('change-effective')).toHaveText('確認後立即生效。');
  // An upgrade on the period's first day: the whole price difference (799 − 299), charged to the card on file.
  await expect(preview.getByTestId('change-charge')).toContainText('NT$500');
  await shot(page, 'plan-preview');
  await page.getByTestId('change-confirm').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('變更方案為 CREATOR？');
  await dialog.getByRole('button', { name: '確認變更' }).click();

  await expect(page.getByText('方案已更新。')).toBeVisible();
  await expect(page).toHaveURL(/\/plan\/current$/);
  await expect(page.getByTestId('current-plan')).toHaveText('CREATOR');
  await expect(page.getByTestId('payments').getByRole('row').nth(1)).toContainText(
    /變更方案.*CREATOR.*NT\$500.*已付款/,
  );

  // Once a month: the next change is refused before anything is confirmed.
  await page.goto(`/plan/${TEAM}`);
  await expect(page.getByTestId('change-refused')).toHaveText('本月已更換過訂閱方案，無法再次更改。');
  await expect(page.getByTestId('change-confirm')).toHaveCount(0);

  // Unsubscribing and subscribing again each ask first.
  await page.goto('/plan/current');
  const screen = page.getByTestId('plan-current');
  await screen.getByRole('button', { name: '取消訂閱' }).click();
  await page.getByRole('dialog', { name: '取消訂閱？' }).getByRole('button', { name: '取消訂閱' }).click();
  await expect(page.getByTestId('renewal')).toContainText('結束，不再續訂');
  await screen.getByRole('button', { name: '重新訂閱' }).click();
  await page.getByRole('dialog', { name: '重新訂閱？' }).getByRole('button', { name: '重新訂閱' }).click();
  await expect(page.getByTestId('renewal')).toContainText('自動續訂');

  await page.goto('/service');
  await expect(page.getByTestId('service-plan')).toHaveText('CREATOR');
  await shot(page, 'plan-service');
  await context.close();
});

test('a site without a plan pays for one in the payment window (plan/choose); a downgrade’s preview lists the limits it is over; a 管理員 is told the plan is the owner’s', async ({
  browser,
  world,
}) => {
  const context = await browser.newContext({ storageState: await newOwner(world) });
  const page = await context.newPage();
  await page.goto('/plan');
  await expect(page.getByTestId('no-live-plan')).toBeVisible();
  await page.getByTestId('plan-cards').getByRole('radio', { name: 'CREATOR' }).click();
  await expect(page).toHaveURL(new RegExp(`/plan/${CREATOR}$`));

  const checkout = page.getByTestId('plan-checkout');
  await checkout.getByLabel('卡號').fill('4242 4242 4242 4242');
  await checkout.getByLabel('有效期限（MM/YY）').fill('12/39');
  await checkout.getByLabel('安全碼').fill('123');
  await shot(page, 'plan-checkout');
  const popup = page.waitForEvent('popup');
  await checkout.getByTestId('plan-pay').click();
  const window = await popup;
  await window.getByRole('button', { name: 'Confirm' }).click();

  const success = page.getByTestId('payment-success');
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: '查看目前方案' }).click();
  await expect(page).toHaveURL(/\/plan\/current$/);
  await expect(page.getByTestId('current-plan')).toHaveText('CREATOR');
  await expect(page.getByTestId('plan-status')).toHaveText('使用中');

  // A downgrade's preview tells, before anything is confirmed, what the site uses above the smaller plan's limits.
  for (const n of [1, 2]) {
    const invited = await page.request.post('/api/member/invite', {
      data: { email: `staff-${n}-${Date.now()}@example.com`, nickname: `同事${n}`, roles: 3 },
    });
    expect((await invited.json()).code).toBe(1);
  }
  await page.goto(`/plan/${STARTER}`);
  await expect(page.getByTestId('change-effective')).toContainText('將於本期結束時');
  await expect(page.getByTestId('change-charge')).toHaveText(
    '今天不會收取任何費用；新價格從下一期開始計算。',
  );
  await expect(page.getByTestId('over-limits')).toContainText(
    '管理人員（含未接受的邀請）：目前 3，新方案上限 2',
  );
  await expect(page.getByTestId('over-limits')).toContainText('變更時不會刪除任何資料');
  await shot(page, 'plan-preview-over-limits');

  // A 管理員 of the site is told the plan is the owner's, rather than met with an error.
  const adminEmail = `plan-admin-${Date.now()}@example.com`;
  const invited = await page.request.post('/api/member/invite', {
    data: { email: adminEmail, nickname: '管理員', roles: 2 },
  });
  expect((await invited.json()).code).toBe(1);
  const v = decodeURIComponent(await world.sink.waitFor(adminEmail, /\/auth\/invite\?v=([\w%-]+)/));
  const joined = await page.request.post('/api/member/join', {
    data: { v, nickname: '管理員', password: 'plan-admin-1' },
  });
  expect((await joined.json()).code).toBe(1);
  const admin = await signedInPage(browser, world.url, adminEmail, 'plan-admin-1');
  await admin.goto('/plan/current');
  await expect(admin.getByTestId('owner-only')).toHaveText('只有網站的擁有者可以查看與變更訂閱方案。');
  await admin.goto(`/plan/${TEAM}`);
  await expect(admin.getByTestId('owner-only')).toBeVisible();
  await expect(admin.getByTestId('change-preview')).toHaveCount(0);
  await admin.context().close();
  await context.close();
});

test('on CREATOR, 網站風格 names its feature and the cheapest plan that has it, from the menu and opened directly', async ({
  browser,
  world,
}) => {
  const context = await browser.newContext({ storageState: await newOwner(world, CREATOR) });
  const page = await context.newPage();
  await page.goto('/');
  const item = page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: /^網站風格/ });
  await expect(item).toHaveAttribute('data-locked', 'true');
  await item.click();
  const dialog = page.getByTestId('plan-dialog');
  // Not the no-plan words of a site without any plan: the feature, this plan, and the lowest plan that has it.
  await expect(dialog.getByRole('heading', { name: '「網站風格」需要 TEAM+ 方案' })).toBeVisible();
  await expect(dialog).toContainText('目前的方案 CREATOR 不含「網站風格」。TEAM+ 以上的方案才有這項功能');
  await expect(dialog).not.toContainText('尚未訂閱方案');
  await expect(dialog.getByRole('link', { name: '查看方案' })).toHaveAttribute('href', '/plan');
  await shot(page, 'plan-upgrade-dialog');
  await dialog.getByRole('button', { name: '稍後再說' }).click();
  await expect(dialog).toHaveCount(0);

  // Opened directly, the address explains itself the same way instead of 拒絕存取.
  await page.goto('/design');
  const needed = page.getByTestId('plan-needed');
  await expect(needed.getByRole('heading', { name: '「網站風格」需要 TEAM+ 方案' })).toBeVisible();
  await expect(page.getByText('拒絕存取')).toHaveCount(0);
  await shot(page, 'plan-upgrade-page');
  await needed.getByRole('link', { name: '查看方案' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByTestId('plan-cards').getByRole('radio', { name: 'TEAM+' })).toBeVisible();
  await context.close();
});
