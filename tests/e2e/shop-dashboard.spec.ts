/**
 * The dashboard of a 電商人員 (the shop's permissions only) on the demo site, whose plan has the shop: the activity
 * card with the orders and revenue totals and their legend, no onboarding (it needs the settings), no article
 * shortcuts, and no refusal on the way (no 403 from the API, no error toast).
 */
import type { Response } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures';

const PASSWORD = 'shop-dash-pass-1';

test('a 電商人員 sees the shop’s figures on the dashboard, and nothing refused', async ({
  page,
  browser,
  world,
}) => {
  await page.goto('/');
  // The owner (all permissions, plan with the shop) sees the shop in the legend too.
  const legend = page.getByTestId('chart-legend');
  await expect(legend.getByText('訂單', { exact: true })).toBeVisible();
  await expect(legend.getByText('營收（NT$）')).toBeVisible();

  const email = 'dash-shop@example.com';
  const invited = await page.request.post('/api/member/invite', {
    data: { email, nickname: 'dash-shop', roles: 4 },
  });
  expect((await invited.json()).code).toBe(1);
  const token = decodeURIComponent(await world.sink.waitFor(email, /\/auth\/invite\?v=([\w%-]+)/));
  const joined = await page.request.post('/api/member/join', {
    data: { v: token, nickname: 'dash-shop', password: PASSWORD },
  });
  expect(await joined.json()).toMatchObject({ code: 1 });

  const shop = await signedInPage(browser, world.url, email, PASSWORD);
  const refused: string[] = [];
  shop.on('response', (r: Response) => {
    if (r.url().includes('/api/') && r.status() === 403) refused.push(r.url());
  });
  await shop.goto('/');
  await expect(shop).toHaveURL(/\/$/);
  const totals = shop.getByTestId('stats-totals');
  await expect(totals.getByText('訂單', { exact: true })).toBeVisible();
  await expect(totals.getByText('營收', { exact: true })).toBeVisible();
  // Whatever the shop sold before (other specs may have bought on this site): revenue reads as money.
  await expect(totals.getByText(/^NT\$[\d,]+$/)).toBeVisible();
  await expect(shop.getByTestId('chart-legend').getByText('營收（NT$）')).toBeVisible();
  await expect(shop.getByRole('table', { name: /最近 30 天/ }).getByRole('columnheader')).toHaveText([
    '日期',
    '發佈文章',
    '新成員',
    '訂單',
    '營收',
  ]);
  // Nothing for the content or the settings it may not touch.
  await expect(shop.getByTestId('onboarding')).toHaveCount(0);
  await expect(shop.getByRole('link', { name: '撰寫文章' })).toHaveCount(0);
  await expect(shop.getByRole('link', { name: '文章列表' })).toHaveCount(0);
  // The range switch redraws without a refusal either.
  await shop.getByRole('button', { name: '最近 7 天' }).click();
  await expect(shop.getByRole('img', { name: /最近 7 天/ })).toBeVisible();
  await expect(shop.locator('.MuiSnackbar-root')).toHaveCount(0);
  await expect(shop.getByRole('alert')).toHaveCount(0);
  expect(refused).toEqual([]);
  await shop.context().close();
});
