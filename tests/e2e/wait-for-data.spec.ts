/**
 * SPEC §7's wait-for-data fallback where the shell waits for the session: when the session has not come after 10
 * tries at 200 ms, a notice says so (instead of a spinner for ever), and the screen shows once it comes.
 */
import { expect, test } from './fixtures';

test('a session that is slow to come shows a waiting notice, then the screen', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/member/status*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/author');
  const notice = page.getByTestId('session-waiting');
  await expect(notice.getByRole('heading', { name: '還在等待登入資訊' })).toBeVisible();
  await expect(notice.getByRole('button', { name: '再試一次' })).toBeVisible();
  release();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('heading', { name: '作者' })).toBeVisible();
});
