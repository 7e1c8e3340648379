/**
 * Platform support access (issue 17), as people do it: an operator — made by the server command, not by any route —
 * asks a token into the demo site with a reason, enters it and works under the banner; the owner reads the entry in
 * /setting's 平台支援 panel and switches access off; the operator's next step leaves the site.
 *
 * The operator must exist before the browser signs in, and the command opens the database itself (PGlite serves one
 * process), so this spec has a world of its own: the server starts once (seeding the demo site), stops, the command
 * runs on the same DATA_DIR, and the server starts again.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  apiCall,
  test as base,
  expect,
  SERVER_START_MS,
  shot,
  signedInPage,
  startWorld,
  type World,
} from './fixtures';

const OPERATOR = `operator-${Date.now()}@platform.test`;
let operatorPassword = '';

/** `npm run operator -- <email>` on the stopped server's database; keeps the password it prints once. */
function runOperatorCommand(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/operatorCli.ts', OPERATOR], {
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
      const password = output.match(/password[^:]*: (\S+)/)?.[1];
      if (code !== 0 || !password) reject(new Error(`operator command failed (${code}):\n${output}`));
      else {
        operatorPassword = password;
        resolve();
      }
    });
  });
}

const test = base.extend<object, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const { world, stop } = await startWorld(runOperatorCommand);
      await use(world);
      await stop();
    },
    { scope: 'worker', timeout: 2 * SERVER_START_MS + 60_000 },
  ],
});

test('an operator enters the demo site for support; the owner sees it and switches access off', async ({
  page,
  browser,
  world,
}) => {
  const title = `支援測試文章 ${Date.now()}`;
  const reason = `客服工單 #${Date.now()}：選單顯示錯誤`;
  await apiCall(page.request, 'press/save?t=1', {
    id: 0,
    title,
    content: { blocks: [{ type: 'paragraph', data: { text: `${title}：內文。` } }] },
    version: 0,
  });

  // The operator has no site of their own: the shell takes them to /support.
  const op = await signedInPage(browser, world.url, OPERATOR, operatorPassword);
  await op.goto('/');
  await expect(op).toHaveURL(/\/support$/);
  await op.getByLabel('網站 ID 或子網域名稱').fill('demo');
  await op.getByLabel('原因').fill(reason);
  await op.getByRole('button', { name: '取得代碼' }).click();
  await expect(op.getByTestId('support-token')).toContainText('範例新聞網');
  await op.getByRole('button', { name: '進入網站' }).click();
  await expect(op.getByTestId('support-banner')).toContainText('平台支援模式：範例新聞網');
  await op.goto('/press');
  await expect(op.getByText(title)).toBeVisible();
  await expect(op.getByTestId('support-banner')).toBeVisible();
  await shot(op, 'support-banner');

  // The owner reads who, why and when, and switches support off.
  await page.goto('/setting');
  const panel = page.getByTestId('support-panel');
  await expect(panel.getByTestId('support-log')).toContainText(OPERATOR);
  await expect(panel.getByTestId('support-log')).toContainText(reason);
  await shot(page, 'support-panel');
  const toggle = panel.getByRole('switch', { name: '允許平台支援存取' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('平台支援設定已儲存')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // The operator's next step in the site (another list) is refused: they are taken out of it, back to /support,
  // without the banner; opening the articles again leads there too.
  await op.getByRole('menuitem', { name: '頁面', exact: true }).click();
  await expect(op).toHaveURL(/\/support$/);
  await expect(op.getByTestId('support-banner')).toHaveCount(0);
  await op.goto('/press');
  await expect(op).toHaveURL(/\/support$/);
  await expect(op.getByTestId('support-screen')).toBeVisible();

  // Switched on again for other tests of this world; the ended entry stays ended.
  await toggle.click();
  await expect(toggle).toBeChecked();
});
