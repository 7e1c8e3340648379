/**
 * The first-party counter as people meet it: a visitor opens a published site's home and follows the link to an
 * article; the owner's dashboard then shows page views and the home, the article and the followed link in its
 * 熱門頁面 / 熱門連結 tables. A visitor whose browser asks not to be tracked (DNT) adds nothing. A site of its own
 * (paid, its own owner), so the counts are exactly this test's.
 */
import { request } from '@playwright/test';
import { apiCall, expect, paidSite, registerByApi, shot, signedInPage, test } from './fixtures';

const PASSWORD = 'stats-pass-12';
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

test('a visit and a followed link show on the dashboard; a Do Not Track visit adds nothing', async ({
  browser,
  world,
}) => {
  const tag = unique();
  const email = `stats${tag}@example.com`;
  const ctx = await request.newContext({ baseURL: world.url, extraHTTPHeaders: { origin: world.url } });
  await registerByApi(ctx, world.sink, { email, password: PASSWORD, nickname: '統計站長' });
  await paidSite(ctx, { plan: 2, slug: `stats${tag}`, name: '統計測試站', owner: '統計站長', email });
  const title = `熱門文章 ${tag}`;
  const slug = `hot-${tag}`;
  const made = await apiCall<{ id: number }>(ctx, 'press/save?t=1', {
    id: 0,
    title,
    slug,
    content: { blocks: [{ type: 'paragraph', data: { text: '有人會點進來看的文章。' } }] },
    version: 0,
  });
  await apiCall(ctx, 'press/publish?t=1', { id: made.id, mode: 1 });
  await apiCall(ctx, 'site/publish', { publish: true });
  const status = await apiCall<{ site: { current: { url: string } } }>(ctx, 'member/status');
  const site = status.site.current.url.replace(/\/$/, '');
  await ctx.dispose();

  // A visitor who asks not to be tracked: the page has the script, which sends nothing at all (the counts below
  // are exactly the next visitor's).
  const dnt = await browser.newContext({ storageState: undefined, extraHTTPHeaders: { DNT: '1' } });
  await dnt.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });
  });
  const quiet = await dnt.newPage();
  await quiet.goto(`${site}/`);
  await expect(quiet.locator('script[src="/_analytics.js"]')).toHaveCount(1);
  await quiet.getByRole('link', { name: title }).first().click();
  await expect(quiet.getByRole('heading', { name: title })).toBeVisible();
  await quiet.goto('about:blank');
  await dnt.close();

  // A visitor: the home, then the article through its link; each page's leaving sends its batch (a beacon).
  const visitorContext = await browser.newContext({ storageState: undefined });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${site}/`);
  await visitor.getByRole('link', { name: title }).first().click();
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await visitor.goto('about:blank');
  await visitorContext.close();

  // The owner's dashboard: two page views, the two pages and the followed link.
  const owner = await signedInPage(browser, world.url, email, PASSWORD);
  await owner.goto('/');
  const pages = owner.getByTestId('top-pages');
  const links = owner.getByTestId('top-links');
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByTestId('total-views')).toContainText('2', { timeout: 2_000 });
    await expect(pages.getByRole('row').filter({ hasText: `/post/${slug}` })).toContainText('1', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(owner.getByRole('heading', { name: '熱門頁面', exact: true })).toBeVisible();
  await expect(owner.getByRole('heading', { name: '熱門連結', exact: true })).toBeVisible();
  await expect(pages.getByRole('row').filter({ hasText: /^\/\s*1$/ })).toHaveCount(1);
  const link = links.getByRole('row').filter({ hasText: `/post/${slug}` });
  await expect(link).toHaveCount(1);
  await expect(link.getByRole('cell').last()).toHaveText('1');
  await shot(owner, 'dashboard-analytics');
});
