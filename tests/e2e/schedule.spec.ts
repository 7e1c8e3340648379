/**
 * Scheduling as a writer does it: on the publish setting screen, a time a minute ahead in the site's time zone; the
 * list shows 已排程, and without anyone doing anything the server publishes it at that minute.
 */
import { expect, test } from './fixtures';

/** Date and time `minutes` from now on the wall clock of `zone`, as the date and time inputs take them. */
function wallClock(minutes: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

test('schedule an article a minute ahead and watch it go live', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/press');
  await expect(page).toHaveURL(/\/press/);
  const saved = await (
    await page.request.post('/api/press/save?t=1', {
      data: { id: 0, title: '整點上線的文章', content: { blocks: [] }, version: 0 },
    })
  ).json();
  const id = saved.data.id as number;

  await page.goto(`/press/${id}/publish/setting`);
  await page.getByRole('radio', { name: '排程發佈' }).check();
  // The clock is read only once the form is ready: the next whole minute at least 30 s away, on the site's clock
  // (the demo site is in Asia/Taipei). Should a slow machine still reach the server after that minute, the server
  // refuses it as past (the form itself, or the server with 3002), and the next minute is tried.
  await expect(async () => {
    const when = wallClock(new Date().getSeconds() < 30 ? 1 : 2, 'Asia/Taipei');
    await page.getByLabel('日期').fill(when.date);
    await page.getByLabel('時間').fill(when.time);
    await page.getByRole('button', { name: '排程發佈' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '確認' }).click({ timeout: 10_000 });
    await expect(page).toHaveURL(new RegExp(`/press/${id}/publish/success$`), { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });

  await page.goto('/press');
  const row = page.getByRole('row').filter({ hasText: '整點上線的文章' });
  await expect(row.getByText('已排程')).toBeVisible();
  // Nobody touches it: the server's scheduler publishes it at that minute (asked of the API, so that a slow reload
  // of the list cannot miss it), and the list then says so.
  const item = async () =>
    (await (await page.request.post('/api/press/get?t=1', { data: { id } })).json()).data;
  await expect.poll(async () => (await item()).status, { timeout: 150_000, intervals: [2_000] }).toBe(1);
  expect(new Date((await item()).publish_ts).getTime()).toBeLessThanOrEqual(Date.now());
  await page.reload();
  await expect(row.getByText('已發佈')).toBeVisible();
});
