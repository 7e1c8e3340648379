/**
 * What the browser is promised: signing in through `/auth/login?goback=…` never lands on another host; the app
 * works under its Content-Security-Policy without a single violation (the bot check, the writer, pictures); no
 * other site can frame it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, OWNER, signIn, test } from './fixtures';

// Signing in through the form is what these tests are about.
test.use({ signedIn: false });

/** Ways off the site through goback; the first three are from the outside review. */
const ATTACKS = [
  '/..//evil.example/phish',
  '/./\\evil.example',
  '/%2e%2e//evil.example',
  '/.%2E//evil.example/phish',
  '/a/../..//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/%2F%2Fevil.example',
  'https:evil.example',
  'HTTPS://evil.example/',
  'javascript:alert(document.domain)',
];

test.describe('the way back after sign-in', () => {
  test.beforeEach(async ({ context }) => {
    // Were the app to follow an attack, the browser would show this page instead of a network error.
    await context.route(/^https?:\/\/evil\.example\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>phished</h1>' }),
    );
  });

  // One browser context for them all (its cookies cleared between attacks): each is a full sign-in through the
  // form, and a context of its own per attack cost the suite a minute of a loaded machine.
  test('stays on the site whatever the goback', async ({ page, context, world }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const attack of ATTACKS) {
      await test.step(`goback=${JSON.stringify(attack)}`, async () => {
        await context.clearCookies();
        await page.goto(`/auth/login?goback=${encodeURIComponent(attack)}`);
        await signIn(page, OWNER.email, OWNER.password);
        await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
        expect(new URL(page.url()).origin).toBe(world.url);
        await expect(page).toHaveURL(`${world.url}/`);
        await expect(page.getByRole('heading', { name: 'phished' })).toHaveCount(0);
        expect(dialogs).toEqual([]);
      });
    }
  });

  test('an address whose path reads as another host stays on the site, signed out and signed in', async ({
    page,
    world,
  }) => {
    // The app answers `/%2F%2Fevil.example` (its 404); a router that decoded the path would read `//evil.example`.
    await page.goto(`${world.url}/%2F%2Fevil.example`);
    await expect(page).toHaveURL(
      `${world.url}/auth/login?goback=${encodeURIComponent('/%2F%2Fevil.example')}`,
    );
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(`${world.url}/`);
    await page.goto(`${world.url}/%2F%2Fevil.example`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    // The server refuses `//evil.example/phish` (also the browser's reading of `/\evil.example`) as a bad request.
    for (const path of ['//evil.example/phish', '/\\evil.example']) {
      const reply = await page.goto(`${world.url}${path}`);
      expect(reply?.status()).toBe(400);
      expect(new URL(page.url()).origin).toBe(world.url);
    }
  });

  test('a way back on the site still works', async ({ page, world }) => {
    await page.goto(`/auth/login?goback=${encodeURIComponent('/press')}`);
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(new RegExp(`^${world.url}/press(\\?.*)?$`));
  });
});

/** Every Content-Security-Policy (or Permissions-Policy) complaint of the page, its workers and its reloads. */
async function policyComplaints(page: Page): Promise<string[]> {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Permissions.Policy|Unrecognized feature/i.test(message.text())) {
      complaints.push(message.text());
    }
  });
  await page.exposeBinding('reportPolicyViolation', (_source, text: string) => void complaints.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void })
        .reportPolicyViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return complaints;
}

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('the Content-Security-Policy', () => {
  test('the bot check solves, sign-in works and the writer takes typing and pictures, without a violation', async ({
    page,
    context,
  }) => {
    const complaints = await policyComplaints(page);
    // A picture from another https site, as content pasted from elsewhere brings.
    await context.route('https://pictures.example/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: PIXEL }),
    );

    const signInPage = await page.goto(`/auth/login?goback=${encodeURIComponent('/edit/post/0')}`);
    expect(signInPage?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The ALTCHA widget solves its proof of work (in blob: workers) and the form signs in.
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(/\/edit\/post\/\d+$/);
    const body = page.getByTestId('writer-body');
    await expect(body).toBeVisible();

    await page.getByTestId('writer-title').click();
    await page.keyboard.insertText('策略之下');
    await body.click();
    await page.keyboard.insertText('每一個字都留下了。');
    await expect(page).toHaveURL(/\/edit\/post\/[1-9]\d*$/, { timeout: 15_000 });
    await expect(body.locator('p').first()).toHaveText('每一個字都留下了。');

    // An uploaded picture: a blob: preview, then the file under /uploads/.
    await page.keyboard.press('Enter');
    await page.getByTestId('block-plus').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: /^圖片/ }).click();
    await (await chooser).setFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
    const uploaded = body.locator('figure[data-block="image"] img[src^="/uploads/"]');
    await expect(uploaded).toHaveJSProperty('complete', true, { timeout: 15_000 });
    expect(await uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // A picture pasted from another site stays where it is and shows.
    await body.locator('p').first().click();
    await page.keyboard.press('End');
    await body.evaluate((editor) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>貼上的圖</p><img src="https://pictures.example/cat.png" alt="貓">');
      editor.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    const pasted = body.locator('img[src="https://pictures.example/cat.png"]');
    await expect(pasted).toHaveJSProperty('complete', true);
    expect(await pasted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', {
      timeout: 15_000,
    });
    expect(complaints).toEqual([]);
  });

  test('no other site can frame the app', async ({ page, world }) => {
    // Another origin on this machine: a page served from elsewhere could not frame a local address anyway.
    const framer = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<iframe src="${world.url}/auth/login" onload="document.title = 'loaded'"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
      await expect(page).toHaveTitle('loaded');
      // Chromium shows its error page in the frame instead of the app.
      const [, framed] = page.frames();
      expect(framed.url()).toBe('chrome-error://chromewebdata/');
      await expect(page.frameLocator('iframe').getByLabel('電子信箱')).toHaveCount(0);
    } finally {
      framer.close();
    }
  });
});
