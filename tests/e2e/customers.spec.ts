/**
 * Customer messages in the browser (issue 14): a visitor's message sent with the public site's contact form shows in
 * the menu's badge and in /customer with its 新訊息 chip; opening it marks it read and the badge goes; a reply typed
 * on the record page is sent, shown in the thread, and reaches the sender through the SMTP sink.
 *
 * The contact form's action (`<site>/api/reader/contact`) is another part's: this spec needs it merged.
 */
import { apiCall, expect, shot, test } from './fixtures';
import { seedCustomerMessage } from './fixtures-readers';

test('a contact message shows in the badge and /customer; opened it is read; the reply reaches the sender', async ({
  page,
  world,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}`;
  const email = `visitor-${tag}@example.com`;
  const title = `想詢問廣告合作 ${tag}`;
  // Earlier specs of this worker may have left messages: the badge counts from what is there.
  const before = (await apiCall<{ count: number }>(page.request, 'customer/unread')).count;
  await seedCustomerMessage(world, { title, body: '您好，\n想了解橫幅廣告的價格。', email });

  await page.goto('/');
  const badge = page.getByTestId('customer-badge');
  await expect(badge).toHaveAttribute('data-count', String(before + 1));
  await expect(badge).toContainText(`${before + 1} 則新訊息`);

  await page.getByRole('menuitem', { name: /客服訊息/ }).click();
  await expect(page).toHaveURL(/\/customer$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByTestId('customer-new')).toHaveText('新訊息');
  await expect(row).toContainText(email);
  await shot(page, 'customer-list');

  await row.getByText(title).click();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  await expect(page.getByTestId('customer-title')).toHaveText(title);
  await expect(page.getByTestId('customer-body')).toHaveText('您好，\n想了解橫幅廣告的價格。');
  await expect(page.getByTestId('customer-thread')).toContainText('尚未回覆。');
  // Opened: read, and the badge follows at once.
  if (before === 0) await expect(badge).toBeHidden();
  else await expect(badge).toHaveAttribute('data-count', String(before));

  const reply = '感謝來信，廣告方案已附上。';
  await page.getByTestId('customer-reply-input').fill(reply);
  await page.getByTestId('customer-reply-send').click();
  await expect(page.getByText('回覆已寄出')).toBeVisible();
  await expect(page.getByTestId('customer-reply')).toHaveCount(1);
  await expect(page.getByTestId('customer-reply')).toContainText(reply);
  await expect(page.getByTestId('customer-reply-input')).toHaveValue('');
  await shot(page, 'customer-record');

  const subject = await world.sink.waitFor(email, /^(.*Re: .*)$/m);
  expect(subject).toContain(`Re: ${title}`);
  const text = await world.sink.waitFor(email, /(感謝來信[\s\S]*)/);
  expect(text).toContain(`> ${title}`);
  expect(text).toContain('> 想了解橫幅廣告的價格。');

  // Back in the list the message is read: no chip, one reply.
  await page.getByRole('link', { name: '返回客服訊息' }).click();
  const readRow = page.getByRole('row').filter({ hasText: title });
  await expect(readRow).toBeVisible();
  await expect(readRow.getByTestId('customer-new')).toHaveCount(0);
});
