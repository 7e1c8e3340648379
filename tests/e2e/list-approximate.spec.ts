/**
 * Lists at scale (issue 31) in the browser: a list whose total is the server's estimate (`approximate: true`, what
 * a list over LIST_EXACT_TOTAL rows answers — here set on the real reply, since this server's lists are small)
 * reads "共約 …" in zh-TW and "of about …" in English, its page numbers still navigate, and a page reached from its
 * neighbour is asked with the neighbour's cursor.
 */
import { expect, test } from './fixtures';

test('an estimated total reads "about", and the page numbers navigate with the cursor', async ({ page }) => {
  const titles = Array.from({ length: 13 }, (_, i) => `約數清單 ${String(i + 1).padStart(2, '0')}`);
  for (const title of titles) {
    const res = await page.request.post('/api/press/save?t=1', {
      data: { id: 0, title, content: { blocks: [{ type: 'paragraph', data: { text: title } }] }, version: 0 },
    });
    expect((await res.json()).code).toBe(1);
  }
  const asked: { page: number; cursor?: string }[] = [];
  let total = 0;
  await page.route(/\/api\/press\/list\?/, async (route) => {
    const query = route.request().postDataJSON()?.query ?? {};
    asked.push({ page: query.page, cursor: query.cursor });
    const res = await route.fetch();
    const body = await res.json();
    if (body.code === 1) {
      body.data.approximate = true;
      total = body.data.total;
    }
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/press');
  const nav = page.getByRole('navigation', { name: '分頁' });
  await expect(nav.getByText(/^第 1–10 筆，共約 [\d,]+ 筆$/)).toBeVisible();
  expect(total).toBeGreaterThanOrEqual(13);
  await expect(nav.getByText(`第 1–10 筆，共約 ${total.toLocaleString('zh-TW')} 筆`)).toBeVisible();

  await nav.getByRole('button', { name: '第 2 頁' }).click();
  await expect(nav.getByText(`第 11–${Math.min(20, total)} 筆，共約`)).toBeVisible();
  await expect(nav.getByRole('button', { name: '第 2 頁' })).toHaveAttribute('aria-current', 'page');
  const second = asked.findLast((a) => a.page === 2);
  expect(second?.cursor, 'page 2 is asked with page 1’s cursor').toBeTruthy();
  await nav.getByRole('button', { name: '第 1 頁' }).click();
  await expect(page.getByRole('row').filter({ hasText: titles[12] })).toBeVisible();
  expect(asked.findLast((a) => a.page === 1)?.cursor).toBeTruthy();

  // English on this device only: the top bar's switch would save it to the owner's account, which the other tests
  // running beside this one sign in as.
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await expect(
    page
      .getByRole('navigation', { name: 'Pagination' })
      .getByText(`1–10 of about ${total.toLocaleString('en')}`),
  ).toBeVisible();
});
