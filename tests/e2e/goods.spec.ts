/**
 * The shop's goods and logistics as the owner manages them (issue 15): a product with two SKUs added through the SKU
 * modal (the lead time explained there), its price range and stock in the list, a SKU code taken by another product
 * refused on its row, the bulk 上架; and a logistics option with its free threshold.
 */
import sharp from 'sharp';
import { apiCall, expect, fillForm, shot, test } from './fixtures';
import { addSku } from './fixtures-shop';

/** A small real PNG, made here. */
const png = (color: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();

test('the owner creates a product with two SKUs in the SKU modal and a logistics option', async ({
  page,
}) => {
  // A product that already holds a code, to be refused later.
  await apiCall(page.request, 'product/save', {
    id: 0,
    name: '舊商品',
    status: 'online',
    skus: [{ id: 0, name: '單一', code: 'OLD-1', price: 10, qty: 0, shift: 0, status: 'online' }],
  });

  await page.goto('/goods');
  await expect(page.getByTestId('goods-stock-alert').first()).toHaveText('缺貨');
  await page.getByRole('link', { name: '新增' }).first().click();
  await expect(page).toHaveURL(/\/goods\/0$/);
  const dialog = page.getByTestId('goods-dialog');
  await expect(dialog.getByRole('heading', { name: '新增商品' })).toBeVisible();
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), '手工皂禮盒');
  await expect(dialog.getByRole('textbox', { name: '網址代稱' })).toHaveValue('shou-gong-zao-li-he');
  // The slug's hint stays clear of the next field's label, raised over that field's box once it holds a value.
  await fillForm(dialog.getByRole('textbox', { name: '簡介' }), '天然植物油製成');
  const hint = await dialog.getByText('留空會依名稱自動產生。').boundingBox();
  const nextLabel = await dialog.locator('label', { hasText: /^簡介$/ }).boundingBox();
  expect(hint && nextLabel && nextLabel.y - (hint.y + hint.height)).toBeGreaterThanOrEqual(0);
  // Two pictures in the gallery, one removed again.
  const gallery = dialog.getByTestId('gallery-images');
  await dialog
    .getByTestId('gallery-file')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await png('#2e86c1') });
  await expect(gallery.getByRole('img')).toHaveCount(1);
  await dialog
    .getByTestId('gallery-file')
    .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: await png('#c0392b') });
  await expect(gallery.getByRole('img')).toHaveCount(2);
  await gallery.getByRole('button', { name: '移除圖片' }).first().click();
  await expect(gallery.getByRole('img')).toHaveCount(1);

  // The modal checks its rules before the SKU joins the list.
  await dialog.getByTestId('sku-add').click();
  const modal = page.getByTestId('sku-dialog');
  await modal.getByTestId('sku-done').click();
  await expect(modal.getByText('此欄位為必填').first()).toBeVisible();
  await modal.getByRole('button', { name: '取消' }).click();
  await expect(modal).toHaveCount(0);

  await addSku(page, dialog, { name: '薰衣草', code: 'SOAP-LAV', price: '350', qty: '12' });
  await addSku(page, dialog, { name: '玫瑰', code: 'old-1', price: '420', qty: '3', shift: '7' });
  const rows = dialog.getByTestId('sku-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('7 天內出貨');
  await expect(rows.nth(0)).toContainText('現貨');
  await shot(dialog, 'goods-dialog');

  // The code another product holds is refused on its row; edited in the modal, it saves.
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(rows.nth(1).getByTestId('sku-error')).toHaveText('這個 SKU 編號已被使用。');
  await rows.nth(1).getByRole('button', { name: '編輯規格' }).click();
  await expect(modal.getByTestId('sku-code')).toHaveValue('old-1');
  await shot(modal, 'goods-sku-modal');
  await modal.getByTestId('sku-code').fill('SOAP-ROSE');
  await modal.getByTestId('sku-done').click();
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('商品已儲存')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: '手工皂禮盒' });
  await expect(row).toContainText('NT$350 – NT$420');
  await expect(row.getByTestId('goods-stock')).toHaveText('15');
  await expect(row.getByTestId('goods-stock-alert')).toHaveCount(0);
  // A new product is off sale until it is put on sale.
  await expect(row).toContainText('下架');

  // Bulk 上架.
  await row.getByRole('checkbox').check();
  await page.getByTestId('goods-bulk-online').click();
  await expect(page.getByText('已更新 1 項商品')).toBeVisible();
  await expect(row).toContainText('上架');
  await shot(page, 'goods-list');

  // The SKUs come back in the dialog, in their order.
  await row.getByText('手工皂禮盒', { exact: true }).click();
  await expect(dialog.getByTestId('sku-row')).toHaveCount(2);
  await expect(dialog.getByTestId('sku-row').nth(1)).toContainText('SOAP-ROSE');
  await expect(gallery.getByRole('img')).toHaveAttribute('src', /^\/uploads\//);
  await dialog.getByRole('button', { name: '取消' }).click();

  // A logistics option with its free threshold.
  await page.goto('/logistics');
  await page.getByRole('link', { name: '新增' }).first().click();
  const shipping = page.getByTestId('logistics-dialog');
  await expect(shipping.getByText('訂單金額達此數免運費，0 表示不免運')).toBeVisible();
  await fillForm(shipping.getByRole('textbox', { name: '名稱' }), '宅配到府');
  await shipping.getByRole('spinbutton', { name: '運費' }).fill('80');
  await shipping.getByRole('spinbutton', { name: '免運門檻' }).fill('1000');
  await shipping.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('配送方式已儲存')).toBeVisible();
  const option = page.getByRole('row').filter({ hasText: '宅配到府' });
  // Money as everywhere else: NT$, not the browser locale's bare $.
  await expect(option).toContainText('NT$80');
  await expect(option).toContainText('NT$1,000');
  await expect(option).not.toContainText(/(^|[^T])\$\d/);
  await expect(option).toContainText('啟用');
});
