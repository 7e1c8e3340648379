/**
 * Site settings as a person uses them: the general settings (name, time zone, display languages added and reordered
 * with the keyboard) saved, reloaded and found again; the publish switch on the overview; a new user's sub-domain
 * refused when another site has it (輸入的網址重複) and taken when free; a custom domain bound, with its CNAME
 * instructions, and a verification that finds no record.
 */
import type { Page } from '@playwright/test';
import {
  apiCall,
  expect,
  fillForm,
  keyboardSensorReady,
  pointerSensorDone,
  registerSkippingWizard,
  shot,
  test,
} from './fixtures';

async function openAt(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

const languageRows = (page: Page) => page.getByTestId('display-language').locator('.MuiListItemText-primary');

async function addLanguage(page: Page, label: string) {
  await page.getByRole('combobox', { name: '加入語言' }).click();
  await page.getByRole('option', { name: label }).click();
  await page.getByRole('button', { name: '加入', exact: true }).click();
}

test('general settings: name, time zone and display languages in a new order, saved and reloaded', async ({
  page,
}) => {
  await openAt(page, '/setting/general');
  const title = page.getByRole('textbox', { name: '網站名稱' });
  await expect(title).toHaveValue('範例新聞網');
  // The logo field, by its label (the media tests upload through it).
  await expect(page.getByLabel('網站標誌')).toHaveAttribute('type', 'file');
  await expect(languageRows(page)).toHaveText(['繁體中文']);

  // A rule broken is shown 500 ms after typing, without saving.
  await fillForm(title, '');
  await expect(page.getByText('此欄位為必填')).toBeVisible();
  await fillForm(title, '晨間新聞網');
  await expect(page.getByText('此欄位為必填')).toHaveCount(0);
  await page.getByRole('textbox', { name: '網站描述' }).fill('每天早上的新聞');

  const zone = page.getByRole('combobox', { name: '時區' });
  await zone.click();
  await zone.fill('Asia/Tok');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await expect(zone).toHaveValue('Asia/Tokyo');

  await page.getByRole('textbox', { name: 'SEO 標題' }).fill('晨間新聞｜每天的第一份新聞');
  await page.getByRole('textbox', { name: '追蹤碼' }).fill('<script>window.track = 1;</script>');

  // English and Japanese added, then Japanese carried to the top with the keyboard: it becomes the default.
  await addLanguage(page, 'English');
  await addLanguage(page, '日本語');
  await expect(languageRows(page)).toHaveText(['繁體中文', 'English', '日本語']);
  // Each key waits for the announcement of the one before, as dnd-kit handles them one by one.
  const heard = (text: string) => expect(page.locator('[aria-live]', { hasText: text })).toHaveCount(1);
  await page.getByRole('button', { name: '移動「日本語」' }).focus();
  await page.keyboard.press('Space');
  await heard('已拿起「日本語」，目前在第 3 位。');
  await keyboardSensorReady(page);
  await page.keyboard.press('ArrowUp');
  await heard('「日本語」移到第 2 位。');
  await page.keyboard.press('ArrowUp');
  await heard('「日本語」移到第 1 位。');
  await page.keyboard.press('Space');
  await expect(languageRows(page)).toHaveText(['日本語', '繁體中文', 'English']);
  // And with the mouse: English dragged above 繁體中文.
  const box = await page.getByRole('button', { name: '移動「English」' }).boundingBox();
  const target = await page.getByRole('button', { name: '移動「繁體中文」' }).boundingBox();
  if (!box || !target) throw new Error('drag handles not laid out');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y - 10, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + 4, { steps: 8 });
  await page.mouse.up();
  await expect(languageRows(page)).toHaveText(['日本語', 'English', '繁體中文']);
  await expect(page.getByTestId('display-language').first().getByText('預設')).toBeVisible();
  // Without any language the list is refused; English stays removed.
  await pointerSensorDone(page);
  await page.getByRole('button', { name: '移除「English」' }).click();
  await page.getByRole('button', { name: '移除「日本語」' }).click();
  await page.getByRole('button', { name: '移除「繁體中文」' }).click();
  await expect(page.getByText('至少需要填入ㄧ個')).toBeVisible();
  await addLanguage(page, '日本語');
  await addLanguage(page, '繁體中文');
  await expect(languageRows(page)).toHaveText(['日本語', '繁體中文']);
  await shot(page, 'general');

  await expect(page.getByText('至少需要填入ㄧ個')).toHaveCount(0);
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page.getByText('儲存成功')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: '網站名稱' })).toHaveValue('晨間新聞網');
  await expect(page.getByRole('textbox', { name: '網站描述' })).toHaveValue('每天早上的新聞');
  await expect(page.getByRole('combobox', { name: '時區' })).toHaveValue('Asia/Tokyo');
  await expect(page.getByRole('textbox', { name: '追蹤碼' })).toHaveValue(
    '<script>window.track = 1;</script>',
  );
  await expect(languageRows(page)).toHaveText(['日本語', '繁體中文']);
  // The session follows: the site's clock is Tokyo's now.
  const status = await (await page.request.post('/api/member/status?t=writer', { data: {} })).json();
  expect(status.data.site.current).toMatchObject({ name: '晨間新聞網', timezone: 'Asia/Tokyo' });
  expect(status.data.site.current.frontend_display_language.map((l: { id: number }) => l.id)).toEqual([4, 1]);
});

test('the publish switch and the service status on the overview', async ({ page }) => {
  // Starts unpublished, whatever ran before on this server (the public-site specs publish it).
  await apiCall(page.request, 'site/publish', { publish: false });
  await openAt(page, '/setting');
  await expect(page.getByTestId('plan-name')).toHaveText('TEAM+');
  await expect(page.getByRole('link', { name: '了解方案' })).toHaveAttribute('href', '/plan');
  const publish = page.getByRole('switch', { name: '發佈網站' });
  await expect(publish).not.toBeChecked();
  await expect(page.getByTestId('publish-hint')).toHaveText('網站尚未發佈，訪客目前看不到它。');
  await shot(page, 'overview');

  await publish.click();
  await expect(page.getByText('網站已發佈', { exact: true })).toBeVisible();
  await expect(publish).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: '發佈網站' })).toBeChecked();
  await expect(page.getByTestId('publish-hint')).toHaveText('網站已發佈，訪客可以瀏覽你的內容。');

  await page.getByRole('switch', { name: '發佈網站' }).click();
  await expect(page.getByText('網站已停止發佈')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: '發佈網站' })).not.toBeChecked();

  // The other settings pages are a click away.
  await page
    .getByTestId('settings-overview')
    .getByRole('link', { name: /網域設定/ })
    .click();
  await expect(page).toHaveURL(/\/setting\/domain$/);
  await expect(page.getByTestId('settings-domain').getByTestId('site-subdomain')).toHaveText(
    'demo.sites.localhost',
  );
  await shot(page, 'domain');
});

test('a new site: subscribe now, a taken sub-domain refused, a free one taken; a custom domain bound', async ({
  page,
  world,
}) => {
  await registerSkippingWizard(page, world.sink, {
    nickname: '小站長',
    password: 'settings-pass-1',
    prefix: 'settings',
  });
  await page.goto('/setting');
  await expect(page.getByTestId('plan-name')).toHaveText('尚未訂閱方案');
  await expect(page.getByRole('link', { name: '立即訂閱' })).toHaveAttribute('href', '/plan');

  await page.goto('/setting/domain/sub');
  const field = page.getByRole('textbox', { name: '子網域' });
  await expect(field).toHaveValue(/^site-/);
  // The slug rule, 500 ms after typing.
  await fillForm(field, 'My News');
  await expect(page.getByText('格式錯誤')).toBeVisible();
  // The demo site has this one.
  await fillForm(field, 'demo');
  await expect(page.getByTestId('subdomain-preview')).toHaveText('網站網址：https://demo.sites.localhost');
  await page.getByRole('button', { name: '檢查是否可用' }).click();
  await expect(page.getByText('輸入的網址重複')).toBeVisible();
  await shot(page, 'subdomain');
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page.getByText('輸入的網址重複')).toBeVisible();

  const slug = `news-${Date.now().toString(36)}`;
  await fillForm(field, slug);
  await page.getByRole('button', { name: '檢查是否可用' }).click();
  await expect(page.getByText('這個網址可以使用。')).toBeVisible();
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page.getByText('子網域已更新')).toBeVisible();
  await expect(page).toHaveURL(/\/setting\/domain$/);
  await expect(page.getByTestId('settings-domain').getByTestId('site-subdomain')).toHaveText(
    `${slug}.sites.localhost`,
  );

  // A custom domain: refused when malformed, then bound; the CNAME to set up is shown.
  await page.getByTestId('domain-custom').getByRole('link', { name: '設定', exact: true }).click();
  await expect(page).toHaveURL(/\/setting\/domain\/custom$/);
  const domain = page.getByRole('textbox', { name: '網域' });
  await fillForm(domain, 'not a domain');
  await expect(page.getByText('網域格式錯誤')).toBeVisible();
  await shot(page, 'custom-domain-bind');
  await fillForm(domain, 'WWW.Settings-E2E.invalid');
  await page.getByRole('button', { name: '綁定網域' }).click();
  await expect(page.getByTestId('bound-domain')).toHaveText('www.settings-e2e.invalid');
  await expect(page.getByTestId('domain-state')).toHaveText('待驗證');
  await expect(page.getByTestId('cname-target')).toHaveText(`${slug}.sites.localhost`);
  // Nothing in DNS points there: the spinner, then the 13000 message (the lookup gives up well within 20 s).
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page.getByTestId('verify-failure')).toHaveText('無法偵測到有效的 CNAME 紀錄，請稍後再試。', {
    timeout: 20_000,
  });
  await shot(page, 'custom-domain');
});
