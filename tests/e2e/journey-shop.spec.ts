/**
 * Journey (issue 27): a buyer who is not signed in buys from the shop, and the owner ships the order — across the
 * owner's goods screen and SKU modal, the logistics screen, the site's shop pages and cart (its bot check), the gateway's 3-D Secure page, the mails
 * and the owner's order screens. Every amount reads NT$, every status in words.
 */
import { readFile } from 'node:fs/promises';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { expect, fillForm, signedOutPage, test } from './fixtures';
import { siteInDefaultTheme } from './fixtures-readers';
import { addSku } from './fixtures-shop';

/** An amount as the product shows it: NT$, with or without a space (never the bare `$` of zh-TW's TWD). */
const ntd = (amount: string) => new RegExp(`NT\\$\\s?${amount}`);
const bareDollar = (amount: string) => new RegExp(`(^|[^T])\\$\\s?${amount}`);

test('a buyer checks out in the shop, and the owner ships the order with a code the buyer receives', async ({
  page,
  browser,
  world,
}) => {
  const site = await siteInDefaultTheme(page.request, world);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const product = `陶瓷馬克杯 ${unique}`;
  const slug = `mug-${unique}`;
  const shipping = `宅配到府 ${unique}`;
  const buyerEmail = `journey-buyer-${unique}@example.com`;
  const tracking = `TW${unique}`;

  // The owner makes a product with two SKUs in the SKU modal and puts it on sale…
  await page.goto('/goods/0');
  const dialog = page.getByTestId('goods-dialog');
  await expect(dialog.getByRole('heading', { name: '新增商品' })).toBeVisible();
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), product);
  await fillForm(dialog.getByRole('textbox', { name: '網址代稱' }), slug);
  await addSku(page, dialog, { name: '白色', code: `MUG-W-${unique}`, price: '480', qty: '3' });
  await addSku(page, dialog, { name: '黑色', code: `MUG-B-${unique}`, price: '520', qty: '2', shift: '3' });
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('商品已儲存')).toBeVisible();
  const goodsRow = page.getByRole('row').filter({ hasText: product });
  await goodsRow.getByRole('checkbox').check();
  await page.getByTestId('goods-bulk-online').click();
  await expect(goodsRow).toContainText('上架');

  // …and adds a shipping option on the logistics screen: its fee reads NT$.
  await page.goto('/logistics/0');
  const option = page.getByTestId('logistics-dialog');
  await fillForm(option.getByRole('textbox', { name: '名稱' }), shipping);
  await option.getByRole('spinbutton', { name: '運費' }).fill('120');
  await option.getByRole('spinbutton', { name: '免運門檻' }).fill('0');
  await option.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('配送方式已儲存')).toBeVisible();
  const optionRow = page.getByRole('row').filter({ hasText: shipping });
  await expect(optionRow).toContainText(ntd('120'));
  await expect(optionRow).not.toContainText(bareDollar('120'));

  // The buyer, not signed in: the shop, the product, the cart.
  const buyer = await signedOutPage(browser);
  await buyer.goto(`${site}/shop`);
  await buyer.getByRole('link', { name: product }).click();
  await expect(buyer).toHaveURL(`${site}/shop/${slug}`);
  await expect(buyer.getByRole('heading', { level: 1, name: product })).toBeVisible();
  // A SKU with a lead time says so (`shift`, the days after payment within which it ships).
  await expect(buyer.locator('.sku').filter({ hasText: '黑色' })).toContainText('付款後 3 天內出貨');
  await buyer.getByRole('radio', { name: /白色/ }).check();
  await buyer.getByRole('button', { name: '加入購物車' }).click();
  await expect(buyer.getByText('已加入購物車。')).toBeVisible();
  // The header's cart counts the unit.
  await buyer.getByRole('link', { name: '購物車 (1)' }).click();
  await expect(buyer).toHaveURL(`${site}/cart`);
  await expect(buyer.locator('.cart-lines')).toContainText(product);

  // The shipping choice shows its fee in NT$; the totals follow it.
  const choice = buyer.getByRole('radio', { name: new RegExp(shipping) });
  await expect(buyer.locator('.logistics-option label').filter({ hasText: shipping })).toContainText(
    ntd('120'),
  );
  await choice.check();
  await expect(buyer.locator('[data-subtotal]')).toHaveText(ntd('480'));
  await expect(buyer.locator('[data-shipping]')).toHaveText(ntd('120'));
  await expect(buyer.locator('[data-total]')).toHaveText(ntd('600'));
  await buyer.getByLabel('姓名').fill('陳買家');
  await buyer.getByLabel('電子郵件').fill(buyerEmail);
  await buyer.getByLabel('收件地址').fill('臺中市西區民權路 1 號');
  // The bot check is solved by the page itself; the order waits for it.
  await buyer.getByRole('button', { name: '下單' }).click();

  // The order page: the card, the gateway's 3-D Secure page, and back to a paid order with its mail.
  await expect(buyer).toHaveURL(/\/order\?order_number=O/, { timeout: 20_000 });
  await expect(buyer.locator('[data-status]')).toHaveText('待付款');
  await buyer.getByLabel('卡號').fill(SANDBOX_CARDS.success);
  await buyer.getByLabel('有效期限（MM/YY）').fill('12/30');
  await buyer.getByLabel('安全碼').fill('123');
  await buyer.getByRole('button', { name: '付款' }).click();
  await expect(buyer).toHaveURL(/\/sandbox-gateway\/3ds\//, { timeout: 20_000 });
  await expect(buyer.getByText('NT$600')).toBeVisible();
  await buyer.getByRole('button', { name: /^確認/ }).click();
  await expect(buyer).toHaveURL(/\/order\?order_number=O/, { timeout: 20_000 });
  await expect(buyer.locator('[data-status]')).toHaveText('已付款', { timeout: 20_000 });
  const orderNumber = (await buyer.locator('[data-number]').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^O\d+-/);
  await world.sink.waitFor(buyerEmail, new RegExp(`(${orderNumber})`));

  // The owner: the order paid in the list, in words; its page; shipped with the tracking code.
  await page.goto('/orders');
  const orderRow = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(orderRow).toContainText('已付款');
  await expect(orderRow).toContainText(ntd('600'));
  await expect(orderRow).not.toContainText(/\bpaid\b/);
  await orderRow.getByText(orderNumber).click();
  await expect(page.getByTestId('order-number')).toContainText(orderNumber);
  await expect(page.getByTestId('order-items')).toContainText(`MUG-W-${unique}`);
  await expect(page.getByTestId('order-payments')).toContainText(ntd('600'));
  await expect(page.getByTestId('order-payments')).not.toContainText(/\bpaid\b/);
  await page.getByTestId('order-ship').click();
  await page.getByTestId('order-ship-code').fill(tracking);
  await page.getByTestId('order-ship-confirm').click();
  await expect(page.getByTestId('order-tracking')).toContainText(tracking);
  await expect(page.getByTestId('order-event').filter({ hasText: '已出貨' })).not.toHaveCount(0);

  // The generated list's keyword finds it, and its CSV export holds the filter's orders, one row per item.
  await page.getByRole('link', { name: '返回訂單列表' }).click();
  await page.getByLabel('搜尋訂單編號、買家姓名、信箱或電話').fill(buyerEmail);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText('已出貨');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('orders-export').click(),
  ]);
  const csv = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(csv[0]).toMatch(/^\uFEFF訂單編號,建立時間,狀態,/);
  expect(csv.slice(1)).toEqual([expect.stringContaining(`${orderNumber},`)]);
  expect(csv[1]).toContain(`MUG-W-${unique}`);
  expect(csv[1]).toContain(tracking);

  // The buyer's shipping mail carries the code, and their order page shows it.
  await world.sink.waitFor(buyerEmail, new RegExp(`(${tracking})`));
  await buyer.reload();
  await expect(buyer.locator('[data-status]')).toHaveText('已出貨', { timeout: 20_000 });
  await expect(buyer.locator('[data-tracking]')).toHaveText(tracking);
  await buyer.context().close();
});
