/**
 * The card on file in the browser (plan/card, /plan/current): an owner changes the card — verified in the 3-D Secure
 * window, the new last four digits shown — and later, the renewal charge having failed (past_due), follows the
 * shell's payment alert to the card change, pays the overdue renewal with another card, and the plan is active again.
 *
 * The server has no test clock, so the period's end is brought forward through the database: the server is stopped,
 * the subscription's period moved to have ended a minute ago and the kept card's token made one the gateway refuses
 * (as a bank that stopped honouring the card), and the server started again — its renewal job's first pass charges
 * what it missed, as a restarted server does, and the charge fails. The world is this file's own for that.
 *
 * A reader does the same on the site's /account: the card changed after 3-D Secure, the new last four shown.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Page, request } from '@playwright/test';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { type SmtpSink, startSmtpSink } from '../fixtures/smtpSink';
import {
  apiCall,
  apiSignIn,
  expect,
  newDataDir,
  OWNER,
  paidSite,
  registerByApi,
  startServer,
  stopServer,
  test,
} from './fixtures';
import { signUpWithCode, siteInDefaultTheme } from './fixtures-readers';

const STARTER = 2;
const ROOT = path.resolve(import.meta.dirname, '../..');

let sink: SmtpSink;
let dataDir: string;
let env: Record<string, string>;
let server: ChildProcess;
let url: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** Runs SQL on the stopped server's database, as an operator's command opens it (server/cliDatabase.ts). */
function onDatabase(statements: string[]) {
  const script = `import { sql } from 'drizzle-orm';
import { openCliDatabase } from './server/cliDatabase.ts';
const database = await openCliDatabase();
for (const s of ${JSON.stringify(statements)}) await database.db.execute(sql.raw(s));
await database.close();`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`database script failed:\n${run.stdout}\n${run.stderr}`);
}

// The suite's test (fixtures.ts), so that this file runs in the same workers as the others (a test of another fixture
// set has Playwright stop a worker, and its server, to start another); its pages are on this file's own server.
test.use({ signedIn: false });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  sink = await startSmtpSink();
  dataDir = newDataDir('e2e-card-');
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
    ADMIN_PASSWORD: OWNER.password,
    CAPTCHA_MAX_COUNTER: '2000',
  };
  server = await startServer(env);
});
test.afterAll(async () => {
  if (server) await stopServer(server);
  await sink?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Fills the card dialog's card and pays; answers the 3-D Secure window, confirmed. */
async function payInDialog(page: Page, number: string, button: string) {
  const dialog = page.getByTestId('card-dialog');
  await dialog.getByLabel('卡號').fill(number);
  await dialog.getByLabel('有效期限（MM/YY）').fill('12/39');
  await dialog.getByLabel('安全碼').fill('123');
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: button }).click();
  const window = await popup;
  await window.getByRole('button', { name: 'Confirm' }).click();
}

test('an owner changes the card, then recovers the past_due site with another one', async ({ browser }) => {
  test.setTimeout(600_000);
  const api = await request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } });
  const email = `card-${Date.now()}@example.com`;
  await registerByApi(api, sink, { email, password: 'card-pass-1', nickname: '換卡站長' });
  const siteId = await paidSite(api, {
    plan: STARTER,
    slug: `card${Date.now()}`,
    name: '換卡測試站',
    owner: '換卡站長',
    email,
  });
  const context = await browser.newContext({ baseURL: url, storageState: await api.storageState() });
  const page = await context.newPage();

  // The card change of an active site: verified in the window, then shown.
  await page.goto('/plan/current');
  await expect(page.getByTestId('card-on-file')).toHaveText('•••• 4242（到期 12/2039）');
  await page.getByTestId('card-change').click();
  await expect(page).toHaveURL(/\/plan\/current\?card=1$/);
  await expect(page.getByTestId('card-dialog')).toContainText('NT$1 驗證');
  await payInDialog(page, '5555 5555 5555 4444', '驗證並更換');
  const success = page.getByTestId('payment-success');
  await expect(success).toContainText('信用卡已更換');
  await success.getByRole('button', { name: '好' }).click();
  await expect(page.getByTestId('card-dialog')).toBeHidden();
  await expect(page.getByTestId('card-on-file')).toHaveText('•••• 4444（到期 12/2039）');
  await expect(page.getByTestId('payments').getByRole('row').nth(1)).toContainText(
    /更換信用卡.*NT\$1.*已退款/,
  );
  await context.storageState({ path: path.join(dataDir, 'owner.json') });
  await context.close();

  // The period ends and its charge fails (see the file's comment): past_due once the restarted server's job ran.
  await stopServer(server);
  onDatabase([
    `UPDATE site_subscriptions SET period_start = now() - interval '1 month',
       period_end = now() - interval '1 minute', next_attempt_at = now() - interval '1 minute' WHERE site_id = ${siteId}`,
    `UPDATE payment_cards SET card_token = 'token_refused_by_bank' WHERE site_id = ${siteId}`,
  ]);
  server = await startServer(env);
  await expect
    .poll(async () => (await apiCall<{ status: string }>(api, 'plan/current')).status, { timeout: 60_000 })
    .toBe('past_due');
  // The owner's mail links straight to the card change.
  expect(await sink.waitFor(email, /(\/plan\/current\?card=1)/)).toBe('/plan/current?card=1');

  // The shell's payment alert leads to the card change; the page says what is owed.
  const late = await browser.newContext({ baseURL: url, storageState: path.join(dataDir, 'owner.json') });
  const again = await late.newPage();
  await again.goto('/');
  const alert = again.getByTestId('payment-alert');
  await alert.getByRole('link', { name: '更換信用卡' }).click();
  await expect(again).toHaveURL(/\/plan\/current\?card=1$/);
  await expect(again.getByTestId('past-due')).toContainText('上期續約扣款失敗');
  await expect(again.getByTestId('past-due')).toContainText('NT$299');
  await expect(again.getByTestId('card-dialog')).toContainText('NT$299');
  await payInDialog(again, '4242 4242 4242 4242', '更換並立即付款');
  const recovered = again.getByTestId('payment-success');
  await expect(recovered).toContainText('方案已恢復正常');
  await recovered.getByRole('button', { name: '好' }).click();
  await expect(again.getByTestId('plan-status')).toHaveText('使用中');
  await expect(again.getByTestId('past-due')).toHaveCount(0);
  await expect(again.getByTestId('card-on-file')).toHaveText('•••• 4242（到期 12/2039）');
  await expect(again.getByTestId('payments').getByRole('row').nth(1)).toContainText(
    /更換信用卡.*NT\$299.*已付款/,
  );
  await late.close();
  await api.dispose();
});

test('a reader changes the card on /account, verified in the 3-D Secure window', async ({ browser }) => {
  test.setTimeout(300_000);
  const owner = await request.newContext({
    baseURL: url,
    extraHTTPHeaders: { origin: url },
    storageState: await apiSignIn(url, OWNER.email, OWNER.password),
  });
  const site = await siteInDefaultTheme(owner, { url });
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const planName = `換卡方案 ${unique}`;
  await apiCall(owner, 'subscription/save_plan', {
    id: 0,
    lang_id: 1,
    price: 120,
    status: 1,
    name: planName,
    freq: 1,
  });
  await owner.dispose();

  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`${site}/signin`);
  await signUpWithCode(reader, sink, site, { email: `card-reader-${unique}@example.com`, name: '換卡讀者' });
  await reader.goto(`${site}/subscribe`);
  await reader.getByRole('radio', { name: planName }).check();
  await reader.getByLabel('卡號').fill(SANDBOX_CARDS.success);
  await reader.getByLabel('有效期限（MM/YY）').fill('12/30');
  await reader.getByLabel('安全碼').fill('123');
  await reader.getByRole('button', { name: '付款' }).click();
  await reader.getByRole('button', { name: /^(確認|Confirm)/ }).click();
  await expect(reader.locator('#subscribe').getByRole('status')).toHaveText('付款成功，你已可閱讀付費內容。');

  await reader.goto(`${site}/account`);
  const change = reader.locator('#card-change');
  await expect(reader.locator('.card-on-file')).toHaveText('•••• 4242');
  await expect(change).toContainText('NT$1 驗證');
  await expect(change.getByLabel('持卡人姓名')).toHaveValue('換卡讀者');
  await change.getByLabel('卡號').fill('5555 5555 5555 4444');
  await change.getByLabel('有效期限（MM/YY）').fill('12/30');
  await change.getByLabel('安全碼').fill('123');
  await change.getByRole('button', { name: '驗證並更換' }).click();
  // The bank's page: the NT$1 verification of the new card.
  await expect(reader).toHaveURL(/\/sandbox-gateway\/3ds\//);
  await expect(reader.getByText('Card verification (refunded)')).toBeVisible();
  await reader.getByRole('button', { name: /^(確認|Confirm)/ }).click();
  // Back on /account, read again with the new card once the server has asked the gateway.
  await expect(reader).toHaveURL(`${site}/account?card=changed`);
  await expect(reader.locator('#card-change').getByRole('status')).toHaveText(
    '信用卡已更換，之後的續訂都會以新卡片扣款。',
  );
  await expect(reader.locator('.card-on-file')).toHaveText('•••• 4444');
  await reader.context().close();
});
