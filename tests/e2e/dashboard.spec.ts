/**
 * The dashboard, the side menu and /site as people use them: the owner sees the onboarding badges and the activity
 * chart and skips onboarding; a newly registered user who skips the wizard (a personal site without a plan) meets
 * the 尚未訂閱方案 and 'publish your site now' prompts from the side menu; a user of two sites switches between them on
 * /site; someone left without any site lands in the new-site wizard.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  registerSkippingWizard,
  registerThroughUi,
  shot,
  signedInPage,
  signIn,
  test,
} from './fixtures';

const PASSWORD = 'shell-pass-1';

/** A new person who skips the wizard: signed in on their personal site (no plan), on its dashboard. */
const NEW_PERSON = { password: PASSWORD, prefix: 'shell', skipWizard: true };

const sidebar = (page: Page) => page.locator('.RaSidebar-fixed');

test('the owner sees the onboarding badges and the activity chart, then skips onboarding', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);

  // An article published today: its badge is earned, and the chart counts it.
  const saved = await page.request.post('/api/press/save?t=1', {
    data: { id: 0, title: '今天的新聞', content: { blocks: [] }, version: 0 },
  });
  const { data: item } = await saved.json();
  expect(
    (await (await page.request.post('/api/press/publish?t=1', { data: { id: item.id, mode: 1 } })).json())
      .code,
  ).toBe(1);
  await page.reload();

  const onboarding = page.getByTestId('onboarding');
  await expect(onboarding.getByRole('heading', { name: '開始經營你的網站' })).toBeVisible();
  await expect(onboarding.getByTestId('badge-3')).toHaveAttribute('data-done', 'true');
  await expect(onboarding.getByTestId('badge-3').getByRole('img', { name: '已完成' })).toBeVisible();
  await expect(onboarding.getByTestId('badge-5')).toHaveAttribute('data-done', 'false');
  for (const step of [
    '填寫網站名稱與簡介',
    '上傳網站標誌',
    '發佈第一篇文章',
    '設定網站選單',
    '邀請團隊成員',
  ]) {
    await expect(onboarding.getByText(step)).toBeVisible();
  }

  // The chart: 30 days by default, the article counted today; the range switch redraws it.
  const chart = page.getByRole('img', { name: /最近 30 天每日發佈文章與新成員/ });
  await expect(chart).toBeVisible();
  await expect(page.getByTestId('stats-totals').getByText('發佈文章')).toBeVisible();
  // Today's article among them (other tests on this server may have published more).
  await expect(page.getByTestId('stats-totals')).toContainText(/發佈文章[1-9]/);
  await expect(page.getByRole('table', { name: /最近 30 天/ }).getByRole('row')).toHaveCount(31);
  await page.getByRole('button', { name: '最近 7 天' }).click();
  await expect(page.getByRole('img', { name: /最近 7 天每日發佈文章與新成員/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '最近 7 天' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: '撰寫文章' })).toHaveAttribute('href', '/edit/post/0');
  await shot(page, 'dashboard');

  // The side menu: every group, nothing locked on the TEAM+ plan, the current page marked.
  const menu = sidebar(page);
  for (const group of ['內容管理', '網站管理', '網站設定', '個人'])
    await expect(menu.getByText(group, { exact: true })).toBeVisible();
  for (const item of [
    '人員管理',
    '角色權限',
    '我的網站',
    '訂閱方案',
    '一般設定',
    '選單設定',
    '首頁設定',
    '網域設定',
    '媒體庫',
    '個人資料',
  ]) {
    await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu.locator('[data-locked]')).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: '總覽', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await shot(page, 'sidebar-owner');

  // A step leads to where its badge is earned.
  await onboarding.getByText('設定網站選單').click();
  await expect(page).toHaveURL(/\/setting\/menu$/);
  await expect(menu.getByRole('menuitem', { name: '選單設定', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('menuitem', { name: '設定總覽', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goto('/');

  // Skipping asks first; cancelling keeps the card.
  await onboarding.getByRole('button', { name: '略過導覽' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('略過新手導覽？')).toBeVisible();
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(onboarding).toBeVisible();
  await onboarding.getByRole('button', { name: '略過導覽' }).click();
  await confirm.getByRole('button', { name: '略過導覽' }).click();
  await expect(page.getByText('已略過新手導覽')).toBeVisible();
  await expect(page.getByTestId('onboarding')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('img', { name: /每日發佈文章與新成員/ })).toBeVisible();
  await expect(page.getByTestId('onboarding')).toHaveCount(0);
});

test('a new user without a plan meets the not-subscribed and publish-your-site prompts', async ({
  page,
  world,
}) => {
  await registerThroughUi(page, world.sink, { ...NEW_PERSON, nickname: '新朋友' });
  await expect(page.getByText('目前網站：新朋友 的網站')).toBeVisible();
  const menu = sidebar(page);

  // Staff needs the plan's team feature: the item stays, locked, and opens the plan modal instead of the page.
  const staff = menu.getByRole('menuitem', { name: /^人員管理/ });
  await expect(staff).toHaveAttribute('data-locked', 'true');
  await expect(menu.getByRole('menuitem', { name: /^角色權限/ })).toHaveAttribute('data-locked', 'true');
  await expect(menu.getByRole('menuitem', { name: '一般設定', exact: true })).not.toHaveAttribute(
    'data-locked',
  );
  await shot(page, 'sidebar-no-plan');
  await staff.click();
  const plan = page.getByTestId('plan-dialog');
  await expect(plan.getByRole('heading', { name: '尚未訂閱方案' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(plan.getByRole('link', { name: '了解方案' })).toHaveAttribute('href', '/plan');
  await shot(page, 'plan-dialog');
  await plan.getByRole('button', { name: '稍後再說' }).click();
  await expect(plan).toHaveCount(0);

  // The onboarding step that needs the team feature asks for a plan too.
  await page.getByTestId('onboarding').getByText('邀請團隊成員').click();
  await expect(plan.getByRole('heading', { name: '尚未訂閱方案' })).toBeVisible();
  await plan.getByRole('button', { name: '稍後再說' }).click();

  // The site is not published: the menu says so, and leads to the settings where the switch is.
  await menu.getByTestId('publish-prompt').click();
  const publish = page.getByTestId('publish-dialog');
  await expect(publish.getByRole('heading', { name: '立即發佈你的網站' })).toBeVisible();
  await shot(page, 'publish-dialog');
  await publish.getByRole('link', { name: '前往設定' }).click();
  await expect(page).toHaveURL(/\/setting$/);
  await expect(publish).toHaveCount(0);
});

test('a user of two sites switches between them on /site', async ({ page, browser, world }) => {
  const email = await registerSkippingWizard(page, world.sink, { ...NEW_PERSON, nickname: '雙站人' });

  // The owner invites them to the demo site as an editor; they accept with their password.
  const owner = await signedInPage(browser, world.url);
  const invited = await owner.request.post('/api/member/invite', {
    data: { email, nickname: '雙站人', roles: 3 },
  });
  expect((await invited.json()).code).toBe(1);
  const token = await world.sink.waitFor(email, /[?&]v=([\w-]+)/);
  const joined = await page.request.post('/api/member/join', { data: { v: token, password: PASSWORD } });
  expect((await joined.json()).code).toBe(1);
  await owner.context().close();

  // Start on their own site.
  await page.goto('/site');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: '範例新聞網' })).toBeVisible();
  const own = rows.filter({ hasText: '雙站人 的網站' });
  await own.getByText('雙站人 的網站').click();
  await expect(page).toHaveURL(/\/site\/\d+$/);
  const detail = page.getByTestId('site-detail');
  await expect(detail.getByRole('heading', { name: '雙站人 的網站' })).toBeVisible();
  // Joining another site does not move the session: this is still the current site, with nothing to switch to.
  await expect(detail.getByRole('button', { name: '切換到這個網站' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByText('目前網站：雙站人 的網站')).toBeVisible();

  // The list shows both, with their role and plan, and which is current.
  await page.goto('/site');
  const demo = rows.filter({ hasText: '範例新聞網' });
  await expect(demo.getByRole('cell', { name: '編輯', exact: true })).toBeVisible();
  await expect(demo.getByRole('cell', { name: 'TEAM+' })).toBeVisible();
  await expect(own.getByRole('cell', { name: '擁有者' })).toBeVisible();
  await expect(own.getByRole('cell', { name: '尚未訂閱方案' })).toBeVisible();
  await expect(own.getByTestId('current-site')).toBeVisible();
  await expect(demo.getByTestId('current-site')).toHaveCount(0);
  await shot(page, 'site-list');

  // Switch to the demo site: its dashboard, its articles only, an editor's menu.
  await demo.getByText('範例新聞網').click();
  await expect(detail.getByRole('heading', { name: '範例新聞網' })).toBeVisible();
  await expect(
    detail.getByText('https://demo.sites.localhost').or(detail.getByText('demo.sites.localhost')),
  ).toBeVisible();
  await shot(page, 'site-detail');
  await detail.getByRole('button', { name: '切換到這個網站' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('已切換到「範例新聞網」')).toBeVisible();
  await expect(page.getByText('目前網站：範例新聞網')).toBeVisible();
  const menu = sidebar(page);
  await expect(menu.getByRole('menuitem', { name: '文章', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /^人員管理/ })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: /^一般設定/ })).toHaveCount(0);
  await page.goto('/site');
  await expect(demo.getByTestId('current-site')).toBeVisible();
  await expect(own.getByTestId('current-site')).toHaveCount(0);

  // And back.
  await own.getByText('雙站人 的網站').click();
  await page.getByTestId('site-detail').getByRole('button', { name: '切換到這個網站' }).click();
  await expect(page.getByText('目前網站：雙站人 的網站')).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: /^人員管理/ })).toHaveAttribute(
    'data-locked',
    'true',
  );
});

test('someone left without any site lands in the new-site wizard', async ({ page, world }) => {
  // Invited as a new account (no site of their own), then removed from the demo site by the owner (`page`).
  const email = `leaver-${Date.now()}@example.com`;
  const owner = page;
  const invited = await owner.request.post('/api/member/invite', {
    data: { email, nickname: '離開的人', roles: 3 },
  });
  expect((await invited.json()).code).toBe(1);
  const token = await world.sink.waitFor(email, /[?&]v=([\w-]+)/);
  const joined = await owner.request.post('/api/member/join', {
    data: { v: token, nickname: '離開的人', password: PASSWORD },
  });
  expect((await joined.json()).code).toBe(1);
  const staff = await owner.request.post('/api/site/staff', { data: { query: { size: 100 } } });
  const member = (await staff.json()).data.rows.find((r: { email: string }) => r.email === email);
  expect(
    (await (await owner.request.post('/api/admin/delete', { data: { id: member.id } })).json()).code,
  ).toBe(1);

  await page.context().clearCookies();
  await page.goto('/auth/login');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/init$/);
  const wizard = page.getByTestId('wizard');
  await expect(wizard.getByRole('heading', { name: '建立新網站' })).toBeVisible();
  await expect(page.locator('.RaSidebar-fixed')).toHaveCount(0);
  // Owning no site, they may also skip for now.
  await expect(wizard.getByRole('button', { name: '先略過，稍後再選方案' })).toBeVisible();
  await shot(page, 'no-site');
  await wizard.getByRole('link', { name: '登出' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
