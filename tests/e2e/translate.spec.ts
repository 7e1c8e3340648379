/**
 * Machine translation in the writer, offline: adding 简体中文 to a zh-TW article with translation shows the
 * progress, then the new version opens translated (OpenCC with Taiwan phrases), its image and paid marker kept.
 */
import type { ContentItem } from '../../contract/content';
import { expect, shot, test } from './fixtures';

test('adds 简体中文 by translation, with progress, and opens it translated', async ({ page }) => {
  const unique = Date.now().toString(36);
  const saved = await page.request.post('/api/press/save?t=1', {
    data: {
      id: 0,
      version: 0,
      title: `軟體與網路 ${unique}`,
      seo: { title: '資訊軟體', content: '' },
      content: {
        blocks: [
          { type: 'paragraph', data: { text: '這個<strong>軟體</strong>透過網路傳送資訊。' } },
          { type: 'image', data: { url: '/uploads/e2e-translate.png', caption: '網路示意圖' } },
          { type: 'paid', data: {} },
          { type: 'paragraph', data: { text: '付費的記憶體說明。' } },
        ],
      },
    },
  });
  const { data: made } = (await saved.json()) as { data: { id: number } };
  expect(made.id).toBeGreaterThan(0);

  // The translate call's answer is held until the progress has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/press/translate',
    async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    },
  );

  await page.goto(`/edit/post/${made.id}`);
  await expect(page.getByTestId('writer-title')).toHaveValue(`軟體與網路 ${unique}`);
  await page.getByTestId('writer-language').click();
  await page.getByRole('menuitem', { name: /简体中文/ }).click();
  const ask = page.getByTestId('translate-dialog');
  await expect(ask).toBeVisible();
  const go = ask.getByRole('button', { name: '翻譯' });
  await expect(go).toBeEnabled();
  await go.click();
  const progress = ask.getByTestId('translate-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  // The server finished: the poll shows every batch done.
  await expect(progress).toContainText(/翻譯中… (\d+) \/ \1/);
  await shot(page, 'translate-progress');
  release();

  await expect(page).not.toHaveURL(new RegExp(`/edit/post/${made.id}$`));
  await expect(page.getByTestId('writer-language')).toHaveText('简体中文');
  await expect(page.getByTestId('writer-title')).toHaveValue(`软件与网络 ${unique}`);
  await expect(page.getByTestId('writer-body')).toContainText('这个软件透过网络发送信息。');
  await shot(page, 'translate-done');

  const id = Number(/\/edit\/post\/(\d+)/.exec(page.url())?.[1]);
  const res = await page.request.post('/api/press/get?t=1', { data: { id } });
  const item = (await res.json()).data as ContentItem;
  expect(item.lang_id).toBe(2);
  expect(item.seo.title).toBe('信息软件');
  expect(item.content.blocks.map((b) => b.type)).toEqual(['paragraph', 'image', 'paid', 'paragraph']);
  expect(item.content.blocks[1]).toEqual({
    type: 'image',
    data: { url: '/uploads/e2e-translate.png', caption: '网络示意图' },
  });
});
