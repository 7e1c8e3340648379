/**
 * The shop from end to end (issue 15), against the real server and its sandbox gateway: the owner creates a product
 * with two SKUs (in the SKU modal) and a logistics option, and puts the product on sale; a buyer on the public site
 * chooses a SKU, fills the cart, picks the shipping, orders, pays with the sandbox card through 3-D Secure and comes
 * back to a paid order, confirmed by mail; the owner sees the order paid, ships it with a tracking code, and the
 * buyer's mail with the code arrives.
 */
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { wcagViolations } from './a11y';
import { apiCall, expect, fillForm, shot, signedOutPage, test } from './fixtures';
import { siteInDefaultTheme } from './fixtures-readers';
import { addSku } from './fixtures-shop';

test('a product with two SKUs is ordered and paid on the site, then shipped with a code the buyer receives', async ({
  page,
  browser,
  world,
}) => {
  test.setTimeout(180_000);
  const site = await siteInDefaultTheme(page.request, world);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const product = `旅行杯 ${unique}`;
  const slug = `cup-${unique}`;
  const shipping = `黑貓宅配 ${unique}`;
  const buyerEmail = `buyer-${unique}@example.com`;
  const tracking = `TW${unique}`;

  // The owner: a product with two SKUs, put on sale.
  await page.goto('/goods/0');
  const dialog = page.getByTestId('goods-dialog');
  await expect(dialog.getByRole('heading', { name: '新增商品' })).toBeVisible();
  await fillForm(dialog.getByRole('textbox', { name: '名稱' }), product);
  await fillForm(dialog.getByRole('textbox', { name: '網址代稱' }), slug);
  await addSku(page, dialog, { name: '350ml', code: `CUP-S-${unique}`, price: '480', qty: '5' });
  await addSku(page, dialog, { name: '500ml', code: `CUP-L-${unique}`, price: '560', qty: '2', shift: '3' });
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('商品已儲存')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: product });
  await row.getByRole('checkbox').check();
  await page.getByTestId('goods-bulk-online').click();
  await expect(row).toContainText('上架');

  // …and a logistics option, free from NT$3,000.
  await page.goto('/logistics/0');
  const option = page.getByTestId('logistics-dialog');
  await fillForm(option.getByRole('textbox', { name: '名稱' }), shipping);
  await option.getByRole('spinbutton', { name: '運費' }).fill('90');
  await option.getByRole('spinbutton', { name: '免運門檻' }).fill('3000');
  await option.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('配送方式已儲存')).toBeVisible();

  // The buyer, on the site: the product page, the 500 ml with its lead time, two of them into the cart.
  const buyer = await signedOutPage(browser);
  await buyer.goto(`${site}/shop/${slug}`);
  await expect(buyer.getByRole('heading', { level: 1, name: product })).toBeVisible();
  await expect(buyer.locator('.sku').filter({ hasText: '500ml' })).toContainText('付款後 3 天內出貨');
  await buyer.getByRole('radio', { name: /500ml/ }).check();
  await buyer.getByLabel('數量').fill('2');
  await buyer.getByRole('button', { name: '加入購物車' }).click();
  await expect(buyer.getByText('已加入購物車。')).toBeVisible();
  await shot(buyer, 'site-product');

  // The cart, priced by the server: 2 × 560 + 90 shipping.
  await buyer.goto(`${site}/cart`);
  await expect(buyer.locator('.cart-lines')).toContainText('500ml');
  await buyer.getByRole('radio', { name: new RegExp(shipping) }).check();
  await expect(buyer.locator('.cart-totals')).toContainText('NT$1,210');
  await buyer.getByLabel('姓名').fill('林買家');
  await buyer.getByLabel('電子郵件').fill(buyerEmail);
  await buyer.getByLabel('收件地址').fill('台北市大安區羅斯福路四段 1 號');
  await shot(buyer, 'site-cart');
  await buyer.getByRole('button', { name: '下單' }).click();

  // The order page: unpaid, the card form; the sandbox's success card and its 3-D Secure page.
  await expect(buyer).toHaveURL(/\/order\?order_number=O/, { timeout: 20_000 });
  await expect(buyer.locator('[data-status]')).toHaveText('待付款');
  await buyer.getByLabel('卡號').fill(SANDBOX_CARDS.success);
  await buyer.getByLabel('有效期限（MM/YY）').fill('12/30');
  await buyer.getByLabel('安全碼').fill('123');
  await buyer.getByRole('button', { name: '付款' }).click();
  await expect(buyer).toHaveURL(/\/sandbox-gateway\/3ds\//, { timeout: 20_000 });
  await expect(buyer.getByText(/NT\$ 1,?210/)).toBeVisible();
  await buyer.getByRole('button', { name: /^確認/ }).click();
  await expect(buyer).toHaveURL(/\/order\?order_number=O/, { timeout: 20_000 });
  await expect(buyer.locator('[data-status]')).toHaveText('已付款', { timeout: 20_000 });
  const orderNumber = (await buyer.locator('[data-number]').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^O\d+-/);
  await shot(buyer, 'site-order-paid');
  // The confirmation mail names the order.
  await world.sink.waitFor(buyerEmail, new RegExp(`(${orderNumber})`));

  // The owner: the order is paid; shipped with its tracking code.
  await page.goto('/orders');
  const orderRow = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(orderRow).toContainText('已付款');
  await orderRow.getByText(orderNumber).click();
  await expect(page.getByTestId('order-number')).toContainText(orderNumber);
  await expect(page.getByTestId('order-items')).toContainText(`CUP-L-${unique}`);
  await shot(page, 'order-paid');
  await page.getByTestId('order-ship').click();
  await page.getByTestId('order-ship-code').fill(tracking);
  await page.getByTestId('order-ship-confirm').click();
  await expect(page.getByTestId('order-tracking')).toContainText(tracking);
  await shot(page, 'order-shipped');

  // The buyer's shipping mail carries the code, and their order page shows it.
  await world.sink.waitFor(buyerEmail, new RegExp(`(${tracking})`));
  await buyer.reload();
  await expect(buyer.locator('[data-status]')).toHaveText('已出貨', { timeout: 20_000 });
  await expect(buyer.locator('[data-tracking]')).toHaveText(tracking);
  await buyer.context().close();
});

test('the cart: more than is left is refused in the page’s words, a double click orders once, a SKU gone is dropped; the pages pass axe', async ({
  page,
  browser,
  world,
}) => {
  test.setTimeout(120_000);
  const site = await siteInDefaultTheme(page.request, world);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const product = `手沖咖啡豆 ${unique}`;
  const slug = `beans-${unique}`;
  const buyerEmail = `double-${unique}@example.com`;
  const saved = await apiCall<{ skus: { id: number; name: string }[] }>(page.request, 'product/save', {
    id: 0,
    name: product,
    slug,
    status: 'online',
    skus: [
      { id: 0, name: '一磅', code: `BEAN-1-${unique}`, price: 620, qty: 1, shift: 0, status: 'online' },
      { id: 0, name: '半磅', code: `BEAN-H-${unique}`, price: 350, qty: 5, shift: 0, status: 'online' },
    ],
  });
  const pound = saved.skus.find((s) => s.name === '一磅')?.id as number;
  await apiCall(page.request, 'logistics/save', {
    id: 0,
    name: `超商取貨 ${unique}`,
    fee: 60,
    free_threshold: 0,
    status: 'online',
  });

  // A cart kept from before holds a SKU that is no longer on sale (any id the site does not sell).
  const buyer = await signedOutPage(browser);
  await buyer.goto(`${site}/shop/${slug}`);
  await buyer.evaluate(() =>
    window.localStorage.setItem('shop-cart', JSON.stringify([{ sku_id: 2_000_000_000, qty: 1 }])),
  );
  await buyer.getByRole('radio', { name: /一磅/ }).check();
  await buyer.getByLabel('數量').fill('2');
  await buyer.getByRole('button', { name: '加入購物車' }).click();
  await expect(buyer.getByText('已加入購物車。')).toBeVisible();
  await buyer.goto(`${site}/cart`);
  await expect(buyer.locator('[data-cart-message]')).toHaveText('有商品已停售，已從購物車移除。');
  await expect(buyer.locator('[data-lines] tr')).toHaveCount(1);
  await expect(buyer.locator('[data-lines]')).toContainText(`${product} 只剩 1 件，請減少數量。`);
  await buyer.getByRole('radio', { name: new RegExp(`超商取貨 ${unique}`) }).check();
  await buyer.getByLabel('姓名').fill('王雙擊');
  await buyer.getByLabel('電子郵件').fill(buyerEmail);
  await buyer.getByLabel('收件地址').fill('台北市大同區迪化街一段 1 號');
  expect(await wcagViolations(buyer), 'the cart').toEqual([]);

  // Two asked for, one left: the server refuses, in the page's words, and the button can be used again.
  await buyer.getByRole('button', { name: '下單' }).click();
  await expect(buyer.locator('.checkout [data-message]')).toHaveText(
    `庫存不足：${product} 一磅 只剩 1 件。`,
    { timeout: 20_000 },
  );
  await expect(buyer.getByRole('button', { name: '下單' })).toBeEnabled();

  // One it is; a double click makes one order.
  await buyer.getByLabel(`${product} 一磅 的數量`).fill('1');
  await buyer.getByLabel(`${product} 一磅 的數量`).blur();
  await expect(buyer.locator('[data-total]')).toHaveText('NT$680');
  await buyer.getByRole('button', { name: '下單' }).dblclick();
  await expect(buyer).toHaveURL(/\/order\?order_number=O/, { timeout: 20_000 });
  await expect(buyer.locator('[data-status]')).toHaveText('待付款');
  expect(await buyer.evaluate(() => window.localStorage.getItem('shop-cart'))).toBeNull();
  expect(await wcagViolations(buyer), 'the order page').toEqual([]);
  const orders = await apiCall<{ rows: { id: number }[]; total: number }>(page.request, 'order/list', {
    query: { filters: [{ col: 'keyword', value: buyerEmail, type: 'search' }] },
  });
  expect(orders.total).toBe(1);
  // The last unit is held by that order.
  const held = await apiCall<{ skus: { id: number; qty: number }[] }>(page.request, 'product/get', {
    id: (
      await apiCall<{ rows: { id: number }[] }>(page.request, 'product/list', {
        query: { filters: [{ col: 'name', value: product, type: 'search' }] },
      })
    ).rows[0].id,
  });
  expect(held.skus.find((s) => s.id === pound)?.qty).toBe(0);
  await buyer.context().close();
});
