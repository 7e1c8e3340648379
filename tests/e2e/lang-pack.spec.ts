/**
 * Served language packs (SPEC §7): the operator corrects a word in DATA_DIR/i18n/zh-TW.json and the signed-in admin
 * shows it after a reload, without a new build: the kept pack's version no longer matches the one the API names,
 * so the SPA fetches the pack again and renders the corrected word. The word is the dashboard's 快速操作 heading,
 * which no other spec reads; the file is removed at the end and the test waits until the server serves the built-in
 * word again, so nothing leaks into the next test of this worker. The sign-in screen renders with its built-in
 * words at once and takes the corrected one (還沒有帳號？, read by no other spec) when the pack arrives.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

interface Pack {
  version: string;
  words: { dashboard: { shortcuts: { title: string } }; auth: { login: { noAccount: string } } };
}

const servedPack = async (api: APIRequestContext): Promise<Pack> =>
  (await api.get('/i18n/lang.json?lang=zh-TW')).json();

const keptPack = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('i18n.pack.zh-TW');
    return raw ? (JSON.parse(raw) as { version: string; fetchedAt: number; words: Pack['words'] }) : null;
  });

test('a corrected word reaches the signed-in admin after a reload', async ({ page, world }) => {
  const file = path.join(world.dataDir, 'i18n', 'zh-TW.json');
  const corrected = `常用捷徑 ${Date.now()}`;
  try {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: '快速操作', exact: true });
    await expect(heading).toBeVisible();
    // The pack was fetched at start and kept with its version.
    const before = await servedPack(page.request);
    await expect.poll(async () => (await keptPack(page))?.version).toBe(before.version);

    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ dashboard: { shortcuts: { title: corrected } } }));
    // The server looks at the folder again within a few seconds.
    await expect
      .poll(async () => (await servedPack(page.request)).words.dashboard.shortcuts.title, { timeout: 15_000 })
      .toBe(corrected);
    const after = await servedPack(page.request);
    expect(after.version).not.toBe(before.version);

    await page.reload();
    await expect(page.getByRole('heading', { name: corrected, exact: true })).toBeVisible();
    await expect(heading).toHaveCount(0);
    const kept = await keptPack(page);
    expect(kept?.version).toBe(after.version);
    expect(kept?.words.dashboard.shortcuts.title).toBe(corrected);
  } finally {
    await rm(file, { force: true });
    await expect
      .poll(async () => (await servedPack(page.request)).words.dashboard.shortcuts.title, { timeout: 15_000 })
      .toBe('快速操作');
  }
});

test.describe('signed out', () => {
  test.use({ signedIn: false });

  test('the sign-in screen takes a corrected word when the pack arrives', async ({ page, world }) => {
    const file = path.join(world.dataDir, 'i18n', 'zh-TW.json');
    const corrected = `第一次來嗎？ ${Date.now()}`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify({ 'auth.login.noAccount': corrected }));
      await expect
        .poll(async () => (await servedPack(page.request)).words.auth.login.noAccount, { timeout: 15_000 })
        .toBe(corrected);
      await page.goto('/auth/login');
      await expect(page.getByText(corrected)).toBeVisible();
      await expect(page.getByText('還沒有帳號？')).toHaveCount(0);
      await expect(page.getByRole('link', { name: '立即註冊' })).toBeVisible();
      expect((await keptPack(page))?.words.dashboard.shortcuts.title).toBe('快速操作');
    } finally {
      await rm(file, { force: true });
      await expect
        .poll(async () => (await servedPack(page.request)).words.auth.login.noAccount, { timeout: 15_000 })
        .toBe('還沒有帳號？');
    }
  });
});
