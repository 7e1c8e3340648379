/**
 * The shared layer as a person sees it: at 1024 px the article list shows every column and its row menu; times are
 * the site's wall clock (Asia/Taipei) in the interface language, whatever the browser's zone, and a schedule names
 * the zone; the tab names the screen and the site; the password rule is there before anyone fails it; joining by
 * invitation signs in; the top bar's language is the profile's; a long form keeps its save button in the window.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The browser is in Los Angeles, the site in Taipei: 13:49 there must not read as 22:49 of the day before.
test.use({ viewport: { width: 1024, height: 768 }, timezoneId: 'America/Los_Angeles' });

const RULE = '密碼至少 8 個字元，需包含數字與小寫英文字母';

/** Tests start signed in as the owner (fixtures.ts): straight to the screen. */
async function signInAt(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
}

async function api<T = unknown>(page: Page, path: string, data: object): Promise<T> {
  const reply = await (await page.request.post(`/api/${path}`, { data })).json();
  expect(reply.code, reply.msg).toBe(1);
  return reply.data as T;
}

/** The current site: other tests of the worker may have renamed the seeded site or changed its zone. */
async function currentSite(page: Page): Promise<{ name: string; timezone: string }> {
  const session = await api<{ site: { current: { name: string; timezone: string } } }>(
    page,
    'member/status?t=writer',
    {},
  );
  return session.site.current;
}

const endsWith = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

test('at 1024 px the article list shows every column and the row menu, in the site’s time', async ({
  page,
}) => {
  await signInAt(page, '/press');
  const { name: site, timezone } = await currentSite(page);
  await expect(page).toHaveTitle(`文章 · ${site}`);

  const year = new Date().getFullYear() + 1;
  const { id } = await api<{ id: number }>(page, 'press/save?t=1', {
    id: 0,
    title: '台北夜市的清晨',
    content: { blocks: [{ type: 'paragraph', data: { text: '內文。' } }] },
    version: 0,
  });
  await api(page, 'press/publish?t=1', { id, mode: 2, date: `${year}-06-01`, time: '13:49' });
  await page.reload();

  const row = page.getByRole('row').filter({ hasText: '台北夜市的清晨' });
  await expect(row).toContainText(`${year}/06/01`);
  await expect(row).toContainText('13:49');
  // Every column fits beside the menu and the filter panel; the row menu is in the window.
  for (const name of ['標題', '狀態', '作者', '分類', '發佈時間', '語言']) {
    await expect(page.getByRole('columnheader', { name })).toBeInViewport();
  }
  const wrapper = page.locator('.RaDataTable-tableWrapper');
  // Measured once the rows have settled (a cell still loading its values may be wider for a moment).
  await expect.poll(() => wrapper.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
  const menu = row.getByRole('button', { name: '更多動作' });
  await expect(menu).toBeInViewport();

  // The publish screen says the same time, naming the zone.
  await menu.click();
  await page.getByRole('menuitem', { name: '發佈設定', exact: true }).click();
  await expect(page.getByTestId('current-state')).toHaveText(
    `這篇文章已排程在 ${year}/06/01 13:49（${timezone}） 發佈。`,
  );
  await expect(page).toHaveTitle(endsWith(` · ${site}`));
  // The writer's tab names the item being written, and the site.
  await page.goto(`/edit/post/${id}`);
  await expect(page).toHaveTitle(`台北夜市的清晨 · ${site}`);
});

test.describe('signed out', () => {
  test.use({ signedIn: false });

  test('the sign-in screens name themselves in the tab', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('登入 · 站務後台');
    await page.goto('/auth/forgot');
    await expect(page).toHaveTitle('忘記密碼 · 站務後台');
  });

  test('someone who asks for less motion gets none; everyone else sees the transitions', async ({ page }) => {
    // The config's contexts ask for less motion (playwright.config.ts); this page asks for none of that first.
    const buttonTransition = () =>
      page.getByRole('button', { name: '登入' }).evaluate((b) => getComputedStyle(b).transitionDuration);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/auth/login');
    expect(Number.parseFloat(await buttonTransition())).toBeGreaterThanOrEqual(0.1);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(Number.parseFloat(await buttonTransition())).toBeLessThan(0.001);
  });
});

test('an invitee sees the password rule, joins and is signed in; the top bar’s language is the profile’s', async ({
  page,
  browser,
  world,
}) => {
  await signInAt(page, '/admin');
  const email = `ux-joiner-${Date.now()}@example.com`;
  await api(page, 'member/invite', { email, nickname: '小加', roles: 3 });
  const token = await world.sink.waitFor(email, /\/auth\/invite\?v=([\w%-]+)/);

  const invitee = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await invitee.goto(`/auth/invite?v=${token}`);
  await expect(invitee).toHaveTitle('加入網站 · 站務後台');
  // The rule is under the password field before anything is typed, and stays beside the error.
  await expect(invitee.getByText(RULE)).toBeVisible();
  const password = invitee.getByLabel('密碼', { exact: true });
  await password.fill('short1');
  await expect(invitee.getByText('密碼格式錯誤')).toBeVisible();
  await expect(invitee.getByText(RULE)).toBeVisible();
  await password.fill('joiner-pass-1');
  await invitee.getByLabel('確認密碼').fill('joiner-pass-1');
  await invitee.getByRole('button', { name: '加入', exact: true }).click();

  // Signed in on the site joined, without typing the password again.
  await expect(invitee).toHaveURL(/\/$/);
  await expect(invitee.locator('a[role="menuitem"][href="/press"]')).toBeVisible();
  await expect(invitee).toHaveTitle(endsWith(` · ${(await currentSite(page)).name}`));

  // The top bar's switch saves the profile's language.
  await invitee.getByTestId('language-switch').click();
  await invitee.getByRole('menuitem', { name: 'English' }).click();
  await expect(invitee.locator('a[role="menuitem"][href="/press"]')).toHaveText(/Articles/);
  await expect(async () => {
    const status = await (await invitee.request.post('/api/member/status', { data: {} })).json();
    expect(status.data.user.meta.language).toBe('en');
  }).toPass({ timeout: 10_000 });
  await invitee.goto('/profile');
  await expect(invitee.getByTestId('profile-view').getByText('English', { exact: true })).toBeVisible();
  await expect(invitee.getByTestId('language-switch')).toHaveText('English');

  // The change-password screen shows the rule too, in the interface language.
  await invitee.goto('/setting/password');
  await expect(invitee.getByText('At least 8 characters, with a digit and a lowercase letter')).toBeVisible();
  await invitee.context().close();
});

test('the role editor keeps its save button in the window', async ({ page }) => {
  await signInAt(page, '/role/create');
  const save = page.getByRole('button', { name: '儲存' });
  await expect(save).toBeInViewport();
  // The form is much taller than the window, and the button stays in it while the form scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1200);
  await page.mouse.wheel(0, 600);
  await expect(save).toBeInViewport();
});
