/**
 * The publish flow's tags screen (SPEC §2 /press/{id}/publish/tags): after publishing, the person reviews the
 * article's tags and adds one. A name needs 2 characters at least (SPEC §5) and at most 50 (the product's NAME_MAX:
 * the SPEC gives content tags no maximum), each said under the field; the added tag is saved on the article at once
 * and readers see it on the published article.
 */
import type { Page } from '@playwright/test';
import { apiCall, expect, shot, signedOutPage, test } from './fixtures';

/** The site is published (anonymous visitors see it) and wears the built-in theme, whatever ran before. */
async function publicSiteInDefaultTheme(page: Page) {
  await apiCall(page.request, 'site/publish', { publish: true });
  await apiCall(page.request, 'theme/apply', { id: 0 });
}

test('after publishing, review the article’s tags and add one; readers see it', async ({ page, browser }) => {
  await publicSiteInDefaultTheme(page);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const title = `有標籤的文章 ${n}`;
  const existing = `既有標籤${n}`;
  const added = `新標籤${n}`;

  // An article with one tag, published through the publish screens.
  const tag = await apiCall<{ id: number }>(page.request, 'press/save_tag', { name: existing });
  const { id } = await apiCall<{ id: number }>(page.request, 'press/save?t=1', {
    id: 0,
    title,
    content: { blocks: [{ type: 'paragraph', data: { text: '一篇要加標籤的文章。' } }] },
    tag: [tag.id],
    version: 0,
  });
  await page.goto(`/press/${id}/publish/setting`);
  await page.getByRole('radio', { name: '立即發佈' }).check();
  await page.getByRole('button', { name: '發佈', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`));
  const url = (await page.getByTestId('public-url').getAttribute('href')) ?? '';
  expect(url).toMatch(/^https?:\/\/.+/);

  // Readers see the article with its one tag.
  const reader = await signedOutPage(browser);
  await reader.goto(url);
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.getByRole('link', { name: `#${existing}` })).toBeVisible();
  await expect(reader.getByRole('link', { name: `#${added}` })).toHaveCount(0);

  // The success screen leads to the tags screen: the article's tag is there.
  await page.getByRole('link', { name: '檢視標籤' }).click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/tags$`));
  const screen = page.getByTestId('publish-tags');
  await expect(screen.getByRole('heading', { name: `「${title}」的標籤` })).toBeVisible();
  await expect(screen.getByText('發佈後檢查這篇文章的標籤。新增的標籤會直接存進這篇文章。')).toBeVisible();
  const chips = screen.getByTestId('item-tags').locator('.MuiChip-root');
  await expect(chips).toHaveText([existing]);
  await shot(page, 'publish-tags');

  // The rules, said under the field after typing: too short, too long; a refused name adds nothing.
  const name = screen.getByLabel('新增標籤');
  const add = screen.getByRole('button', { name: '加入' });
  await name.fill('短');
  await expect(screen.getByText('請輸入最少 2 字數')).toBeVisible();
  await add.click();
  await expect(screen.getByText('請輸入最少 2 字數')).toBeVisible();
  await name.fill('a'.repeat(51));
  await expect(screen.getByText('超過最大字數（50）限制')).toBeVisible();
  await add.click();
  await expect(screen.getByText('超過最大字數（50）限制')).toBeVisible();
  await name.fill('');
  await add.click();
  await expect(screen.getByText('此欄位為必填')).toBeVisible();
  await expect(chips).toHaveText([existing]);
  await shot(page, 'publish-tags-errors');

  // A good name is added, said so, and the field is emptied for the next one.
  await name.fill(added);
  await add.click();
  await expect(page.getByText(`已加入標籤「${added}」`)).toBeVisible();
  await expect(chips).toHaveText([existing, added]);
  await expect(screen.getByLabel('新增標籤')).toHaveValue('');
  // The same name again keeps the article's tags as they are.
  await screen.getByLabel('新增標籤').fill(added);
  await add.click();
  await expect(page.getByText(`已加入標籤「${added}」`).first()).toBeVisible();
  await expect(chips).toHaveText([existing, added]);
  await shot(page, 'publish-tags-added');

  // Saved on the article: the screen shows them again after a reload, the API answers them, readers see the tag.
  await page.reload();
  await expect(chips).toHaveText([existing, added]);
  const item = await apiCall<{ tag: { name: string }[]; status: number }>(page.request, 'press/get?t=1', {
    id,
  });
  expect(item.tag.map((t) => t.name)).toEqual([existing, added]);
  await reader.reload();
  await expect(reader.getByRole('link', { name: `#${added}` })).toBeVisible();
  await expect(reader.getByRole('link', { name: `#${existing}` })).toBeVisible();

  // Done: back to the success screen.
  await screen.getByRole('link', { name: '完成' }).click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`));
  await reader.context().close();
});
