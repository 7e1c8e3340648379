/**
 * E-paper delivery in the browser (issue 14): three members made through the members API, an e-paper sent to all of
 * them from its send screen, the progress bar reaching 3 sent, and each member receiving it exactly once in the
 * e2e SMTP sink. (The members API, `profile/save`, is another part of issue 14.) Sent again with 全部重寄, chosen
 * explicitly (issue 27), each receives it a second time. The default of a second send is in journey-epaper.spec.ts.
 */
import type { EpaperProgress } from '../../contract/api/epaperSend';
import { expect, shot, test } from './fixtures';

const MEMBERS = ['reader-one@example.com', 'reader-two@example.com', 'reader-three@example.com'];

async function post<T>(page: import('@playwright/test').Page, path: string, data: object): Promise<T> {
  const reply = await (await page.request.post(`/api/${path}`, { data })).json();
  if (reply.code !== 1) throw new Error(`${path}: ${JSON.stringify(reply)}`);
  return reply.data as T;
}

test('an e-paper sent to 3 members reaches each of them once, with the progress bar at 3 sent', async ({
  page,
  world,
}) => {
  await page.goto('/');
  for (const [i, email] of MEMBERS.entries())
    await post(page, 'profile/save', { id: 0, email, name: `讀者 ${i + 1}` });
  const paper = await post<{ id: number }>(page, 'press/save?t=4', {
    id: 0,
    title: '十二月電子報',
    content: { blocks: [{ type: 'paragraph', data: { text: '這個月的消息。' } }] },
    version: 0,
  });

  await page.goto(`/epaper/${paper.id}/send`);
  await expect(page.getByTestId('audience-count')).toHaveText('3 人');
  await page.getByRole('button', { name: '寄出', exact: true }).click();
  await page.getByTestId('epaper-confirm').click();
  await expect(page.getByTestId('epaper-progress')).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('epaper-progress-counts')).toContainText('已寄出 3');
  // By its name: react-admin's loading indicator (載入中) is a progressbar too while a request runs.
  await expect(page.getByRole('progressbar', { name: '寄送進度' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('publish-send').getByText('已發佈')).toBeVisible();
  await shot(page, 'epaper-send-progress');

  // A reload reads the progress again.
  await page.reload();
  await expect(page.getByTestId('epaper-progress-counts')).toContainText('已寄出 3');

  // A done send has every mail in the sink.
  const mailsTo = (email: string) =>
    world.sink.mails.filter((m) => m.to.includes(email) && m.subject.includes('十二月電子報'));
  for (const email of MEMBERS) expect(mailsTo(email), email).toHaveLength(1);

  // Sending again asks; everyone again only when chosen, and the confirm says to how many.
  await expect(page.getByTestId('epaper-sent-before')).toContainText('寄給 3 位會員');
  await page.getByRole('button', { name: '寄出', exact: true }).click();
  const ask = page.getByTestId('epaper-send-confirm');
  await expect(ask.getByRole('radio', { name: '只寄給還沒收到的人（0 位）' })).toBeChecked();
  await expect(ask.getByTestId('epaper-confirm')).toBeDisabled();
  await ask.getByRole('radio', { name: '全部重寄（3 位，已收到的人會再收到一次）' }).check();
  await expect(ask).toContainText('確定要寄給 3 位會員嗎？寄出後無法收回。');
  const first = await post<EpaperProgress>(page, 'epaper/progress', { id: paper.id });
  await ask.getByTestId('epaper-confirm').click();
  await expect(ask).toHaveCount(0);
  // The new send (not the first one's progress, which reads the same) finishes.
  await expect
    .poll(async () => {
      const p = await post<EpaperProgress>(page, 'epaper/progress', { id: paper.id });
      return p.send_id !== first.send_id && p.status;
    })
    .toBe('done');
  for (const email of MEMBERS) expect(mailsTo(email), email).toHaveLength(2);
});
