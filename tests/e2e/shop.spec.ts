/**
 * The cart's edges in the browser (issue 15): more than is left, a double click, a SKU gone, and axe on the shop's
 * pages. A whole purchase, from the goods screen to the shipping mail, is the journey test (journey-shop.spec.ts).
 */
import { wcagViolations } from './a11y';
import { apiCall, expect, signedOutPage, test } from './fixtures';
import { siteInDefaultTheme } from './fixtures-readers';

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
