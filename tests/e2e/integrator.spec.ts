/**
 * The dataProvider as a package: an integrator's react-admin app (tests/integrator), which imports only react-admin
 * and `publishing-admin/dataProvider`, is built with Vite and served with its /api proxied to the real server; it
 * lists what the server holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type PreviewServer, preview } from 'vite';
import { expect, test } from './fixtures';

const root = path.resolve(import.meta.dirname, '../integrator');

test.describe('integrator app', () => {
  let outDir = '';
  let server: PreviewServer | undefined;

  test.beforeAll(async ({ world }) => {
    test.setTimeout(300_000);
    outDir = mkdtempSync(path.join(tmpdir(), 'integrator-'));
    await build({ root, configFile: false, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = await preview({
      root,
      configFile: false,
      logLevel: 'warn',
      build: { outDir },
      preview: {
        host: '127.0.0.1',
        port: 0,
        proxy: { '/api': { target: world.url, changeOrigin: false } },
      },
    });
  });

  test.afterAll(async () => {
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('lists the authors of the signed-in site through the exported dataProvider', async ({
    page,
    world,
  }) => {
    const name = `整合作者 ${Date.now()}`;
    const saved = await page.request.post(`${world.url}/api/author/save`, { data: { id: 0, name } });
    expect((await saved.json()).code).toBe(1);

    // Tests start signed in on the real app (fixtures.ts); cookies belong to the host, not the port: the session is
    // the integrator app's too.
    const address = server?.resolvedUrls?.local[0] as string;
    await page.goto(`${address}#/author`);
    await expect(page.getByText(name)).toBeVisible();
  });
});
