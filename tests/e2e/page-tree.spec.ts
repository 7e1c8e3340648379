/**
 * Page structure in the browser (issue 17): the owner nests two pages under a third through 結構, orders the tabs
 * and picks the one that opens first through 分頁, sees the tree on /page; the public parent page shows the tabs in
 * that order with the chosen one open, and switching the parent's navigation off takes it out of the footer.
 */
import { wcagViolations } from './a11y';
import { apiCall, expect, keyboardSensorReady, shot, signedOutPage, test } from './fixtures';
import { siteInDefaultTheme } from './fixtures-readers';

test('nest pages, order their tabs and take a page out of the navigation', async ({
  page,
  browser,
  world,
}) => {
  const api = page.request;
  const site = await siteInDefaultTheme(api, world);
  const tag = Date.now().toString(36);
  const make = async (title: string, slug: string) => {
    const made = await apiCall<{ id: number }>(api, 'press/save?t=3', {
      id: 0,
      title,
      slug,
      content: { blocks: [{ type: 'paragraph', data: { text: `${title}：內文。` } }] },
      version: 0,
    });
    await apiCall(api, 'press/publish?t=3', { id: made.id, mode: 1 });
    return made.id;
  };
  const parent = `服務說明${tag}`;
  const first = `收費方式${tag}`;
  const second = `常見問題${tag}`;
  await make(parent, `services-${tag}`);
  await make(first, `pricing-${tag}`);
  await make(second, `faq-${tag}`);

  const category = `說明頁${tag}`;
  await apiCall(api, 'page_category/save', { id: 0, lang: [{ lang_id: 1, title: category }], sort: 0 });
  // The page categories' own screen (page/cate) lists it.
  await page.goto('/page_category');
  await expect(page.getByText(category)).toBeVisible();

  await page.goto('/page');
  const row = (title: string) => page.getByTestId('page-row').filter({ hasText: title });
  for (const child of [first, second]) {
    await row(child).getByRole('button', { name: '結構' }).click();
    const dialog = page.getByRole('dialog', { name: `「${child}」的結構` });
    await dialog.getByRole('combobox', { name: '上層頁面' }).click();
    await page.getByRole('option', { name: parent }).click();
    if (child === first) {
      await dialog.getByRole('combobox', { name: '頁面分類' }).click();
      await page.getByRole('option', { name: category }).click();
    }
    await dialog.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('頁面結構已儲存')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row(child)).toHaveAttribute('data-depth', '1');
  }
  // The tree: the parent, then its children indented under it, in the order they were moved.
  const rows = page.getByTestId('page-row');
  const titles = await rows.allInnerTexts();
  const at = (title: string) => titles.findIndex((t) => t.includes(title));
  expect(at(parent)).toBeLessThan(at(first));
  expect(at(first)).toBeLessThan(at(second));
  await row(parent)
    .getByRole('button', { name: `收合「${parent}」` })
    .click();
  await expect(row(first)).toHaveCount(0);
  await row(parent)
    .getByRole('button', { name: `展開「${parent}」` })
    .click();
  await expect(row(first)).toBeVisible();

  // The category filter: only the page placed in it.
  await page.getByRole('combobox', { name: '頁面分類' }).click();
  await page.getByRole('option', { name: category }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first);
  await page.getByRole('combobox', { name: '頁面分類' }).click();
  await page.getByRole('option', { name: '全部分類' }).click();
  await expect(row(parent)).toBeVisible();
  await shot(page, 'page-tree');

  // 分頁: the second child first (dragged with the keyboard), the first child opening first.
  await row(parent).getByRole('button', { name: '分頁' }).click();
  const tabs = page.getByRole('dialog', { name: `「${parent}」的分頁` });
  await expect(tabs.getByTestId('page-tab')).toHaveCount(2);
  await shot(page, 'page-tabs-dialog');
  const handle = tabs.getByRole('button', { name: `移動「${second}」` });
  await handle.focus();
  // Each key once the sortable list has taken the one before (its live region says so), as in menus.spec.ts: under
  // load an ArrowUp that came before the pick-up moved nothing.
  const heard = (text: string) => expect(page.locator('[aria-live]', { hasText: text })).toHaveCount(1);
  await page.keyboard.press('Space');
  await heard(`已拿起「${second}」`);
  await keyboardSensorReady(page);
  await page.keyboard.press('ArrowUp');
  await heard(`「${second}」移到第 1 位。`);
  await page.keyboard.press('Space');
  await expect(tabs.getByTestId('page-tab').first()).toContainText(second);
  await tabs.getByRole('radio', { name: `最先開啟「${first}」` }).check();
  await tabs.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('分頁已儲存')).toBeVisible();

  // The public parent page: the tabs in that order, the chosen one current and its content under the parent's.
  const visitor = await signedOutPage(browser);
  await visitor.goto(`${site}/services-${tag}`);
  const bar = visitor.getByRole('navigation', { name: `${parent} · 分頁` });
  await expect(bar.getByRole('link')).toHaveText([second, first]);
  await expect(bar.getByRole('link', { name: first })).toHaveAttribute('aria-current', 'page');
  await expect(visitor.getByRole('heading', { level: 2, name: first })).toBeVisible();
  await expect(visitor.getByText(`${first}：內文。`)).toBeVisible();
  await shot(visitor, 'site-page-tabs');
  expect(await wcagViolations(visitor)).toEqual([]);
  const footerPages = visitor.getByRole('navigation', { name: '網站頁面' });
  await expect(footerPages.getByRole('link', { name: parent, exact: true })).toBeVisible();
  // A child's page: the same bar with itself current.
  await bar.getByRole('link', { name: second }).click();
  await expect(visitor).toHaveURL(`${site}/faq-${tag}`);
  await expect(
    visitor.getByRole('navigation', { name: `${parent} · 分頁` }).getByRole('link', { name: second }),
  ).toHaveAttribute('aria-current', 'page');

  // Out of the navigation: the footer no longer lists it.
  await page
    .getByRole('switch', { name: `「${parent}」顯示在網站導覽` })
    .or(page.getByRole('checkbox', { name: `「${parent}」顯示在網站導覽` }))
    .uncheck();
  await expect(
    page
      .getByRole('checkbox', { name: `「${parent}」顯示在網站導覽` })
      .or(page.getByRole('switch', { name: `「${parent}」顯示在網站導覽` })),
  ).not.toBeChecked();
  await visitor.goto(`${site}/services-${tag}`);
  await expect(visitor.getByRole('navigation', { name: `${parent} · 分頁` })).toBeVisible();
  await expect(visitor.getByRole('link', { name: parent, exact: true })).toHaveCount(0);
  await visitor.close();
});
