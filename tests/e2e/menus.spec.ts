/**
 * Menus and home settings as a person uses them: a parent with two links built in the secondary menu by dragging,
 * the row buttons and the keyboard, saved, reloaded and found in order; the home settings with two articles picked
 * by search, a repeat refused, reordered with the keyboard, saved (已儲存。) and reloaded.
 */
import type { Page } from '@playwright/test';
import { expect, fillForm, keyboardSensorReady, pointerSensorDone, shot, test } from './fixtures';

async function openAt(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Adds an item through the dialog. */
async function addItem(page: Page, button: '新增連結' | '新增父選單', name: string, link?: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByTestId('menu-item-dialog');
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), name);
  if (link !== undefined) await dialog.getByRole('textbox', { name: '連結' }).fill(link);
  await dialog.getByRole('button', { name: '確定' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Each row as "name" or "  name" when nested. */
async function treeShape(page: Page): Promise<string[]> {
  const rows = page.getByTestId('menu-row');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const depth = await row.getAttribute('data-depth');
    const name = (await row.getByTestId('menu-row-text').locator('span').first().textContent()) ?? '';
    out.push(`${depth === '1' ? '  ' : ''}${name}`);
  }
  return out;
}

test('menus: a parent with two links, built by dragging and with the keyboard, saved and reloaded', async ({
  page,
}) => {
  await openAt(page, '/setting/menu');
  // The seeded main menu.
  await expect.poll(() => treeShape(page)).toEqual(['首頁', '分類', '  新聞', '  科技']);
  const home = page.getByTestId('menu-row').first();
  await expect(home.getByText('系統')).toBeVisible();
  await expect(home.getByRole('button', { name: '刪除「首頁」' })).toHaveCount(0);

  await page.getByRole('tab', { name: '次選單' }).click();
  await expect(page.getByTestId('menu-empty')).toBeVisible();
  await addItem(page, '新增父選單', '關於我們');

  // A link that breaks the rule is shown 500 ms after typing, and stops the dialog.
  await page.getByRole('button', { name: '新增連結' }).click();
  const dialog = page.getByTestId('menu-item-dialog');
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), '團隊');
  await dialog.getByRole('textbox', { name: '連結' }).fill('team');
  await expect(dialog.getByText('連結錯誤')).toBeVisible();
  await dialog.getByRole('textbox', { name: '連結' }).fill('/Team');
  await expect(dialog.getByText('連結錯誤')).toHaveCount(0);
  // A name in English on its own tab.
  await dialog.getByRole('tab', { name: '英文' }).click();
  await dialog.getByRole('textbox', { name: '名稱' }).fill('Team');
  await dialog.getByRole('button', { name: '確定' }).click();
  await expect(dialog).toHaveCount(0);
  await addItem(page, '新增連結', '聯絡', 'https://example.com/contact');
  await expect.poll(() => treeShape(page)).toEqual(['關於我們', '團隊', '聯絡']);
  await expect(page.getByTestId('menu-row').nth(1)).toContainText('/team');
  await expect(page.getByTestId('menu-row').nth(1).getByText('新')).toBeVisible();

  // Drag 團隊 to the right: it goes under 關於我們.
  const handle = await page.getByRole('button', { name: '移動「團隊」' }).boundingBox();
  if (!handle) throw new Error('drag handle not laid out');
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 20, y, { steps: 4 });
  await page.mouse.move(x + 60, y + 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => treeShape(page)).toEqual(['關於我們', '  團隊', '聯絡']);

  // 聯絡 goes in with its row button, then moves up above 團隊 with the keyboard.
  await pointerSensorDone(page);
  await page.getByRole('button', { name: '把「聯絡」放進上方的父選單' }).click();
  await expect.poll(() => treeShape(page)).toEqual(['關於我們', '  團隊', '  聯絡']);
  await page.getByRole('button', { name: '移動「聯絡」' }).focus();
  const live = page.locator('[aria-live]');
  await page.keyboard.press('Space');
  await expect(live).toContainText('已拿起「聯絡」');
  await keyboardSensorReady(page);
  await page.keyboard.press('ArrowUp');
  await expect(live).toContainText('「聯絡」移到第 2 個位置，在「關於我們」底下。');
  await page.keyboard.press('Space');
  await expect.poll(() => treeShape(page)).toEqual(['關於我們', '  聯絡', '  團隊']);
  await expect(page.getByTestId('menu-unsaved')).toBeVisible();
  await shot(page, 'menus-editor');

  // Leaving with unsaved changes asks first.
  await page.getByRole('menuitem', { name: '總覽', exact: true }).click();
  await expect(page.getByText('離開而不儲存？')).toBeVisible();
  await page.getByRole('button', { name: '留下' }).click();
  await expect(page).toHaveURL(/\/setting\/menu/);

  await page.getByRole('button', { name: '儲存選單' }).click();
  await expect(page.getByText('選單已儲存')).toBeVisible();
  await expect(page.getByTestId('menu-unsaved')).toHaveCount(0);

  await page.reload();
  await page.getByRole('tab', { name: '次選單' }).click();
  await expect.poll(() => treeShape(page)).toEqual(['關於我們', '  聯絡', '  團隊']);
  const saved = await (await page.request.post('/api/menu/get', { data: {} })).json();
  const [about] = saved.data['2'];
  expect(about).toMatchObject({ type: 2, link: '/#', lang: [{ lang_id: 1, name: '關於我們' }] });
  expect(about.children).toMatchObject([
    { link: 'https://example.com/contact', parent_id: about.id, sort: 0 },
    {
      link: '/team',
      parent_id: about.id,
      sort: 1,
      lang: [
        { lang_id: 1, name: '團隊' },
        { lang_id: 3, name: 'Team' },
      ],
    },
  ]);
  // The main menu was not touched.
  await page.getByRole('tab', { name: '主選單' }).click();
  await expect.poll(() => treeShape(page)).toEqual(['首頁', '分類', '  新聞', '  科技']);
  await page.getByRole('button', { name: '編輯「首頁」' }).click();
  await expect(page.getByTestId('menu-item-dialog').getByRole('textbox', { name: '連結' })).toBeDisabled();
  await shot(page, 'menus-dialog');
});

/** A published article made through the API. */
async function publishedArticle(page: Page, title: string): Promise<number> {
  const saved = await page.request.post('/api/press/save?t=1', {
    data: { id: 0, title, content: { blocks: [] }, version: 0 },
  });
  const { data } = await saved.json();
  const published = await page.request.post('/api/press/publish?t=1', { data: { id: data.id, mode: 1 } });
  expect((await published.json()).code).toBe(1);
  return data.id;
}

async function pick(page: Page, keyword: string, title: string) {
  const input = page.getByTestId('article-picker').getByRole('combobox');
  await input.fill(keyword);
  await page.getByRole('option', { name: title }).click();
}

test('home settings: two articles picked, a repeat refused, reordered, saved and reloaded', async ({
  page,
}) => {
  await openAt(page, '/page/home');
  // The page resource's list does not take this address.
  await expect(page.getByTestId('home-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: '首頁設定', level: 1 })).toBeVisible();
  const first = await publishedArticle(page, '首頁文章甲');
  const second = await publishedArticle(page, '首頁文章乙');

  // Nothing chosen: a toast, nothing sent.
  await fillForm(page.getByRole('textbox', { name: '標題' }), '本週焦點');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('請至少選擇一篇文章或一個專欄')).toBeVisible();

  await page.getByRole('radio', { name: '卡片' }).check();
  await page.getByRole('textbox', { name: '連結' }).fill('focus');
  await expect(page.getByText('連結錯誤')).toBeVisible();
  await page.getByRole('textbox', { name: '連結' }).fill('/focus');
  await pick(page, '首頁文章', '首頁文章甲');
  await pick(page, '首頁文章', '首頁文章乙');
  await pick(page, '文章甲', '首頁文章甲');
  await expect(page.getByText('「首頁文章甲」已經選擇過了')).toBeVisible();
  const entries = page.getByTestId('articles-list').getByTestId('home-entry');
  await expect(entries).toHaveCount(2);

  // A category too.
  await page.getByTestId('category-picker').getByRole('combobox').click();
  await page.getByRole('option', { name: '科技' }).click();
  await expect(page.getByTestId('categories-list').getByTestId('home-entry')).toHaveText(['1.科技']);

  // 乙 up above 甲 with the keyboard.
  await page.getByRole('button', { name: '移動「首頁文章乙」' }).focus();
  // Each list has its own live region.
  const heard = (text: string) => expect(page.locator('[aria-live]', { hasText: text })).toHaveCount(1);
  await page.keyboard.press('Space');
  await heard('已拿起「首頁文章乙」');
  await keyboardSensorReady(page);
  await page.keyboard.press('ArrowUp');
  await heard('「首頁文章乙」移到第 1 個位置。');
  await page.keyboard.press('Space');
  await expect(entries.nth(0)).toContainText('首頁文章乙');
  await page.setViewportSize({ width: 1280, height: 1300 });
  await shot(page, 'home-settings');

  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('已儲存。')).toBeVisible();

  await page.reload();
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('首頁文章乙');
  await expect(entries.nth(1)).toContainText('首頁文章甲');
  await expect(page.getByRole('textbox', { name: '標題' })).toHaveValue('本週焦點');
  await expect(page.getByRole('radio', { name: '卡片' })).toBeChecked();
  const home = await (await page.request.post('/api/home/get', { data: {} })).json();
  expect(home.data).toMatchObject({
    type: 'grid',
    title: '本週焦點',
    link: '/focus',
    articles: [
      { id: second, sort: 1 },
      { id: first, sort: 2 },
    ],
    categories: [{ title: '科技', sort: 1 }],
  });
});
