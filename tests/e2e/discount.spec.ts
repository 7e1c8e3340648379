/**
 * A discount code in the new-site wizard, as a buyer uses it: the operator adds the code with the plans CLI (`npm run
 * plans -- code add …`), the buyer types a wrong code (told why, paying held back), then the right one in small
 * letters (checked as typed: price, discount and what is charged shown, and on the pay button), pays in the window,
 * and the payment recorded is exactly the amount shown.
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
  registerByApi,
  SERVER_START_MS,
  shot,
  startWorld,
  type World,
} from './fixtures';

const PASSWORD = 'discount-pass-1';

/** `npm run plans -- code add E2E25 …` on the stopped server's database. */
function addCode(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/plansCli.ts',
        'code',
        'add',
        'E2E25',
        'percent=25',
        'plans=3',
        'applies=first',
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => {
      // The CLI lists the codes after adding one.
      if (code !== 0 || !output.includes('E2E25  percent=25  plans=3'))
        reject(new Error(`plans code add failed (${code}):\n${output}`));
      else resolve();
    });
  });
}

const test = base.extend<object, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const { world, stop } = await startWorld(addCode);
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
  const uniq = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await registerByApi(page.request, world.sink, {
    email: `discount-${uniq}@example.com`,
    password: PASSWORD,
    nickname: '折扣',
  });
  await page.goto('/init');
  await page.getByLabel('網站網址').fill(`sale-${uniq}`);
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
