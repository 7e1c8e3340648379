/**
 * The author issue modal (SPEC §2): on /author, a row's 作品 opens the author's published and scheduled items with
 * their status, and an item opens in the writer. Set up through the API.
 */
import { apiCall, expect, shot, test } from './fixtures';

test('the owner opens an author’s works, sees the published and the scheduled article, and opens one', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `作品作者${stamp}`;
  const author = await apiCall<{ id: number }>(page.request, 'author/save', { id: 0, name });
  const article = async (title: string) =>
    (
      await apiCall<{ id: number }>(page.request, 'press/save?t=1', {
        id: 0,
        title,
        content: { blocks: [{ type: 'paragraph', data: { text: title } }] },
        version: 0,
        author: [author.id],
      })
    ).id;
  const published = await article(`已上線的報導${stamp}`);
  await apiCall(page.request, 'press/publish?t=1', { id: published, mode: 1 });
  const scheduled = await article(`排程中的報導${stamp}`);
  await apiCall(page.request, 'press/publish?t=1', {
    id: scheduled,
    mode: 2,
    date: '2099-01-01',
    time: '09:00',
  });
  await article(`還是草稿${stamp}`);

  await page.goto('/author');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByTestId('author-works-open').click();
  const dialog = page.getByTestId('author-works');
  await expect(dialog.getByRole('heading', { name: `「${name}」的作品` })).toBeVisible();
  const works = dialog.getByTestId('author-work');
  await expect(works).toHaveCount(2);
  // Newest first: the scheduled one (2099) above the published one; the draft is not listed.
  await expect(works.nth(0)).toContainText(`排程中的報導${stamp}`);
  await expect(works.nth(0).getByTestId('author-work-status')).toHaveText('已排程');
  await expect(works.nth(0)).toContainText('2099');
  await expect(works.nth(1)).toContainText(`已上線的報導${stamp}`);
  await expect(works.nth(1).getByTestId('author-work-status')).toHaveText('已發佈');
  await expect(dialog).not.toContainText('還是草稿');
  await expect(dialog.getByText('共 2 篇已發佈或已排程的作品')).toBeVisible();
  await shot(page, 'author-issue');

  await works.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/edit/post/${published}$`));
  await expect(page.getByTestId('writer-title')).toHaveValue(`已上線的報導${stamp}`);
});

test('an author without published or scheduled items shows the empty state', async ({ page }) => {
  const name = `沒有作品${Date.now().toString(36)}`;
  await apiCall(page.request, 'author/save', { id: 0, name });
  await page.goto('/author');
  await page.getByRole('row').filter({ hasText: name }).getByTestId('author-works-open').click();
  const dialog = page.getByTestId('author-works');
  await expect(dialog.getByTestId('author-works-empty')).toHaveText('這位作者還沒有已發佈或已排程的作品。');
  await dialog.getByRole('button', { name: '關閉' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/author(\?.*)?$/);
});
