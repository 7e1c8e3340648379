/**
 * Checks bundle.ts against a real browser: starts the real server on a fresh embedded database, opens the sign-in
 * page in Chromium, signs in, opens the category list, and records every JavaScript file each screen fetched.
 * Prints each set's size (gzip level 9 of the files in dist/assets) and how it differs from the manifest's answer.
 * What bundle.ts says the list loads only after its first render (the other later words, the rows-per-page choice)
 * is held back until the list's table shows: a file its first render needed would keep it from showing.
 * Run after `npx vite build`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium';
import { filesOf, kB, readManifest, screens, total } from './bundle';
import { freePort, waitUntilUp } from './lib';

const PASSWORD = 'bench-pass-1';

/** Records the dist/ path of every .js response (cached ones too) until `stop()` is called. */
function recordJs(page: Page) {
  const files = new Set<string>();
  const onResponse = (res: { url(): string }) => {
    const { pathname } = new URL(res.url());
    if (pathname.endsWith('.js')) files.add(pathname.replace(/^\//, ''));
  };
  page.on('response', onResponse);
  return { files, stop: () => page.off('response', onResponse) };
}

/** Resolves once every .js file of `wanted` is among `files` (filled as responses come), or after `ms`. */
function arrivals(page: Page, files: Set<string>, wanted: string[], ms: number): Promise<void> {
  const js = wanted.filter((f) => f.endsWith('.js'));
  return new Promise<void>((resolve) => {
    const done = () => {
      page.off('response', check);
      clearTimeout(timer);
      resolve();
    };
    // The recorder's own listener runs first: it was added before this one.
    const check = () => {
      if (js.every((f) => files.has(f))) done();
    };
    const timer = setTimeout(done, ms);
    page.on('response', check);
    check();
  });
}

function report(name: string, seen: Set<string>, expected: Set<string>) {
  const t = total(seen);
  const missing = [...expected].filter((f) => f.endsWith('.js') && !seen.has(f));
  const extra = [...seen].filter((f) => !expected.has(f));
  const verdict = missing.length || extra.length ? `differs: missing ${missing} extra ${extra}` : 'same';
  console.log(`| ${name} | ${t.files} | ${kB(t.raw)} | ${kB(t.gzip)} | ${verdict} |`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-browser-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Its own process group, so that stopping it also stops the node process tsx starts under npx.
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await waitUntilUp(`${base}/auth/login`, server);
  const manifest = readManifest();
  const s = screens(manifest);
  const page = await browser.newPage();

  // Sign-in page: network idle comes after its screen and the bot check's challenge have loaded.
  let rec = recordJs(page);
  await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle' });
  rec.stop();
  const login = rec.files;

  // Sign in. The bot check's proof of work starts with the page; the button is enabled once it is solved.
  rec = recordJs(page);
  await page.getByLabel('電子信箱', { exact: true }).fill('owner@example.com');
  await page.getByLabel('密碼', { exact: true }).fill(PASSWORD);
  const submit = page.getByRole('button', { name: '登入', exact: true });
  await page.waitForFunction((b) => !(b as HTMLButtonElement).disabled, await submit.elementHandle(), {
    timeout: 60_000,
  });
  await submit.click();
  // A full page load to /: wait for the dashboard's welcome heading, then for the network to settle.
  await page.waitForURL(`${base}/`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  rec.stop();
  const dashboard = rec.files;

  // On to the category list through the menu, as a user would: only its own chunks are new.
  rec = recordJs(page);
  const first = filesOf(manifest, s.category);
  const later = [...filesOf(manifest, s.categorySettled)].filter((f) => !first.has(f));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => later.includes(url.pathname.replace(/^\//, '')),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.locator('a[href="/category"]').first().click();
  // A client-side route change: the load state stays "network idle", so wait for the list's table instead (the
  // list's own: the dashboard's chart has a table for screen readers).
  await page.waitForURL(`${base}/category`);
  await page.locator('.RaList-main table').waitFor({ timeout: 30_000 });
  const category = new Set([...dashboard, ...rec.files]);
  // Then what follows its first render: until each of those files has arrived (the load state stays "network
  // idle" across a client-side route change), or 30 s, after which the report names the missing ones.
  release();
  await arrivals(page, rec.files, later, 30_000);
  rec.stop();
  const categorySettled = new Set([...dashboard, ...rec.files]);

  console.log(
    '\nJavaScript fetched by Chromium per screen (gzip level 9 of the same files in dist/assets)\n',
  );
  console.log('| screen | files | raw kB | gzip kB | vs manifest (bundle.ts) |');
  console.log('|---|---:|---:|---:|---|');
  report('/auth/login (with the bot check)', login, filesOf(manifest, s.loginTotal));
  // Network idle on the dashboard comes after the tooltips, which load once it has rendered.
  report('/ (dashboard after sign-in, with the tooltips)', dashboard, filesOf(manifest, s.dashboardSettled));
  report('/category (its first render)', category, filesOf(manifest, s.category));
  report('/category (once the network is idle)', categorySettled, filesOf(manifest, s.categorySettled));
  console.log();
} finally {
  await browser.close();
  if (server.pid && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
