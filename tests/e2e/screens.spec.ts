/** The sign-in screens' rules: validation after typing, redirects, not-found, remembered list filters, pagination. */
import { expect, OWNER, signIn, test } from './fixtures';

test.describe('the sign-in screens', () => {
  test.use({ signedIn: false });

  test('form rules show 500 ms after typing, in the chosen language', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('電子信箱').pressSequentially('not-an-email');
    await expect(page.getByText('無效的電子信箱格式')).toBeVisible();
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await page.getByLabel('メールアドレス').fill('still-wrong');
    await expect(page.getByText('メールアドレスの形式が正しくありません')).toBeVisible();
    await page.getByLabel('メールアドレス').fill(OWNER.email);
    await expect(page.getByText('メールアドレスの形式が正しくありません')).toHaveCount(0);
  });

  test('unknown routes show the not-found page; signed-in users skip the sign-in screens', async ({
    page,
  }) => {
    await page.goto('/auth/nothing-here');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/auth/login');
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('目前網站：範例新聞網')).toBeVisible();
  });

  test('wrong password and unknown account answer with the mapped messages', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, 'nobody@example.com', 'whatever-1');
    await expect(page.getByRole('alert').getByText('找不到使用者。')).toBeVisible();
    // the spent bot check is asked again before the next try
    await page.getByLabel('電子信箱').fill(OWNER.email);
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(/\/$/);
  });
});

test('list filters are remembered per route, pages come in windows of 5', async ({ page }) => {
  await page.goto('/category');
  await expect(page).toHaveURL(/\/category/);
  // 60 more categories through the API, as the signed-in owner
  for (let i = 1; i <= 60; i++) {
    const res = await page.request.post('/api/category/new', { data: { name: `頁面測試 ${i}` } });
    expect((await res.json()).code).toBe(1);
  }
  await page.reload();
  const pager = page.getByRole('navigation', { name: '分頁' });
  await expect(pager.getByRole('button', { name: '第 5 頁' })).toBeVisible();
  await expect(pager.getByRole('button', { name: '第 6 頁' })).toHaveCount(0);
  await pager.getByRole('button', { name: '後 5 頁' }).click();
  await expect(pager.getByRole('button', { name: '第 6 頁' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: '第 7 頁' })).toBeVisible();
  await expect(pager.getByRole('button', { name: '第 1 頁' })).toHaveCount(0);

  await page.getByLabel('搜尋分類名稱').fill('頁面測試 4');
  await expect(page.getByRole('cell', { name: '頁面測試 42' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '新聞' })).toHaveCount(0);
  await page.goto('/');
  await page.goto('/category');
  await expect(page.getByLabel('搜尋分類名稱')).toHaveValue('頁面測試 4');
  await expect(page.getByRole('cell', { name: '新聞' })).toHaveCount(0);
});
