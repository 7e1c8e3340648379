/**
 * Places (issue 17) as a person uses them: the owner makes a place with zh-TW and English words, links it from an
 * article in the writer's settings, publishes, and readers see its card on the article (in English on the English
 * page); a logistics option set to pickup at the place shows the place on the public cart.
 */
import { apiCall, expect, fillForm, shot, signedOutPage, test } from './fixtures';
import { siteInDefaultTheme } from './fixtures-readers';

test('a place made in two languages shows as a card on the linked article and as the pickup place in the cart', async ({
  page,
  browser,
  world,
}) => {
  test.setTimeout(180_000);
  const site = await siteInDefaultTheme(page.request, world);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const placeName = `松菸門市 ${n}`;
  const englishName = `Songshan Store ${n}`;
  const address = '台北市信義區光復南路 133 號';

  // The place: zh-TW words, then the English tab.
  await page.goto('/place/0');
  const dialog = page.getByTestId('place-dialog');
  await expect(dialog.getByRole('heading', { name: '新增地點' })).toBeVisible();
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), placeName);
  await dialog.getByRole('textbox', { name: '地址' }).fill(address);
  await dialog.getByRole('textbox', { name: '營業時間' }).fill('每日 11:00–19:00');
  await dialog.getByRole('tab', { name: '英文' }).click();
  await dialog.getByRole('textbox', { name: '名稱' }).fill(englishName);
  await dialog.getByRole('textbox', { name: '營業時間' }).fill('Daily 11:00–19:00');
  // A javascript: link is refused under the field.
  const map = dialog.getByRole('textbox', { name: '地圖連結' });
  await map.fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(dialog.getByText('連結錯誤')).toBeVisible();
  await map.fill('https://maps.example.com/?q=songshan');
  await shot(page, 'place-dialog');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('地點已儲存')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: placeName })).toBeVisible();

  // An article links it in the writer's settings, and is published through the publish screens.
  const title = `松菸散步 ${n}`;
  const { id } = await apiCall<{ id: number }>(page.request, 'press/save?t=1', {
    id: 0,
    title,
    content: { blocks: [{ type: 'paragraph', data: { text: '從國父紀念館站出發。' } }] },
    version: 0,
  });
  await page.goto(`/edit/post/${id}`);
  await expect(page.getByTestId('writer-body')).toBeVisible();
  const picker = page.getByTestId('writer-place');
  await picker.click();
  await picker.fill(placeName.slice(0, 4));
  await page.getByRole('option', { name: placeName }).click();
  await expect(picker).toHaveValue(placeName);
  await expect
    .poll(
      async () =>
        (await apiCall<{ place_id: number | null }>(page.request, 'press/get?t=1', { id })).place_id,
      {
        timeout: 15_000,
      },
    )
    .not.toBeNull();
  await shot(page, 'writer-place');
  await page.goto(`/press/${id}/publish/setting`);
  await page.getByRole('radio', { name: '立即發佈' }).check();
  await page.getByRole('button', { name: '發佈', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
  await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`));
  const url = (await page.getByTestId('public-url').getAttribute('href')) ?? '';

  const reader = await signedOutPage(browser);
  await reader.goto(url);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const card = reader.locator('[data-place-card]');
  await expect(card.getByRole('heading', { name: placeName })).toBeVisible();
  await expect(card).toContainText(address);
  await expect(card).toContainText('每日 11:00–19:00');
  const mapLink = card.getByRole('link', { name: /在地圖上查看/ });
  await expect(mapLink).toHaveAttribute('href', 'https://maps.example.com/?q=songshan');
  await expect(mapLink).toHaveAttribute('rel', 'noopener');
  await shot(reader, 'site-place-card');

  // A pickup option at the place, in the logistics form.
  const pickupName = `門市自取 ${n}`;
  await page.goto('/logistics/0');
  const option = page.getByTestId('logistics-dialog');
  await fillForm(option.getByRole('textbox', { name: '名稱' }), pickupName);
  await option.getByRole('spinbutton', { name: '運費' }).fill('0');
  await option.getByRole('spinbutton', { name: '免運門檻' }).fill('0');
  const where = option.getByRole('combobox', { name: '自取地點' });
  await where.click();
  await where.fill(placeName.slice(0, 4));
  await page.getByRole('option', { name: placeName }).click();
  await option.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('配送方式已儲存')).toBeVisible();

  // A product on sale, in a buyer's cart: the pickup option names the place.
  const sku = `PICK-${n}`.toUpperCase();
  const product = await apiCall<{ skus: { id: number }[] }>(page.request, 'product/save', {
    id: 0,
    name: `帆布袋 ${n}`,
    status: 'online',
    skus: [{ id: 0, name: '米白', code: sku, price: 480, qty: 5, status: 'online' }],
  });
  const buyer = await signedOutPage(browser);
  await buyer.goto(`${site}/shop`);
  await buyer.evaluate(
    (cart) => localStorage.setItem('shop-cart', JSON.stringify(cart)),
    [{ sku_id: product.skus[0].id, qty: 1 }],
  );
  await buyer.goto(`${site}/cart`);
  const choice = buyer.locator('.logistics-option').filter({ hasText: pickupName });
  await expect(choice.locator('[data-pickup]')).toHaveText(`自取地點: ${placeName} · ${address}`);
  await shot(buyer, 'site-cart-pickup');
});
