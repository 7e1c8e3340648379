/**
 * /design's live preview is sandboxed the one safe way: it runs the theme's scripts without sharing the site's
 * origin, so the browser logs no "can escape its sandboxing" warning, and the preview still shows the site with its
 * stylesheet and scripts.
 */
import { expect, test } from './fixtures';

test('the design preview runs the site with its scripts, and the browser logs no sandbox warning', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
  });
  await page.goto('/design');
  const iframe = page.getByTestId('design-preview');
  await expect(iframe).toHaveAttribute('src', /design_preview=/);
  const preview = page.frameLocator('[data-testid="design-preview"]');
  await expect(preview.getByRole('link', { name: '範例新聞網' }).first()).toBeVisible();
  // The theme's own script ran inside the sandbox.
  const frame = await (await iframe.elementHandle())?.contentFrame();
  await expect
    .poll(() => frame?.evaluate(() => (window as { __readerForms?: boolean }).__readerForms))
    .toBe(true);
  expect(logged.filter((text) => /sandbox/i.test(text))).toEqual([]);
});
