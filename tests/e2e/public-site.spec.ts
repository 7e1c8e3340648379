/**
 * The writer's links open real pages (issue 13): an article published through the writer and the publish screens
 * is at its `url` (the success screen's link) in the default theme; edited afterwards without publishing, the public
 * page keeps the published title while the writer's preview shows the draft, marked as a preview.
 */
import type { Page } from '@playwright/test';
import { wcagViolations } from './a11y';
import { apiCall, expect, shot, signedOutPage, test } from './fixtures';

/** The site is published (anonymous visitors see it) and wears the built-in theme, whatever ran before. */
async function publicSiteInDefaultTheme(page: Page) {
  await apiCall(page.request, 'site/publish', { publish: true });
  await apiCall(page.request, 'theme/apply', { id: 0 });
}

const saved = (page: Page) =>
  expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

test('publish an article, open its url; a later draft shows only in the preview', async ({
  page,
  browser,
}) => {
  await publicSiteInDefaultTheme(page);
  const title = `公開網站的文章 ${Date.now()}`;
  const draftTitle = `${title}（修改中）`;

  // Written in the writer, published through the publish screens.
  await page.goto('/edit/post/0');
  await expect(page.getByTestId('writer-body')).toBeVisible();
  await page.getByTestId('writer-title').click();
  await page.keyboard.insertText(title);
  await page.getByTestId('writer-body').click();
  await page.keyboard.insertText('這是一篇在公開網站上看得到的文章。');
  await expect(page).toHaveURL(/\/edit\/post\/[1-9]\d*$/, { timeout: 15_000 });
  const id = Number(/\/edit\/post\/(\d+)/.exec(page.url())?.[1]);
  await saved(page);
  await page.getByTestId('writer-publish').click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/setting$`));
  await page.getByRole('radio', { name: '立即發佈' }).check();
  await page.getByRole('button', { name: '發佈', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`));

  // The success screen's link opens the article on the site, in a new tab.
  const link = page.getByTestId('public-url');
  await expect(link).toHaveAttribute('target', '_blank');
  const url = (await link.getAttribute('href')) ?? '';
  expect(url).toMatch(/^http:\/\/[a-z0-9-]+\.sites\.localhost:\d+\/.+/);
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(tab.getByRole('heading', { name: title })).toBeVisible();
  await expect(tab.locator('html')).toHaveAttribute('lang', /zh/);
  await shot(tab, 'public-article');
  await tab.close();

  // Edited, saved, not published: visitors still read the published title.
  await page.goto(`/edit/post/${id}`);
  await expect(page.getByTestId('writer-title')).toHaveValue(title);
  await page.getByTestId('writer-title').fill(draftTitle);
  await saved(page);
  await expect(page.getByTestId('draft-changed')).toBeVisible();
  const visitor = await signedOutPage(browser);
  const response = await visitor.goto(url);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(visitor.getByText(draftTitle)).toHaveCount(0);
  await expect(visitor.getByText(/預覽/)).toHaveCount(0);
  // The real page in the built-in theme, as a visitor gets it, has no WCAG A/AA violation.
  expect(await wcagViolations(visitor)).toEqual([]);

  // The writer's preview button opens the item's signed preview_url: the draft, with a preview banner.
  const preview = page.getByRole('link', { name: '預覽', exact: true });
  const previewUrl = (await preview.getAttribute('href')) ?? '';
  expect(previewUrl.startsWith(url)).toBe(true);
  expect(previewUrl).toContain('preview=');
  const [previewTab] = await Promise.all([page.waitForEvent('popup'), preview.click()]);
  await expect(previewTab.getByRole('heading', { name: draftTitle })).toBeVisible();
  await expect(previewTab.getByRole('status').filter({ hasText: '預覽' })).toBeVisible();
  await shot(previewTab, 'public-article-preview');

  // The list's row menu has the same two links.
  await page.goto('/press');
  const row = page.getByRole('row').filter({ hasText: title }).first();
  await row.getByRole('button', { name: '更多動作' }).click();
  await expect(page.getByRole('menuitem', { name: '在網站上檢視' })).toHaveAttribute('href', url);
  await expect(page.getByRole('menuitem', { name: '預覽', exact: true })).toHaveAttribute(
    'href',
    /[?&]preview=/,
  );
  await visitor.context().close();
});

test('the dashboard opens the unpublished site for staff through site/visit', async ({ page, browser }) => {
  await apiCall(page.request, 'site/publish', { publish: false });
  try {
    await page.goto('/');
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('visit-site').click()]);
    // The staff link leads to the site itself, shown to staff with a notice; visitors see "coming soon".
    await expect(tab).toHaveURL(/^http:\/\/[a-z0-9-]+\.sites\.localhost:\d+\//);
    await expect(tab.getByText(/只有工作人員看得到|only staff can see/i).first()).toBeVisible();
    const visitor = await signedOutPage(browser);
    await visitor.goto(new URL(tab.url()).origin);
    await expect(visitor.getByText(/即將推出/).first()).toBeVisible();
    await visitor.context().close();
  } finally {
    await apiCall(page.request, 'site/publish', { publish: true });
  }
});
