/**
 * Journey (issue 27): the owner writes an e-paper in the writer, 發送 opens its send screen, sends it to every member,
 * and sends it again: the screen asks first, naming when it went and to how many, and its default reaches only the
 * member who joined since. Each member has exactly one mail in the SMTP sink; a third try has nobody left to send to.
 * Members are made through the API; other tests' members on the site may be in the audience, so the counts the
 * screen shows are read from it and the mails checked are this test's members'.
 */
import type { Page } from '@playwright/test';
import type { EpaperProgress } from '../../contract/api/epaperSend';
import { apiCall, expect, shot, test } from './fixtures';

const stamp = Date.now();
const MEMBERS = [1, 2, 3].map((n) => `journey-${stamp}-${n}@example.com`);
const LATE = `journey-${stamp}-late@example.com`;
const TITLE = `旅程電子報 ${stamp}`;

/** The send screen's "N 人". */
async function audienceCount(page: Page): Promise<number> {
  const count = page.getByTestId('audience-count');
  await expect(count).toHaveText(/^[1-9]\d* 人$/);
  return Number.parseInt(await count.innerText(), 10);
}

/** Sends from the open confirm dialog and waits for that send (of `total` mails) to finish. */
async function confirmAndFinish(page: Page, total: number) {
  await page.getByTestId('epaper-confirm').click();
  await expect(page.getByTestId('epaper-send-confirm')).toHaveCount(0);
  await expect(page.getByTestId('epaper-progress-counts')).toHaveText(
    `已寄出 ${total}、失敗 0、剩餘 0（共 ${total}）`,
  );
  await expect(page.getByTestId('epaper-progress')).toHaveAttribute('data-status', 'done');
}

/** A time as the zh-TW interface writes it in the demo site's zone: 2026/11/28 14:05. */
const shown = (iso: string) =>
  new Intl.DateTimeFormat('zh-TW', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

test('an e-paper sent to every member and sent again: it asks first, and each member has one mail', async ({
  page,
  world,
}) => {
  for (const email of MEMBERS) await apiCall(page.request, 'profile/save', { id: 0, email, name: email });

  // Written in the writer; 發送 opens the send screen, not the publish settings.
  await page.goto('/edit/epaper/0');
  await page.getByTestId('writer-title').click();
  await page.keyboard.insertText(TITLE);
  await page.getByTestId('writer-body').click();
  await page.keyboard.insertText('這個月的消息：新的展覽開幕了。');
  // The first save makes the e-paper and puts its id in the address.
  await expect(page).toHaveURL(/\/edit\/epaper\/[1-9]\d*$/);
  const id = Number(/\/edit\/epaper\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');
  await expect(page.getByTestId('writer-publish')).toHaveText('發送');
  await page.getByTestId('writer-publish').click();
  await expect(page).toHaveURL(new RegExp(`/epaper/${id}/send$`));

  // The first send: every member, confirmed as a send (no word of publishing).
  const everyone = await audienceCount(page);
  expect(everyone).toBeGreaterThanOrEqual(MEMBERS.length);
  await page.getByRole('button', { name: '寄出', exact: true }).click();
  const first = page.getByTestId('epaper-send-confirm');
  await expect(first).toContainText(`確定要寄給 ${everyone} 位會員嗎？`);
  await expect(first).not.toContainText('網站');
  await confirmAndFinish(page, everyone);
  const sent = await apiCall<EpaperProgress>(page.request, 'epaper/progress', { id });
  const when = shown(sent.started_at as string);
  await expect(page.getByTestId('epaper-sent-before')).toContainText(
    `已於 ${when} 寄給 ${everyone} 位會員。`,
  );

  // A member joins; sending again asks, naming the date and the count, and its default skips those who have it.
  await apiCall(page.request, 'profile/save', { id: 0, email: LATE, name: LATE });
  await page.reload();
  await expect(page.getByTestId('audience-count')).toHaveText(`${everyone + 1} 人`);
  await page.getByRole('button', { name: '寄出', exact: true }).click();
  const ask = page.getByTestId('epaper-send-confirm');
  await expect(ask.getByRole('heading', { name: '這份電子報已經寄過' })).toBeVisible();
  await expect(ask.getByTestId('epaper-resend-last')).toHaveText(`已於 ${when} 寄給 ${everyone} 位會員。`);
  await expect(ask).toContainText(`這次的收件對象中，有 ${everyone} 位已經收到。`);
  await expect(ask.getByRole('radio', { name: '只寄給還沒收到的人（1 位）' })).toBeChecked();
  await expect(ask.getByRole('radio', { name: /^全部重寄/ })).not.toBeChecked();
  await shot(page, 'journey-epaper-ask');
  await confirmAndFinish(page, 1);

  // A done send has every mail in the sink: one each.
  for (const email of [...MEMBERS, LATE]) {
    const mails = world.sink.mails.filter((m) => m.to.includes(email) && m.subject.includes(TITLE));
    expect(mails, email).toHaveLength(1);
  }

  // A third try: nobody is left for the default, which cannot be confirmed.
  await page.getByRole('button', { name: '寄出', exact: true }).click();
  const none = page.getByTestId('epaper-send-confirm');
  await expect(none.getByRole('radio', { name: '只寄給還沒收到的人（0 位）' })).toBeChecked();
  await expect(none).toContainText('所選的會員都已收到，沒有要寄的人。');
  await expect(none.getByTestId('epaper-confirm')).toBeDisabled();
  await none.getByRole('button', { name: '取消' }).click();
  await expect(none).toHaveCount(0);
});
