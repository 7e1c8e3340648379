/**
 * A discount code in the new-site wizard, as a buyer uses it: the operator adds the code with the plans CLI (`npm run
 * plans -- code add …`), the buyer types a wrong code (told why, paying held back), then the right one in small
 * letters (checked as typed: price, discount and what is charged shown, and on the pay button; one not valid yet
 * names its first day), pays in the window,
 * and the payment recorded is exactly the amount shown. An owner upgrading types an `every` code on the change: the
 * preview's charge and the confirmation say the discounted amount, and that is what is charged.
 *
 * The CLI opens the database itself (PGlite serves one process), so this spec has a world of its own: the server
 * starts once, stops, the command runs on the same DATA_DIR, and the server starts again (as support.spec.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { SubscriptionReply } from '../../contract/billing';
import {
  apiCall,
  test as base,
  expect,
  paidSite,
  registerByApi,
  SERVER_START_MS,
  shot,
  startWorld,
  type World,
} from './fixtures';
import { uniq } from './wizardSteps';

const PASSWORD = 'discount-pass-1';

/** `npm run plans -- code add …` on the stopped server's database; the CLI lists the codes after adding one. */
function plansCli(env: Record<string, string>, args: string[], expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/plansCli.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => {
      if (code !== 0 || !output.includes(expected))
        reject(new Error(`plans ${args.join(' ')} failed (${code}):\n${output}`));
      else resolve();
    });
  });
}

/** The codes of this spec: 25 % off CREATOR's first payment, and 10 % off every charge (an upgrade's too). */
async function addCodes(env: Record<string, string>) {
  await plansCli(
    env,
    ['code', 'add', 'E2E25', 'percent=25', 'plans=3', 'applies=first'],
    'E2E25  percent=25  plans=3',
  );
  await plansCli(env, ['code', 'add', 'UP10', 'percent=10', 'applies=every'], 'UP10  percent=10  plans=all');
  await plansCli(env, ['code', 'add', 'LATER5', 'percent=5', 'from=2099-01-01'], 'LATER5  percent=5');
}

const test = base.extend<object, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const { world, stop } = await startWorld(addCodes);
      await use(world);
      await stop();
    },
    { scope: 'worker', timeout: 2 * SERVER_START_MS + 60_000 },
  ],
});

test.use({ signedIn: false });

test('a discount code in the wizard: checked as typed, the price shown, and charged as shown', async ({
  page,
  world,
}) => {
  const tag = uniq();
  await registerByApi(page.request, world.sink, {
    email: `discount-${tag}@example.com`,
    password: PASSWORD,
    nickname: '折扣',
  });
  await page.goto('/init');
  await page.getByLabel('網站網址').fill(`sale-${tag}`);
  await page.getByLabel('網站名稱').fill('折扣小店');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('radio', { name: 'CREATOR' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { name: '付款', exact: true })).toBeVisible();
  const pay = page.getByRole('button', { name: /^確認付款/ });
  await expect(pay).toHaveText('確認付款 NT$799');

  // A code that does not exist: the reason, and no paying with it.
  const field = page.getByLabel('折扣碼（選填）');
  await field.fill('WRONG1');
  await expect(page.getByText('沒有這個折扣碼。')).toBeVisible();
  await expect(pay).toBeDisabled();
  // One not valid yet: the day it starts, as the server wrote it into the words (not their %{date}).
  await field.fill('LATER5');
  await expect(page.getByText('這個折扣碼自 2099-01-01 起才能使用。')).toBeVisible();
  await expect(pay).toBeDisabled();

  // The right one, typed in small letters: what it takes off, the price before paying, the amount on the button.
  await field.fill('e2e25');
  await expect(page.getByText('已套用 E2E25：折抵 25%，限首次付款')).toBeVisible();
  const breakdown = page.getByTestId('price-breakdown');
  await expect(breakdown.getByTestId('price-original')).toHaveText('NT$799');
  await expect(breakdown.getByTestId('price-discount')).toHaveText('−NT$199');
  await expect(breakdown.getByTestId('price-total')).toHaveText('NT$600');
  await expect(pay).toHaveText('確認付款 NT$600');
  await expect(pay).toBeEnabled();

  await page.getByLabel('卡號').fill('4242 4242 4242 4242');
  await page.getByLabel('有效期限（MM/YY）').fill('12/39');
  await page.getByLabel('安全碼').fill('123');
  await shot(page, 'discount-wizard');
  const opened = page.waitForEvent('popup');
  await pay.click();
  const popup = await opened;
  await popup.waitForURL(/\/sandbox-gateway\/3ds\//);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitForEvent('close');
  await expect(page.getByTestId('payment-success').getByRole('heading', { name: '付款成功' })).toBeVisible();

  // The payment charged is the amount shown.
  const current = await apiCall<SubscriptionReply>(page.request, 'plan/current', {});
  expect(current.payments[0]).toMatchObject({ kind: 'init', amount: 600, status: 'paid' });
});

test('a discount code on an upgrade: the preview’s charge discounted, and charged as shown', async ({
  page,
  world,
}) => {
  const tag = uniq();
  const email = `upgrade-${tag}@example.com`;
  await registerByApi(page.request, world.sink, { email, password: PASSWORD, nickname: '升級' });
  await paidSite(page.request, { plan: 2, slug: `up-${tag}`, name: '升級小店', owner: '升級', email });

  await page.goto('/plan/3');
  const preview = page.getByTestId('change-preview');
  // On the period's first day: the whole difference, 799 − 299.
  await expect(preview.getByTestId('change-charge')).toContainText('NT$500');
  await page.getByLabel('折扣碼（選填）').fill('up10');
  await expect(page.getByText('已套用折扣碼 UP10')).toBeVisible();
  await expect(page.getByTestId('price-total')).toHaveText('NT$450');
  await expect(page.getByTestId('price-discount')).toHaveText('−NT$50');
  await expect(preview.getByTestId('change-charge')).toHaveText('今天加收 NT$450（已用折扣碼折抵 NT$50）。');
  await shot(page, 'discount-change');
  await page.getByTestId('change-confirm').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('NT$450');
  await dialog.getByRole('button', { name: '確認變更' }).click();
  await expect(page).toHaveURL(/\/plan\/current$/);

  const current = await apiCall<SubscriptionReply>(page.request, 'plan/current', {});
  expect(current.payments[0]).toMatchObject({ kind: 'change', amount: 450, status: 'paid' });
});
