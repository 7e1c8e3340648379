/**
 * The e2e world: per worker, the real server (`tsx server/main.ts`, serving the built SPA) on a free port with a
 * fresh PGlite folder (a copy of the run's migrated and seeded one, globalSetup.ts) and mail going to a real SMTP
 * sink on 127.0.0.1. Tests get `baseURL` pointed at it.
 *
 * Each test starts signed in as the seeded owner: a session of its own, opened through the API before the page
 * exists (no bot check to solve in the browser). Tests of signing in, registering or joining start signed out with
 * `test.use({ signedIn: false })`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  request,
} from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { type SmtpSink, startSmtpSink } from '../fixtures/smtpSink';

export const OWNER = { email: 'owner@example.com', password: 'owner-pass-1' };

export interface World {
  url: string;
  sink: SmtpSink;
  /** The server's DATA_DIR (its uploads live in `uploads/`). */
  dataDir: string;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A solved bot check, as the sign-in screens send it (solved here, in Node). */
export async function captchaToken(api: APIRequestContext): Promise<string> {
  const challenge = await (await api.get('/api/captcha?v=127.0.0.1')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** One API call in the envelope; anything but success throws with the reply. */
export async function apiCall<T = unknown>(
  api: APIRequestContext,
  path: string,
  data: object = {},
): Promise<T> {
  const reply = await (await api.post(`/api/${path}`, { data })).json();
  if (reply.code !== 1) throw new Error(`${path}: ${JSON.stringify(reply)}`);
  return reply.data as T;
}

/** Registers a new account through the API (its code from the SMTP sink) and signs `api` in as it. */
/**
 * A new site of the signed-in user (`api`) on `plan`, paid as the wizard pays: the site made with a card prime from
 * the sandbox's card form, 3-D Secure confirmed on its page, the payment checked (the server asks the gateway), and
 * the session switched to the new site. Answers the site's id.
 */
export async function paidSite(
  api: APIRequestContext,
  site: { plan: number; slug: string; name: string; owner: string; email: string },
): Promise<number> {
  const { prime } = await (
    await api.post('/sandbox-gateway/prime', {
      data: { number: '4242424242424242', expiry: '12/39', ccv: '123' },
    })
  ).json();
  const paying = await apiCall<{ site: number; order_number: string; redirect_url?: string }>(
    api,
    'site/init',
    {
      slug: site.slug,
      site_name: site.name,
      plan: site.plan,
      name: site.owner,
      email: site.email,
      prime,
      invoice: { mode: 'donation', donation: { code: '0958' } },
    },
  );
  if (paying.redirect_url) {
    // The 3-D Secure page posts the buyer's answer to its own address; its redirect goes to the app's window.
    const page = new URL(paying.redirect_url);
    const answered = await api.post(page.pathname, { form: { answer: 'confirm' }, maxRedirects: 0 });
    expect(answered.status()).toBe(303);
  }
  await expect
    .poll(
      async () =>
        (await apiCall<{ status: string }>(api, 'site/payment', { order_number: paying.order_number }))
          .status,
    )
    .toBe('paid');
  await apiCall(api, 'site/switch', { id: paying.site });
  return paying.site;
}

export async function registerByApi(
  api: APIRequestContext,
  sink: SmtpSink,
  account: { email: string; password: string; nickname: string },
): Promise<void> {
  const { email, password, nickname } = account;
  const verify = await apiCall<{ token: string }>(api, 'member/verify', {
    email,
    token: await captchaToken(api),
  });
  const pincode = await sink.waitFor(email, /(\d{6})/);
  await apiCall(api, 'verify/verifying', { token: verify.token, pincode });
  const ticket = await apiCall<{ token: string }>(api, 'member/register', {
    email,
    nickname,
    password,
    verify_token: verify.token,
    token: await captchaToken(api),
  });
  await apiCall(api, 'member/token_login', { password, token: ticket.token, remember: false });
}

/**
 * Signs `email` in through the API, as the sign-in form would (bot check solved here, in Node), and answers the
 * browser state holding that session's cookie.
 */
export async function apiSignIn(url: string, email: string, password: string): Promise<StorageState> {
  // No storage state of the test's own: this context starts without cookies.
  const api = await request.newContext({
    baseURL: url,
    extraHTTPHeaders: { origin: url },
    storageState: undefined,
  });
  try {
    const token = await captchaToken(api);
    const reply = await (
      await api.post('/api/member/login', { data: { account: email, password, token, remember: false } })
    ).json();
    if (reply.code !== 1) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(reply)}`);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

/**
 * A page in a browser context of its own, where nobody is signed in. (`browser.newContext()` in a test would take
 * the test's storage state, the owner's session, with the rest of its options.)
 */
export async function signedOutPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ storageState: undefined })).newPage();
}

/** A page in a browser context of its own, signed in as `email` (the owner by default). */
export async function signedInPage(
  browser: Browser,
  url: string,
  email = OWNER.email,
  password = OWNER.password,
): Promise<Page> {
  const context = await browser.newContext({ storageState: await apiSignIn(url, email, password) });
  return context.newPage();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const SERVER_START_MS = 240_000;

/** Starts the server (`tsx server/main.ts`) with `env` and answers once it listens. */
export async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    // No proxy to wait for on SIGTERM (server/shutdown.ts).
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // Starting means loading the server through tsx and migrating a new PGlite: on a loaded 2-core machine, minutes.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, SERVER_START_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Sign in at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return child;
}

/** Stops a server started by startServer and waits for it to exit (closing its database). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  await exited;
}

/**
 * A new DATA_DIR for a server: holding a copy of the run's migrated and seeded database (tests/e2e/globalSetup.ts)
 * when there is one, so that the server starts without PGlite's initdb and the migrations — seconds of CPU each time a
 * worker (or a spec's own server) starts, many more on a loaded machine. The server finds the owner and the demo site
 * there, as its own first start would have left them, and seeds nothing.
 */
export function newDataDir(prefix = 'e2e-'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/**
 * A world's server, sink and folder. `between`, when given, runs on the seeded database (the template's copy, or
 * else after a first start, which seeds it, and a stop), with the server's environment, before the server starts:
 * for an operator's command that opens the database itself (PGlite serves one process at a time). `extraEnv`:
 * settings of the test's own (e.g. a gateway).
 */
export async function startWorld(
  between?: (env: Record<string, string>) => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<{ world: World; stop: () => Promise<void> }> {
  const sink = await startSmtpSink();
  const dataDir = newDataDir();
  const port = await freePort();
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
    ADMIN_PASSWORD: OWNER.password,
    // The bot check stays on, at a cost that does not make a loaded machine's browser wait seconds per form.
    CAPTCHA_MAX_COUNTER: '2000',
    ...extraEnv,
  };
  let server: ChildProcess;
  if (between && process.env.E2E_DATA_TEMPLATE) {
    // The copied database is already seeded: `between` runs on it before the server's only start.
    await between(env);
    server = await startServer(env);
  } else {
    server = await startServer(env);
    if (between) {
      await stopServer(server);
      await between(env);
      server = await startServer(env);
    }
  }
  return {
    world: { url: `http://127.0.0.1:${port}`, sink, dataDir },
    stop: async () => {
      server.kill('SIGTERM');
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{ signedIn: boolean }, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const { world, stop } = await startWorld();
      await use(world);
      await stop();
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
  baseURL: async ({ world }, use) => use(world.url),
  signedIn: [true, { option: true }],
  storageState: async ({ signedIn, world, storageState }, use) => {
    await use(signedIn ? await apiSignIn(world.url, OWNER.email, OWNER.password) : storageState);
  },
});

export { expect };

/** Waits for the bot check to pass (it solves itself once a field has focus) and submits. */
export async function submitWhenVerified(page: Page, name: string | RegExp) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(page.getByTestId('captcha').getByText(/已驗證|Verified|確認済み/)).toBeVisible({
    timeout: 20_000,
  });
  await button.click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await submitWhenVerified(page, '登入');
}

/**
 * Fills a react-admin input once its form has settled: a form that has just mounted may still reset its fields to
 * their defaults, so the value is filled again until it stays. "Stays" means through the next frame and the tasks
 * queued behind it (where React runs the form's mount effects), not for some milliseconds of a clock.
 */
export async function fillForm(input: Locator, value: string) {
  await expect(async () => {
    await input.fill(value);
    await input.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 0))));
    await expect(input).toHaveValue(value, { timeout: 100 });
  }).toPass({ timeout: 10_000 });
}

/**
 * After a sortable item is picked up with the keyboard (its announcement heard): waits until the page has run the
 * tasks queued so far. dnd-kit's keyboard sensor listens for the arrow keys from a setTimeout queued at the pick-up,
 * and the browser runs input before timers: an arrow key sent as soon as the announcement showed could come first
 * and move nothing. A setTimeout queued now runs after dnd-kit's. A turn of the page's tasks, not a span of time.
 */
export async function keyboardSensorReady(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((ready) => setTimeout(ready, 0)));
}

/**
 * After a sortable item is dropped with the mouse: waits until dnd-kit's pointer sensor lets clicks through again. At
 * the drop it swallows every click for 50 ms (a listener removed by a setTimeout of 50 ms, queued at the drop), so a
 * click sent as soon as the list showed its new order could go nowhere. A setTimeout of the same delay queued now
 * fires after dnd-kit's: an order of the page's timers, not a span of time guessed.
 */
export async function pointerSensorDone(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => setTimeout(done, 50)));
}

/**
 * A new person registers through the sign-up screens, with the code from the SMTP sink, in a browser where nobody is
 * signed in. Registration makes no site, so they land in the new-site wizard (/init); with `skipWizard` they skip it
 * for their personal site without a plan and end on its dashboard. Answers the e-mail address.
 */
export async function registerThroughUi(
  page: Page,
  sink: SmtpSink,
  opts: { nickname: string; password: string; prefix?: string; skipWizard?: boolean },
): Promise<string> {
  await page.context().clearCookies();
  const email = `${opts.prefix ?? 'new'}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/auth/register');
  await page.getByLabel('電子信箱').fill(email);
  await submitWhenVerified(page, '寄送驗證碼');
  await page.getByLabel('驗證碼').fill(await sink.waitFor(email, /(\d{6})/));
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page.getByText('電子信箱已驗證')).toBeVisible();
  await page.getByLabel('暱稱').fill(opts.nickname);
  await page.getByLabel('密碼', { exact: true }).fill(opts.password);
  await page.getByLabel('確認密碼').fill(opts.password);
  await submitWhenVerified(page, '註冊');
  await expect(page).toHaveURL(/\/init$/);
  await expect(page.getByTestId('wizard')).toBeVisible();
  if (opts.skipWizard) {
    await page.getByRole('button', { name: '先略過，稍後再選方案' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`目前網站：${opts.nickname} 的網站`)).toBeVisible();
  }
  return email;
}

/**
 * A new person where registerThroughUi with `skipWizard` leaves them — signed in (in the page's browser) on the
 * dashboard of their personal site without a plan — made through the API instead (registerByApi, then
 * `site/start_free`, what the wizard's skip button calls): for tests about what comes after registering. The
 * sign-up screens and the skip button stay covered through the UI (journey.spec.ts, wizard.spec.ts and
 * dashboard.spec.ts's new user). Answers the e-mail address.
 */
export async function registerSkippingWizard(
  page: Page,
  sink: SmtpSink,
  opts: { nickname: string; password: string; prefix?: string },
): Promise<string> {
  const email = `${opts.prefix ?? 'new'}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await registerByApi(page.request, sink, { email, password: opts.password, nickname: opts.nickname });
  await apiCall(page.request, 'site/start_free');
  await page.goto('/');
  await expect(page.getByText(`目前網站：${opts.nickname} 的網站`)).toBeVisible();
  return email;
}

/**
 * A screenshot for a person to look at, into the folder SHOTS_DIR names (`SHOTS_DIR=/tmp/shots npm run test:e2e`);
 * without it none is taken: the tests need none.
 */
export async function shot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: true });
  else await target.screenshot({ path: file });
}

/**
 * Opens the writer's side panel unless it is open. Read from the toggle's aria-pressed, which the writer sets as it
 * mounts: the panel itself loads lazily, so "not visible yet" is no sign that it is closed.
 */
export async function openSidePanel(page: Page): Promise<void> {
  const toggle = page.getByTestId('writer-settings');
  await expect(toggle).toHaveAttribute('aria-pressed', /^(true|false)$/);
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(page.getByTestId('writer-panel')).toBeVisible();
}
