/**
 * Readers in browser tests, which cannot reach the database: what a visitor of the public site does, done from Node
 * on the site's own host. `http://<slug>.sites.localhost:<port>` resolves in Chromium but not in Node, so each call
 * goes to 127.0.0.1 with the site's Host and, for a POST, its own Origin (as a browser on the site sends them).
 *
 * - `siteOf(api)`: the current site's address, published first (reader actions answer only on a published site).
 * - `readerChallenge(site)`: a solved bot check from `<site>/api/reader/challenge`, as fixtures.ts `captchaToken`
 *   solves the admin's.
 * - `readerAction(world, site, path, body)`: any reader action, as the site's pages send it.
 * - `seedCustomerMessage(world, …)`: a message sent with the site's contact form (`POST <site>/api/reader/contact`).
 *
 * And what the browser tests of readers share:
 * - `siteInDefaultTheme(api, world)`: the demo site published in the built-in theme; its address as Chromium reaches it.
 * - `openSignin(reader, site)` then `signUpWithCode(reader, sink, site, …)`: a visitor signs up on the site's pages
 *   with the code mailed to the SMTP sink, and lands on /account.
 * - `memberRow(page, text)`, `listFilter(page)` and `exportMembersCsv(page)`: the owner's /member list, its filter and
 *   its CSV download.
 */
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { SmtpSink } from '../fixtures/smtpSink';
import { apiCall, apiSignIn, expect, OWNER } from './fixtures';

interface World {
  url: string;
}

interface Answer {
  status: number;
  body: string;
}

/** One HTTP call to the server of `world` as if to `siteUrl`'s host. */
function siteHttp(world: World, siteUrl: string, method: 'GET' | 'POST', path: string, body?: object) {
  const server = new URL(world.url);
  const site = new URL(siteUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: server.hostname,
        port: server.port,
        method,
        path,
        headers: {
          host: site.host,
          'accept-language': 'zh-TW',
          ...(method === 'POST' ? { origin: site.origin } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** The current site's public address (e.g. http://demo.sites.localhost:PORT), after publishing it. */
export async function publishedSite(api: APIRequestContext): Promise<string> {
  await apiCall(api, 'site/publish', { publish: true });
  const status = await apiCall<{ site: { current: { url: string } | null } }>(api, 'member/status');
  const url = status.site.current?.url;
  if (!url) throw new Error('no current site');
  return url;
}

/** A solved bot check of the site's reader forms (`<site>/api/reader/challenge`, GET or POST). */
export async function readerChallenge(world: World, siteUrl: string): Promise<string> {
  let answer = await siteHttp(world, siteUrl, 'GET', '/api/reader/challenge');
  if (answer.status === 404 || answer.status === 405)
    answer = await siteHttp(world, siteUrl, 'POST', '/api/reader/challenge', {});
  if (answer.status !== 200) throw new Error(`reader/challenge: ${answer.status} ${answer.body}`);
  const parsed = JSON.parse(answer.body) as Record<string, unknown>;
  // The raw ALTCHA challenge (as /api/captcha answers it), or one inside an envelope.
  const enveloped = 'code' in parsed && 'data' in parsed;
  const challenge = (enveloped ? parsed.data : parsed) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('reader challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A reader action as the site's pages send it (`POST <site>/api/<path>`, e.g. reader/follow); answers its data. */
export async function readerAction<T = unknown>(
  world: World,
  siteUrl: string,
  path: string,
  body: object,
): Promise<T> {
  const answer = await siteHttp(world, siteUrl, 'POST', `/api/${path}`, body);
  const envelope = answer.status === 200 ? (JSON.parse(answer.body) as { code: number; data: T }) : null;
  if (envelope?.code !== 1) throw new Error(`${path}: ${answer.status} ${answer.body}`);
  return envelope.data;
}

/**
 * A customer message as a visitor sends it with the site's contact form: the owner's current site (the demo site) is
 * published first through the settings call, then `POST <site>/api/reader/contact` with a solved bot check.
 */
export async function seedCustomerMessage(
  world: World,
  message: { title: string; body: string; email: string; name?: string },
): Promise<void> {
  const owner = await request.newContext({
    baseURL: world.url,
    extraHTTPHeaders: { origin: world.url },
    storageState: await apiSignIn(world.url, OWNER.email, OWNER.password),
  });
  let siteUrl: string;
  try {
    siteUrl = await publishedSite(owner);
  } finally {
    await owner.dispose();
  }
  await readerAction(world, siteUrl, 'reader/contact', {
    name: message.name ?? '',
    email: message.email,
    title: message.title,
    body: message.body,
    token: await readerChallenge(world, siteUrl),
  });
}

/**
 * The demo site published (anonymous visitors see it) in the built-in theme with zh-TW first, whatever ran before;
 * answers its address
 * as Chromium reaches it (`http://demo.sites.localhost:<port>`).
 */
export async function siteInDefaultTheme(api: APIRequestContext, world: World): Promise<string> {
  await apiCall(api, 'site/publish', { publish: true });
  await apiCall(api, 'theme/apply', { id: 0 });
  // Its address without a language prefix is in zh-TW, whatever order another spec left its languages in.
  const profile = await apiCall<{ frontend_display_language: number[] } & Record<string, unknown>>(
    api,
    'site/profile',
    {},
  );
  const languages = profile.frontend_display_language;
  if (languages[0] !== 1)
    await apiCall(api, 'site/save', {
      ...profile,
      frontend_display_language: [1, ...languages.filter((l) => l !== 1)],
    });
  return `http://demo.sites.localhost:${new URL(world.url).port}`;
}

/** A visitor goes from the site's home to its sign-in page through the header's member menu. */
export async function openSignin(reader: Page, site: string): Promise<void> {
  await reader.goto(`${site}/`);
  await reader.getByRole('navigation', { name: '會員' }).getByRole('link', { name: '登入／註冊' }).click();
  await expect(reader).toHaveURL(`${site}/signin`);
  await expect(reader.getByRole('heading', { level: 1, name: '會員登入／註冊' })).toBeVisible();
}

/**
 * On the site's /signin page: a new reader asks for a code, reads it from the SMTP sink, signs in with it and lands on
 * their /account page.
 */
export async function signUpWithCode(
  reader: Page,
  sink: SmtpSink,
  site: string,
  who: { email: string; name: string },
): Promise<void> {
  await reader.getByLabel('電子信箱', { exact: true }).fill(who.email);
  await reader.getByLabel('姓名（新會員填寫）').fill(who.name);
  await reader.getByRole('button', { name: '寄送驗證碼' }).click();
  const codeField = reader.getByLabel('6 位數驗證碼');
  await expect(codeField).toBeVisible({ timeout: 20_000 });
  await expect(codeField).toBeFocused();
  await expect(reader.getByText('驗證碼已寄出，請到信箱查看。')).toBeVisible();
  const code = await sink.waitFor(who.email, /\b(\d{6})\b/);
  await codeField.fill(code);
  await reader.getByRole('button', { name: '登入', exact: true }).click();
  await expect(reader).toHaveURL(`${site}/account`, { timeout: 15_000 });
  await expect(reader.getByRole('heading', { level: 1, name: '我的帳戶' })).toBeVisible();
}

/** The /member list's row holding `text`. */
export const memberRow = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });

/**
 * The filter of the list on screen, as its address holds it: a keyword applies after a pause, so a row is clicked
 * only once it is there (clicked before, the filter's own move of the address can come after the row's).
 */
export function listFilter(page: Page): Record<string, unknown> {
  return JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
}

/** Clicks /member's 匯出 CSV: the downloaded file's suggested name and its text. */
export async function exportMembersCsv(page: Page): Promise<{ filename: string; csv: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('member-export').click(),
  ]);
  return { filename: download.suggestedFilename(), csv: await readFile(await download.path(), 'utf8') };
}
