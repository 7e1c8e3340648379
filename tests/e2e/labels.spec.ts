/**
 * Tags, categories and authors as a person manages them: the label modal with its pinyin slug and languages, the
 * duplicate slug refused under its field, deleting with a confirmation; authors with an uploaded avatar, and the
 * signed-in user's own (linked) author that cannot be changed here.
 */
import sharp from 'sharp';
import { expect, fillForm, test } from './fixtures';

/** A small real PNG, made here. */
const png = (color: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();

test('tags: a zh-TW title makes a pinyin slug, an English title, edit, duplicate slug refused, delete', async ({
  page,
}) => {
  await page.goto('/tag');
  await expect(page).toHaveURL(/\/tag(\?.*)?$/);

  // A tag another editor made, whose slug we will try to take later.
  const taken = await page.request.post('/api/label/save', {
    data: {
      id: 0,
      type: 'tag',
      slug: 'yi-you-de',
      lang: [{ lang_id: 1, title: '已有的', cover: '' }],
      active: [1],
    },
  });
  expect((await taken.json()).code).toBe(1);

  // Add: the slug follows the zh-TW title 500 ms after typing.
  await page.getByRole('link', { name: '新增' }).first().click();
  await expect(page).toHaveURL(/\/tag\/0$/);
  const dialog = page.getByTestId('label-dialog');
  await expect(dialog.getByRole('heading', { name: '新增標籤' })).toBeVisible();
  const name = dialog.getByRole('textbox', { name: '名稱' });
  await fillForm(name, '新北市的天氣');
  const slug = dialog.getByRole('textbox', { name: '網址代稱' });
  await expect(slug).toHaveValue('xin-bei-shi-de-tian-qi');
  await expect(dialog.getByTestId('preview-path')).toHaveText('預覽網址：/tag/xin-bei-shi-de-tian-qi');

  // An English title on the English tab, shown in English too.
  await dialog.getByRole('tab', { name: '英文' }).click();
  await dialog.getByRole('textbox', { name: '名稱' }).fill('Weather in New Taipei');
  await dialog.getByRole('checkbox', { name: '英文' }).check();
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('標籤已儲存')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: '新北市的天氣' });
  await expect(row.getByTestId('preview-path')).toHaveText('/tag/xin-bei-shi-de-tian-qi');
  await expect(row.getByTestId('language-chips').getByText('英')).toBeVisible();

  // Edit: the saved slug stays when the title changes; the English title is there.
  await row.getByText('新北市的天氣', { exact: true }).click();
  await expect(page).toHaveURL(/\/tag\/\d+$/);
  await expect(dialog.getByRole('textbox', { name: '名稱' })).toHaveValue('新北市的天氣');
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), '新北市的天氣預報');
  await dialog.getByRole('tab', { name: '英文' }).click();
  await expect(dialog.getByRole('textbox', { name: '名稱' })).toHaveValue('Weather in New Taipei');
  // The field holds the saved slug as the user's own (its hint says so), so no new title replaces it.
  await expect(
    dialog.getByText('小寫英文字母開頭，可用小寫英文、數字與連字號。留空時會依繁體中文名稱產生。'),
  ).toBeVisible();
  await expect(dialog.getByText('依繁體中文名稱自動產生')).toHaveCount(0);
  await expect(slug).toHaveValue('xin-bei-shi-de-tian-qi');

  // A typed slug is normalised to the slug rule when leaving the field.
  await slug.fill('Hello World_2');
  await slug.blur();
  await expect(slug).toHaveValue('hello-world-2');

  // Someone else's slug is refused under the field.
  await slug.fill('yi-you-de');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(dialog.getByText('此欄位重複')).toBeVisible();
  await expect(page.getByText('輸入的資料有誤，請檢查標示的欄位。')).toBeVisible();

  // A free one saves.
  await slug.fill('xin-bei-tian-qi');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('標籤已儲存')).toBeVisible();
  const edited = page.getByRole('row').filter({ hasText: '新北市的天氣預報' });
  await expect(edited.getByTestId('preview-path')).toHaveText('/tag/xin-bei-tian-qi');

  // Delete, after the confirmation.
  await edited.getByRole('button', { name: '刪除' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '刪除標籤「新北市的天氣預報」？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '刪除' }).click();
  await expect(page.getByText('標籤已刪除')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '新北市的天氣預報' })).toHaveCount(0);
});

test('/label shows tags and categories in tabs; /label/:id opens the modal of the tab', async ({ page }) => {
  await page.goto('/label');
  await expect(page).toHaveURL(/\/label$/);
  await expect(page.getByRole('tab', { name: '標籤', selected: true })).toBeVisible();
  await expect(page.getByText('台北', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: '分類' }).click();
  await expect(page).toHaveURL(/\/label\?type=category$/);
  await page.getByLabel('搜尋分類名稱').fill('新聞');
  const row = page.getByRole('row').filter({ hasText: '新聞' });
  await expect(row.getByTestId('preview-path')).toHaveText(/^\/category\/\d+$/);
  await row.getByText('新聞', { exact: true }).click();
  await expect(page).toHaveURL(/\/label\/\d+\?type=category$/);
  const dialog = page.getByTestId('label-dialog');
  await expect(dialog.getByRole('heading', { name: '編輯分類' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '名稱' })).toHaveValue('新聞');

  // The address opens the same modal after a reload.
  await page.reload();
  await expect(dialog.getByRole('textbox', { name: '名稱' })).toHaveValue('新聞');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/label\?type=category$/);
  await expect(dialog).toHaveCount(0);
});

test('authors: add with an uploaded avatar, edit, delete; the own linked author cannot be changed', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  // The signed-in user's own author, tied to their account.
  const mine = await page.request.post('/api/member/author?t=writer', { data: {} });
  const own = (await mine.json()).data as { id: number; name: string; member_id: number };
  expect(own.member_id).not.toBeNull();

  await page.goto('/author');
  const ownRow = page.getByRole('row').filter({ hasText: own.name });
  await expect(ownRow.getByTestId('author-linked')).toHaveText('你的帳號');
  await expect(ownRow.getByRole('button', { name: '編輯' })).toBeDisabled();
  await expect(ownRow.getByRole('button', { name: '刪除' })).toBeDisabled();

  // Add, with an avatar: a file of 5 MB is refused before it is sent, a small PNG is uploaded.
  await page.getByRole('link', { name: '新增' }).first().click();
  await expect(page).toHaveURL(/\/author\/0$/);
  const dialog = page.getByTestId('author-dialog');
  await expect(dialog.getByRole('heading', { name: '新增作者' })).toBeVisible();
  const file = dialog.getByTestId('avatar-file');
  await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024) });
  await expect(dialog.getByText('檔案大小超過限制')).toBeVisible();
  await file.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: await png('#c0392b') });
  const preview = dialog.getByTestId('image-upload-preview').getByRole('img');
  await expect(preview).toHaveAttribute('src', /^\/uploads\//);
  await expect(dialog.getByText('檔案大小超過限制')).toHaveCount(0);
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), '王小明');
  await dialog.getByRole('textbox', { name: '頭銜' }).fill('特約記者');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('作者已儲存')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '王小明' });
  await expect(row.getByRole('cell', { name: '特約記者' })).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\//);

  // Edit.
  await row.getByRole('cell', { name: '王小明', exact: true }).click();
  await expect(page).toHaveURL(/\/author\/\d+$/);
  await expect(dialog.getByRole('textbox', { name: '名稱' })).toHaveValue('王小明');
  await fillForm(dialog.getByRole('textbox', { name: '頭銜' }), '資深記者');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('作者已儲存')).toBeVisible();
  await expect(row.getByRole('cell', { name: '資深記者' })).toBeVisible();

  // Delete, after the confirmation.
  await row.getByRole('button', { name: '刪除' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '刪除作者「王小明」？' });
  await confirm.getByRole('button', { name: '刪除' }).click();
  await expect(page.getByText('作者已刪除')).toBeVisible();
  await expect(page.getByRole('cell', { name: '王小明', exact: true })).toHaveCount(0);

  // The own author opens read-only with the reason; the server refuses changes too.
  await ownRow.getByRole('cell', { name: own.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/author/${own.id}$`));
  await expect(dialog.getByRole('heading', { name: '無法在這裡修改這位作者' })).toBeVisible();
  await expect(dialog.getByTestId('author-issue')).toContainText('這是你自己的作者資料，請到個人資料修改。');
  await expect(dialog.getByRole('button', { name: '儲存' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(page).toHaveURL(/\/author$/);
  const refused = await page.request.post('/api/author/save', {
    data: { id: own.id, name: 'changed', title: '', avatar: '' },
  });
  expect((await refused.json()).code).toBe(3006);
});
