/**
 * The AI helper in the writer, offline (the extractive provider): ask for tags and a summary, accept them and see
 * the fields filled (and saved); the answer shows where it was asked, in a 1280×800 and a 1024×768 window; on a site
 * whose month's quota is used up the buttons are disabled, with the reason.
 */
import { type APIRequestContext, request } from '@playwright/test';
import type { ContentItem } from '../../contract/content';
import type { AiUsage } from '../../contract/intelligence';
import type { SmtpSink } from '../fixtures/smtpSink';
import {
  apiCall,
  expect,
  openSidePanel,
  paidSite,
  registerByApi,
  shot,
  signedInPage,
  test,
} from './fixtures';

const TEXT =
  '台北市政府今天宣布，捷運環狀線將於明年通車。捷運環狀線連接新北市與台北市，沿線設有十四個車站。' +
  '市長表示，捷運環狀線通車後，通勤時間可望縮短二十分鐘。天氣晴朗，市民在公園散步。';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

/** A new owner whose own site is on the STARTER plan (30 suggestions a month), paid in the sandbox gateway. */
async function starterOwner(world: {
  url: string;
  sink: SmtpSink;
}): Promise<{ email: string; ctx: APIRequestContext }> {
  const ctx = await request.newContext({ baseURL: world.url, extraHTTPHeaders: { origin: world.url } });
  const tag = unique();
  const email = `ai-${tag}@example.com`;
  await registerByApi(ctx, world.sink, { email, password: 'ai-pass-12', nickname: 'AI 站長' });
  await paidSite(ctx, { plan: 2, slug: `ai${tag}`, name: 'AI 測試站', owner: 'AI 站長', email });
  return { email, ctx };
}

async function openWriterWithText(page: import('@playwright/test').Page) {
  await page.goto('/edit/post/0');
  await expect(page.getByTestId('writer-body')).toBeVisible();
  await page.getByTestId('writer-title').fill(`捷運環狀線 ${unique()}`);
  await page.getByTestId('writer-body').click();
  await page.keyboard.insertText(TEXT);
  await expect(page).toHaveURL(/\/edit\/post\/[1-9]\d*/);
  await openSidePanel(page);
  await expect(page.getByTestId('ai-panel')).toBeVisible();
}

test('ask for tags and a summary offline, accept them: the fields are filled and saved', async ({ page }) => {
  await openWriterWithText(page);
  const panel = page.getByTestId('ai-panel');
  await expect(panel.getByTestId('ai-remain')).toContainText('本月剩餘');

  await panel.getByTestId('ai-ask-tags').click();
  const suggestion = panel.getByTestId('ai-suggestion');
  await expect(suggestion.getByTestId('ai-tag').first()).toBeVisible();
  await expect(suggestion.getByTestId('ai-tag').filter({ hasText: /^捷運環狀線$/ })).toBeVisible();
  await shot(page, 'ai-tags-suggested');
  // Accept one tag: it joins the tags field, the others stay offered.
  await suggestion
    .getByTestId('ai-tag')
    .filter({ hasText: /^捷運環狀線$/ })
    .click();
  const tagsField = page.locator('.MuiAutocomplete-root', { has: page.getByTestId('writer-tags') });
  await expect(tagsField.locator('.MuiChip-label', { hasText: /^捷運環狀線$/ })).toBeVisible();
  await expect(suggestion.getByTestId('ai-tag').filter({ hasText: /^捷運環狀線$/ })).toHaveCount(0);
  await suggestion.getByTestId('ai-dismiss').click();
  await expect(panel.getByTestId('ai-suggestion')).toHaveCount(0);

  await panel.getByTestId('ai-ask-summary').click();
  const text = panel.getByTestId('ai-suggestion-text');
  await expect(text).toContainText('捷運環狀線');
  const summary = (await text.textContent()) ?? '';
  expect([...summary].length).toBeLessThanOrEqual(120);
  await panel.getByTestId('ai-accept').click();
  await expect(panel.getByTestId('ai-suggestion')).toHaveCount(0);
  await page.getByRole('tab', { name: 'SEO' }).click();
  await expect(page.getByTestId('seo-description')).toHaveValue(summary);

  const id = Number(/\/edit\/post\/(\d+)/.exec(page.url())?.[1]);
  await expect
    .poll(
      async () => {
        const body = await (await page.request.post('/api/press/get?t=1', { data: { id } })).json();
        if (body.code !== 1) return body;
        const item = body.data as ContentItem;
        return { tags: item.tag.map((t) => t.name), seo: item.seo.content };
      },
      { timeout: 20_000 },
    )
    .toEqual({ tags: ['捷運環狀線'], seo: summary });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`the helper’s answer shows where it was asked, at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openWriterWithText(page);
    const panel = page.getByTestId('ai-panel');
    for (const kind of ['tags', 'summary']) {
      // A person scrolls the side panel down to the helper's buttons, and asks.
      const ask = panel.getByTestId(`ai-ask-${kind}`);
      await ask.scrollIntoViewIfNeeded();
      await ask.click();
      // The answer and its buttons are in sight, without scrolling for them.
      await expect(panel.getByTestId('ai-suggestion')).toBeInViewport({ ratio: 1 });
      await expect(panel.getByTestId('ai-accept')).toBeInViewport({ ratio: 1 });
      await expect(ask).toBeInViewport();
      await shot(page, `ai-${kind}-${viewport.width}`);
      await panel.getByTestId('ai-dismiss').click();
    }
  });
}

test('with the month’s quota used up the buttons are disabled, with the reason', async ({
  browser,
  world,
}) => {
  const { email, ctx } = await starterOwner(world);
  // 29 of the STARTER plan's 30 suggestions used through the API; the writer uses the last one.
  const status = await apiCall<AiUsage>(ctx, 'intelligence/status');
  expect(status).toMatchObject({ quota: 30, remain: 30 });
  for (let i = 0; i < 29; i++) await apiCall(ctx, 'intelligence/slug', { content: TEXT });
  await ctx.dispose();

  const page = await signedInPage(browser, world.url, email, 'ai-pass-12');
  await openWriterWithText(page);
  const panel = page.getByTestId('ai-panel');
  await expect(panel.getByTestId('ai-remain')).toHaveText('本月剩餘 1 / 30 次');
  await expect(panel.getByTestId('ai-ask-slug')).toBeEnabled();
  await panel.getByTestId('ai-ask-slug').click();
  await expect(panel.getByTestId('ai-suggestion-text')).toHaveText(/^[a-z][a-z0-9-]+$/);
  await expect(panel.getByTestId('ai-remain')).toHaveText('本月剩餘 0 / 30 次');
  for (const kind of ['slug', 'tags', 'summary'])
    await expect(panel.getByTestId(`ai-ask-${kind}`)).toBeDisabled();
  await expect(panel.getByTestId('ai-reason')).toHaveText('本月的 AI 小幫手次數已用完，下個月會重新計算。');
  // The suggestion already made can still be accepted.
  const slug = (await panel.getByTestId('ai-suggestion-text').textContent()) ?? '';
  await panel.getByTestId('ai-accept').click();
  await expect(page.getByTestId('writer-slug')).toHaveValue(slug);
  await shot(page, 'ai-quota-used-up');
  await page.context().close();
});
