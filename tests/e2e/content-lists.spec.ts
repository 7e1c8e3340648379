/**
 * The content lists and the publish flow, as a writer uses them: status chips, a Chinese keyword, pinning and
 * reordering by drag, publishing now to the success screen with its url, a schedule in the past refused, deleting
 * after a confirmation, and an e-paper's send screen. Items are made through the API as the signed-in owner.
 */
import type { Page } from '@playwright/test';
import { expect, keyboardSensorReady, pointerSensorDone, test } from './fixtures';

const TYPE = { post: 1, page: 3, epaper: 4 } as const;

async function openAt(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
}

async function api<T = unknown>(
  page: Page,
  path: string,
  data: object,
): Promise<{ code: number; msg: string; data: T }> {
  const res = await page.request.post(`/api/${path}`, { data });
  return res.json();
}

/** A draft of the given type, through `press/save`; answers its id. */
async function createItem(page: Page, title: string, t: number = TYPE.post): Promise<number> {
  const reply = await api<{ id: number }>(page, `press/save?t=${t}`, {
    id: 0,
    title,
    content: { blocks: [{ type: 'paragraph', data: { text: `${title}：內文。` } }] },
    version: 0,
  });
  expect(reply.code, reply.msg).toBe(1);
  return reply.data.id;
}

async function publishItem(page: Page, id: number, body: object, t: number = TYPE.post) {
  const reply = await api(page, `press/publish?t=${t}`, { id, ...body });
  expect(reply.code, reply.msg).toBe(1);
}

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

async function rowAction(page: Page, title: string, action: string) {
  await rowOf(page, title).getByRole('button', { name: '更多動作' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** A date a year from now, as the date input takes it. */
const nextYear = () => `${new Date().getFullYear() + 1}-06-01`;

test('the article list shows status chips and filters by a Chinese keyword, remembered per route', async ({
  page,
}) => {
  await openAt(page, '/press');
  const published = await createItem(page, '人工智慧的未來');
  await publishItem(page, published, { mode: 1 });
  await createItem(page, '台北咖啡地圖');
  const scheduled = await createItem(page, '登山裝備清單');
  await publishItem(page, scheduled, { mode: 2, date: nextYear(), time: '09:30' });
  await createItem(page, '');

  await page.reload();
  await expect(rowOf(page, '人工智慧的未來').getByText('已發佈')).toBeVisible();
  await expect(rowOf(page, '台北咖啡地圖').getByText('草稿')).toBeVisible();
  await expect(rowOf(page, '登山裝備清單').getByText('已排程')).toBeVisible();
  await expect(page.getByRole('cell', { name: '（無標題）' })).toBeVisible();

  // A keyword in Chinese; the list narrows to it.
  await page.getByLabel('搜尋標題').fill('咖啡');
  await expect(rowOf(page, '台北咖啡地圖')).toBeVisible();
  await expect(rowOf(page, '人工智慧的未來')).toHaveCount(0);

  // Remembered when coming back to the route.
  await page.goto('/');
  await page.goto('/press');
  await expect(page.getByLabel('搜尋標題')).toHaveValue('咖啡');
  await expect(rowOf(page, '人工智慧的未來')).toHaveCount(0);

  // Status filter from the panel; clearing the keyword never sends an empty one.
  await page.getByLabel('搜尋標題').fill('');
  await expect(rowOf(page, '人工智慧的未來')).toBeVisible();
  await page.getByTestId('content-filters').getByRole('button', { name: '已排程' }).click();
  await expect(rowOf(page, '登山裝備清單')).toBeVisible();
  await expect(rowOf(page, '台北咖啡地圖')).toHaveCount(0);
  await page.getByTestId('content-filters').getByRole('button', { name: '已排程' }).click();
  await expect(rowOf(page, '台北咖啡地圖')).toBeVisible();

  // A row opens the writer; 寫文章 opens a new one.
  await rowOf(page, '台北咖啡地圖').getByRole('cell', { name: '台北咖啡地圖' }).click();
  await expect(page).toHaveURL(/\/edit\/post\/\d+$/);
  await page.goto('/press');
  await page.getByRole('link', { name: '寫文章' }).click();
  await expect(page).toHaveURL(/\/edit\/post\/0$/);
});

test('articles are pinned after a confirmation, shown first, and reordered by dragging', async ({ page }) => {
  await openAt(page, '/press');
  for (const title of ['置頂甲', '置頂乙', '一般丙']) await createItem(page, title);
  await page.reload();

  for (const title of ['置頂甲', '置頂乙']) {
    await rowAction(page, title, '置頂');
    await expect(page.getByRole('dialog')).toContainText(`置頂「${title}」？`);
    await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
    await expect(page.getByText('已置頂')).toBeVisible();
    await expect(rowOf(page, title).getByLabel('置頂中')).toBeVisible();
  }
  const body = page.locator('tbody');
  await expect(body.getByRole('row').nth(0)).toContainText('置頂甲');
  await expect(body.getByRole('row').nth(1)).toContainText('置頂乙');

  // Reorder: drag 乙 above 甲, then save.
  await page.getByRole('button', { name: '調整置頂順序' }).click();
  const rows = page.getByTestId('pinned-row');
  await expect(rows).toHaveCount(2);
  const from = await page.getByRole('button', { name: '移動「置頂乙」' }).boundingBox();
  const to = await page.getByRole('button', { name: '移動「置頂甲」' }).boundingBox();
  if (!from || !to) throw new Error('drag handles not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 10, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 4 });
  await page.mouse.up();
  await expect(rows.nth(0)).toContainText('置頂乙');
  await pointerSensorDone(page);
  await page.getByRole('button', { name: '儲存順序' }).click();
  await expect(page.getByText('置頂順序已儲存')).toBeVisible();
  await expect(body.getByRole('row').nth(0)).toContainText('置頂乙');
  await expect(body.getByRole('row').nth(1)).toContainText('置頂甲');

  // The keyboard moves them too: 甲 back up.
  await page.getByRole('button', { name: '調整置頂順序' }).click();
  await page.getByRole('button', { name: '移動「置頂甲」' }).focus();
  // Each key waits for the screen-reader announcement of the one before, as dnd-kit handles them one by one.
  const live = page.locator('[aria-live]');
  await page.keyboard.press('Space');
  await expect(live).toContainText('「置頂甲」');
  await expect(live).toContainText('第 2 個');
  await keyboardSensorReady(page);
  await page.keyboard.press('ArrowUp');
  await expect(live).toContainText('「置頂甲」移到第 1 個。');
  await page.keyboard.press('Space');
  await expect(rows.nth(0)).toContainText('置頂甲');
  await page.getByRole('button', { name: '儲存順序' }).click();
  await expect(body.getByRole('row').nth(0)).toContainText('置頂甲');
});

test('publish now from the setting screen shows the public url; a schedule in the past is refused', async ({
  page,
}) => {
  await openAt(page, '/press');
  const id = await createItem(page, '發佈測試文章');
  await page.goto(`/press/${id}/publish/setting`);
  await expect(page.getByTestId('current-state')).toContainText('這篇文章還是草稿');

  // A past time is refused in the form: no confirmation opens.
  await page.getByRole('radio', { name: '排程發佈' }).check();
  await expect(page.getByLabel('時間')).toHaveValue(/^\d{2}:(00|30)$/);
  await page.getByLabel('日期').fill('2020-01-01');
  await page.getByRole('button', { name: '排程發佈' }).click();
  await expect(page.getByText('請選擇未來的時間')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The server refuses it too, with its own words.
  const refused = await api(page, 'press/publish?t=1', { id, mode: 2, date: '2020-01-01', time: '09:00' });
  expect(refused.code).toBe(3002);
  expect(refused.msg).toBe('排程發佈時間不能是過去');

  // Publish now, after the confirmation.
  await page.getByRole('radio', { name: '立即發佈' }).check();
  await page.getByRole('button', { name: '發佈', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('立即發佈「發佈測試文章」？');
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`));
  await expect(page.getByText('「發佈測試文章」已經公開在網站上。')).toBeVisible();
  await expect(page.getByTestId('public-url')).toContainText(/^https?:\/\/.+\/post\/.+/);
  await expect(page.getByRole('link', { name: '繼續編輯' })).toHaveAttribute('href', `/edit/post/${id}`);

  // Tags after publishing: add one, see it.
  await page.getByRole('link', { name: '檢視標籤' }).click();
  await expect(page.getByText('還沒有標籤。')).toBeVisible();
  await page.getByLabel('新增標籤').fill('科技新知');
  await page.getByRole('button', { name: '加入' }).click();
  await expect(page.getByTestId('item-tags').getByText('科技新知')).toBeVisible();

  // Back on the setting screen, the published item offers update and take offline.
  await page.goto(`/press/${id}/publish/setting`);
  await expect(page.getByRole('button', { name: '更新' })).toBeVisible();
  await page.getByRole('button', { name: '下架' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(page).toHaveURL(/\/press$/);
  await expect(rowOf(page, '發佈測試文章').getByText('草稿')).toBeVisible();
});

test('deleting asks for a confirmation, one row or several', async ({ page }) => {
  await openAt(page, '/press');
  for (const title of ['刪除測試一', '刪除測試二', '刪除測試三']) await createItem(page, title);
  await page.reload();

  await rowAction(page, '刪除測試一', '刪除');
  await expect(page.getByRole('dialog')).toContainText('刪除「刪除測試一」？');
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(rowOf(page, '刪除測試一')).toBeVisible();
  await rowAction(page, '刪除測試一', '刪除');
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(page.getByText('已刪除')).toBeVisible();
  await expect(rowOf(page, '刪除測試一')).toHaveCount(0);

  // Bulk delete of the selected rows.
  for (const title of ['刪除測試二', '刪除測試三']) await rowOf(page, title).getByRole('checkbox').check();
  await page.getByRole('button', { name: '刪除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(rowOf(page, '刪除測試二')).toHaveCount(0);
  await expect(rowOf(page, '刪除測試三')).toHaveCount(0);
});

test("pages and e-papers have their own lists; an e-paper's publish settings are its send screen", async ({
  page,
}) => {
  await openAt(page, '/page');
  await createItem(page, '關於我們', TYPE.page);
  await page.reload();
  await expect(rowOf(page, '關於我們').getByText('草稿')).toBeVisible();
  await expect(page.getByRole('button', { name: '調整置頂順序' })).toHaveCount(0);

  const id = await createItem(page, '三月電子報', TYPE.epaper);
  await page.goto('/epaper');
  await expect(rowOf(page, '三月電子報')).toBeVisible();
  await rowAction(page, '三月電子報', '發佈設定');
  // An e-paper is published by sending it (SPEC §4), never on the site alone without its mail.
  await expect(page).toHaveURL(new RegExp(`/epaper/${id}/send$`));
  await expect(page.getByTestId('audience-count')).toHaveText(/^\d+ 人$/);
});
